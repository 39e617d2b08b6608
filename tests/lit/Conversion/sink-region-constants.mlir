// RUN: loom-opt %s --loom-sink-region-constants -verify-each | FileCheck %s
// RUN: loom-opt %s --loom-sink-region-constants --loom-lower-graph-regions --loom-finalize-graph-launches -verify-each | FileCheck %s --check-prefix=GRAPH

// A constant the thread passes in becomes the region's own: the value input
// goes away, the other inputs keep their order, and the constant is copied
// to the top of the body.
// CHECK-LABEL: dataflow.thread private @scale
//       CHECK:   %[[TWO:.+]] = arith.constant 2.000000e+00 : f32
//       CHECK:   loom.spatial_region values(%{{.+}} : index) memories(%{{.+}} : memref<?xf32>)
//  CHECK-NEXT:   ^bb0(%[[N:.+]]: index, %[[A:.+]]: memref<?xf32>):
//  CHECK-NEXT:     %[[C:.+]] = arith.constant 2.000000e+00 : f32
//       CHECK:     arith.mulf %{{.+}}, %[[C]] : f32
// After lowering it fires from the graph's start instead of being a launch
// value input.
// GRAPH-LABEL: dataflow.graph private @scale_g0
//  GRAPH-SAME: (%[[START:.+]]: none) values(%{{.+}}: index) memories(
//       GRAPH: dataflow.constant %[[START]] {value = 2.000000e+00 : f32} : f32
//       GRAPH: dataflow.graph.launch @scale_g0 deps(%{{.+}}) values(%{{.+}} : index) memories(
dataflow.thread private @scale(%a: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  %two = arith.constant 2.0 : f32
  loom.spatial_region values(%n, %two : index, f32) memories(%a : memref<?xf32>) attributes {graph_name = "scale_g0"} {
  ^bb0(%n1: index, %t: f32, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n1 step %c1 {
      %x = memref.load %a1[%i] : memref<?xf32>
      %y = arith.mulf %x, %t : f32
      memref.store %y, %a1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// A value input that is not a constant stays an input.
// CHECK-LABEL: dataflow.thread private @keep
//       CHECK:   loom.spatial_region values(%{{.+}} : f32) memories(
// GRAPH-LABEL: dataflow.graph private @keep_g0
//  GRAPH-SAME: values(%{{.+}}: f32)
dataflow.thread private @keep(%a: memref<?xf32>, %v: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%v : f32) memories(%a : memref<?xf32>) attributes {graph_name = "keep_g0"} {
  ^bb0(%v1: f32, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    memref.store %v1, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
