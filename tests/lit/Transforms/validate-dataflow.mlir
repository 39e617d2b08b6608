// RUN: loom-opt %s -split-input-file --loom-validate-dataflow -verify-diagnostics | FileCheck %s

// @work does real work; its completion is the mixed boundary-publication
// sync of %start with the result, never %start itself.
dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// Independent launches are all yielded.
// CHECK-LABEL: dataflow.thread private @independent
dataflow.thread private @independent(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  %b, %db = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  dataflow.thread.yield %da, %db
}

// A chain yields only its terminal event.
// CHECK-LABEL: dataflow.thread private @chain
dataflow.thread private @chain(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  %b, %db = dataflow.graph.launch @work deps(%da) values(%a : i32) -> values(i32)
  dataflow.thread.yield %db
}

// A sync of two completions covers both.
// CHECK-LABEL: dataflow.thread private @joined
dataflow.thread private @joined(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  %b, %db = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  %ja, %jb = dataflow.sync %da, %db : (none, none) -> (none, none)
  dataflow.thread.yield %ja
}

// A branch-local launch is covered by the if result: on the else path it
// does not exist, so forwarding %ctrl there is valid.
// CHECK-LABEL: dataflow.thread private @branch
dataflow.thread private @branch(%x: i32, %c: i1) ctrl(%ctrl) domain<dense> {
  %r = scf.if %c -> (none) {
    %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
    scf.yield %da : none
  } else {
    scf.yield %ctrl : none
  }
  dataflow.thread.yield %r
}

// A loop whose body launch depends on the carried event chains every
// iteration's completion into the loop result.
// CHECK-LABEL: dataflow.thread private @loop
dataflow.thread private @loop(%x: i32, %n: index) ctrl(%ctrl) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%e = %ctrl) -> (none) {
    %a, %da = dataflow.graph.launch @work deps(%e) values(%x : i32) -> values(i32)
    scf.yield %da : none
  }
  dataflow.thread.yield %f
}

// A stored-program wait on a graph completion.
// CHECK-LABEL: dataflow.thread private @waits
dataflow.thread private @waits(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  dataflow.graph.wait %da
  dataflow.thread.yield %da
}

// A thread without graph launches yields nothing.
// CHECK-LABEL: dataflow.thread private @instruction_only
dataflow.thread private @instruction_only(%x: i32) ctrl(%ctrl) domain<dense> {
  dataflow.thread.yield
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// The second launch's done is missing from the frontier.
dataflow.thread private @missing(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  // expected-note @below {{uncovered launch here}}
  %b, %db = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  // expected-error @below {{does not cover the done of a launch of @work}}
  dataflow.thread.yield %da
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// %da is covered by %db: yielding both is not minimal.
dataflow.thread private @not_minimal(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  %b, %db = dataflow.graph.launch @work deps(%da) values(%a : i32) -> values(i32)
  // expected-error @below {{frontier member #0 of thread @not_minimal is not necessary}}
  dataflow.thread.yield %da, %db
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// A frontier member may not repeat.
dataflow.thread private @duplicate(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  // expected-error @below {{repeats member #0 as member #1}}
  dataflow.thread.yield %da, %da
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// The thread control token is not a completion.
dataflow.thread private @ctrl_member(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  // expected-error @below {{frontier member #1 of thread @ctrl_member is not necessary}}
  dataflow.thread.yield %da, %ctrl
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// The branch-local launch is not forwarded by the if.
dataflow.thread private @branch_lost(%x: i32, %c: i1) ctrl(%ctrl) domain<dense> {
  %r = scf.if %c -> (none) {
    // expected-note @below {{uncovered launch here}}
    %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
    scf.yield %ctrl : none
  } else {
    scf.yield %ctrl : none
  }
  // expected-error @below {{does not cover the done of a launch of @work}}
  dataflow.thread.yield %r
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// Each iteration's launch ignores the carried event, so only the last one
// is covered by the loop result.
dataflow.thread private @loop_unchained(%x: i32, %n: index) ctrl(%ctrl) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = scf.for %i = %c0 to %n step %c1 iter_args(%e = %ctrl) -> (none) {
    // expected-note @below {{uncovered launch here}}
    %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
    scf.yield %da : none
  }
  // expected-error @below {{does not cover the done of a launch of @work}}
  dataflow.thread.yield %f
}

// -----

dataflow.graph private @work(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %done, %out = dataflow.sync %start, %y : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %out : none, i32
}

// A wait needs a graph completion, not the thread's start signal.
dataflow.thread private @wait_ctrl(%x: i32) ctrl(%ctrl) domain<dense> {
  %a, %da = dataflow.graph.launch @work deps(%ctrl) values(%x : i32) -> values(i32)
  // expected-error @below {{operand #0 is not a graph completion}}
  dataflow.graph.wait %ctrl
  dataflow.thread.yield %da
}

// -----

// A graph that computes must not retire on its raw start.
dataflow.graph private @fake_done(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  // expected-error @below {{returns its raw %start as completion although the graph does real work}}
  dataflow.graph.return values(%y : i32) complete(%start)
}

// -----

dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}

// A launch that runs only on the true lane of %cond is covered by the mux
// join whose false lane forwards %ctrl: it never exists on that lane.
// CHECK-LABEL: dataflow.thread private @lane_local
dataflow.thread private @lane_local(%x: i32, %cond: i1) ctrl(%c) domain<dense> {
  %c_else, %c_then = dataflow.demux %cond, %c : (i1, none) -> (none, none)
  %y, %d = dataflow.graph.launch @g deps(%c_then) values(%x : i32) -> values(i32)
  %j = dataflow.mux %cond, %c_else, %d : (i1, none, none) -> none
  dataflow.thread.yield %j
}

// A launch chain carried through scf.while results covers every iteration.
// CHECK-LABEL: dataflow.thread private @while_chain
dataflow.thread private @while_chain(%x: i32) ctrl(%c) domain<dense> {
  %a, %d0 = dataflow.graph.launch @g deps(%c) values(%x : i32) -> values(i32)
  %r:2 = scf.while (%v = %a, %e = %d0) : (i32, none) -> (i32, none) {
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %v, %zero : i32
    scf.condition(%go) %v, %e : i32, none
  } do {
  ^bb0(%v2: i32, %e2: none):
    %w, %d = dataflow.graph.launch @g deps(%e2) values(%v2 : i32) -> values(i32)
    scf.yield %w, %d : i32, none
  }
  dataflow.thread.yield %r#1
}

// Definitions inside a nested module are validated as well.
module @inner {
  dataflow.graph private @h(%start: none) values(%x: i32) -> values(i32) {
    %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
    dataflow.graph.return %s, %y : none, i32
  }
  // CHECK-LABEL: dataflow.thread private @nested
  dataflow.thread private @nested(%x: i32) ctrl(%c) domain<dense> {
    %y, %d = dataflow.graph.launch @h deps(%c) values(%x : i32) -> values(i32)
    dataflow.thread.yield %d
  }
}

// -----

dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}

// Iterations of a while loop whose yield ignores the carried event are not
// all covered.
dataflow.thread private @while_unchained(%x: i32) ctrl(%c) domain<dense> {
  // expected-note @below {{uncovered launch here}}
  %a, %d0 = dataflow.graph.launch @g deps(%c) values(%x : i32) -> values(i32)
  %r:2 = scf.while (%v = %a, %e = %d0) : (i32, none) -> (i32, none) {
    %zero = arith.constant 0 : i32
    %go = arith.cmpi sgt, %v, %zero : i32
    scf.condition(%go) %v, %e : i32, none
  } do {
  ^bb0(%v2: i32, %e2: none):
    %w, %d = dataflow.graph.launch @g deps(%c) values(%v2 : i32) -> values(i32)
    scf.yield %w, %d : i32, none
  }
  // expected-error @below {{does not cover the done of a launch of @g}}
  dataflow.thread.yield %r#1
}

// -----

// A sync of %start alone is still the raw start.
dataflow.graph private @fake_sync(%start: none) values(%x: i32) -> values(i32) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %s = dataflow.sync %start : (none) -> (none)
  // expected-error @below {{returns its raw %start as completion although the graph does real work}}
  dataflow.graph.return %s, %y : none, i32
}

// -----

// A store whose done never reaches the completion frontier.
dataflow.graph private @lost_store(%start: none) values(%i: index, %x: i32) memories(%A: memref<?xi32>) {
  // expected-error @below {{is not covered by the completion frontier of graph @lost_store}}
  %d = dataflow.store %A[%i] %x %start : memref<?xi32>
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %s, %v = dataflow.sync %start, %one : (none, i32) -> (none, i32)
  dataflow.graph.return %s : none
}

// -----

// A cycle through pure compute can never fire.
dataflow.graph private @stuck(%start: none) values(%x: i32) -> values(i32) {
  // expected-error @below {{lies on a dependence cycle of graph @stuck}}
  %a = arith.addi %x, %b : i32
  %b = arith.addi %a, %x : i32
  %s, %y = dataflow.sync %start, %b : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}
