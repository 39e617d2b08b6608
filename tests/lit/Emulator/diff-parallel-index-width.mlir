// REQUIRES: mlir-runner
// Differential test of the fixed-domain scf.parallel template, the inlined
// scf.execute_region and the configurable index width. The kernels run with
// mlir-runner through @main, and lowered to graphs (at index-width 64 and
// 32) in loom-emu; all print the same lines (memory elements in graph
// order, then the result slot). At width 32 the loop bounds are proven to
// fit by the loom.facts of loom-attach-loop-facts (the trip count is
// clamped with arith.minui), and the iv crosses into the graph as i32.

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=PLANE,SUM12,SUM3,SUM0,NEST3,NEST9
// RUN: loom-opt %s --loom-attach-loop-facts --loom-form-threads --loom-form-spatial-regions --loom-lower-scf-to-dfg --loom-validate-dataflow 2>/dev/null > %t.64.mlir
// RUN: loom-opt %s --loom-attach-loop-facts --loom-form-threads --loom-form-spatial-regions --loom-lower-scf-to-dfg=index-width=32 --loom-validate-dataflow 2>/dev/null > %t.32.mlir
// RUN: FileCheck %s --check-prefix=W64 < %t.64.mlir
// RUN: FileCheck %s --check-prefix=W32 < %t.32.mlir
// RUN: loom-emu %t.64.mlir --graph=plane_t0_g0 --format=flat --drain --values=10 --memory='i32[6]' | FileCheck %s --check-prefix=PLANE
// RUN: echo '{"values":[10],"memories":[{"type":"i32","shape":[6]}]}' | loom-sim %t.64.mlir --graph=plane_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=PLANE
// RUN: loom-emu %t.32.mlir --graph=plane_t0_g0 --format=flat --drain --values=10 --memory='i32[6]' | FileCheck %s --check-prefix=PLANE
// RUN: echo '{"values":[10],"memories":[{"type":"i32","shape":[6]}]}' | loom-sim %t.32.mlir --graph=plane_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=PLANE
// RUN: loom-emu %t.64.mlir --graph=sum_t0_g0 --format=flat --drain --values=12 --memory='i32[10]=1,2,3,4,5,6,7,8,9,10' --memory='i32[1]' | FileCheck %s --check-prefix=SUM12
// RUN: echo '{"values":[12],"memories":[{"type":"i32","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i32","shape":[1]}]}' | loom-sim %t.64.mlir --graph=sum_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM12
// RUN: loom-emu %t.32.mlir --graph=sum_t0_g0 --format=flat --drain --values=12 --memory='i32[10]=1,2,3,4,5,6,7,8,9,10' --memory='i32[1]' | FileCheck %s --check-prefix=SUM12
// RUN: echo '{"values":[12],"memories":[{"type":"i32","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i32","shape":[1]}]}' | loom-sim %t.32.mlir --graph=sum_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM12
// RUN: loom-emu %t.64.mlir --graph=sum_t0_g0 --format=flat --drain --values=3 --memory='i32[10]=1,2,3,4,5,6,7,8,9,10' --memory='i32[1]' | FileCheck %s --check-prefix=SUM3
// RUN: echo '{"values":[3],"memories":[{"type":"i32","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i32","shape":[1]}]}' | loom-sim %t.64.mlir --graph=sum_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM3
// RUN: loom-emu %t.32.mlir --graph=sum_t0_g0 --format=flat --drain --values=3 --memory='i32[10]=1,2,3,4,5,6,7,8,9,10' --memory='i32[1]' | FileCheck %s --check-prefix=SUM3
// RUN: echo '{"values":[3],"memories":[{"type":"i32","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i32","shape":[1]}]}' | loom-sim %t.32.mlir --graph=sum_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM3
// RUN: loom-emu %t.32.mlir --graph=sum_t0_g0 --format=flat --drain --values=0 --memory='i32[10]=1,2,3,4,5,6,7,8,9,10' --memory='i32[1]' | FileCheck %s --check-prefix=SUM0
// RUN: echo '{"values":[0],"memories":[{"type":"i32","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i32","shape":[1]}]}' | loom-sim %t.32.mlir --graph=sum_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM0
// RUN: loom-emu %t.64.mlir --graph=nest_t0_g0 --format=flat --drain --values=3 --memory='i32[8]=1,2,3,4,5,6,7,8' | FileCheck %s --check-prefix=NEST3
// RUN: echo '{"values":[3],"memories":[{"type":"i32","shape":[8],"data":[1,2,3,4,5,6,7,8]}]}' | loom-sim %t.64.mlir --graph=nest_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=NEST3
// RUN: loom-emu %t.32.mlir --graph=nest_t0_g0 --format=flat --drain --values=3 --memory='i32[8]=1,2,3,4,5,6,7,8' | FileCheck %s --check-prefix=NEST3
// RUN: echo '{"values":[3],"memories":[{"type":"i32","shape":[8],"data":[1,2,3,4,5,6,7,8]}]}' | loom-sim %t.32.mlir --graph=nest_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=NEST3
// RUN: loom-emu %t.32.mlir --graph=nest_t0_g0 --format=flat --drain --values=9 --memory='i32[8]=1,2,3,4,5,6,7,8' | FileCheck %s --check-prefix=NEST9
// RUN: echo '{"values":[9],"memories":[{"type":"i32","shape":[8],"data":[1,2,3,4,5,6,7,8]}]}' | loom-sim %t.32.mlir --graph=nest_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=NEST9

// Every kernel lowers to one graph with no scf left; the counted loops
// stream in the configured width, the iv cast back to index in the body.
// W64-LABEL: dataflow.graph private @plane_t0_g0
//   W64-NOT: scf.
//   W64-NOT: dataflow.stream
//       W64: dataflow.graph.return
// W64-LABEL: dataflow.graph private @sum_t0_g0
//   W64-NOT: scf.
//       W64: dataflow.stream {{.+}} : i64
//       W64: arith.index_cast %iv : i64 to index
//   W64-NOT: scf.
//       W64: dataflow.graph.return
// W64-LABEL: dataflow.graph private @nest_t0_g0
//   W64-NOT: scf.
//       W64: dataflow.stream {{.+}} : i64
//   W64-NOT: scf.
//       W64: dataflow.graph.return
// W32-LABEL: dataflow.graph private @plane_t0_g0
//   W32-NOT: scf.
//       W32: dataflow.graph.return
// W32-LABEL: dataflow.graph private @sum_t0_g0
//   W32-NOT: scf.
//       W32: %[[LB:.+]] = arith.index_cast %{{.+}} : index to i32
//       W32: %[[UB:.+]] = arith.index_cast %{{.+}} : index to i32
//       W32: %[[STEP:.+]] = arith.index_cast %{{.+}} : index to i32
//       W32: dataflow.stream %[[LB]], %[[UB]], %[[STEP]] step add while slt : i32
//       W32: arith.index_cast %iv : i32 to index
//   W32-NOT: scf.
//       W32: dataflow.graph.return
// W32-LABEL: dataflow.graph private @nest_t0_g0
//   W32-NOT: scf.
//       W32: dataflow.stream {{.+}} : i32
//   W32-NOT: scf.
//       W32: dataflow.graph.return

// plane: a 2x3 scf.parallel replicated into six lanes, each computing its
// value in an scf.execute_region: a[3i + j] = 3i + j + v.
// PLANE: 10
// PLANE-NEXT: 11
// PLANE-NEXT: 12
// PLANE-NEXT: 13
// PLANE-NEXT: 14
// PLANE-NEXT: 15
func.func @plane(%a: memref<?xi32>, %v: i32) attributes {loom.kernel = "plane"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c3) step (%c1, %c1) {
    %k = arith.muli %i, %c3 : index
    %l = arith.addi %k, %j : index
    %w = scf.execute_region -> i32 {
      %ii = arith.index_cast %l : index to i32
      %s = arith.addi %ii, %v : i32
      scf.yield %s : i32
    }
    memref.store %w, %a[%l] : memref<?xi32>
    scf.reduce
  }
  return
}

// sum: the sum of a[0 .. min(n, 8)).
// SUM12-COUNT-10: {{^[0-9]+$}}
// SUM12-NEXT: 36
// SUM3-COUNT-10: {{^[0-9]+$}}
// SUM3-NEXT: 6
// SUM0-COUNT-10: {{^[0-9]+$}}
// SUM0-NEXT: 0
func.func @sum(%a: memref<?xi32>, %n: index) -> i32 attributes {loom.kernel = "sum"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %m = arith.minui %n, %c8 : index
  %s = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %z) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %acc, %x : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// nest: three levels, for (rows, min(n, 4)) / parallel (2 lanes) / if,
// with an execute_region in the then lane: a[2i + j] = a > 3 ? 2a : -a.
// NEST3: -1
// NEST3-NEXT: -2
// NEST3-NEXT: -3
// NEST3-NEXT: 8
// NEST3-NEXT: 10
// NEST3-NEXT: 12
// NEST3-NEXT: 7
// NEST3-NEXT: 8
// NEST9: -1
// NEST9-NEXT: -2
// NEST9-NEXT: -3
// NEST9-NEXT: 8
// NEST9-NEXT: 10
// NEST9-NEXT: 12
// NEST9-NEXT: 14
// NEST9-NEXT: 16
func.func @nest(%a: memref<?xi32>, %n: index) attributes {loom.kernel = "nest"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %three = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %m = arith.minui %n, %c4 : index
  scf.for %i = %c0 to %m step %c1 {
    %row = arith.muli %i, %c2 : index
    scf.parallel (%j) = (%c0) to (%c2) step (%c1) {
      %k = arith.addi %row, %j : index
      %x = memref.load %a[%k] : memref<?xi32>
      %big = arith.cmpi sgt, %x, %three : i32
      %y = scf.if %big -> i32 {
        %d = scf.execute_region -> i32 {
          %t = arith.addi %x, %x : i32
          scf.yield %t : i32
        }
        scf.yield %d : i32
      } else {
        %t = arith.subi %zero, %x : i32
        scf.yield %t : i32
      }
      memref.store %y, %a[%k] : memref<?xi32>
      scf.reduce
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_i64(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print_i32s(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi32>
    %w = arith.extsi %x : i32 to i64
    func.call @print_i64(%w) : (i64) -> ()
  }
  return
}

// A fresh buffer holding 1, 2, ..., n.
func.func @iota32(%n: index) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = arith.index_cast %j : index to i32
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}

func.func @run_sum(%n: index) {
  %c10 = arith.constant 10 : index
  %a = func.call @iota32(%c10) : (index) -> memref<?xi32>
  %s = func.call @sum(%a, %n) : (memref<?xi32>, index) -> i32
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  %w = arith.extsi %s : i32 to i64
  func.call @print_i64(%w) : (i64) -> ()
  return
}

func.func @run_nest(%n: index) {
  %c8 = arith.constant 8 : index
  %a = func.call @iota32(%c8) : (index) -> memref<?xi32>
  func.call @nest(%a, %n) : (memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c9 = arith.constant 9 : index
  %c12 = arith.constant 12 : index
  %v = arith.constant 10 : i32
  %a = memref.alloc(%c6) : memref<?xi32>
  func.call @plane(%a, %v) : (memref<?xi32>, i32) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @run_sum(%c12) : (index) -> ()
  func.call @run_sum(%c3) : (index) -> ()
  func.call @run_sum(%c0) : (index) -> ()
  func.call @run_nest(%c3) : (index) -> ()
  func.call @run_nest(%c9) : (index) -> ()
  return
}
