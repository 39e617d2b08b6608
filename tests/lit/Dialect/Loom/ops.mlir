// RUN: loom-opt %s | FileCheck %s
// RUN: loom-opt %s | loom-opt | FileCheck %s
// RUN: loom-opt %s --mlir-print-op-generic | loom-opt | FileCheck %s
// RUN: loom-opt %s -emit-bytecode | loom-opt | FileCheck %s

// Round trip of loom.spatial_region and loom.spatial_yield in the printed,
// the re-parsed, the generic and the bytecode form.

// CHECK-DAG: #[[PREV:.+]] = affine_map<(d0) -> (d0 - 1)>
// CHECK-DAG: #[[ID:.+]] = affine_map<(d0) -> (d0)>

// Every boundary segment, two source maps, value and memory results and the
// graph_name attribute; the body is ordinary structured code.
// CHECK-LABEL: dataflow.thread private @all_segments(
//  CHECK-SAME:     %[[A:.+]]: memref<?xi32>, %[[B:.+]]: memref<?xf32>, %[[N:.+]]: index) ctrl(%{{.+}}) coords(%{{.+}}) domain<dense> {
//       CHECK:   %[[CI:.+]] = dataflow.channel.create : <i32>
//       CHECK:   %[[CF:.+]] = dataflow.channel.create : <f32>
//       CHECK:   %[[CO:.+]] = dataflow.channel.create : <i32>
//       CHECK:   %{{.+}}, %{{.+}}:2 = loom.spatial_region values(%[[N]] : index) stream_inputs(%[[CI]], %[[CF]] : !dataflow.channel<i32>, !dataflow.channel<f32>) source_maps([#[[PREV]], #[[ID]]]) memories(%[[A]], %[[B]] : memref<?xi32>, memref<?xf32>) stream_outputs(%[[CO]] : !dataflow.channel<i32>) -> values(i32) memories(memref<?xi32>, memref<?xf32>) attributes {graph_name = "all_segments_g0"} {
//  CHECK-NEXT:   ^bb0(%[[BN:.+]]: index, %{{.+}}: !dataflow.channel<i32>, %{{.+}}: !dataflow.channel<f32>, %[[BA:.+]]: memref<?xi32>, %[[BB:.+]]: memref<?xf32>, %{{.+}}: !dataflow.channel<i32>):
//       CHECK:     %[[SUM:.+]] = scf.for
//       CHECK:     loom.spatial_yield %[[SUM]], %[[BA]], %[[BB]] : i32, memref<?xi32>, memref<?xf32>
//  CHECK-NEXT:   }
//  CHECK-NEXT:   dataflow.thread.yield{{$}}
dataflow.thread private @all_segments(%A: memref<?xi32>, %B: memref<?xf32>,
                                      %n: index)
    ctrl(%c) coords(%i) domain<dense> {
  %ci = dataflow.channel.create : !dataflow.channel<i32>
  %cf = dataflow.channel.create : !dataflow.channel<f32>
  %co = dataflow.channel.create : !dataflow.channel<i32>
  %sum, %A2, %B2 = loom.spatial_region values(%n : index)
      stream_inputs(%ci, %cf : !dataflow.channel<i32>, !dataflow.channel<f32>)
      source_maps([affine_map<(d0) -> (d0 - 1)>, affine_map<(d0) -> (d0)>])
      memories(%A, %B : memref<?xi32>, memref<?xf32>)
      stream_outputs(%co : !dataflow.channel<i32>)
      -> values(i32) memories(memref<?xi32>, memref<?xf32>)
      attributes {graph_name = "all_segments_g0"} {
  ^bb0(%n1: index, %si: !dataflow.channel<i32>, %sf: !dataflow.channel<f32>,
       %A1: memref<?xi32>, %B1: memref<?xf32>, %so: !dataflow.channel<i32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    %s = scf.for %k = %c0 to %n1 step %c1 iter_args(%acc = %zero) -> (i32) {
      %x = memref.load %A1[%k] : memref<?xi32>
      %y = arith.addi %acc, %x : i32
      scf.yield %y : i32
    }
    loom.spatial_yield %s, %A1, %B1 : i32, memref<?xi32>, memref<?xf32>
  }
  dataflow.thread.yield
}

// No operands and no results: no block header, an implicit empty yield.
// CHECK-LABEL: dataflow.thread private @empty_region(
//       CHECK:   loom.spatial_region {
//  CHECK-NEXT:     loom.spatial_yield{{$}}
//  CHECK-NEXT:   }
dataflow.thread private @empty_region() ctrl(%c) domain<dense> {
  loom.spatial_region {
  }
}

// Values only, in a rank-0 thread.
// CHECK-LABEL: dataflow.thread private @values_only(
//  CHECK-SAME:     %[[X:.+]]: i32) ctrl(%{{.+}}) domain<dense> {
//       CHECK:   %[[R:.+]] = loom.spatial_region values(%[[X]] : i32) -> values(i32) {
//  CHECK-NEXT:   ^bb0(%[[BX:.+]]: i32):
//  CHECK-NEXT:     %[[Y:.+]] = arith.muli %[[BX]], %[[BX]] : i32
//  CHECK-NEXT:     loom.spatial_yield %[[Y]] : i32
dataflow.thread private @values_only(%x: i32) ctrl(%c) domain<dense> {
  %r = loom.spatial_region values(%x : i32) -> values(i32) {
  ^bb0(%x1: i32):
    %y = arith.muli %x1, %x1 : i32
    loom.spatial_yield %y : i32
  }
}

// Memories in and out only, in a dynamic-work thread (no stream bindings).
// CHECK-LABEL: dataflow.thread private @memories_in_dynamic(
//  CHECK-SAME:     %[[A:.+]]: memref<4x?xf32>, %{{.+}}: i64) ctrl(%{{.+}}) domain<dynamic_work, work_item_arg = 1> {
//       CHECK:   %{{.+}} = loom.spatial_region memories(%[[A]] : memref<4x?xf32>) -> memories(memref<4x?xf32>) {
//  CHECK-NEXT:   ^bb0(%[[BA:.+]]: memref<4x?xf32>):
//  CHECK-NEXT:     loom.spatial_yield %[[BA]] : memref<4x?xf32>
dataflow.thread private @memories_in_dynamic(%A: memref<4x?xf32>, %item: i64)
    ctrl(%c) domain<dynamic_work, work_item_arg = 1> {
  %A2 = loom.spatial_region memories(%A : memref<4x?xf32>)
      -> memories(memref<4x?xf32>) {
  ^bb0(%A1: memref<4x?xf32>):
    loom.spatial_yield %A1 : memref<4x?xf32>
  }
}

// A producer region: stream outputs without stream inputs or source maps.
// CHECK-LABEL: dataflow.thread private @producer(
//  CHECK-SAME:     %[[X:.+]]: i32) ctrl(%{{.+}}) coords(%{{.+}}, %{{.+}}) domain<dense> {
//       CHECK:   %[[CO:.+]] = dataflow.channel.create : <i32>
//       CHECK:   loom.spatial_region values(%[[X]] : i32) stream_outputs(%[[CO]] : !dataflow.channel<i32>) {
//   CHECK-NOT:     source_maps
//       CHECK:     loom.spatial_yield{{$}}
dataflow.thread private @producer(%x: i32) ctrl(%c) coords(%i, %j)
    domain<dense> {
  %co = dataflow.channel.create : !dataflow.channel<i32>
  loom.spatial_region values(%x : i32)
      stream_outputs(%co : !dataflow.channel<i32>) {
  ^bb0(%x1: i32, %o: !dataflow.channel<i32>):
    loom.spatial_yield
  }
}
