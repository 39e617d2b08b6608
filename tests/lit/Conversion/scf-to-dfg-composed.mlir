// RUN: loom-opt %s --loom-lower-scf-to-dfg -split-input-file > %t.whole
// RUN: loom-opt %s --loom-forall-to-thread --loom-sink-region-constants --loom-lower-graph-regions --loom-finalize-graph-launches -verify-each -split-input-file > %t.composed
// RUN: diff %t.whole %t.composed
// RUN: FileCheck %s < %t.whole

// loom-lower-scf-to-dfg is exactly its registered passes in order.
// CHECK-LABEL: dataflow.graph private @two_g0
//  CHECK-SAME: (%[[START:.+]]: none) values(%{{.+}}: index) memories(
//       CHECK:   dataflow.constant %[[START]] {value = 3.000000e+00 : f32}
// CHECK-LABEL: dataflow.graph private @two_g1
// CHECK-LABEL: dataflow.thread private @two
//  CHECK-SAME: ctrl(%[[CTRL:[^)]+]])
//       CHECK:   %[[D0:.+]] = dataflow.graph.launch @two_g0 deps(%[[CTRL]])
//  CHECK-NEXT:   dataflow.graph.wait %[[D0]]
//       CHECK:   %[[D1:.+]] = dataflow.graph.launch @two_g1 deps(%[[D0]])
//  CHECK-NEXT:   dataflow.thread.yield %[[D1]]
dataflow.thread private @two(%a: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  %three = arith.constant 3.0 : f32
  loom.spatial_region values(%n, %three : index, f32) memories(%a : memref<?xf32>) attributes {graph_name = "two_g0"} {
  ^bb0(%n1: index, %t: f32, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n1 step %c1 {
      memref.store %t, %a1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  loom.spatial_region values(%x : f32) memories(%a : memref<?xf32>) attributes {graph_name = "two_g1"} {
  ^bb0(%x1: f32, %a1: memref<?xf32>):
    %c1 = arith.constant 1 : index
    memref.store %x1, %a1[%c1] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
