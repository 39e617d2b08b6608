// RUN: loom-opt %s --loom-lower-graph-regions -verify-each -split-input-file | FileCheck %s
// RUN: not loom-opt %s --loom-lower-graph-regions=index-width=16 2>&1 | FileCheck %s --check-prefix=WIDTH

// Graph-region lowering alone: each region becomes a graph and a launch on
// the thread's control. The launches are not chained, no wait is added and
// the yield is untouched (loom-finalize-graph-launches does that). Two
// regions asking for one symbol get distinct ones, in region order.
// CHECK: dataflow.graph private @t_g(
// CHECK: dataflow.graph private @t_g_0(
// CHECK-LABEL: dataflow.thread private @t
//  CHECK-SAME: ctrl(%[[CTRL:[^)]+]])
//  CHECK-NEXT: %[[D0:.+]] = dataflow.graph.launch @t_g deps(%[[CTRL]]) memories(
//  CHECK-NEXT: arith.constant
//  CHECK-NEXT: memref.load
//  CHECK-NEXT: %[[D1:.+]] = dataflow.graph.launch @t_g_0 deps(%[[CTRL]]) memories(
//  CHECK-NEXT: dataflow.thread.yield{{$}}
//   CHECK-NOT: loom.spatial_region
// WIDTH: error: loom-lower-graph-regions: index-width=16 is not supported (32 or 64)
dataflow.thread private @t(%a: memref<?xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<?xf32>) {
  ^bb0(%a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  loom.spatial_region memories(%a : memref<?xf32>) {
  ^bb0(%a1: memref<?xf32>):
    %c1 = arith.constant 1 : index
    %o = arith.constant 1.0 : f32
    memref.store %o, %a1[%c1] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
