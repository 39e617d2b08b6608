// mux(c, demux(c, x)#0, ..., demux(c, x)#n-1) folds to x inside a graph
// (MuxOp::fold): the mux re-emits the tokens of x one for one and only adds
// a wait for c. Only the matching lane order with the same selector folds.

// RUN: loom-opt %s --canonicalize | FileCheck %s

// The relu loop as the SCF lowering built it before the fold: the execution
// token E (%e) passes through both branches unchanged, so it came back as
// mux(%pos, demux(%pos, E)), and each iteration's load waited for the
// previous iteration's branch condition, i.e. for its load's data.
// Canonicalized, E rides its ring alone; stores, the count and the outputs
// are unchanged (equal outputs before and after, below).
// CHECK-LABEL: dataflow.graph private @relu
//       CHECK:   %[[E:.+]] = dataflow.carry %{{.+}}, %{{.+}}, %[[EL:.+]]#1 : none
//  CHECK-NEXT:   %[[EL]]:2 = dataflow.demux %{{.+}}, %[[E]] : (i1, none) -> (none, none)
//       CHECK:   dataflow.sync %[[EL]]#1,
//       CHECK:   dataflow.load
//       CHECK:   dataflow.mux %[[POS:.+]], %{{.+}}, %{{.+}} : (i1, none, none) -> none
//       CHECK:   dataflow.mux %[[POS]], %{{.+}}, %{{.+}} : (i1, i32, i32) -> i32
//   CHECK-NOT:   dataflow.mux
//       CHECK:   dataflow.graph.return

// RUN: loom-emu %s --graph=relu --format=flat --drain --values=0.5,5 --memory='f32[5]=1,-2,3,-4,0' --memory='f32[5]' --memory='i32[1]' | FileCheck %s --check-prefix=OUT
// RUN: loom-opt %s --canonicalize > %t.folded.mlir
// RUN: loom-emu %t.folded.mlir --graph=relu --format=flat --drain --values=0.5,5 --memory='f32[5]=1,-2,3,-4,0' --memory='f32[5]' --memory='i32[1]' | FileCheck %s --check-prefix=OUT
// RUN: loom-emu %t.folded.mlir --graph=relu --format=flat --drain --schedule-seed=1 --values=0.5,5 --memory='f32[5]=1,-2,3,-4,0' --memory='f32[5]' --memory='i32[1]' | FileCheck %s --check-prefix=OUT
// RUN: loom-emu %t.folded.mlir --graph=relu --format=flat --drain --schedule-seed=2 --values=0.5,5 --memory='f32[5]=1,-2,3,-4,0' --memory='f32[5]' --memory='i32[1]' | FileCheck %s --check-prefix=OUT
// RUN: echo '{"values":[0.5,5],"memories":[{"type":"f32","shape":[5],"data":[1,-2,3,-4,0]},{"type":"f32","shape":[5]},{"type":"i32","shape":[1]}]}' > %t.inputs.json
// RUN: loom-sim %s --graph=relu --drain --inputs=%t.inputs.json --format=flat | FileCheck %s --check-prefix=OUT
// RUN: loom-sim %t.folded.mlir --graph=relu --drain --inputs=%t.inputs.json --format=flat | FileCheck %s --check-prefix=OUT
// in = [1, -2, 3, -4, 0], out = in > 0 ? in : 0.5 * in, count of positives.
// OUT: 1
// OUT-NEXT: -2
// OUT-NEXT: 3
// OUT-NEXT: -4
// OUT-NEXT: 0
// OUT-NEXT: 1
// OUT-NEXT: -1
// OUT-NEXT: 3
// OUT-NEXT: -2
// OUT-NEXT: 0
// OUT-NEXT: 2
dataflow.graph private @relu(%start: none) values(%slope: f32, %n: i32) memories(%in: memref<?xf32>, %out: memref<?xf32>, %cnt: memref<1xi32>) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %zero = dataflow.constant %start {value = 0 : i32} : i32
  %fzero = dataflow.constant %start {value = 0.000000e+00 : f32} : f32
  %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i32
  // E, the count, W[in], R[in], W[out], R[out]: one ring each.
  %e = dataflow.carry %phase, %start, %e_next : none
  %el:2 = dataflow.demux %phase, %e : (i1, none) -> (none, none)
  %k = dataflow.carry %phase, %zero, %k_next : i32
  %kl:2 = dataflow.demux %phase, %k : (i1, i32) -> (i32, i32)
  %wi = dataflow.carry %phase, %start, %wil#1 : none
  %wil:2 = dataflow.demux %phase, %wi : (i1, none) -> (none, none)
  %ri = dataflow.carry %phase, %start, %ri_next#0 : none
  %ril:2 = dataflow.demux %phase, %ri : (i1, none) -> (none, none)
  %wo = dataflow.carry %phase, %start, %wo_next : none
  %wol:2 = dataflow.demux %phase, %wo : (i1, none) -> (none, none)
  %ro = dataflow.carry %phase, %start, %ro_next : none
  %rol:2 = dataflow.demux %phase, %ro : (i1, none) -> (none, none)
  %i64 = arith.extui %iv : i32 to i64
  %i = arith.index_cast %i64 : i64 to index
  %lctrl:2 = dataflow.sync %el#1, %wil#1 : (none, none) -> (none, none)
  %v, %ld = dataflow.load %in[%i] %lctrl#0 : memref<?xf32>
  %ri_next:2 = dataflow.sync %ril#1, %ld : (none, none) -> (none, none)
  %fz = dataflow.invariant %phase, %fzero : f32
  %fzl:2 = dataflow.demux %phase, %fz : (i1, f32) -> (f32, f32)
  %pos = arith.cmpf ogt, %v, %fzl#1 : f32
  // The branch: E, W[out], R[out] and the captured values by %pos.
  %eb:2 = dataflow.demux %pos, %el#1 : (i1, none) -> (none, none)
  %wob:2 = dataflow.demux %pos, %wol#1 : (i1, none) -> (none, none)
  %rob:2 = dataflow.demux %pos, %rol#1 : (i1, none) -> (none, none)
  %s = dataflow.invariant %phase, %slope : f32
  %sl:2 = dataflow.demux %phase, %s : (i1, f32) -> (f32, f32)
  %sb:2 = dataflow.demux %pos, %sl#1 : (i1, f32) -> (f32, f32)
  %vb:2 = dataflow.demux %pos, %v : (i1, f32) -> (f32, f32)
  %ib:2 = dataflow.demux %pos, %i : (i1, index) -> (index, index)
  %kb:2 = dataflow.demux %pos, %kl#1 : (i1, i32) -> (i32, i32)
  // else: out[i] = slope * v
  %scaled = arith.mulf %sb#0, %vb#0 : f32
  %c0:2 = dataflow.sync %eb#0, %rob#0 : (none, none) -> (none, none)
  %st0 = dataflow.store %out[%ib#0] %scaled %c0#0 : memref<?xf32>
  // then: out[i] = v, ++count
  %c1:2 = dataflow.sync %eb#1, %rob#1 : (none, none) -> (none, none)
  %st1 = dataflow.store %out[%ib#1] %vb#1 %c1#0 : memref<?xf32>
  %o = dataflow.invariant %phase, %one : i32
  %ol:2 = dataflow.demux %phase, %o : (i1, i32) -> (i32, i32)
  %ob:2 = dataflow.demux %pos, %ol#1 : (i1, i32) -> (i32, i32)
  %inc = arith.addi %kb#1, %ob#1 : i32
  // The joins; E's is the foldable one.
  %e_next = dataflow.mux %pos, %eb#0, %eb#1 : (i1, none, none) -> none
  %wo_next = dataflow.mux %pos, %st0, %st1 : (i1, none, none) -> none
  %ro_next = dataflow.mux %pos, %st0, %st1 : (i1, none, none) -> none
  %k_next = dataflow.mux %pos, %kb#0, %inc : (i1, i32, i32) -> i32
  %idx0 = dataflow.constant %start {value = 0 : index} : index
  %fc:2 = dataflow.sync %el#0, %start : (none, none) -> (none, none)
  %fst = dataflow.store %cnt[%idx0] %kl#0 %fc#0 : memref<1xi32>
  %done:4 = dataflow.sync %el#0, %ril#0, %rol#0, %fst : (none, none, none, none) -> (none, none, none, none)
  dataflow.graph.return %done#0 : none
}

// Three lanes (an index selector) fold the same way; the output stream is x
// before and after.
// RUN: loom-emu %s --graph=three_lanes --stream=2,0,1,2 --stream=5,6,7,8 --drain | FileCheck %s --check-prefix=THREE
// RUN: loom-emu %t.folded.mlir --graph=three_lanes --stream=2,0,1,2 --stream=5,6,7,8 --drain | FileCheck %s --check-prefix=THREE
// THREE: stream #0: [5, 6, 7, 8]
// CHECK-LABEL: dataflow.graph private @three_lanes
//   CHECK-NOT:   dataflow.mux
//       CHECK:   dataflow.graph.return
dataflow.graph private @three_lanes(%start: none) streams(%sel: index, %x: i32) -> streams(i32) {
  %l:3 = dataflow.demux %sel, %x : (index, i32) -> (i32, i32, i32)
  %r = dataflow.mux %sel, %l#0, %l#1, %l#2 : (index, i32, i32, i32) -> i32
  dataflow.graph.return values() streams(%r : i32) memories() complete(%start)
}

// Not the identity: lanes exchanged (the lane-0 tokens come out where c is
// true), another selector, a lane of another value's demux. None folds.
// CHECK-LABEL: dataflow.graph private @no_fold
//       CHECK:   %[[L:.+]]:2 = dataflow.demux %arg0, %arg2
//       CHECK:   dataflow.mux %arg0, %[[L]]#1, %[[L]]#0
//       CHECK:   dataflow.mux %arg1, %[[L]]#0, %[[L]]#1
//       CHECK:   dataflow.mux %arg0, %[[L]]#0, %{{.+}}#1
// RUN: loom-emu %s --graph=no_fold --stream=F,T,T --stream=F,F,F --stream=1,2,3 --stream=7,8,9 --drain --trace-value=swapped --trace-value=other | FileCheck %s --check-prefix=NOFOLD
// NOFOLD: trace swapped: [2, 1]
// NOFOLD: trace other: [1]
dataflow.graph private @no_fold(%start: none) streams(%c: i1, %d: i1, %x: i32, %y: i32) -> streams(i32, i32, i32) {
  %l:2 = dataflow.demux %c, %x : (i1, i32) -> (i32, i32)
  %swapped = dataflow.mux %c, %l#1, %l#0 : (i1, i32, i32) -> i32
  %other = dataflow.mux %d, %l#0, %l#1 : (i1, i32, i32) -> i32
  %m:2 = dataflow.demux %c, %y : (i1, i32) -> (i32, i32)
  %mixed = dataflow.mux %c, %l#0, %m#1 : (i1, i32, i32) -> i32
  dataflow.graph.return values() streams(%swapped, %other, %mixed : i32, i32, i32) memories() complete(%start)
}

// In a thread body mux and demux join completion events under the stored
// program's rules, not as graph streams: the fold stays inside graphs.
// CHECK-LABEL: dataflow.thread private @in_thread
//       CHECK:   %[[L:.+]]:2 = dataflow.demux
//       CHECK:   dataflow.mux %arg0, %[[L]]#0, %[[L]]#1
dataflow.thread private @in_thread(%c: i1) ctrl(%ctrl) domain<dense> {
  %l:2 = dataflow.demux %c, %ctrl : (i1, none) -> (none, none)
  %m = dataflow.mux %c, %l#0, %l#1 : (i1, none, none) -> none
  dataflow.thread.yield %m
}
