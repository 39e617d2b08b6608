// Token tables of the control primitives (dataflow-semantics.md, "Control
// primitives"): constant, sync, mux and demux with i1 and index selectors.

// constant: one value per none control token, no implicit initial token.
// RUN: loom-emu %s --graph=constant --stream= --drain --trace-value=c | FileCheck %s --check-prefix=CONST0
// RUN: loom-emu %s --graph=constant --stream=none,none,none --drain --trace-value=c | FileCheck %s --check-prefix=CONST3
// CONST0: trace c: []
// CONST3: trace c: [-2.5, -2.5, -2.5]
dataflow.graph private @constant(%start: none) streams(%ctrl: none) {
  %c = dataflow.constant %ctrl {value = -2.5 : f64} : f64
  dataflow.graph.return complete(%start)
}

// sync: fires only when every input holds a token and forwards one of each;
// a surplus on one input waits.
// RUN: loom-emu %s --graph=sync --stream=1,2,3 --stream=none,none --drain --trace-value=a_out --trace-value=b_out --stats | FileCheck %s --check-prefix=SYNC
// SYNC: trace a_out: [1, 2]
// SYNC: trace b_out: [none, none]
// SYNC: tokens left 1
dataflow.graph private @sync(%start: none) streams(%a: i16, %b: none) {
  %a_out, %b_out = dataflow.sync %a, %b : (i16, none) -> (i16, none)
  dataflow.graph.return complete(%start)
}

// mux with an i1 selector: false is lane 0, true lane 1; only the selector
// and the selected lane are consumed, the other lane stays buffered.
// RUN: loom-emu %s --graph=mux2 --stream=F,T,F --stream=1,2,3 --stream=10 --drain --trace-value=r --stats | FileCheck %s --check-prefix=MUX2
// MUX2: trace r: [1, 10, 2]
// MUX2: tokens left 1
dataflow.graph private @mux2(%start: none) streams(%sel: i1, %l0: i32, %l1: i32) {
  %r = dataflow.mux %sel, %l0, %l1 : (i1, i32, i32) -> i32
  dataflow.graph.return complete(%start)
}

// mux with an index selector: lane k is position k. A selected lane without
// a token blocks the mux even if later selectors could fire.
// RUN: loom-emu %s --graph=mux3 --stream=2,0,1,1 --stream=100 --stream=200 --stream=300 --drain --trace-value=r | FileCheck %s --check-prefix=MUX3
// MUX3: trace r: [300, 100, 200]
dataflow.graph private @mux3(%start: none) streams(%sel: index, %l0: i32, %l1: i32, %l2: i32) {
  %r = dataflow.mux %sel, %l0, %l1, %l2 : (index, i32, i32, i32) -> i32
  dataflow.graph.return complete(%start)
}

// demux: consumes selector and value, emits on the selected lane only.
// RUN: loom-emu %s --graph=demux2 --stream=T,F,T --stream=10,20,30 --drain --trace-value=d0 --trace-value=d1 | FileCheck %s --check-prefix=DEMUX2
// DEMUX2: trace d0: [20]
// DEMUX2: trace d1: [10, 30]
dataflow.graph private @demux2(%start: none) streams(%sel: i1, %v: i32) {
  %d0, %d1 = dataflow.demux %sel, %v : (i1, i32) -> (i32, i32)
  dataflow.graph.return complete(%start)
}

// RUN: loom-emu %s --graph=demux3 --stream=1,0,2,2 --stream=none,none,none,none --drain --trace-value=d0 --trace-value=d1 --trace-value=d2 | FileCheck %s --check-prefix=DEMUX3
// DEMUX3: trace d0: [none]
// DEMUX3: trace d1: [none]
// DEMUX3: trace d2: [none, none]
dataflow.graph private @demux3(%start: none) streams(%sel: index, %v: none) {
  %d0, %d1, %d2 = dataflow.demux %sel, %v : (index, none) -> (none, none, none)
  dataflow.graph.return complete(%start)
}

// Broadcast: every use of a value sees the whole sequence and advances on
// its own, so one consumer stalling does not starve the other.
// RUN: loom-emu %s --graph=broadcast --stream=1,2,3 --stream=none --drain --trace-value=twice --trace-value=paired | FileCheck %s --check-prefix=BCAST
// BCAST: trace twice: [2, 4, 6]
// BCAST: trace paired: [1]
dataflow.graph private @broadcast(%start: none) streams(%x: i32, %ctrl: none) {
  %twice = arith.addi %x, %x : i32
  %paired, %c = dataflow.sync %x, %ctrl : (i32, none) -> (i32, none)
  dataflow.graph.return complete(%start)
}
