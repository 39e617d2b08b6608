// Token tables of dataflow.stream (dataflow-semantics.md, "Streaming
// primitives"): one activation with K body executions emits K ivs and the
// phase T^K F; every step kind; successive activations concatenate.

// RUN: loom-emu %s --graph=counted --values=0,5,1 --drain --trace-value=iv --trace-value=phase | FileCheck %s --check-prefix=FIVE
// RUN: loom-emu %s --graph=counted --values=5,5,1 --drain --trace-value=iv --trace-value=phase | FileCheck %s --check-prefix=ZERO
// RUN: loom-emu %s --graph=counted --values=0,1,1 --drain --trace-value=iv --trace-value=phase | FileCheck %s --check-prefix=ONE
// RUN: loom-emu %s --graph=counted --values=0,2,1 --drain --trace-value=iv --trace-value=phase | FileCheck %s --check-prefix=TWO
// RUN: loom-emu %s --graph=counted --values=-2,3,2 --drain --trace-value=iv | FileCheck %s --check-prefix=NEG

// FIVE: trace iv: [0, 1, 2, 3, 4]
// FIVE: trace phase: [T, T, T, T, T, F]
// ZERO: trace iv: []
// ZERO: trace phase: [F]
// ONE: trace iv: [0]
// ONE: trace phase: [T, F]
// TWO: trace iv: [0, 1]
// TWO: trace phase: [T, T, F]
// NEG: trace iv: [-2, 0, 2]
dataflow.graph private @counted(%start: none) values(%init: i32, %limit: i32, %step: i32) {
  %iv, %phase = dataflow.stream %init, %limit, %step step add while slt : i32
  dataflow.graph.return complete(%start)
}

// Every step kind, on i8 so that the wrap-around is visible.
// RUN: loom-emu %s --graph=sub --values=10,0,3 --drain --trace-value=iv | FileCheck %s --check-prefix=SUB
// RUN: loom-emu %s --graph=mul --values=1,100,3 --drain --trace-value=iv | FileCheck %s --check-prefix=MUL
// RUN: loom-emu %s --graph=sdiv --values=-100,0,3 --drain --trace-value=iv | FileCheck %s --check-prefix=SDIV
// RUN: loom-emu %s --graph=udiv --values=-56,0,3 --drain --trace-value=iv | FileCheck %s --check-prefix=UDIV
// RUN: loom-emu %s --graph=shl --values=1,0,1 --drain --trace-value=iv | FileCheck %s --check-prefix=SHL
// RUN: loom-emu %s --graph=ashr --values=-64,-1,1 --drain --trace-value=iv | FileCheck %s --check-prefix=ASHR
// RUN: loom-emu %s --graph=lshr --values=-128,0,2 --drain --trace-value=iv | FileCheck %s --check-prefix=LSHR

// SUB: trace iv: [10, 7, 4, 1]
// 81 * 3 wraps to -13 in i8 and the walk stays below 100 until -45 * 3
// wraps to 121.
// MUL: trace iv: [1, 3, 9, 27, 81, -13, -39, -117, -95, -29, -87, -5, -15, -45]
// SDIV: trace iv: [-100, -33, -11, -3, -1]
// -56 is 200 unsigned: 200, 66, 22, 7, 2 while ugt 0.
// UDIV: trace iv: [-56, 66, 22, 7, 2]
// 1 << 7 is -128 in i8; the next shift gives 0, which is not ne 0.
// SHL: trace iv: [1, 2, 4, 8, 16, 32, 64, -128]
// ASHR: trace iv: [-64, -32, -16, -8, -4, -2]
// -128 is 128 unsigned: 128 >> 2 is 32, then 8, then 2, then 0 stops.
// LSHR: trace iv: [-128, 32, 8, 2]
dataflow.graph private @sub(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step sub while sgt : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @mul(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step mul while slt : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @sdiv(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step sdiv while slt : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @udiv(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step udiv while ugt : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @shl(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step shl while ne : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @ashr(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step ashr while slt : i8
  dataflow.graph.return complete(%start)
}
dataflow.graph private @lshr(%start: none) values(%init: i8, %limit: i8, %step: i8) {
  %iv, %phase = dataflow.stream %init, %limit, %step step lshr while ugt : i8
  dataflow.graph.return complete(%start)
}

// Two activations from two (init, limit, step) triples: the tables
// concatenate, and each activation closes with its own F.
// RUN: loom-emu %s --graph=activations --stream=0,10,7 --stream=2,11,7 --stream=1,1,1 --drain --trace-value=iv --trace-value=phase | FileCheck %s --check-prefix=ACT
// ACT: trace iv: [0, 1, 10]
// ACT: trace phase: [T, T, F, T, F, F]
dataflow.graph private @activations(%start: none) streams(%init: i64, %limit: i64, %step: i64) {
  %iv, %phase = dataflow.stream %init, %limit, %step step add while slt : i64
  dataflow.graph.return complete(%start)
}
