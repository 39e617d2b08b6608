// Token tables of dataflow.carry, dataflow.invariant and dataflow.gate
// (dataflow-semantics.md), driven by raw phase streams so that zero-, one-
// and two-trip activations and their concatenation are visible.

// carry: take one init and emit it; T consumes and emits one next; F
// consumes nothing else and waits for a new init. K+1 outputs, K consumed.
// RUN: loom-emu %s --graph=carry --stream=F --stream=7 --stream= --drain --trace-value=out --stats | FileCheck %s --check-prefix=CARRY0
// RUN: loom-emu %s --graph=carry --stream=T,F --stream=7 --stream=10 --drain --trace-value=out | FileCheck %s --check-prefix=CARRY1
// RUN: loom-emu %s --graph=carry --stream=T,T,F --stream=7 --stream=10,11 --drain --trace-value=out | FileCheck %s --check-prefix=CARRY2
// RUN: loom-emu %s --graph=carry --stream=T,T,F,F,T,F --stream=1,2,3 --stream=10,11,12 --drain --trace-value=out | FileCheck %s --check-prefix=CARRYN
// A T with no next yet waits (here forever: the run ends with the next
// still missing, and the unconsumed phase token is left in its queue).
// RUN: loom-emu %s --graph=carry --stream=T,T,F --stream=7 --stream=10 --drain --trace-value=out --stats | FileCheck %s --check-prefix=CARRYWAIT

// CARRY0: trace out: [7]
// CARRY0: stats: firings 2, compute 0, control 2, memory 0
// CARRY1: trace out: [7, 10]
// CARRY2: trace out: [7, 10, 11]
// CARRYN: trace out: [1, 10, 11, 2, 3, 12]
// CARRYWAIT: trace out: [7, 10]
// CARRYWAIT: tokens left 2
dataflow.graph private @carry(%start: none) streams(%phase: i1, %init: i32, %next: i32) {
  %out = dataflow.carry %phase, %init, %next : i32
  dataflow.graph.return complete(%start)
}

// invariant: latch and emit one init; each T re-emits it; F emits nothing
// and clears the latch. [T,T,F] gives 3 copies, [F] gives 1.
// RUN: loom-emu %s --graph=invariant --stream=F --stream=5 --drain --trace-value=out | FileCheck %s --check-prefix=INV0
// RUN: loom-emu %s --graph=invariant --stream=T,F --stream=5 --drain --trace-value=out | FileCheck %s --check-prefix=INV1
// RUN: loom-emu %s --graph=invariant --stream=T,T,F --stream=5 --drain --trace-value=out | FileCheck %s --check-prefix=INV2
// RUN: loom-emu %s --graph=invariant --stream=T,T,F,F,T,F --stream=5,6,7 --drain --trace-value=out | FileCheck %s --check-prefix=INVN

// INV0: trace out: [5]
// INV1: trace out: [5, 5]
// INV2: trace out: [5, 5, 5]
// INVN: trace out: [5, 5, 5, 6, 7, 7]
dataflow.graph private @invariant(%start: none) streams(%phase: i1, %init: f32) {
  %out = dataflow.invariant %phase, %init : f32
  dataflow.graph.return complete(%start)
}

// gate: in the initial state (F, x) emits nothing and (T, x) emits x only;
// then (T, x) emits T and x, and (F, x) emits F only and resets. T^K F in
// gives K values and K conditions.
// RUN: loom-emu %s --graph=gate --stream=F --stream=0 --drain --trace-value=cond_out --trace-value=value_out | FileCheck %s --check-prefix=GATE0
// RUN: loom-emu %s --graph=gate --stream=T,F --stream=0,1 --drain --trace-value=cond_out --trace-value=value_out | FileCheck %s --check-prefix=GATE1
// RUN: loom-emu %s --graph=gate --stream=T,T,F --stream=0,1,2 --drain --trace-value=cond_out --trace-value=value_out | FileCheck %s --check-prefix=GATE2
// RUN: loom-emu %s --graph=gate --stream=T,T,F,F,T,F --stream=0,1,2,3,4,5 --drain --trace-value=cond_out --trace-value=value_out | FileCheck %s --check-prefix=GATEN

// GATE0: trace cond_out: []
// GATE0: trace value_out: []
// GATE1: trace cond_out: [F]
// GATE1: trace value_out: [0]
// GATE2: trace cond_out: [T, F]
// GATE2: trace value_out: [0, 1]
// GATEN: trace cond_out: [T, F, F]
// GATEN: trace value_out: [0, 1, 4]
dataflow.graph private @gate(%start: none) streams(%cond: i1, %value: index) {
  %cond_out, %value_out = dataflow.gate %cond, %value : (i1, index) -> (i1, index)
  dataflow.graph.return complete(%start)
}
