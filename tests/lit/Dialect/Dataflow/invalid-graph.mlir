// RUN: loom-opt %s -split-input-file -verify-diagnostics

// Verifier rules of dataflow.graph (signature, segments, entry block, admitted
// body operations) and of dataflow.graph.return. One case per rule. Launch
// and wait rules are in invalid-launch.mlir.

// Rule: a graph definition must be private.
// expected-error@+1 {{'dataflow.graph' op must have 'private' visibility, got 'public'}}
dataflow.graph public @g(%start: none) {
  dataflow.graph.return %start : none
}

// -----

// Rule: a value input is never a memref.
// expected-error@+1 {{'dataflow.graph' op input value #1 has type 'memref<?xi32>'; value ports take finite value types, memrefs belong to the memories segment}}
dataflow.graph private @g(%start: none) values(%x: i32, %A: memref<?xi32>) {
  dataflow.graph.return %start : none
}

// -----

// Rule: a value input is never a channel.
// expected-error@+1 {{'dataflow.graph' op input value #0 has type '!dataflow.channel<i32>'; value ports take finite value types, memrefs belong to the memories segment}}
dataflow.graph private @g(%start: none) values(%ch: !dataflow.channel<i32>) {
  dataflow.graph.return %start : none
}

// -----

// Rule: a stream input carries a finite value type.
// expected-error@+1 {{'dataflow.graph' op input stream #0 has type 'memref<?xi32>'; stream ports carry finite value types}}
dataflow.graph private @g(%start: none) streams(%s: memref<?xi32>) {
  dataflow.graph.return %start : none
}

// -----

// Rule: a memory input is a memref.
// expected-error@+1 {{'dataflow.graph' op input memory #0 has type 'i32'; memory ports take memrefs only}}
dataflow.graph private @g(%start: none) memories(%m: i32) {
  dataflow.graph.return %start : none
}

// -----

// Rule: a value result is never a memref.
// expected-error@+1 {{'dataflow.graph' op result value #0 has type 'memref<?xi32>'; value ports take finite value types, memrefs belong to the memories segment}}
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> values(memref<?xi32>) {
  dataflow.graph.return %start, %A : none, memref<?xi32>
}

// -----

// Rule: a stream result carries a finite value type.
// expected-error@+1 {{'dataflow.graph' op result stream #0 has type '!dataflow.thread_token'; stream ports carry finite value types}}
dataflow.graph private @g(%start: none) -> streams(!dataflow.thread_token) {
  %t = builtin.unrealized_conversion_cast %start
      : none to !dataflow.thread_token
  dataflow.graph.return streams(%t : !dataflow.thread_token) complete(%start)
}

// -----

// Rule: a memory result is a memref.
// expected-error@+1 {{'dataflow.graph' op result memory #0 has type 'i32'; memory ports take memrefs only}}
dataflow.graph private @g(%start: none) values(%x: i32) -> memories(i32) {
  dataflow.graph.return memories(%x : i32) complete(%start)
}

// -----

// Rule: a segment array has exactly 3 entries.
// expected-error@+1 {{'dataflow.graph' op input_segments must have 3 entries [values, streams, memories], got 2}}
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: 1, 0>,
                     result_segments = array<i32: 0, 0, 0>, sym_name = "g",
                     sym_visibility = "private"}> ({
^bb0(%start: none, %x: i32):
  "dataflow.graph.return"(%start) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> : (none) -> ()
}) : () -> ()

// -----

// Rule: no segment size is negative.
// expected-error@+1 {{'dataflow.graph' op input_segments has a negative segment size}}
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: 2, -1, 0>,
                     result_segments = array<i32: 0, 0, 0>, sym_name = "g",
                     sym_visibility = "private"}> ({
^bb0(%start: none, %x: i32):
  "dataflow.graph.return"(%start) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> : (none) -> ()
}) : () -> ()

// -----

// Rule: the segment sizes add up to the number of payload types.
// expected-error@+1 {{'dataflow.graph' op result_segments sums to 1 but there are 0 payload types}}
"dataflow.graph"() <{function_type = () -> (), input_segments = array<i32: 0, 0, 0>,
                     result_segments = array<i32: 0, 1, 0>, sym_name = "g",
                     sym_visibility = "private"}> ({
^bb0(%start: none):
  "dataflow.graph.return"(%start) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> : (none) -> ()
}) : () -> ()

// -----

// Rule: the entry block is %start followed by the signature arguments.
// expected-error@+1 {{'dataflow.graph' op entry block must have %start followed by the 1 signature arguments, got 1 arguments}}
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: 1, 0, 0>,
                     result_segments = array<i32: 0, 0, 0>, sym_name = "g",
                     sym_visibility = "private"}> ({
^bb0(%start: none):
  "dataflow.graph.return"(%start) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> : (none) -> ()
}) : () -> ()

// -----

// Rule: %start has type none.
// expected-error@+1 {{'dataflow.graph' op %start (entry block argument #0) must have type none, got 'i1'}}
dataflow.graph private @g(%start: i1) values(%x: i32) {
  %d = builtin.unrealized_conversion_cast %start : i1 to none
  dataflow.graph.return %d : none
}

// -----

// Rule: the payload block arguments match the signature.
// expected-error@+1 {{'dataflow.graph' op entry block argument #1 has type 'i64' but the signature says 'i32'}}
"dataflow.graph"() <{function_type = (i32) -> (), input_segments = array<i32: 1, 0, 0>,
                     result_segments = array<i32: 0, 0, 0>, sym_name = "g",
                     sym_visibility = "private"}> ({
^bb0(%start: none, %x: i64):
  "dataflow.graph.return"(%start) <{operandSegmentSizes = array<i32: 0, 0, 0, 1>}> : (none) -> ()
}) : () -> ()

//===----------------------------------------------------------------------===//
// Graph bodies admit only registered actors
//===----------------------------------------------------------------------===//

// -----

// Rule: no structured control flow (scf) in a graph body.
dataflow.graph private @g(%start: none) values(%b: i1) {
  // expected-error@+1 {{'scf.if' op is not allowed in a dataflow.graph body: structured or unstructured control flow must be lowered to dataflow primitives before it enters a graph}}
  scf.if %b {
  }
  dataflow.graph.return %start : none
}

// -----

// Rule: no unstructured control flow (cf) in a graph body.
dataflow.graph private @g(%start: none) values(%b: i1) {
  // expected-error@+1 {{'cf.assert' op is not allowed in a dataflow.graph body: structured or unstructured control flow must be lowered to dataflow primitives before it enters a graph}}
  cf.assert %b, "b"
  dataflow.graph.return %start : none
}

// -----

// Rule: no func.call in a graph body.
func.func private @callee(i32) -> i32
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'func.call' op is not allowed in a dataflow.graph body: calls are InstructionCore code; inline the callee or keep it outside the graph}}
  %y = func.call @callee(%x) : (i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: no llvm.call in a graph body.
llvm.func @callee(i32) -> i32
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'llvm.call' op is not allowed in a dataflow.graph body: calls are InstructionCore code; inline the callee or keep it outside the graph}}
  %y = llvm.call @callee(%x) : (i32) -> i32
  dataflow.graph.return %start : none
}

// -----

// Rule: no nested function definition in a graph body (the Symbol trait
// rejects it before the graph verifier sees it).
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  dataflow.graph.return %start : none
}

// -----

// Rule: no graph launch in a graph body.
dataflow.graph private @h(%start: none) {
  dataflow.graph.return %start : none
}
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.graph.launch' op must appear inside a dataflow.thread body}}
  %d = dataflow.graph.launch @h deps(%start)
  dataflow.graph.return %start : none
}

// -----

// Rule: no graph wait in a graph body.
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'dataflow.graph.wait' op must appear inside a dataflow.thread body}}
  dataflow.graph.wait %start
  dataflow.graph.return %start : none
}

// -----

// Rule: no work spawn in a graph body.
dataflow.graph private @g(%start: none) values(%x: i64) {
  // expected-error@+1 {{'dataflow.work.spawn' op is legal only inside a dynamic_work dataflow.thread}}
  dataflow.work.spawn %x : i64
  dataflow.graph.return %start : none
}

// -----

// Rule: no unrealized conversion cast in a graph body.
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'builtin.unrealized_conversion_cast' op is not allowed in a dataflow.graph body: unrealized conversion casts must be resolved before finalization}}
  %y = builtin.unrealized_conversion_cast %x : i32 to i64
  dataflow.graph.return %start : none
}

// -----

// Rule: no timeless arith.constant in a graph body.
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{'arith.constant' op is not allowed in a dataflow.graph body: a timeless constant has no activation; use dataflow.constant triggered by a control token}}
  %c = arith.constant 1 : i32
  dataflow.graph.return %start : none
}

// -----

// Rule: every other operation must be a registered actor.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>) {
  %i = dataflow.constant %start {value = 0 : index} : index
  // expected-error@+1 {{'memref.load' op is not a registered dataflow actor; a dataflow.graph body admits only operations of the actor schema registry}}
  %x = memref.load %A[%i] : memref<?xi32>
  dataflow.graph.return %start : none
}

// -----

// Rule: an admitted dialect's unregistered operation is not an actor either.
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'math.ipowi' op is not a registered dataflow actor; a dataflow.graph body admits only operations of the actor schema registry}}
  %y = math.ipowi %x, %x : i32
  dataflow.graph.return %start : none
}

// -----

// Rule: an actor carries no attribute its schema does not classify.
dataflow.graph private @g(%start: none) values(%x: i32) {
  // expected-error@+1 {{'arith.addi' op carries discardable attribute 'loom.hint' that no actor schema classifies}}
  %y = arith.addi %x, %x {dataflow.entity_id = 3 : i64, loom.hint} : i32
  dataflow.graph.return %start : none
}

//===----------------------------------------------------------------------===//
// dataflow.graph.return
//===----------------------------------------------------------------------===//

// -----

// Rule: the complete frontier is non-empty.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  // expected-error@+1 {{'dataflow.graph.return' op needs a non-empty complete frontier: the launch's done is derived from it}}
  dataflow.graph.return values(%x : i32)
}

// -----

// Rule: the compact form needs a completion witness. (A bare
// `dataflow.graph.return` reports this on the next line; see
// BUGS-from-ops-helper.txt.)
dataflow.graph private @g(%start: none) {
  // expected-error@+1 {{expected a completion witness: 'complete(...)' or '%done, values... : none, types...'}}
  dataflow.graph.return {loom.tag}
}

// -----

// Rule: the compact form starts with a witness of type none.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  // expected-error@+1 {{the compact form starts with one completion witness of type none}}
  dataflow.graph.return %x : i32
}

// -----

// Rule: the number of returned values matches the values segment.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32, i32) {
  // expected-error@+1 {{'dataflow.graph.return' op returns 1 values but @g declares 2}}
  dataflow.graph.return %start, %x : none, i32
}

// -----

// Rule: the number of returned streams matches the streams segment.
dataflow.graph private @g(%start: none) values(%x: i32) -> streams(i32) {
  // expected-error@+1 {{'dataflow.graph.return' op returns 2 streams but @g declares 1}}
  dataflow.graph.return streams(%x, %x : i32, i32) complete(%start)
}

// -----

// Rule: the number of returned memories matches the memories segment.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> memories(memref<?xi32>) {
  // expected-error@+1 {{'dataflow.graph.return' op returns 0 memories but @g declares 1}}
  dataflow.graph.return complete(%start)
}

// -----

// Rule: each returned value has the declared type.
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i64) {
  // expected-error@+1 {{'dataflow.graph.return' op values #0 has type 'i32' but @g declares 'i64'}}
  dataflow.graph.return %start, %x : none, i32
}

// -----

// Rule: each returned stream has the declared type.
dataflow.graph private @g(%start: none) values(%x: i32, %y: f32)
    -> streams(i32, i32) {
  // expected-error@+1 {{'dataflow.graph.return' op streams #1 has type 'f32' but @g declares 'i32'}}
  dataflow.graph.return streams(%x, %y : i32, f32) complete(%start)
}

// -----

// Rule: each returned memory has the declared type.
dataflow.graph private @g(%start: none) memories(%A: memref<?xi32>)
    -> memories(memref<4xi32>) {
  // expected-error@+1 {{'dataflow.graph.return' op memories #0 has type 'memref<?xi32>' but @g declares 'memref<4xi32>'}}
  dataflow.graph.return memories(%A : memref<?xi32>) complete(%start)
}

// -----

// Rule (ODS HasParent): graph.return terminates a dataflow.graph only.
dataflow.thread private @t() ctrl(%c) domain<dense> {
  // expected-error@+1 {{'dataflow.graph.return' op expects parent op 'dataflow.graph'}}
  dataflow.graph.return %c : none
}
