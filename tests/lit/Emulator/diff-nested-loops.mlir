// REQUIRES: mlir-runner
// Differential: nested scf.for loops with iter_args threaded through both
// levels and loads/stores of one memref, and a strided loop whose iter_arg
// is also written to memory each iteration. The kernels run with
// mlir-runner through @main, and lowered to graphs in loom-emu; both print
// the same lines (memory elements in graph order, then the result slots).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=N32,N30,N03,S1,S0
// RUN: %kernel-to-dfg %s 2>/dev/null > %t.dfg.mlir
// RUN: FileCheck %s --check-prefix=SIG < %t.dfg.mlir
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order (the SIG lines).
// RUN: loom-emu %t.dfg.mlir --graph=nested_t0_g0 --format=flat --drain --values=2,3,0,1,0,2 --memory='i32[6]=1,2,3,4,5,6' --memory='i32[1]' | FileCheck %s --check-prefix=N32
// RUN: echo '{"values":[2,3,0,1,0,2],"memories":[{"type":"i32","shape":[6],"data":[1,2,3,4,5,6]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=nested_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=N32
// RUN: loom-emu %t.dfg.mlir --graph=nested_t0_g0 --format=flat --drain --values=0,3,0,1,0,2 --memory='i32[6]=1,2,3,4,5,6' --memory='i32[1]' | FileCheck %s --check-prefix=N30
// RUN: echo '{"values":[0,3,0,1,0,2],"memories":[{"type":"i32","shape":[6],"data":[1,2,3,4,5,6]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=nested_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=N30
// RUN: loom-emu %t.dfg.mlir --graph=nested_t0_g0 --format=flat --drain --values=3,0,0,1,0,2 --memory='i32[6]=1,2,3,4,5,6' --memory='i32[1]' | FileCheck %s --check-prefix=N03
// RUN: echo '{"values":[3,0,0,1,0,2],"memories":[{"type":"i32","shape":[6],"data":[1,2,3,4,5,6]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=nested_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=N03
// RUN: loom-emu %t.dfg.mlir --graph=strided_t0_g0 --format=flat --drain --values=-3,8,4,0,3,0 --memory='i64[10]=1,2,3,4,5,6,7,8,9,10' --memory='i64[1]' | FileCheck %s --check-prefix=S1
// RUN: echo '{"values":[-3,8,4,0,3,0],"memories":[{"type":"i64","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i64","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=strided_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=S1
// RUN: loom-emu %t.dfg.mlir --graph=strided_t0_g0 --format=flat --drain --values=5,8,4,0,3,0 --memory='i64[10]=1,2,3,4,5,6,7,8,9,10' --memory='i64[1]' | FileCheck %s --check-prefix=S0
// RUN: echo '{"values":[5,8,4,0,3,0],"memories":[{"type":"i64","shape":[10],"data":[1,2,3,4,5,6,7,8,9,10]},{"type":"i64","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=strided_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=S0

// The graph signatures the emulator runs are bound by position.
// SIG-DAG: dataflow.graph private @nested_t0_g0(%start: none) values(%{{.+}}: index, %{{.+}}: index, %{{.+}}: index, %{{.+}}: index, %{{.+}}: i32, %{{.+}}: i32) memories(%{{.+}}: memref<?xi32>, %{{.+}}: memref<1xi32>)
// SIG-DAG: dataflow.graph.launch @nested_t0_g0 deps(%{{.+}}) values(%arg2, %arg1, %c0, %c1, %c0_i32, %c2_i32 : index, index, index, index, i32, i32)
// SIG-DAG: dataflow.graph private @strided_t0_g0(%start: none) values(%{{.+}}: index, %{{.+}}: index, %{{.+}}: index, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: index) memories(%{{.+}}: memref<?xi64>, %{{.+}}: memref<1xi64>)
// SIG-DAG: dataflow.graph.launch @strided_t0_g0 deps(%{{.+}}) values(%arg1, %arg2, %arg3, %c0_i64, %c3_i64, %c0 : index, index, index, i64, i64, index)

// a is n x m row-major; a[i][j] = 2 * a[i][j] + i - j, returns the sum of
// the new values. Graph values: (m, n).
// N32: 2
// N32-NEXT: 3
// N32-NEXT: 7
// N32-NEXT: 8
// N32-NEXT: 12
// N32-NEXT: 13
// N32-NEXT: 45
// N30: 1
// N30-NEXT: 2
// N30-NEXT: 3
// N30-NEXT: 4
// N30-NEXT: 5
// N30-NEXT: 6
// N30-NEXT: 0
// N03: 1
// N03-NEXT: 2
// N03-NEXT: 3
// N03-NEXT: 4
// N03-NEXT: 5
// N03-NEXT: 6
// N03-NEXT: 0
func.func @nested(%a: memref<?xi32>, %n: index, %m: index) -> i32 attributes {loom.kernel = "nested"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %two = arith.constant 2 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %row = arith.muli %i, %m : index
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> i32 {
      %k = arith.addi %row, %j : index
      %x = memref.load %a[%k] : memref<?xi32>
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %x2 = arith.muli %x, %two : i32
      %y = arith.addi %x2, %ii : i32
      %y2 = arith.subi %y, %jj : i32
      memref.store %y2, %a[%k] : memref<?xi32>
      %acc3 = arith.addi %acc2, %y2 : i32
      scf.yield %acc3 : i32
    }
    scf.yield %r : i32
  }
  return %s : i32
}

// for i = lb to ub step st: acc = acc * 3 + a[i]; a[i] = acc (the iter_arg
// and the memory carry the same chain). Graph values: (lb, ub, st).
// lb = -3 visits -3 (skipped by the if), 1 and 5; lb = 5 visits 5 only.
// S1: 1
// S1-NEXT: 2
// S1-NEXT: 3
// S1-NEXT: 4
// S1-NEXT: 5
// S1-NEXT: 12
// S1-NEXT: 7
// S1-NEXT: 8
// S1-NEXT: 9
// S1-NEXT: 10
// S1-NEXT: 12
// S0: 1
// S0-NEXT: 2
// S0-NEXT: 3
// S0-NEXT: 4
// S0-NEXT: 5
// S0-NEXT: 6
// S0-NEXT: 7
// S0-NEXT: 8
// S0-NEXT: 9
// S0-NEXT: 10
// S0-NEXT: 6
func.func @strided(%a: memref<?xi64>, %lb: index, %ub: index, %st: index) -> i64 attributes {loom.kernel = "strided"} {
  %z = arith.constant 0 : i64
  %three = arith.constant 3 : i64
  %c0 = arith.constant 0 : index
  %s = scf.for %i = %lb to %ub step %st iter_args(%acc = %z) -> i64 {
    %neg = arith.cmpi slt, %i, %c0 : index
    %r = scf.if %neg -> i64 {
      scf.yield %acc : i64
    } else {
      %x = memref.load %a[%i] : memref<?xi64>
      %t = arith.muli %acc, %three : i64
      %u = arith.addi %t, %x : i64
      memref.store %u, %a[%i] : memref<?xi64>
      scf.yield %u : i64
    }
    scf.yield %r : i64
  }
  return %s : i64
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

func.func @print_i64s(%m: memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi64>
    func.call @print_i64(%x) : (i64) -> ()
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

func.func @iota64(%n: index) -> memref<?xi64> {
  %m = memref.alloc(%n) : memref<?xi64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = arith.index_cast %j : index to i64
    memref.store %v, %m[%i] : memref<?xi64>
  }
  return %m : memref<?xi64>
}

func.func @run_nested(%n: index, %m: index) {
  %c6 = arith.constant 6 : index
  %a = func.call @iota32(%c6) : (index) -> memref<?xi32>
  %s = func.call @nested(%a, %n, %m) : (memref<?xi32>, index, index) -> i32
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  %w = arith.extsi %s : i32 to i64
  func.call @print_i64(%w) : (i64) -> ()
  return
}

func.func @run_strided(%lb: index, %ub: index, %st: index) {
  %c10 = arith.constant 10 : index
  %a = func.call @iota64(%c10) : (index) -> memref<?xi64>
  %s = func.call @strided(%a, %lb, %ub, %st) : (memref<?xi64>, index, index, index) -> i64
  func.call @print_i64s(%a) : (memref<?xi64>) -> ()
  func.call @print_i64(%s) : (i64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %cm3 = arith.constant -3 : index
  func.call @run_nested(%c3, %c2) : (index, index) -> ()
  func.call @run_nested(%c3, %c0) : (index, index) -> ()
  func.call @run_nested(%c0, %c3) : (index, index) -> ()
  func.call @run_strided(%cm3, %c8, %c4) : (index, index, index) -> ()
  func.call @run_strided(%c5, %c8, %c4) : (index, index, index) -> ()
  return
}
