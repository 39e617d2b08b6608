// REQUIRES: mlir-runner
// Differential: streams that every lane of a branch passes on untouched
// come back as mux(c, demux(c, x)), which the lowering folds to x
// (docs/compiler.md, scf.if): E through a branch with a store on each side
// (the relu loop), W[a] through a branch whose lanes only read a, and a
// value both lanes yield unchanged. Without the mux, the next iteration no
// longer waits for this one's condition; memory order stays with W and R.
// mlir-runner, loom-emu (three seeded firing orders) and loom-sim print the
// same memory elements in graph order.

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=RELU,READS,KEEP
// RUN: %kernel-to-dfg %s 2>/dev/null > %t.dfg.mlir
// RUN: FileCheck %s --check-prefix=GRAPH < %t.dfg.mlir
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order.
// RUN: loom-emu %t.dfg.mlir --graph=relu_t0_g0 --format=flat --drain --values=6,0,1,0,1,3 --memory='i32[6]=3,-2,5,0,-7,1' --memory='i32[6]' --memory='i32[1]' | FileCheck %s --check-prefix=RELU
// RUN: loom-emu %t.dfg.mlir --graph=relu_t0_g0 --format=flat --drain --schedule-seed=1 --values=6,0,1,0,1,3 --memory='i32[6]=3,-2,5,0,-7,1' --memory='i32[6]' --memory='i32[1]' | FileCheck %s --check-prefix=RELU
// RUN: loom-emu %t.dfg.mlir --graph=relu_t0_g0 --format=flat --drain --schedule-seed=2 --values=6,0,1,0,1,3 --memory='i32[6]=3,-2,5,0,-7,1' --memory='i32[6]' --memory='i32[1]' | FileCheck %s --check-prefix=RELU
// RUN: loom-emu %t.dfg.mlir --graph=relu_t0_g0 --format=flat --drain --schedule-seed=3 --values=6,0,1,0,1,3 --memory='i32[6]=3,-2,5,0,-7,1' --memory='i32[6]' --memory='i32[1]' | FileCheck %s --check-prefix=RELU
// RUN: echo '{"values":[6,0,1,0,1,3],"memories":[{"type":"i32","shape":[6],"data":[3,-2,5,0,-7,1]},{"type":"i32","shape":[6]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=relu_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=RELU
// RUN: loom-emu %t.dfg.mlir --graph=reads_t0_g0 --format=flat --drain --values=5,0,1,0,1 --memory='i32[6]=1,2,3,4,5,6' | FileCheck %s --check-prefix=READS
// RUN: loom-emu %t.dfg.mlir --graph=reads_t0_g0 --format=flat --drain --schedule-seed=1 --values=5,0,1,0,1 --memory='i32[6]=1,2,3,4,5,6' | FileCheck %s --check-prefix=READS
// RUN: loom-emu %t.dfg.mlir --graph=reads_t0_g0 --format=flat --drain --schedule-seed=2 --values=5,0,1,0,1 --memory='i32[6]=1,2,3,4,5,6' | FileCheck %s --check-prefix=READS
// RUN: echo '{"values":[5,0,1,0,1],"memories":[{"type":"i32","shape":[6],"data":[1,2,3,4,5,6]}]}' | loom-sim %t.dfg.mlir --graph=reads_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=READS
// RUN: loom-emu %t.dfg.mlir --graph=keep_t0_g0 --format=flat --drain --values=4,0,1,0,-1 --memory='i32[4]=4,-1,6,-3' --memory='i32[4]' | FileCheck %s --check-prefix=KEEP
// RUN: loom-emu %t.dfg.mlir --graph=keep_t0_g0 --format=flat --drain --schedule-seed=1 --values=4,0,1,0,-1 --memory='i32[4]=4,-1,6,-3' --memory='i32[4]' | FileCheck %s --check-prefix=KEEP
// RUN: echo '{"values":[4,0,1,0,-1],"memories":[{"type":"i32","shape":[4],"data":[4,-1,6,-3]},{"type":"i32","shape":[4]}]}' | loom-sim %t.dfg.mlir --graph=keep_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=KEEP

// relu: the E ring closes without a mux (the carry's feedback is its own
// body lane), the load waits on that E only (every iteration touches
// elements of a and b of its own, so neither frontier is carried); W[b]
// and R[b] (one mux: both are the done of the lane's store) and the count
// are still muxed by the condition.
// GRAPH-LABEL: dataflow.graph private @relu_t0_g0
//       GRAPH: %[[E:.+]] = dataflow.carry %phase, %start, %[[EL:.+]]#1 : none
//  GRAPH-NEXT: %[[EL]]:2 = dataflow.demux %phase, %[[E]]
//       GRAPH: dataflow.load %arg6[%{{.+}}] %[[EL]]#1
//       GRAPH: %[[POS:.+]] = arith.cmpi sgt
//       GRAPH: %[[WR:.+]] = dataflow.mux %[[POS]], %{{.+}}, %{{.+}} : (i1, none, none) -> none
//  GRAPH-NEXT: dataflow.mux %[[POS]], %{{.+}}, %{{.+}} : (i1, i32, i32) -> i32
//   GRAPH-NOT: dataflow.mux
//       GRAPH: dataflow.graph.return
// reads: both lanes read a only: W[a] leaves the branch unmuxed, R[a] and
// the sum are muxed; the store after the loop waits on the loop's R[a].
// GRAPH-LABEL: dataflow.graph private @reads_t0_g0
//       GRAPH: dataflow.load
//       GRAPH: dataflow.load
//       GRAPH: dataflow.mux %{{.+}} : (i1, none, none) -> none
//  GRAPH-NEXT: dataflow.mux %{{.+}} : (i1, i32, i32) -> i32
//   GRAPH-NOT: dataflow.mux
//       GRAPH: dataflow.store
// keep: the value both lanes yield unchanged is used as it is: the only mux
// left is b's frontier (W[b] and R[b] as one: both enter the branch as the
// iteration's E and leave the storing lane as its store's done).
// GRAPH-LABEL: dataflow.graph private @keep_t0_g0
//       GRAPH: %[[X:.+]], %{{.+}} = dataflow.load %arg5
//       GRAPH: dataflow.mux %{{.+}} : (i1, none, none) -> none
//   GRAPH-NOT: dataflow.mux
//       GRAPH: arith.addi %[[X]], %[[X]]

// b[i] = a[i] > 0 ? a[i] : 3 * a[i]; c[0] = number of positive a[i].
// a = [3, -2, 5, 0, -7, 1].
// RELU: 3
// RELU-NEXT: -2
// RELU-NEXT: 5
// RELU-NEXT: 0
// RELU-NEXT: -7
// RELU-NEXT: 1
// RELU-NEXT: 3
// RELU-NEXT: -6
// RELU-NEXT: 5
// RELU-NEXT: 0
// RELU-NEXT: -21
// RELU-NEXT: 1
// RELU-NEXT: 3
func.func @relu(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %c: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "relu"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %count = scf.for %i = %c0 to %n step %c1 iter_args(%k = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %pos = arith.cmpi sgt, %v, %z : i32
    %k2 = scf.if %pos -> (i32) {
      memref.store %v, %b[%i] : memref<?xi32>
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    } else {
      %s = arith.muli %v, %three : i32
      memref.store %s, %b[%i] : memref<?xi32>
      scf.yield %k : i32
    }
    scf.yield %k2 : i32
  }
  memref.store %count, %c[%c0] : memref<?xi32>
  return
}

// s = sum over i < n of (a[i] odd ? a[i + 1] : a[i]); then a[0] = s.
// a = [1, 2, 3, 4, 5, 6]: s = 2 + 2 + 4 + 4 + 6 = 18.
// READS: 18
// READS-NEXT: 2
// READS-NEXT: 3
// READS-NEXT: 4
// READS-NEXT: 5
// READS-NEXT: 6
func.func @reads(%a: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "reads"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %bit = arith.andi %v, %one : i32
    %odd = arith.cmpi ne, %bit, %z : i32
    %t = scf.if %odd -> (i32) {
      %j = arith.addi %i, %c1 : index
      %w = memref.load %a[%j] : memref<?xi32>
      scf.yield %w : i32
    } else {
      %w = memref.load %a[%i] : memref<?xi32>
      scf.yield %w : i32
    }
    %s2 = arith.addi %s, %t : i32
    scf.yield %s2 : i32
  }
  memref.store %sum, %a[%c0] : memref<?xi32>
  return
}

// b[i] = 2 * a[i] after storing -1 to b[i] when a[i] < 0; the branch yields
// a[i] on both sides. a = [4, -1, 6, -3].
// KEEP: 4
// KEEP-NEXT: -1
// KEEP-NEXT: 6
// KEEP-NEXT: -3
// KEEP-NEXT: 8
// KEEP-NEXT: -2
// KEEP-NEXT: 12
// KEEP-NEXT: -6
func.func @keep(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: index) attributes {loom.kernel = "keep"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %m1 = arith.constant -1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %neg = arith.cmpi slt, %x, %z : i32
    %y = scf.if %neg -> (i32) {
      memref.store %m1, %b[%i] : memref<?xi32>
      scf.yield %x : i32
    } else {
      scf.yield %x : i32
    }
    %d = arith.addi %y, %y : i32
    memref.store %d, %b[%i] : memref<?xi32>
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

// A fresh buffer holding the given elements.
func.func @buffer(%values: memref<?xi32>) -> memref<?xi32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %values, %c0 : memref<?xi32>
  %m = memref.alloc(%n) : memref<?xi32>
  memref.copy %values, %m : memref<?xi32> to memref<?xi32>
  return %m : memref<?xi32>
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %ra = memref.get_global @relu_in : memref<6xi32>
  %rac = memref.cast %ra : memref<6xi32> to memref<?xi32>
  %a = func.call @buffer(%rac) : (memref<?xi32>) -> memref<?xi32>
  %b = memref.alloc(%c6) : memref<?xi32>
  %c = memref.alloc(%c1) : memref<?xi32>
  func.call @relu(%a, %b, %c, %c6) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()
  func.call @print_i32s(%c) : (memref<?xi32>) -> ()

  %rr = memref.get_global @reads_in : memref<6xi32>
  %rrc = memref.cast %rr : memref<6xi32> to memref<?xi32>
  %r = func.call @buffer(%rrc) : (memref<?xi32>) -> memref<?xi32>
  func.call @reads(%r, %c5) : (memref<?xi32>, index) -> ()
  func.call @print_i32s(%r) : (memref<?xi32>) -> ()

  %kk = memref.get_global @keep_in : memref<4xi32>
  %kkc = memref.cast %kk : memref<4xi32> to memref<?xi32>
  %k = func.call @buffer(%kkc) : (memref<?xi32>) -> memref<?xi32>
  %kb = memref.alloc(%c4) : memref<?xi32>
  func.call @keep(%k, %kb, %c4) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%k) : (memref<?xi32>) -> ()
  func.call @print_i32s(%kb) : (memref<?xi32>) -> ()
  return
}

memref.global "private" constant @relu_in : memref<6xi32> = dense<[3, -2, 5, 0, -7, 1]>
memref.global "private" constant @reads_in : memref<6xi32> = dense<[1, 2, 3, 4, 5, 6]>
memref.global "private" constant @keep_in : memref<4xi32> = dense<[4, -1, 6, -3]>
