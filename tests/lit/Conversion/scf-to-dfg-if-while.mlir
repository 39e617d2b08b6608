// RUN: loom-opt %s --loom-lower-scf-to-dfg --loom-validate-dataflow -split-input-file | FileCheck %s

// scf.if with results: the condition demuxes E, W, R and captured values;
// results, E, W and R are muxed back with the same condition.
// CHECK-LABEL: dataflow.graph private @clip_g0
//       CHECK: %[[C:.+]] = arith.cmpf ogt
//       CHECK: %{{.+}}:2 = dataflow.demux %[[C]], %{{.+}} : (i1, none) -> (none, none)
//       CHECK: %[[R:.+]] = dataflow.mux %[[C]], %{{.+}}, %{{.+}} : (i1, none, none) -> none
//       CHECK: dataflow.mux %[[C]], %{{.+}}, %{{.+}} : (i1, f32, f32) -> f32
//   CHECK-NOT: scf.
//       CHECK: dataflow.graph.return
dataflow.thread private @clip(%x: f32, %t: f32, %a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%x, %t : f32, f32) memories(%a : memref<1xf32>) attributes {graph_name = "clip_g0"} {
  ^bb0(%x1: f32, %t1: f32, %a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %cond = arith.cmpf ogt, %x1, %t1 : f32
    %r = scf.if %cond -> f32 {
      scf.yield %t1 : f32
    } else {
      %y = memref.load %a1[%c0] : memref<1xf32>
      scf.yield %y : f32
    }
    memref.store %r, %a1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// scf.while: condition-driven carries feed the before region, a gate feeds
// the after region, the false lanes are the exits; the result is a value
// output published with the completion.
// CHECK-LABEL: dataflow.graph private @find_g0
//       CHECK: %[[E:.+]] = dataflow.carry %[[COND:.+]], %{{.+}}, %{{.+}} : none
//       CHECK: %[[I:.+]] = dataflow.carry %[[COND]], %{{.+}}, %{{.+}} : index
//       CHECK: dataflow.load
//       CHECK: %[[COND]] = arith.cmpf olt
//       CHECK: dataflow.gate %[[COND]], %{{.+}} : (i1, none) -> (i1, none)
//   CHECK-NOT: scf.
//       CHECK: %[[PUB:.+]]:2 = dataflow.sync %{{.+}}, %{{.+}} : (none, index) -> (none, index)
//       CHECK: dataflow.graph.return %[[PUB]]#0, %[[PUB]]#1 : none, index
//       CHECK: dataflow.thread private @find
//       CHECK:   %[[V:.+]], %[[D:.+]] = dataflow.graph.launch @find_g0
//       CHECK:   dataflow.graph.wait %[[D]]
//       CHECK:   memref.store %[[V]]
dataflow.thread private @find(%a: memref<?xf32>, %key: f32, %out: memref<1xindex>) ctrl(%c) domain<dense> {
  %r = loom.spatial_region values(%key : f32) memories(%a : memref<?xf32>) -> values(index) attributes {graph_name = "find_g0"} {
  ^bb0(%k1: f32, %a1: memref<?xf32>):
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
    loom.spatial_yield %i : index
  }
  %c0 = arith.constant 0 : index
  memref.store %r, %out[%c0] : memref<1xindex>
  dataflow.thread.yield
}

// -----

// scf.index_switch with cases [2, 5]: the lane is 0 (default), 1 or 2,
// computed with arith.select; demux and mux have three lanes.
// CHECK-LABEL: dataflow.graph private @switch_g0
//       CHECK: %[[EQ2:.+]] = arith.cmpi eq, %{{.+}}, %{{.+}} : index
//       CHECK: %[[L1:.+]] = arith.select %[[EQ2]], %{{.+}}, %{{.+}} : index
//       CHECK: %[[LANE:.+]] = arith.select %{{.+}}, %{{.+}}, %[[L1]] : index
//       CHECK: dataflow.demux %[[LANE]], %{{.+}} : (index, none) -> (none, none, none)
//       CHECK: dataflow.mux %[[LANE]], %{{.+}}, %{{.+}}, %{{.+}} : (index, f32, f32, f32) -> f32
//   CHECK-NOT: scf.
dataflow.thread private @switch(%s: index, %a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%s : index) memories(%a : memref<1xf32>) attributes {graph_name = "switch_g0"} {
  ^bb0(%s1: index, %a1: memref<1xf32>):
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
    loom.spatial_yield
  }
  dataflow.thread.yield
}
