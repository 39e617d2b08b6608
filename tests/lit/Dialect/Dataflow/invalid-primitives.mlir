// RUN: loom-opt %s -split-input-file -verify-diagnostics

// Verifier rules of the dataflow primitives: streaming (stream, carry,
// invariant, gate), control (constant, sync, mux, demux) and memory (load,
// store) actors. One case per rule.

// Rule: carry is a graph actor (not host code).
func.func @host(%p: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.carry' op is a graph actor and must appear inside a dataflow.graph body}}
  %y = dataflow.carry %p, %x, %x : i32
  return
}

// -----

// Rule: invariant is a graph actor (not thread code).
dataflow.thread private @t(%p: i1, %x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.invariant' op is a graph actor and must appear inside a dataflow.graph body}}
  %y = dataflow.invariant %p, %x : i32
}

// -----

// Rule: gate is a graph actor.
func.func @host(%p: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.gate' op is a graph actor and must appear inside a dataflow.graph body}}
  %c, %y = dataflow.gate %p, %x : (i1, i32) -> (i1, i32)
  return
}

// -----

// Rule: constant is a graph actor (not thread code).
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.constant' op is a graph actor and must appear inside a dataflow.graph body}}
  %x = dataflow.constant %c {value = 0 : i32} : i32
}

// -----

// Rule: a carried value is never a memref.
dataflow.graph private @g(%start: none) values(%p: i1)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.carry' op carried value has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %m = dataflow.carry %p, %A, %A : memref<?xi32>
  dataflow.graph.return %start : none
}

// -----

// Rule: an invariant value is never a memref.
dataflow.graph private @g(%start: none) values(%p: i1)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.invariant' op invariant value has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %m = dataflow.invariant %p, %A : memref<?xi32>
  dataflow.graph.return %start : none
}

// -----

// Rule: a gated value is never a memref.
dataflow.graph private @g(%start: none) values(%p: i1)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.gate' op gated value has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %c, %m = dataflow.gate %p, %A : (i1, memref<?xi32>) -> (i1, memref<?xi32>)
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS AllTypesMatch): carry's init, next and result share one type.
dataflow.graph private @g(%start: none) values(%p: i1, %x: i32, %y: i64) {
  // expected-error@+1 {{'dataflow.carry' op failed to verify that all of {init, next, out} have same type}}
  %z = "dataflow.carry"(%p, %x, %y) : (i1, i32, i64) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS AllTypesMatch): gate forwards its value unchanged.
dataflow.graph private @g(%start: none) values(%p: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.gate' op failed to verify that all of {beforeValue, afterValue} have same type}}
  %c, %y = dataflow.gate %p, %x : (i1, i32) -> (i1, i64)
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS): the phase of a carry is i1.
dataflow.graph private @g(%start: none) values(%p: i32, %x: i32) {
  // expected-error@+1 {{'dataflow.carry' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  %z = "dataflow.carry"(%p, %x, %x) : (i32, i32, i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS): stream counts in a signless integer type.
dataflow.graph private @g(%start: none) values(%x: f32) {
  // expected-error@+1 {{'dataflow.stream' op operand #0 must be signless integer, but got 'f32'}}
  %iv, %ph = "dataflow.stream"(%x, %x, %x) <{predicate = 2 : i64, step_kind = 0 : i32}>
      : (f32, f32, f32) -> (f32, i1)
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS AllTypesMatch): stream's init, limit, step and iv share one type.
dataflow.graph private @g(%start: none) values(%x: i32, %n: i64) {
  // expected-error@+1 {{'dataflow.stream' op failed to verify that all of {init, limit, step, iv} have same type}}
  %iv, %ph = "dataflow.stream"(%x, %n, %x) <{predicate = 2 : i64, step_kind = 0 : i32}>
      : (i32, i64, i32) -> (i32, i1)
  dataflow.graph.return %start : none
}

//===----------------------------------------------------------------------===//
// Control actors
//===----------------------------------------------------------------------===//

// -----

// Rule: the constant value has the result type.
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.constant' op value has type 'i64' but the result has type 'i32'}}
  %x = dataflow.constant %start {value = 7 : i64} : i32
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS): the constant value is a typed attribute.
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %x = dataflow.constant %start {value = [1, 2]} : i32
  dataflow.graph.return %start : none
}

// -----

// Rule: sync is not host code.
func.func @host(%x: i32) {
  // expected-error@+1 {{'dataflow.sync' op must appear inside a dataflow.graph or dataflow.thread body}}
  %y = dataflow.sync %x : (i32) -> i32
  return
}

// -----

// Rule: sync has at least one input.
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.sync' op needs at least one input}}
  dataflow.sync : () -> ()
  dataflow.graph.return %start : none
}

// -----

// Rule: sync forwards its inputs with their types.
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'dataflow.sync' op forwards its inputs: result types must equal input types position by position}}
  %y:2 = dataflow.sync %start, %x : (none, i32) -> (i32, none)
  dataflow.graph.return %start : none
}

// -----

// Rule: sync never forwards a memref.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.sync' op input has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %y:2 = dataflow.sync %start, %A : (none, memref<?xi32>) -> (none, memref<?xi32>)
  dataflow.graph.return %start : none
}

// -----

// Rule: mux is not host code.
func.func @host(%s: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.mux' op must appear inside a dataflow.graph or dataflow.thread body}}
  %y = dataflow.mux %s, %x, %x : (i1, i32, i32) -> i32
  return
}

// -----

// Rule: demux is not host code.
func.func @host(%s: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.demux' op must appear inside a dataflow.graph or dataflow.thread body}}
  %a, %b = dataflow.demux %s, %x : (i1, i32) -> (i32, i32)
  return
}

// -----

// Rule: an i1-selected mux merges exactly 2 lanes.
dataflow.graph private @g(%start: none) values(%s: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.mux' op has an i1 selector and 3 lanes; an i1 selector picks one of exactly 2 lanes}}
  %y = dataflow.mux %s, %x, %x, %x : (i1, i32, i32, i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: an index-selected mux merges 3 or more lanes.
dataflow.graph private @g(%start: none) values(%s: index, %x: i32) {
  // expected-error@+1 {{'dataflow.mux' op has an index selector and 2 lanes; use an i1 selector for 2 lanes, an index selector for 3 or more}}
  %y = dataflow.mux %s, %x, %x : (index, i32, i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: an i1-selected demux splits into exactly 2 lanes.
dataflow.graph private @g(%start: none) values(%s: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.demux' op has an i1 selector and 1 lanes; an i1 selector picks one of exactly 2 lanes}}
  %y = dataflow.demux %s, %x : (i1, i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: an index-selected demux splits into 3 or more lanes.
dataflow.graph private @g(%start: none) values(%s: index, %x: i32) {
  // expected-error@+1 {{'dataflow.demux' op has an index selector and 2 lanes; use an i1 selector for 2 lanes, an index selector for 3 or more}}
  %a, %b = dataflow.demux %s, %x : (index, i32) -> (i32, i32)
  dataflow.graph.return %start : none
}

// -----

// Rule: every mux lane has the result type.
dataflow.graph private @g(%start: none) values(%s: i1, %x: i32, %y: i64) {
  // expected-error@+1 {{'dataflow.mux' op lane #1 has type 'i64' but the result has type 'i32'}}
  %z = dataflow.mux %s, %x, %y : (i1, i32, i64) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: every demux lane has the value type.
dataflow.graph private @g(%start: none) values(%s: i1, %x: i32) {
  // expected-error@+1 {{'dataflow.demux' op lane #0 has type 'i64' but the value has type 'i32'}}
  %a, %b = dataflow.demux %s, %x : (i1, i32) -> (i64, i32)
  dataflow.graph.return %start : none
}

// -----

// Rule: mux never merges memrefs.
dataflow.graph private @g(%start: none) values(%s: i1)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.mux' op result has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %m = dataflow.mux %s, %A, %A : (i1, memref<?xi32>, memref<?xi32>) -> memref<?xi32>
  dataflow.graph.return %start : none
}

// -----

// Rule: demux never splits memrefs.
dataflow.graph private @g(%start: none) values(%s: i1)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.demux' op value has type 'memref<?xi32>'; memrefs are static memory bindings and never pass through stream-shaping actors}}
  %a, %b = dataflow.demux %s, %A : (i1, memref<?xi32>) -> (memref<?xi32>, memref<?xi32>)
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS): the selector is i1 or index.
dataflow.graph private @g(%start: none) values(%s: i32, %x: i32) {
  // expected-error@+1 {{'dataflow.mux' op operand #0 must be 1-bit signless integer or index, but got 'i32'}}
  %y = dataflow.mux %s, %x, %x, %x : (i32, i32, i32, i32) -> i32
  dataflow.graph.return %start : none
}

//===----------------------------------------------------------------------===//
// Memory actors
//===----------------------------------------------------------------------===//

// -----

// Rule: load is a graph actor (not thread code).
dataflow.thread private @t(%A: memref<?xi32>, %i: index) ctrl(%c)
    domain<dense> {
  // expected-error@+1 {{'dataflow.load' op is a graph actor and must appear inside a dataflow.graph body}}
  %x, %d = dataflow.load %A[%i] %c : memref<?xi32>
}

// -----

// Rule: store is a graph actor (not host code).
func.func @host(%A: memref<?xi32>, %i: index, %x: i32, %c: none) {
  // expected-error@+1 {{'dataflow.store' op is a graph actor and must appear inside a dataflow.graph body}}
  %d = dataflow.store %A[%i] %x %c : memref<?xi32>
  return
}

// -----

// Rule: load needs an identity-layout memref.
dataflow.graph private @g(%start: none) values(%i: index)
    memories(%A: memref<?xi32, strided<[2]>>) {
  // expected-error@+1 {{'dataflow.load' op needs a ranked memref with identity layout, got 'memref<?xi32, strided<[2]>>'}}
  %x, %d = dataflow.load %A[%i] %start : memref<?xi32, strided<[2]>>
  dataflow.graph.return %start : none
}

// -----

// Rule: store needs an identity-layout memref.
dataflow.graph private @g(%start: none) values(%i: index, %x: f32)
    memories(%A: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) {
  // expected-error@+1 {{'dataflow.store' op needs a ranked memref with identity layout, got 'memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>'}}
  %d = dataflow.store %A[%i, %i] %x %start
      : memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS): memory actors take ranked memrefs.
dataflow.graph private @g(%start: none) values(%x: i32)
    memories(%A: memref<*xi32>) {
  // expected-error@+1 {{'dataflow.store' op operand #0 must be memref of any type values, but got 'memref<*xi32>'}}
  %d = "dataflow.store"(%A, %x, %start) : (memref<*xi32>, i32, none) -> none
  dataflow.graph.return %start : none
}

// -----

// Rule: load has one index per memref dimension.
dataflow.graph private @g(%start: none) values(%i: index)
    memories(%A: memref<4x4xf32>) {
  // expected-error@+1 {{'dataflow.load' op has 1 indices for a memref of rank 2}}
  %x, %d = dataflow.load %A[%i] %start : memref<4x4xf32>
  dataflow.graph.return %start : none
}

// -----

// Rule: store has one index per memref dimension.
dataflow.graph private @g(%start: none) values(%i: index, %x: i32)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.store' op has 2 indices for a memref of rank 1}}
  %d = dataflow.store %A[%i, %i] %x %start : memref<?xi32>
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS TypesMatchWith): the loaded data has the element type.
dataflow.graph private @g(%start: none) values(%i: index)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.load' op failed to verify that data type matches the memory element type}}
  %x, %d = "dataflow.load"(%A, %i, %start)
      : (memref<?xi32>, index, none) -> (f32, none)
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS TypesMatchWith): the stored value has the element type.
dataflow.graph private @g(%start: none) values(%i: index, %x: i64)
    memories(%A: memref<?xi32>) {
  // expected-error@+1 {{'dataflow.store' op failed to verify that value type matches the memory element type}}
  %d = "dataflow.store"(%A, %i, %x, %start)
      : (memref<?xi32>, index, i64, none) -> none
  dataflow.graph.return %start : none
}

// -----

// Rule: dataflow.stream is a graph actor.
func.func @stream_on_host(%a: i32) {
  // expected-error@+1 {{'dataflow.stream' op is a graph actor and must appear inside a dataflow.graph body}}
  %iv, %phase = dataflow.stream %a, %a, %a step add while slt : i32
  return
}

// -----

// Rule: outside graphs, sync only joins completion events.
dataflow.thread private @t(%x: i32) ctrl(%ctrl) domain<dense> {
  // expected-error@+1 {{'dataflow.sync' op routes a value of type 'i32' in a thread body}}
  %c, %v = dataflow.sync %ctrl, %x : (none, i32) -> (none, i32)
  dataflow.thread.yield
}

// -----

// Rule: outside graphs, mux only selects completion events.
dataflow.thread private @t(%x: i32, %y: i32, %c: i1) ctrl(%ctrl) domain<dense> {
  // expected-error@+1 {{'dataflow.mux' op routes a value of type 'i32' in a thread body}}
  %v = dataflow.mux %c, %x, %y : (i1, i32, i32) -> i32
  dataflow.thread.yield
}

// -----

// Rule: a constant's value is a number (or dense elements).
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.constant' op value must be an integer, float or dense elements attribute}}
  %c = dataflow.constant %start {value = "s"} : i64
  dataflow.graph.return %start : none
}
