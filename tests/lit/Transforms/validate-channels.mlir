// RUN: loom-opt %s -split-input-file --loom-validate-dataflow -verify-diagnostics | FileCheck %s

// Shared shape: @produce publishes one stream value per launch, @consume
// reads one. Neither does work beyond forwarding, so %start is a valid
// completion.
dataflow.graph private @produce(%start: none) values(%x: i32) -> streams(i32) {
  dataflow.graph.return streams(%x : i32) complete(%start)
}
dataflow.graph private @consume(%start: none) streams(%s: i32) -> values(i32) {
  dataflow.graph.return %start, %s : none, i32
}

// One producer, one consumer reading its left neighbour clamped to the
// domain: the map stays inside [0, 4) for every consumer point.
// CHECK-LABEL: dataflow.thread private @neighbours
dataflow.thread private @neighbours(%x: i32) ctrl(%ctrl) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %dp = dataflow.graph.launch @produce deps(%ctrl) values(%x : i32) stream_outputs(%ch : !dataflow.channel<i32>)
  %v, %dc = dataflow.graph.launch @consume deps(%ctrl) stream_inputs(%ch : !dataflow.channel<i32>) source_maps([affine_map<(d0) -> (d0 floordiv 2)>]) -> values(i32)
  dataflow.thread.yield %dp, %dc
}
func.func @host(%x: i32) {
  %c4 = arith.constant 4 : index
  %t = dataflow.thread.launch @neighbours extents(%c4) args(%x : i32)
  dataflow.thread.wait %t
  return
}

// -----

dataflow.graph private @consume(%start: none) streams(%s: i32) -> values(i32) {
  dataflow.graph.return %start, %s : none, i32
}

// A channel nobody produces into.
dataflow.thread private @no_producer(%x: i32) ctrl(%ctrl) coords(%i) domain<dense> {
  // expected-error @below {{has 0 producer bindings and 1 consumers}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %v, %dc = dataflow.graph.launch @consume deps(%ctrl) stream_inputs(%ch : !dataflow.channel<i32>) source_maps([affine_map<(d0) -> (d0)>]) -> values(i32)
  dataflow.thread.yield %dc
}

// -----

dataflow.graph private @produce(%start: none) values(%x: i32) -> streams(i32) {
  dataflow.graph.return streams(%x : i32) complete(%start)
}
dataflow.graph private @consume(%start: none) streams(%s: i32) -> values(i32) {
  dataflow.graph.return %start, %s : none, i32
}

// The right neighbour of the last point does not exist.
dataflow.thread private @off_edge(%x: i32) ctrl(%ctrl) coords(%i) domain<dense> {
  // expected-error @below {{leaves the producer domain at consumer point (3)}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %dp = dataflow.graph.launch @produce deps(%ctrl) values(%x : i32) stream_outputs(%ch : !dataflow.channel<i32>)
  %v, %dc = dataflow.graph.launch @consume deps(%ctrl) stream_inputs(%ch : !dataflow.channel<i32>) source_maps([affine_map<(d0) -> (d0 + 1)>]) -> values(i32)
  dataflow.thread.yield %dp, %dc
}
func.func @host(%x: i32) {
  %c4 = arith.constant 4 : index
  // expected-note @below {{for this launch's extents}}
  %t = dataflow.thread.launch @off_edge extents(%c4) args(%x : i32)
  dataflow.thread.wait %t
  return
}

// -----

dataflow.graph private @produce(%start: none) values(%x: i32) -> streams(i32) {
  dataflow.graph.return streams(%x : i32) complete(%start)
}

// Two producer bindings of one channel.
dataflow.thread private @two_producers(%x: i32) ctrl(%ctrl) coords(%i) domain<dense> {
  // expected-error @below {{has 2 producer bindings and 1 consumers}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %d0 = dataflow.graph.launch @produce deps(%ctrl) values(%x : i32) stream_outputs(%ch : !dataflow.channel<i32>)
  %d1 = dataflow.graph.launch @produce deps(%ctrl) values(%x : i32) stream_outputs(%ch : !dataflow.channel<i32>)
  %v = dataflow.channel.receive %ch : !dataflow.channel<i32>
  dataflow.thread.yield %d0, %d1
}
