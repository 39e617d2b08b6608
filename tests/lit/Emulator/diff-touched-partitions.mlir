// REQUIRES: mlir-runner
// Differential: loops and branches carry, demux and mux only the alias
// partitions they touch; every other partition's frontier bypasses them
// (docs/compiler.md). The kernels order accesses of one partition across
// constructs that touch only the other one (RAW, WAR and WAW through the
// bypass), so a bypass that lost order would show up as a wrong element
// under some firing order. mlir-runner and loom-emu print the same memory
// elements in graph order (the local array is printed by loom-emu only).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=TOUCH,LOCAL
// RUN: %kernel-to-dfg %s -mlir-print-op-on-diagnostic=false 2>&1 >%t.dfg.mlir | FileCheck %s --check-prefix=REMARK
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order.
// RUN: loom-emu %t.dfg.mlir --graph=touch_t0_g0 --format=flat --drain --values=4,0,1,2,0,100 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' | FileCheck %s --check-prefix=TOUCH
// RUN: echo '{"values":[4,0,1,2,0,100],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[4],"data":[10,20,30,40]}]}' | loom-sim %t.dfg.mlir --graph=touch_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=TOUCH
// RUN: loom-emu %t.dfg.mlir --graph=touch_t0_g0 --format=flat --schedule-seed=1 --drain --values=4,0,1,2,0,100 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' | FileCheck %s --check-prefix=TOUCH
// RUN: loom-emu %t.dfg.mlir --graph=touch_t0_g0 --format=flat --schedule-seed=2 --drain --values=4,0,1,2,0,100 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' | FileCheck %s --check-prefix=TOUCH
// RUN: loom-emu %t.dfg.mlir --graph=touch_t0_g0 --format=flat --schedule-seed=3 --drain --values=4,0,1,2,0,100 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' | FileCheck %s --check-prefix=TOUCH
// RUN: loom-emu %t.dfg.mlir --graph=local_t0_g0 --format=flat --drain --values=0,1,2,3,4,3,5,7 --memory='i32[2]=1,2' --memory='i32[4]' | FileCheck %s --check-prefix=LOCAL-EMU
// RUN: echo '{"values":[0,1,2,3,4,3,5,7],"memories":[{"type":"i32","shape":[2],"data":[1,2]},{"type":"i32","shape":[4]}]}' | loom-sim %t.dfg.mlir --graph=local_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=LOCAL-EMU
// RUN: loom-emu %t.dfg.mlir --graph=local_t0_g0 --format=flat --schedule-seed=1 --drain --values=0,1,2,3,4,3,5,7 --memory='i32[2]=1,2' --memory='i32[4]' | FileCheck %s --check-prefix=LOCAL-EMU
// RUN: loom-emu %t.dfg.mlir --graph=local_t0_g0 --format=flat --schedule-seed=2 --drain --values=0,1,2,3,4,3,5,7 --memory='i32[2]=1,2' --memory='i32[4]' | FileCheck %s --check-prefix=LOCAL-EMU
// RUN: loom-emu %t.dfg.mlir --graph=local_t0_g0 --format=flat --schedule-seed=3 --drain --values=0,1,2,3,4,3,5,7 --memory='i32[2]=1,2' --memory='i32[4]' | FileCheck %s --check-prefix=LOCAL-EMU

// Each graph also runs under three seeded firing orders (--schedule-seed).

// REMARK-DAG: remark: spatial region 'touch_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias)
// REMARK-DAG: remark: spatial region 'local_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {local array} (fresh allocation)

// a = [1, 2, 3, 4], b = [10, 20, 30, 40], n = 4.
// TOUCH: 2
// TOUCH-NEXT: 102
// TOUCH-NEXT: 3
// TOUCH-NEXT: 43
// TOUCH-NEXT: 111
// TOUCH-NEXT: 21
// TOUCH-NEXT: 32
// TOUCH-NEXT: 43

// a = [1, 2]; the local array is [0, 3, 7, 7] after the loop.
// LOCAL: 6
// LOCAL-NEXT: 23
// LOCAL-EMU: 6
// LOCAL-EMU-NEXT: 23
// LOCAL-EMU-NEXT: 0
// LOCAL-EMU-NEXT: 3
// LOCAL-EMU-NEXT: 7
// LOCAL-EMU-NEXT: 7

// Two noalias parameters; every construct touches one of them, so the other
// one's frontier bypasses it:
//   a[0] = 2 * a[0]
//   for i < n:            b[i] = b[i] + i              (touches b only)
//   if n > 2:             a[1] = a[0] + 100            (touches a only)
//   s = 0; k = 0; while k < n: s += a[k]; k += 1       (reads a only)
//   b[0] = s                         (after the loop's b[0]: WAW, via bypass)
//   a[n-1] = b[n-1]                  (after the loop's b[n-1]: RAW)
func.func @touch(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "touch"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %k100 = arith.constant 100 : i32
  %a0 = memref.load %a[%c0] : memref<?xi32>
  %d = arith.addi %a0, %a0 : i32
  memref.store %d, %a[%c0] : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %b[%i] : memref<?xi32>
    %ii = arith.index_cast %i : index to i32
    %y = arith.addi %x, %ii : i32
    memref.store %y, %b[%i] : memref<?xi32>
  }
  %big = arith.cmpi sgt, %n, %c2 : index
  scf.if %big {
    %v = memref.load %a[%c0] : memref<?xi32>
    %w = arith.addi %v, %k100 : i32
    memref.store %w, %a[%c1] : memref<?xi32>
  }
  %r:2 = scf.while (%k = %c0, %s = %z) : (index, i32) -> (index, i32) {
    %go = arith.cmpi slt, %k, %n : index
    scf.condition(%go) %k, %s : index, i32
  } do {
  ^bb0(%k1: index, %s1: i32):
    %e = memref.load %a[%k1] : memref<?xi32>
    %s2 = arith.addi %s1, %e : i32
    %k2 = arith.addi %k1, %c1 : index
    scf.yield %k2, %s2 : index, i32
  }
  memref.store %r#1, %b[%c0] : memref<?xi32>
  %last = arith.subi %n, %c1 : index
  %bl = memref.load %b[%last] : memref<?xi32>
  memref.store %bl, %a[%last] : memref<?xi32>
  return
}

// A parameter and a local array: the loop touches the array only through
// its nested scf.if, so the parameter's frontier bypasses the loop:
//   a[0] = a[0] + 5
//   for i < 4: if i < 2: loc[i] = 3 * i  else: loc[i] = 7
//   a[1] = a[0] + loc[0] + loc[1] + loc[2] + loc[3]
func.func @local(%a: memref<?xi32> {llvm.noalias}) attributes {loom.kernel = "local"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %k3 = arith.constant 3 : i32
  %k5 = arith.constant 5 : i32
  %k7 = arith.constant 7 : i32
  %loc = memref.alloca() : memref<4xi32>
  %a0 = memref.load %a[%c0] : memref<?xi32>
  %a5 = arith.addi %a0, %k5 : i32
  memref.store %a5, %a[%c0] : memref<?xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %low = arith.cmpi slt, %i, %c2 : index
    scf.if %low {
      %ii = arith.index_cast %i : index to i32
      %t = arith.muli %ii, %k3 : i32
      memref.store %t, %loc[%i] : memref<4xi32>
    } else {
      memref.store %k7, %loc[%i] : memref<4xi32>
    }
  }
  %x = memref.load %a[%c0] : memref<?xi32>
  %l0 = memref.load %loc[%c0] : memref<4xi32>
  %l1 = memref.load %loc[%c1] : memref<4xi32>
  %l2 = memref.load %loc[%c2] : memref<4xi32>
  %l3 = memref.load %loc[%c3] : memref<4xi32>
  %s0 = arith.addi %x, %l0 : i32
  %s1 = arith.addi %s0, %l1 : i32
  %s2 = arith.addi %s1, %l2 : i32
  %s3 = arith.addi %s2, %l3 : i32
  memref.store %s3, %a[%c1] : memref<?xi32>
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
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i1 = arith.constant 1 : i32
  %i10 = arith.constant 10 : i32
  %a = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %b = func.call @ramp(%c4, %i10, %i10) : (index, i32, i32) -> memref<?xi32>
  func.call @touch(%a, %b, %c4) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()

  %p = func.call @ramp(%c2, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  func.call @local(%p) : (memref<?xi32>) -> ()
  func.call @print_i32s(%p) : (memref<?xi32>) -> ()
  return
}
