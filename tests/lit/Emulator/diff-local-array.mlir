// REQUIRES: mlir-runner
// Differential test of the regions of tests/lit/Conversion/scf-to-dfg-local.mlir,
// whose local arrays are hoisted into the thread and bound to the graph as
// memory inputs: the SCF bodies (transcribed below, the block-local array
// allocated inside its loop as in the source) run with mlir-runner; the
// graphs run in loom-emu with a fresh buffer bound to the hoisted local
// (memory #2 of reverse_g0, #1 of count_g0). Both print the parameters'
// memories, which must match; loom-emu then also prints the local (a fresh
// alloca's contents after the scope are not part of the comparison).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=REV,COUNT
// RUN: loom-opt %loom_src_root/tests/lit/Conversion/scf-to-dfg-local.mlir --loom-lower-scf-to-dfg -split-input-file > %t.mlir
// RUN: loom-emu %t.mlir --split-input-file --graph=reverse_g0 --format=flat --drain --values=2 --memory='f32[8]=1,2,3,4,5,6,7,8' --memory='f32[8]' --memory='f32[4]' | FileCheck %s --check-prefix=REV
// RUN: echo '{"values":[2],"memories":[{"type":"f32","shape":[8],"data":[1,2,3,4,5,6,7,8]},{"type":"f32","shape":[8]},{"type":"f32","shape":[4]}]}' | loom-sim %t.mlir --split-input-file --graph=reverse_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=REV
// RUN: loom-emu %t.mlir --split-input-file --graph=count_g0 --format=flat --drain --values=4 --memory='i32[4]=1,2,3,4' --memory='i32[]=99' | FileCheck %s --check-prefix=COUNT
// RUN: echo '{"values":[4],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[],"data":[99]}]}' | loom-sim %t.mlir --split-input-file --graph=count_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=COUNT

// reverse_g0: blocks of four reversed through the local array.
// REV: 1
// REV-NEXT: 2
// REV-NEXT: 3
// REV-NEXT: 4
// REV-NEXT: 5
// REV-NEXT: 6
// REV-NEXT: 7
// REV-NEXT: 8
// REV-NEXT: 4
// REV-NEXT: 3
// REV-NEXT: 2
// REV-NEXT: 1
// REV-NEXT: 8
// REV-NEXT: 7
// REV-NEXT: 6
// REV-NEXT: 5
func.func @reverse(%a1: memref<?xf32>, %o1: memref<?xf32>, %n1: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %b = %c0 to %n1 step %c1 {
    %tmp = memref.alloca() : memref<4xf32>
    %base = arith.muli %b, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %at = arith.addi %base, %j : index
      %x = memref.load %a1[%at] : memref<?xf32>
      memref.store %x, %tmp[%j] : memref<4xf32>
    }
    scf.for %j = %c0 to %c4 step %c1 {
      %r = arith.subi %c3, %j : index
      %y = memref.load %tmp[%r] : memref<4xf32>
      %at = arith.addi %base, %j : index
      memref.store %y, %o1[%at] : memref<?xf32>
    }
  }
  return
}

// count_g0: the sum accumulates in a rank-0 cell and lands in a[0]; the
// cell starts at 99 in loom-emu to show the kernel's own store initializes it.
// COUNT: 10
// COUNT-NEXT: 2
// COUNT-NEXT: 3
// COUNT-NEXT: 4
func.func @count(%a1: memref<?xi32>, %n1: index) {
  %cell1 = memref.alloca() : memref<i32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  memref.store %zero, %cell1[] : memref<i32>
  scf.for %i = %c0 to %n1 step %c1 {
    %v = memref.load %cell1[] : memref<i32>
    %x = memref.load %a1[%i] : memref<?xi32>
    %s = arith.addi %v, %x : i32
    memref.store %s, %cell1[] : memref<i32>
  }
  %t = memref.load %cell1[] : memref<i32>
  memref.store %t, %a1[%c0] : memref<?xi32>
  return
}

func.func private @printF32(f32)
func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_f32s(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xf32>
    func.call @printF32(%x) : (f32) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}

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

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %f1 = arith.constant 1.0 : f32
  %fz = arith.constant 0.0 : f32

  // reverse: two blocks of [1..8].
  %ra = memref.alloc(%c8) : memref<?xf32>
  %ro = memref.alloc(%c8) : memref<?xf32>
  %init = scf.for %i = %c0 to %c8 step %c1 iter_args(%v = %f1) -> f32 {
    memref.store %v, %ra[%i] : memref<?xf32>
    memref.store %fz, %ro[%i] : memref<?xf32>
    %next = arith.addf %v, %f1 : f32
    scf.yield %next : f32
  }
  func.call @reverse(%ra, %ro, %c2) : (memref<?xf32>, memref<?xf32>, index) -> ()
  func.call @print_f32s(%ra) : (memref<?xf32>) -> ()
  func.call @print_f32s(%ro) : (memref<?xf32>) -> ()

  // count: n = 4 over [1, 2, 3, 4].
  %ca = memref.alloc(%c4) : memref<?xi32>
  %one = arith.constant 1 : i32
  %iinit = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %one) -> i32 {
    memref.store %v, %ca[%i] : memref<?xi32>
    %next = arith.addi %v, %one : i32
    scf.yield %next : i32
  }
  func.call @count(%ca, %c4) : (memref<?xi32>, index) -> ()
  func.call @print_i32s(%ca) : (memref<?xi32>) -> ()
  return
}
