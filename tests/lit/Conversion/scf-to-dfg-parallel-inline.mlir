// RUN: loom-opt %s --loom-lower-scf-to-dfg --loom-validate-dataflow -split-input-file | FileCheck %s

// A fixed-domain effect-form scf.parallel of two lanes: each lane gets its
// coordinate as a constant fired by the region's control, both stores start
// from the same E and R, and the lanes' W and R exits are joined all-of (E
// is all_of(start, start) = start); retirement waits for that join. No scf
// is left.
// CHECK-LABEL: dataflow.graph private @pair_g0
//  CHECK-SAME: (%[[START:.+]]: none) values(%[[V:.+]]: f32) memories(%[[A:.+]]: memref<2xf32>)
//   CHECK-NOT: scf.
// The bounds are constants of the region (unused once replicated).
//       CHECK: dataflow.constant %[[START]] {value = 2 : index} : index
//       CHECK: %[[I0:.+]] = dataflow.constant %[[START]] {value = 0 : index} : index
//  CHECK-NEXT: %[[D0:.+]] = dataflow.store %[[A]][%[[I0]]] %[[V]] %[[START]] : memref<2xf32>
//  CHECK-NEXT: %[[I1:.+]] = dataflow.constant %[[START]] {value = 1 : index} : index
//  CHECK-NEXT: %[[D1:.+]] = dataflow.store %[[A]][%[[I1]]] %[[V]] %[[START]] : memref<2xf32>
//       CHECK: %[[W:.+]]:2 = dataflow.sync %[[D0]], %[[D1]] : (none, none) -> (none, none)
//       CHECK: %[[R:.+]]:2 = dataflow.sync %[[D0]], %[[D1]] : (none, none) -> (none, none)
//       CHECK: %[[DONE:.+]]:2 = dataflow.sync %[[START]], %[[R]]#0 : (none, none) -> (none, none)
//   CHECK-NOT: scf.
//       CHECK: dataflow.graph.return %[[DONE]]#0 : none
dataflow.thread private @pair(%a: memref<2xf32>, %v: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%v : f32) memories(%a : memref<2xf32>) attributes {graph_name = "pair_g0"} {
  ^bb0(%v1: f32, %a1: memref<2xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
      memref.store %v1, %a1[%i] : memref<2xf32>
      scf.reduce
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// A single-block scf.execute_region is inlined: its body is lowered in the
// enclosing scope (here the true lane of an scf.if) and its result is the
// yielded value; no scf is left. One demux of x serves both lanes; E's
// demux feeds nothing (no lane uses E, and E's mux folds) and is dropped.
// CHECK-LABEL: dataflow.graph private @wrap_g0
//  CHECK-SAME: (%[[START:.+]]: none) values(%[[X:.+]]: f32, %[[S:.+]]: i1)
//   CHECK-NOT: dataflow.demux %[[S]], %[[START]]
//       CHECK: %[[XL:.+]]:2 = dataflow.demux %[[S]], %[[X]] : (i1, f32) -> (f32, f32)
//   CHECK-NOT: dataflow.demux
//       CHECK: %[[T:.+]] = arith.addf %[[XL]]#1, %[[XL]]#1 : f32
//       CHECK: dataflow.mux %[[S]], %[[XL]]#0, %[[T]] : (i1, f32, f32) -> f32
//   CHECK-NOT: scf.
//       CHECK: dataflow.graph.return
dataflow.thread private @wrap(%x: f32, %s: i1, %out: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%x, %s : f32, i1) memories(%out : memref<1xf32>) attributes {graph_name = "wrap_g0"} {
  ^bb0(%x1: f32, %s1: i1, %o1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %r = scf.if %s1 -> f32 {
      %t = scf.execute_region -> f32 {
        %d = arith.addf %x1, %x1 : f32
        scf.yield %d : f32
      }
      scf.yield %t : f32
    } else {
      scf.yield %x1 : f32
    }
    memref.store %r, %o1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
