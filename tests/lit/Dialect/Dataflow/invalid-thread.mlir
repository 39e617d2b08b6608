// RUN: loom-opt %s -split-input-file -verify-diagnostics

// Verifier rules of dataflow.thread, dataflow.thread.launch,
// dataflow.thread.wait, dataflow.work.spawn, the channel operations and the
// thread-side types and attributes. One case per rule.

// Rule: a thread definition must be private (no visibility keyword = public).
// expected-error@+1 {{'dataflow.thread' op must have 'private' visibility, got 'public'}}
dataflow.thread @t() ctrl(%c) domain<dense> {
}

// -----

// Rule: a thread definition must be private ('nested' is rejected too).
// expected-error@+1 {{'dataflow.thread' op must have 'private' visibility, got 'nested'}}
dataflow.thread nested @t() ctrl(%c) domain<dense> {
}

// -----

// Rule: a thread has no data results.
// expected-error@+1 {{'dataflow.thread' op has no data results: the launch produces the completion token, got 1 function results}}
"dataflow.thread"() <{domain = #dataflow.thread_domain<dense>,
                      function_type = () -> i32, sym_name = "t",
                      sym_visibility = "private"}> ({
^bb0(%c: none):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()

// -----

// Rule: work_item_arg must name an ordinary argument.
// expected-error@+1 {{'dataflow.thread' op work_item_arg = 1 is out of range: the thread has 1 ordinary arguments}}
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 1> {
}

// -----

// Rule: a dynamic_work thread takes no channel inputs.
// expected-error@+1 {{'dataflow.thread' op dynamic_work thread may not take channel or thread token inputs, argument #1 has type '!dataflow.channel<i32>'}}
dataflow.thread private @w(%item: i64, %ch: !dataflow.channel<i32>) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
}

// -----

// Rule: a dynamic_work thread takes no thread token inputs.
// expected-error@+1 {{'dataflow.thread' op dynamic_work thread may not take channel or thread token inputs, argument #0 has type '!dataflow.thread_token'}}
dataflow.thread private @w(%t: !dataflow.thread_token, %item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 1> {
}

// -----

// Rule: the entry block holds the signature arguments, then thread_ctrl.
// expected-error@+1 {{'dataflow.thread' op entry block must have the 1 signature arguments followed by thread_ctrl, got 1 arguments}}
"dataflow.thread"() <{domain = #dataflow.thread_domain<dense>,
                      function_type = (i32) -> (), sym_name = "t",
                      sym_visibility = "private"}> ({
^bb0(%x: i32):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()

// -----

// Rule: entry block arguments match the signature.
// expected-error@+1 {{'dataflow.thread' op entry block argument #0 has type 'i64' but the signature says 'i32'}}
"dataflow.thread"() <{domain = #dataflow.thread_domain<dense>,
                      function_type = (i32) -> (), sym_name = "t",
                      sym_visibility = "private"}> ({
^bb0(%x: i64, %c: none):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()

// -----

// Rule: thread_ctrl has type none.
// expected-error@+1 {{'dataflow.thread' op thread_ctrl (entry block argument #1) must have type none, got 'i1'}}
"dataflow.thread"() <{domain = #dataflow.thread_domain<dense>,
                      function_type = (i32) -> (), sym_name = "t",
                      sym_visibility = "private"}> ({
^bb0(%x: i32, %c: i1):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()

// -----

// Rule: coordinates have type index.
// expected-error@+1 {{'dataflow.thread' op coordinate #1 must have type index, got 'i64'}}
"dataflow.thread"() <{domain = #dataflow.thread_domain<dense>,
                      function_type = () -> (), sym_name = "t",
                      sym_visibility = "private"}> ({
^bb0(%c: none, %i: index, %j: i64):
  "dataflow.thread.yield"() : () -> ()
}) : () -> ()

// -----

// Rule: a dynamic_work thread has no coordinates.
// expected-error@+1 {{'dataflow.thread' op dynamic_work thread has no coordinates, got 1}}
dataflow.thread private @w(%item: i64) ctrl(%c) coords(%i)
    domain<dynamic_work, work_item_arg = 0> {
}

// -----

// Rule: no definition inside a thread body, however deeply nested.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  builtin.module {
    // expected-error@+1 {{'func.func' op may not be defined inside a dataflow.thread body; definitions are module-scope siblings}}
    func.func private @inner()
  }
}

// -----

// Rule (ODS HasParent): threads and graphs are module-scope definitions.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph' op expects parent op 'builtin.module'}}
  dataflow.graph private @inner(%start: none) {
    dataflow.graph.return %start : none
  }
}

// -----

// Rule: the thread domain keyword is 'dense' or 'dynamic_work'.
// expected-error@+1 {{unknown thread domain 'static', expected 'dense' or 'dynamic_work'}}
dataflow.thread private @t() ctrl(%c) domain<static> {
}

// -----

// Rule (ODS): the completion frontier of thread.yield is made of none events.
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.thread.yield' op operand #0 must be variadic of none type, but got 'i32'}}
  "dataflow.thread.yield"(%x) : (i32) -> ()
}

//===----------------------------------------------------------------------===//
// dataflow.thread.launch
//===----------------------------------------------------------------------===//

// -----

// Rule: thread.launch is host code, not thread code.
dataflow.thread private @callee() ctrl(%c) domain<dense> {
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.thread.launch' op must appear outside every dataflow.thread; found inside thread @t}}
  %tok = dataflow.thread.launch @callee args()
}

// -----

// Rule: thread.launch is host code, not graph code.
dataflow.thread private @callee() ctrl(%c) domain<dense> {
}
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.thread.launch' op must appear outside every dataflow.graph; found inside graph @g}}
  %tok = dataflow.thread.launch @callee args()
  dataflow.graph.return %start : none
}

// -----

// Rule: a constant extent must be non-negative.
dataflow.thread private @t() ctrl(%c) coords(%i, %j) domain<dense> {
}
func.func @host(%n: index) {
  %minus = arith.constant -2 : index
  // expected-error@+1 {{'dataflow.thread.launch' op extent #1 is -2; extents must be non-negative}}
  %tok = dataflow.thread.launch @t extents(%n, %minus) args()
  return
}

// -----

// Rule: the callee must resolve.
func.func @host() {
  // expected-error@+1 {{'dataflow.thread.launch' op callee @missing does not resolve to a symbol in the module}}
  %tok = dataflow.thread.launch @missing args()
  return
}

// -----

// Rule: the callee must be a dataflow.thread.
dataflow.graph private @g(%start: none) {
  dataflow.graph.return %start : none
}
func.func @host() {
  // expected-error@+1 {{'dataflow.thread.launch' op callee @g must be a dataflow.thread, got 'dataflow.graph'}}
  %tok = dataflow.thread.launch @g args()
  return
}

// -----

// Rule: the body operand count matches the callee signature.
dataflow.thread private @t(%x: i32, %y: f32) ctrl(%c) domain<dense> {
}
func.func @host(%x: i32) {
  // expected-error@+1 {{'dataflow.thread.launch' op passes 1 body operands but @t takes 2}}
  %tok = dataflow.thread.launch @t args(%x : i32)
  return
}

// -----

// Rule: each body operand type matches the callee signature.
dataflow.thread private @t(%x: i32, %y: f32) ctrl(%c) domain<dense> {
}
func.func @host(%x: i32, %y: f64) {
  // expected-error@+1 {{'dataflow.thread.launch' op body operand #1 has type 'f64' but @t expects 'f32'}}
  %tok = dataflow.thread.launch @t args(%x, %y : i32, f64)
  return
}

// -----

// Rule: a dense callee gets one extent per coordinate dimension.
dataflow.thread private @t() ctrl(%c) coords(%i, %j) domain<dense> {
}
func.func @host(%n: index) {
  // expected-error@+1 {{'dataflow.thread.launch' op passes 1 extents but dense thread @t has rank 2}}
  %tok = dataflow.thread.launch @t extents(%n) args()
  return
}

// -----

// Rule: a rank-0 dense callee gets no extent.
dataflow.thread private @t() ctrl(%c) domain<dense> {
}
func.func @host(%n: index) {
  // expected-error@+1 {{'dataflow.thread.launch' op passes 1 extents but dense thread @t has rank 0}}
  %tok = dataflow.thread.launch @t extents(%n) args()
  return
}

// -----

// Rule: a dynamic_work callee gets no extents.
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
}
func.func @host(%item: i64, %n: index) {
  // expected-error@+1 {{'dataflow.thread.launch' op launches dynamic_work thread @w which takes no extents, got 1}}
  %tok = dataflow.thread.launch @w extents(%n) args(%item : i64)
  return
}

// -----

// Rule (ODS): extents are indices.
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
}
func.func @host(%n: i64) {
  // expected-error@+1 {{'dataflow.thread.launch' op operand #0 must be variadic of index, but got 'i64'}}
  %tok = "dataflow.thread.launch"(%n) <{callee = @t,
      operandSegmentSizes = array<i32: 0, 1, 0>}>
      : (i64) -> !dataflow.thread_token
  return
}

//===----------------------------------------------------------------------===//
// dataflow.thread.wait
//===----------------------------------------------------------------------===//

// -----

// Rule: thread.wait waits for at least one token.
func.func @host() {
  // expected-error@+1 {{'dataflow.thread.wait' op needs at least one thread token}}
  dataflow.thread.wait
  return
}

// -----

// Rule: thread.wait is host code, not thread code.
dataflow.thread private @t(%tok: !dataflow.thread_token) ctrl(%c)
    domain<dense> {
  // expected-error@+1 {{'dataflow.thread.wait' op must appear outside every dataflow.thread and dataflow.graph}}
  dataflow.thread.wait %tok
}

// -----

// Rule: thread.wait is host code, not graph code.
dataflow.graph private @g(%start: none) {
  %tok = builtin.unrealized_conversion_cast %start
      : none to !dataflow.thread_token
  // expected-error@+1 {{'dataflow.thread.wait' op must appear outside every dataflow.thread and dataflow.graph}}
  dataflow.thread.wait %tok
  dataflow.graph.return %start : none
}

//===----------------------------------------------------------------------===//
// dataflow.work.spawn
//===----------------------------------------------------------------------===//

// -----

// Rule: work.spawn is illegal in a dense thread.
dataflow.thread private @t(%item: i64) ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.work.spawn' op is legal only inside a dynamic_work dataflow.thread, found inside dense thread @t}}
  dataflow.work.spawn %item : i64
}

// -----

// Rule: work.spawn is illegal on the host.
func.func @host(%item: i64) {
  // expected-error@+1 {{'dataflow.work.spawn' op is legal only inside a dynamic_work dataflow.thread}}
  dataflow.work.spawn %item : i64
  return
}

// -----

// Rule: the child item has the type of the work item argument.
dataflow.thread private @w(%A: memref<?xi32>, %item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 1> {
  %child = arith.constant 3 : i32
  // expected-error@+1 {{'dataflow.work.spawn' op child item has type 'i32' but the work item of @w has type 'i64'}}
  dataflow.work.spawn %child : i32
}

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

// -----

// Rule: channel.create is illegal on the host.
func.func @host() {
  // expected-error@+1 {{'dataflow.channel.create' op is legal only inside a dataflow.thread body}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  return
}

// -----

// Rule: channel.create is illegal in a dynamic_work thread.
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
  // expected-error@+1 {{'dataflow.channel.create' op is not allowed in dynamic_work thread @w: dynamic work has no channel endpoints}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
}

// -----

// Rule: channel.send is illegal on the host.
func.func @host(%ch: !dataflow.channel<i32>, %x: i32) {
  // expected-error@+1 {{'dataflow.channel.send' op is legal only inside a dataflow.thread body}}
  dataflow.channel.send %ch, %x : !dataflow.channel<i32>
  return
}

// -----

// Rule: channel.receive is illegal in a dynamic_work thread.
dataflow.thread private @w(%item: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 0> {
  %ch = builtin.unrealized_conversion_cast %item
      : i64 to !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.channel.receive' op is not allowed in dynamic_work thread @w: dynamic work has no channel endpoints}}
  %x = dataflow.channel.receive %ch : !dataflow.channel<i32>
}

// -----

// Rule: channel operations are illegal in a graph body (graphs see ports).
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.channel.create' op is legal only inside a dataflow.thread body}}
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  dataflow.graph.return %start : none
}

// -----

// Rule (ODS TypesMatchWith): the sent value has the channel element type.
dataflow.thread private @t(%x: i64) ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.channel.send' op failed to verify that value type matches the channel element type}}
  "dataflow.channel.send"(%ch, %x) : (!dataflow.channel<i32>, i64) -> ()
}

// -----

// Rule (ODS TypesMatchWith): the received value has the channel element type.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  // expected-error@+1 {{'dataflow.channel.receive' op failed to verify that result type matches the channel element type}}
  %x = "dataflow.channel.receive"(%ch) : (!dataflow.channel<i32>) -> i64
}

// -----

// Rule: a channel does not carry memrefs.
func.func @host(
    // expected-error@+1 {{channel element type must be a finite value type (not a channel, thread token, memref or function), got 'memref<?xi32>'}}
    %ch: !dataflow.channel<memref<?xi32>>) {
  return
}

// -----

// Rule: a channel does not carry channels.
func.func @host(
    // expected-error@+1 {{channel element type must be a finite value type (not a channel, thread token, memref or function), got '!dataflow.channel<i32>'}}
    %ch: !dataflow.channel<!dataflow.channel<i32>>) {
  return
}

// -----

// Rule: a channel does not carry thread tokens.
func.func @host(
    // expected-error@+1 {{channel element type must be a finite value type (not a channel, thread token, memref or function), got '!dataflow.thread_token'}}
    %ch: !dataflow.channel<!dataflow.thread_token>) {
  return
}

// -----

// Rule: a dynamic work item is a finite value, not a memory binding.
// expected-error@+1 {{'dataflow.thread' op work item (argument #0) must be a finite value type, got 'memref<?xi32>'}}
dataflow.thread private @w(%item: memref<?xi32>) ctrl(%ctrl) domain<dynamic_work, work_item_arg = 0> {
  dataflow.thread.yield
}
