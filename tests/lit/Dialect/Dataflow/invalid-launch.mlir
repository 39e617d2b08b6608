// RUN: loom-opt %s -split-input-file -verify-diagnostics

// Verifier rules of dataflow.graph.launch (placement, local boundary, binding
// against the callee's segments) and dataflow.graph.wait. One case per rule.

// Rule: graph.launch belongs to a thread body, not to host code.
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
func.func @host(%d: none) {
  // expected-error@+1 {{'dataflow.graph.launch' op must appear inside a dataflow.thread body}}
  %done = dataflow.graph.launch @g deps(%d)
  return
}

// -----

// Rule: the callee must resolve.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op callee @missing does not resolve to a symbol in the module}}
  %done = dataflow.graph.launch @missing deps(%c)
}

// -----

// Rule: the callee must be a dataflow.graph.
dataflow.thread private @other() ctrl(%c) domain<dense> {
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op callee @other must be a dataflow.graph, got 'dataflow.thread'}}
  %done = dataflow.graph.launch @other deps(%c)
}

//===----------------------------------------------------------------------===//
// Local boundary rules
//===----------------------------------------------------------------------===//

// -----

// Rule: a memref is never bound as a value input.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op value input #0 is a memref; memory crosses the boundary in the memories segment}}
  %done = dataflow.graph.launch @g values(%A : memref<?xi32>)
}

// -----

// Rule: a memref is never a value result.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> memories(memref<?xi32>) {
  dataflow.graph.return memories(%A : memref<?xi32>) complete(%start)
}
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op value result #0 is a memref; memory results belong to the memories segment}}
  %m, %done = dataflow.graph.launch @g memories(%A : memref<?xi32>)
      -> values(memref<?xi32>)
}

// -----

// Rule: a memory input is a memref.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op memory input #0 has type 'i32'; memory ports take memrefs only}}
  %done = dataflow.graph.launch @g memories(%x : i32)
}

// -----

// Rule: a memory result is a memref.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return %start, %x : none, i32
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op memory result #0 has type 'i32'; memory ports take memrefs only}}
  %y, %done = dataflow.graph.launch @g values(%x : i32) -> memories(i32)
}

// -----

// Rule: each stream input has exactly one source map.
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op has 1 stream inputs but 0 source maps; each stream input needs one}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([])
}

// -----

// Rule (ODS): source_maps is an array of affine maps.
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op attribute 'source_maps' failed to satisfy constraint: AffineMap array attribute}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([0 : i64])
}

// -----

// Rule: a source map is symbol-free.
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op source map #0 must be symbol-free, got affine_map<(d0)[s0] -> (d0 + s0)>}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<(d0)[s0] -> (d0 + s0)>])
}

// -----

// Rule: a source map has one dimension per consumer coordinate.
dataflow.graph private @g(%start: none) streams(%s: i32, %u: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i, %j) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op source map #1 has 1 dimensions but the consumer thread has rank 2}}
  %done = dataflow.graph.launch @g
      stream_inputs(%ch, %ch : !dataflow.channel<i32>, !dataflow.channel<i32>)
      source_maps([affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0) -> (d0)>])
}

// -----

// Rule: stream channels are not bound inside a dynamic_work thread.
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
  %ch = builtin.unrealized_conversion_cast %item
      : i64 to !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op binds stream channels inside dynamic_work thread @w; stream endpoints need a dense domain}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<() -> ()>])
}

// -----

// Rule (ODS): stream bindings are channels.
dataflow.graph private @g(%start: none) -> streams(i32) {
  %x = dataflow.constant %start {value = 1 : i32} : i32
  dataflow.graph.return streams(%x : i32) complete(%start)
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op operand #0 must be variadic of channel, but got 'i32'}}
  %done = "dataflow.graph.launch"(%x) <{callee = @g,
      operandSegmentSizes = array<i32: 0, 0, 0, 0, 1>,
      resultSegmentSizes = array<i32: 0, 0, 1>}> : (i32) -> none
}

// -----

// Rule: `->` announces at least one result group. (The error is reported at
// the token after `->`; see BUGS-from-ops-helper.txt for a bare `->`.)
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{expected 'values(...)' or 'memories(...)' after '->'}}
  %done = dataflow.graph.launch @g deps(%c) -> {loom.tag}
}

//===----------------------------------------------------------------------===//
// Binding against the callee's segments
//===----------------------------------------------------------------------===//

// -----

// Rule: the value input count matches the callee.
dataflow.graph private @g(%start: none) values(%x: i32, %y: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op binds 1 value inputs but @g declares 2}}
  %done = dataflow.graph.launch @g values(%x : i32)
}

// -----

// Rule: each value input has the callee's type.
dataflow.graph private @g(%start: none) values(%x: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op value inputs #0 has type 'i64' but @g declares 'i32'}}
  %done = dataflow.graph.launch @g values(%x : i64)
}

// -----

// Rule: the stream input count matches the callee.
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.graph.launch' op binds 1 stream inputs but @g declares 0}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<i32>)
      source_maps([affine_map<(d0) -> (d0)>])
}

// -----

// Rule: each stream input channel carries the callee's stream type.
dataflow.graph private @g(%start: none) streams(%s: i32) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<f32>
  // expected-error@+1 {{'dataflow.graph.launch' op stream inputs #0 has type '!dataflow.channel<f32>' but @g declares a stream of 'i32'}}
  %done = dataflow.graph.launch @g stream_inputs(%ch : !dataflow.channel<f32>)
      source_maps([affine_map<(d0) -> (d0)>])
}

// -----

// Rule: the memory input count matches the callee.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op binds 0 memory inputs but @g declares 1}}
  %done = dataflow.graph.launch @g deps(%c)
}

// -----

// Rule: each memory input has the callee's memref type.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  dataflow.graph.return %start : none
}
dataflow.thread private @t(%A: memref<?xf32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op memory inputs #0 has type 'memref<?xf32>' but @g declares 'memref<?xi32>'}}
  %done = dataflow.graph.launch @g memories(%A : memref<?xf32>)
}

// -----

// Rule: the value result count matches the callee.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return %start, %x : none, i32
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op binds 0 value results but @g declares 1}}
  %done = dataflow.graph.launch @g values(%x : i32)
}

// -----

// Rule: each value result has the callee's type.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  dataflow.graph.return %start, %x : none, i32
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op value results #0 has type 'f32' but @g declares 'i32'}}
  %y, %done = dataflow.graph.launch @g values(%x : i32) -> values(f32)
}

// -----

// Rule: the stream output count matches the callee.
dataflow.graph private @g(%start: none) -> streams(i32) {
  %x = dataflow.constant %start {value = 1 : i32} : i32
  dataflow.graph.return streams(%x : i32) complete(%start)
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op binds 0 stream outputs but @g declares 1}}
  %done = dataflow.graph.launch @g deps(%c)
}

// -----

// Rule: each stream output channel carries the callee's stream type.
dataflow.graph private @g(%start: none) -> streams(i32) {
  %x = dataflow.constant %start {value = 1 : i32} : i32
  dataflow.graph.return streams(%x : i32) complete(%start)
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i64>
  // expected-error@+1 {{'dataflow.graph.launch' op stream outputs #0 has type '!dataflow.channel<i64>' but @g declares a stream of 'i32'}}
  %done = dataflow.graph.launch @g stream_outputs(%ch : !dataflow.channel<i64>)
}

// -----

// Rule: the memory result count matches the callee.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> memories(memref<?xi32>) {
  dataflow.graph.return memories(%A : memref<?xi32>) complete(%start)
}
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op binds 0 memory results but @g declares 1}}
  %done = dataflow.graph.launch @g memories(%A : memref<?xi32>)
}

// -----

// Rule: each memory result has the callee's memref type.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> memories(memref<?xi32>) {
  dataflow.graph.return memories(%A : memref<?xi32>) complete(%start)
}
dataflow.thread private @t(%A: memref<?xi32>) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.launch' op memory results #0 has type 'memref<8xi32>' but @g declares 'memref<?xi32>'}}
  %m, %done = dataflow.graph.launch @g memories(%A : memref<?xi32>)
      -> memories(memref<8xi32>)
}

//===----------------------------------------------------------------------===//
// dataflow.graph.wait
//===----------------------------------------------------------------------===//

// -----

// Rule: graph.wait waits for at least one event.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.wait' op needs at least one completion event}}
  dataflow.graph.wait
}

// -----

// Rule: graph.wait belongs to a thread body, not to host code.
func.func @host(%d: none) {
  // expected-error@+1 {{'dataflow.graph.wait' op must appear inside a dataflow.thread body}}
  dataflow.graph.wait %d
  return
}
