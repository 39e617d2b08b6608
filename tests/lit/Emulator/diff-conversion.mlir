// REQUIRES: mlir-runner
// Differential test of every region of tests/lit/Conversion/*.mlir that
// lowers: the SCF body (transcribed below as one function per region) runs
// with mlir-runner, the graph the lowering makes of the original region runs
// in loom-emu on the same inputs, and both must print the same lines (the
// graph's value outputs, then every memory element, as --format=flat does).
// scf-to-dfg-atomic.mlir has no region that lowers (its publication fails).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=SUM,COPY,LANES,CLIPT,CLIPE,FIND,FINDZ,SW2,SW5,SW7
// RUN: loom-opt %loom_src_root/tests/lit/Conversion/scf-to-dfg-for.mlir --loom-lower-scf-to-dfg -split-input-file > %t.for.mlir
// RUN: loom-opt %loom_src_root/tests/lit/Conversion/scf-to-dfg-if-while.mlir --loom-lower-scf-to-dfg -split-input-file > %t.ifwhile.mlir
// RUN: loom-emu %t.for.mlir --split-input-file --graph=sum_g0 --format=flat --drain --values=5 --memory='f32[5]=0.5,1.25,-3,1e10,7' --memory='f32[1]' | FileCheck %s --check-prefix=SUM
// RUN: echo '{"values":[5],"memories":[{"type":"f32","shape":[5],"data":["0.5","1.25",-3,"1e10",7]},{"type":"f32","shape":[1]}]}' | loom-sim %t.for.mlir --split-input-file --graph=sum_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SUM
// RUN: loom-emu %t.for.mlir --split-input-file --graph=copy_g0 --format=flat --drain --values=3,2.5 --memory='f32[4]' | FileCheck %s --check-prefix=COPY
// RUN: echo '{"values":[3,"2.5"],"memories":[{"type":"f32","shape":[4]}]}' | loom-sim %t.for.mlir --split-input-file --graph=copy_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=COPY
// RUN: loom-emu %t.for.mlir --split-input-file --graph=lanes_g0 --format=flat --drain --values=-1.5 --memory='f32[3]' | FileCheck %s --check-prefix=LANES
// RUN: echo '{"values":["-1.5"],"memories":[{"type":"f32","shape":[3]}]}' | loom-sim %t.for.mlir --split-input-file --graph=lanes_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=LANES
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=clip_g0 --format=flat --drain --values=4,3 --memory='f32[1]=8' | FileCheck %s --check-prefix=CLIPT
// RUN: echo '{"values":[4,3],"memories":[{"type":"f32","shape":[1],"data":[8]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=clip_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CLIPT
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=clip_g0 --format=flat --drain --values=2,3 --memory='f32[1]=8' | FileCheck %s --check-prefix=CLIPE
// RUN: echo '{"values":[2,3],"memories":[{"type":"f32","shape":[1],"data":[8]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=clip_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CLIPE
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=find_g0 --format=flat --drain --values=6 --memory='f32[6]=1,3,5,7,9,11' | FileCheck %s --check-prefix=FIND
// RUN: echo '{"values":[6],"memories":[{"type":"f32","shape":[6],"data":[1,3,5,7,9,11]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=find_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=FIND
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=find_g0 --format=flat --drain --values=0 --memory='f32[6]=1,3,5,7,9,11' | FileCheck %s --check-prefix=FINDZ
// RUN: echo '{"values":[0],"memories":[{"type":"f32","shape":[6],"data":[1,3,5,7,9,11]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=find_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=FINDZ
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=switch_g0 --format=flat --drain --values=2 --memory='f32[1]=9' | FileCheck %s --check-prefix=SW2
// RUN: echo '{"values":[2],"memories":[{"type":"f32","shape":[1],"data":[9]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=switch_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SW2
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=switch_g0 --format=flat --drain --values=5 --memory='f32[1]=9' | FileCheck %s --check-prefix=SW5
// RUN: echo '{"values":[5],"memories":[{"type":"f32","shape":[1],"data":[9]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=switch_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SW5
// RUN: loom-emu %t.ifwhile.mlir --split-input-file --graph=switch_g0 --format=flat --drain --values=7 --memory='f32[1]=9' | FileCheck %s --check-prefix=SW7
// RUN: echo '{"values":[7],"memories":[{"type":"f32","shape":[1],"data":[9]}]}' | loom-sim %t.ifwhile.mlir --split-input-file --graph=switch_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SW7

// sum_g0: out[0] = sum of a[0..n) from 0.0 in source order.
// SUM: 0.5
// SUM-NEXT: 1.25
// SUM-NEXT: -3
// SUM-NEXT: 1e+10
// SUM-NEXT: 7
// SUM-NEXT: 1e+10
func.func @sum(%a1: memref<?xf32>, %n1: index, %o1: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %z) -> f32 {
    %x = memref.load %a1[%i] : memref<?xf32>
    %t = arith.addf %acc, %x : f32
    scf.yield %t : f32
  }
  memref.store %s, %o1[%c0] : memref<1xf32>
  return
}

// copy_g0: a[i] = s for i < n (i32 bounds).
// COPY: 2.5
// COPY-NEXT: 2.5
// COPY-NEXT: 2.5
// COPY-NEXT: 0
func.func @copy(%n1: i32, %s1: f32, %a1: memref<?xf32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n1 step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    memref.store %s1, %a1[%x] : memref<?xf32>
  }
  return
}

// lanes_g0: a fixed-domain forall replicated into three lanes.
// LANES: -1.5
// LANES-NEXT: -1.5
// LANES-NEXT: -1.5
func.func @lanes(%v1: f32, %a1: memref<3xf32>) {
  scf.forall (%i) in (3) {
    memref.store %v1, %a1[%i] : memref<3xf32>
  }
  return
}

// clip_g0: a[0] = x > t ? t : a[0].
// CLIPT: 3
// CLIPE: 8
func.func @clip(%x1: f32, %t1: f32, %a1: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %cond = arith.cmpf ogt, %x1, %t1 : f32
  %r = scf.if %cond -> f32 {
    scf.yield %t1 : f32
  } else {
    %y = memref.load %a1[%c0] : memref<1xf32>
    scf.yield %y : f32
  }
  memref.store %r, %a1[%c0] : memref<1xf32>
  return
}

// find_g0: the first j with a[j] >= key (the value output), then a.
// FIND: 3
// FIND-NEXT: 1
// FIND-NEXT: 3
// FIND-NEXT: 5
// FIND-NEXT: 7
// FIND-NEXT: 9
// FIND-NEXT: 11
// FINDZ: 0
// FINDZ-NEXT: 1
func.func @find(%k1: f32, %a1: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i = scf.while (%j = %c0) : (index) -> index {
    %x = memref.load %a1[%j] : memref<?xf32>
    %go = arith.cmpf olt, %x, %k1 : f32
    scf.condition(%go) %j : index
  } do {
  ^bb0(%j2: index):
    %n = arith.addi %j2, %c1 : index
    scf.yield %n : index
  }
  return %i : index
}

// switch_g0: a[0] = 2.0 for s = 2, 5.0 for s = 5, 0.0 otherwise.
// SW2: 2
// SW5: 5
// SW7: 0
func.func @switch(%s1: index, %a1: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %v = scf.index_switch %s1 -> f32
  case 2 {
    %two = arith.constant 2.0 : f32
    scf.yield %two : f32
  }
  case 5 {
    %five = arith.constant 5.0 : f32
    scf.yield %five : f32
  }
  default {
    %zero = arith.constant 0.0 : f32
    scf.yield %zero : f32
  }
  memref.store %v, %a1[%c0] : memref<1xf32>
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

func.func @print_index(%v: index) {
  %i = arith.index_cast %v : index to i64
  func.call @printI64(%i) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

// Fills a fresh buffer with the given values.
func.func @buffer5(%v0: f32, %v1: f32, %v2: f32, %v3: f32, %v4: f32) -> memref<?xf32> {
  %m = memref.alloc() : memref<5xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  memref.store %v0, %m[%c0] : memref<5xf32>
  memref.store %v1, %m[%c1] : memref<5xf32>
  memref.store %v2, %m[%c2] : memref<5xf32>
  memref.store %v3, %m[%c3] : memref<5xf32>
  memref.store %v4, %m[%c4] : memref<5xf32>
  %d = memref.cast %m : memref<5xf32> to memref<?xf32>
  return %d : memref<?xf32>
}

// A fresh buffer of n zeros.
func.func @zeros(%n: index) -> memref<?xf32> {
  %m = memref.alloc(%n) : memref<?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %m[%i] : memref<?xf32>
  }
  return %m : memref<?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %f0 = arith.constant 0.0 : f32
  %f8 = arith.constant 8.0 : f32

  // sum: n = 5 over [0.5, 1.25, -3, 1e10, 7].
  %half = arith.constant 0.5 : f32
  %q = arith.constant 1.25 : f32
  %m3 = arith.constant -3.0 : f32
  %big = arith.constant 1.0e10 : f32
  %seven = arith.constant 7.0 : f32
  %sa = func.call @buffer5(%half, %q, %m3, %big, %seven) : (f32, f32, f32, f32, f32) -> memref<?xf32>
  %so = memref.alloc() : memref<1xf32>
  func.call @sum(%sa, %c5, %so) : (memref<?xf32>, index, memref<1xf32>) -> ()
  func.call @print_f32s(%sa) : (memref<?xf32>) -> ()
  %sod = memref.cast %so : memref<1xf32> to memref<?xf32>
  func.call @print_f32s(%sod) : (memref<?xf32>) -> ()

  // copy: n = 3, s = 2.5 into four zeros.
  %c4 = arith.constant 4 : index
  %ca4d = func.call @zeros(%c4) : (index) -> memref<?xf32>
  %n3 = arith.constant 3 : i32
  %s25 = arith.constant 2.5 : f32
  func.call @copy(%n3, %s25, %ca4d) : (i32, f32, memref<?xf32>) -> ()
  func.call @print_f32s(%ca4d) : (memref<?xf32>) -> ()

  // lanes: v = -1.5.
  %la = memref.alloc() : memref<3xf32>
  %m15 = arith.constant -1.5 : f32
  func.call @lanes(%m15, %la) : (f32, memref<3xf32>) -> ()
  %lad = memref.cast %la : memref<3xf32> to memref<?xf32>
  func.call @print_f32s(%lad) : (memref<?xf32>) -> ()

  // clip: x = 4, t = 3 (then) and x = 2, t = 3 (else), a = [8].
  %f2 = arith.constant 2.0 : f32
  %f3 = arith.constant 3.0 : f32
  %f4 = arith.constant 4.0 : f32
  %ka = memref.alloc() : memref<1xf32>
  memref.store %f8, %ka[%c0] : memref<1xf32>
  func.call @clip(%f4, %f3, %ka) : (f32, f32, memref<1xf32>) -> ()
  %kad = memref.cast %ka : memref<1xf32> to memref<?xf32>
  func.call @print_f32s(%kad) : (memref<?xf32>) -> ()
  memref.store %f8, %ka[%c0] : memref<1xf32>
  func.call @clip(%f2, %f3, %ka) : (f32, f32, memref<1xf32>) -> ()
  func.call @print_f32s(%kad) : (memref<?xf32>) -> ()

  // find: key 6 and key 0 over [1, 3, 5, 7, 9, 11].
  %fa = memref.alloc() : memref<6xf32>
  %c6 = arith.constant 6 : index
  scf.for %i = %c0 to %c6 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %fi = arith.uitofp %i64 : i64 to f32
    %twice = arith.addf %fi, %fi : f32
    %odd = arith.addf %twice, %f2 : f32
    %one = arith.constant 1.0 : f32
    %v = arith.subf %odd, %one : f32
    memref.store %v, %fa[%i] : memref<6xf32>
  }
  %fad = memref.cast %fa : memref<6xf32> to memref<?xf32>
  %f6 = arith.constant 6.0 : f32
  %r6 = func.call @find(%f6, %fad) : (f32, memref<?xf32>) -> index
  func.call @print_index(%r6) : (index) -> ()
  func.call @print_f32s(%fad) : (memref<?xf32>) -> ()
  %r0 = func.call @find(%f0, %fad) : (f32, memref<?xf32>) -> index
  func.call @print_index(%r0) : (index) -> ()
  func.call @print_f32s(%fad) : (memref<?xf32>) -> ()

  // switch: s = 2, 5, 7 with a = [9].
  %wa = memref.alloc() : memref<1xf32>
  %wad = memref.cast %wa : memref<1xf32> to memref<?xf32>
  func.call @switch(%c2, %wa) : (index, memref<1xf32>) -> ()
  func.call @print_f32s(%wad) : (memref<?xf32>) -> ()
  func.call @switch(%c5, %wa) : (index, memref<1xf32>) -> ()
  func.call @print_f32s(%wad) : (memref<?xf32>) -> ()
  func.call @switch(%c7, %wa) : (index, memref<1xf32>) -> ()
  func.call @print_f32s(%wad) : (memref<?xf32>) -> ()
  return
}
