// REQUIRES: mlir-runner
// Differential: kernels whose memory parameters carry `llvm.noalias` (C++
// `__restrict__`) get one alias partition per parameter, so their loads no
// longer wait on the previous iteration's stores to other arrays; a
// parameter without evidence stays in the conservative partition and its
// accesses stay ordered, which the aliasing run (the same buffer bound to
// both parameters without evidence) proves. mlir-runner and loom-emu print
// the same lines: memory elements in graph order.

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=VADD,SCAN,MIXED,ALIAS,SAME
// RUN: %kernel-to-dfg %s -mlir-print-op-on-diagnostic=false 2>&1 >%t.dfg.mlir | FileCheck %s --check-prefix=REMARK
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order.
// RUN: loom-emu %t.dfg.mlir --graph=vadd_r_t0_g0 --format=flat --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' --memory='i32[4]' | FileCheck %s --check-prefix=VADD
// RUN: echo '{"values":[4,0,1],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[4],"data":[10,20,30,40]},{"type":"i32","shape":[4]}]}' | loom-sim %t.dfg.mlir --graph=vadd_r_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=VADD
// RUN: loom-emu %t.dfg.mlir --graph=vadd_r_t0_g0 --format=flat --schedule-seed=1 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' --memory='i32[4]' | FileCheck %s --check-prefix=VADD
// RUN: loom-emu %t.dfg.mlir --graph=vadd_r_t0_g0 --format=flat --schedule-seed=2 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' --memory='i32[4]' | FileCheck %s --check-prefix=VADD
// RUN: loom-emu %t.dfg.mlir --graph=vadd_r_t0_g0 --format=flat --schedule-seed=3 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' --memory='i32[4]' | FileCheck %s --check-prefix=VADD
// RUN: loom-emu %t.dfg.mlir --graph=scan_r_t0_g0 --format=flat --drain --values=5,0,1,0 --memory='i32[5]=1,2,3,4,5' --memory='i32[5]' | FileCheck %s --check-prefix=SCAN
// RUN: echo '{"values":[5,0,1,0],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]},{"type":"i32","shape":[5]}]}' | loom-sim %t.dfg.mlir --graph=scan_r_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SCAN
// RUN: loom-emu %t.dfg.mlir --graph=scan_r_t0_g0 --format=flat --schedule-seed=1 --drain --values=5,0,1,0 --memory='i32[5]=1,2,3,4,5' --memory='i32[5]' | FileCheck %s --check-prefix=SCAN
// RUN: loom-emu %t.dfg.mlir --graph=scan_r_t0_g0 --format=flat --schedule-seed=2 --drain --values=5,0,1,0 --memory='i32[5]=1,2,3,4,5' --memory='i32[5]' | FileCheck %s --check-prefix=SCAN
// RUN: loom-emu %t.dfg.mlir --graph=scan_r_t0_g0 --format=flat --schedule-seed=3 --drain --values=5,0,1,0 --memory='i32[5]=1,2,3,4,5' --memory='i32[5]' | FileCheck %s --check-prefix=SCAN
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory='i32[5]' | FileCheck %s --check-prefix=MIXED
// RUN: echo '{"values":[4,0,1],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[5],"data":[1,1,1,1,1]},{"type":"i32","shape":[5]}]}' | loom-sim %t.dfg.mlir --graph=mixed_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=MIXED
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=1 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory='i32[5]' | FileCheck %s --check-prefix=MIXED
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=2 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory='i32[5]' | FileCheck %s --check-prefix=MIXED
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=3 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory='i32[5]' | FileCheck %s --check-prefix=MIXED
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory=@1 | FileCheck %s --check-prefix=ALIAS
// RUN: echo '{"values":[4,0,1],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[5],"data":[1,1,1,1,1]},{"alias":1}]}' | loom-sim %t.dfg.mlir --graph=mixed_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=ALIAS
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=1 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory=@1 | FileCheck %s --check-prefix=ALIAS
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=2 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory=@1 | FileCheck %s --check-prefix=ALIAS
// RUN: loom-emu %t.dfg.mlir --graph=mixed_t0_g0 --format=flat --schedule-seed=3 --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[5]=1,1,1,1,1' --memory=@1 | FileCheck %s --check-prefix=ALIAS
// One noalias parameter bound to two thread arguments (Inputs/alias-same-root.mlir):
// one partition, so the whole program and its graph with both inputs bound to
// one buffer give prefix sums (the graph built with two partitions gave
// 1,3,5,7,9 on this input when the test was written).
// RUN: loom-opt %S/Inputs/alias-same-root.mlir --loom-lower-scf-to-dfg -verify-each 2>/dev/null > %t.same.mlir
// RUN: loom-emu %t.same.mlir --entry=same --values=5 --memory='i32[5]=1,2,3,4,5' --format=flat | FileCheck %s --check-prefix=SAME
// RUN: echo '{"values":[5],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]}]}' | loom-sim %t.same.mlir --entry=same --inputs=- --format=flat | FileCheck %s --check-prefix=SAME
// RUN: loom-emu %t.same.mlir --graph=same_t0_g0 --format=flat --drain --values=5 --memory='i32[5]=1,2,3,4,5' --memory=@0 | FileCheck %s --check-prefix=SAME
// RUN: echo '{"values":[5],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]},{"alias":0}]}' | loom-sim %t.same.mlir --graph=same_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SAME
// RUN: loom-emu %t.same.mlir --graph=same_t0_g0 --format=flat --schedule-seed=1 --drain --values=5 --memory='i32[5]=1,2,3,4,5' --memory=@0 | FileCheck %s --check-prefix=SAME
// RUN: loom-emu %t.same.mlir --graph=same_t0_g0 --format=flat --schedule-seed=2 --drain --values=5 --memory='i32[5]=1,2,3,4,5' --memory=@0 | FileCheck %s --check-prefix=SAME
// RUN: loom-emu %t.same.mlir --graph=same_t0_g0 --format=flat --schedule-seed=3 --drain --values=5 --memory='i32[5]=1,2,3,4,5' --memory=@0 | FileCheck %s --check-prefix=SAME

// Each graph also runs under three seeded firing orders (--schedule-seed):
// the ordering left between partitions is enough for every schedule.

// REMARK-DAG: remark: spatial region 'vadd_r_t0_g0' orders memory in 3 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias), {parameter 2} (noalias)
// REMARK-DAG: remark: spatial region 'scan_r_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias)
// REMARK-DAG: remark: spatial region 'mixed_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1, parameter 2} (may alias: no no-alias evidence)

// c[i] = a[i] + b[i].
// VADD: 1
// VADD-NEXT: 2
// VADD-NEXT: 3
// VADD-NEXT: 4
// VADD-NEXT: 10
// VADD-NEXT: 20
// VADD-NEXT: 30
// VADD-NEXT: 40
// VADD-NEXT: 11
// VADD-NEXT: 22
// VADD-NEXT: 33
// VADD-NEXT: 44
func.func @vadd_r(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %c: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "vadd_r"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %c[%i] : memref<?xi32>
  }
  return
}

// Running sums: the sum is an iter_arg, out[i] = in[0] + ... + in[i].
// SCAN: 1
// SCAN-NEXT: 2
// SCAN-NEXT: 3
// SCAN-NEXT: 4
// SCAN-NEXT: 5
// SCAN-NEXT: 1
// SCAN-NEXT: 3
// SCAN-NEXT: 6
// SCAN-NEXT: 10
// SCAN-NEXT: 15
func.func @scan_r(%in: memref<?xi32> {llvm.noalias}, %out: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "scan_r"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %x = memref.load %in[%i] : memref<?xi32>
    %s = arith.addi %acc, %x : i32
    memref.store %s, %out[%i] : memref<?xi32>
    scf.yield %s : i32
  }
  return
}

// c[i+1] = a[i] + b[i], with a noalias and b, c without evidence. Apart,
// c gets a shifted sum; with b and c one buffer every iteration reads what
// the previous one wrote (running sums from b[0]).
// MIXED: 1
// MIXED-NEXT: 2
// MIXED-NEXT: 3
// MIXED-NEXT: 4
// MIXED-NEXT: 1
// MIXED-NEXT: 1
// MIXED-NEXT: 1
// MIXED-NEXT: 1
// MIXED-NEXT: 1
// MIXED-NEXT: 0
// MIXED-NEXT: 2
// MIXED-NEXT: 3
// MIXED-NEXT: 4
// MIXED-NEXT: 5
// ALIAS: 1
// ALIAS-NEXT: 2
// ALIAS-NEXT: 3
// ALIAS-NEXT: 4
// ALIAS-NEXT: 1
// ALIAS-NEXT: 2
// ALIAS-NEXT: 4
// ALIAS-NEXT: 7
// ALIAS-NEXT: 11
// ALIAS-NEXT: 1
// ALIAS-NEXT: 2
// ALIAS-NEXT: 4
// ALIAS-NEXT: 7
// ALIAS-NEXT: 11
func.func @mixed(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32>, %c: memref<?xi32>, %n: index) attributes {loom.kernel = "mixed"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %s = arith.addi %x, %y : i32
    %j = arith.addi %i, %c1 : index
    memref.store %s, %c[%j] : memref<?xi32>
  }
  return
}

// The SCF form of Inputs/alias-same-root.mlir's thread, run on one buffer.
// SAME: 1
// SAME-NEXT: 3
// SAME-NEXT: 6
// SAME-NEXT: 10
// SAME-NEXT: 15
func.func @same_root(%x: memref<?xi32>, %y: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %y[%im1] : memref<?xi32>
    %v = memref.load %x[%i] : memref<?xi32>
    %s = arith.addi %p, %v : i32
    memref.store %s, %x[%i] : memref<?xi32>
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_i32s(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi32>
    %w = arith.extsi %x : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}

// A fresh buffer holding base, base + step, ... (n elements).
func.func @ramp(%n: index, %base: i32, %step: i32) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %o = arith.muli %ii, %step : i32
    %v = arith.addi %base, %o : i32
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}

func.func @main() {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i10 = arith.constant 10 : i32
  %a = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %b = func.call @ramp(%c4, %i10, %i10) : (index, i32, i32) -> memref<?xi32>
  %c = func.call @ramp(%c4, %i0, %i0) : (index, i32, i32) -> memref<?xi32>
  func.call @vadd_r(%a, %b, %c, %c4) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()
  func.call @print_i32s(%c) : (memref<?xi32>) -> ()

  %in = func.call @ramp(%c5, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %out = func.call @ramp(%c5, %i0, %i0) : (index, i32, i32) -> memref<?xi32>
  func.call @scan_r(%in, %out, %c5) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%in) : (memref<?xi32>) -> ()
  func.call @print_i32s(%out) : (memref<?xi32>) -> ()

  %ma = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %mb = func.call @ramp(%c5, %i1, %i0) : (index, i32, i32) -> memref<?xi32>
  %mc = func.call @ramp(%c5, %i0, %i0) : (index, i32, i32) -> memref<?xi32>
  func.call @mixed(%ma, %mb, %mc, %c4) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%ma) : (memref<?xi32>) -> ()
  func.call @print_i32s(%mb) : (memref<?xi32>) -> ()
  func.call @print_i32s(%mc) : (memref<?xi32>) -> ()

  %sa = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %s = func.call @ramp(%c5, %i1, %i0) : (index, i32, i32) -> memref<?xi32>
  func.call @mixed(%sa, %s, %s, %c4) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%sa) : (memref<?xi32>) -> ()
  func.call @print_i32s(%s) : (memref<?xi32>) -> ()
  func.call @print_i32s(%s) : (memref<?xi32>) -> ()

  %p = func.call @ramp(%c5, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  func.call @same_root(%p, %p, %c5) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%p) : (memref<?xi32>) -> ()
  return
}
