// The worked token tables of dataflow-semantics.md for the structured
// lowerings: scf.if, scf.for with one iter_arg (N = 0, 1, 2), scf.while
// (K = 0, 1, 2) and scf.index_switch.

// scf.if with cond [T,F,T] and live-in x = [10,20,30]: x_then = [10,30],
// x_else = [20], result = [then(10), else(20), then(30)] with
// then(x) = x + 1 and else(x) = 2 * x.
// RUN: loom-emu %s --graph=if --stream=T,F,T --stream=10,20,30 --stream=none,none,none --drain --trace-value=x_then --trace-value=x_else --trace-value=result | FileCheck %s --check-prefix=IF
// IF: trace x_then: [10, 30]
// IF: trace x_else: [20]
// IF: trace result: [11, 40, 31]
dataflow.graph private @if(%start: none) streams(%cond: i1, %x: i32, %e: none) {
  %e_else, %e_then = dataflow.demux %cond, %e : (i1, none) -> (none, none)
  %x_else, %x_then = dataflow.demux %cond, %x : (i1, i32) -> (i32, i32)
  %one = dataflow.constant %e_then {value = 1 : i32} : i32
  %then = arith.addi %x_then, %one : i32
  %two = dataflow.constant %e_else {value = 2 : i32} : i32
  %else = arith.muli %x_else, %two : i32
  %result = dataflow.mux %cond, %else, %then : (i1, i32, i32) -> i32
  dataflow.graph.return complete(%start)
}

// scf.for with one iter_arg (acc = acc * 2 + iv, init 3): for N = 2 the
// phase is [T,T,F], iv [0,1], carry out [init,next0,next1], body lane
// [init,next0], feedback [next0,next1], exit [next1].
// RUN: loom-emu %s --graph=for --drain --values=0,3 --trace-value=phase --trace-value=iv --trace-value=acc --trace-value=body --trace-value=next --trace-value=exit | FileCheck %s --check-prefix=FOR0
// RUN: loom-emu %s --graph=for --drain --values=1,3 --trace-value=phase --trace-value=iv --trace-value=acc --trace-value=body --trace-value=next --trace-value=exit | FileCheck %s --check-prefix=FOR1
// RUN: loom-emu %s --graph=for --drain --values=2,3 --trace-value=phase --trace-value=iv --trace-value=acc --trace-value=body --trace-value=next --trace-value=exit | FileCheck %s --check-prefix=FOR2
// FOR0: value #0: i32 = 3
// FOR0: trace phase: [F]
// FOR0: trace iv: []
// FOR0: trace acc: [3]
// FOR0: trace body: []
// FOR0: trace next: []
// FOR0: trace exit: [3]
// FOR1: value #0: i32 = 6
// FOR1: trace phase: [T, F]
// FOR1: trace iv: [0]
// FOR1: trace acc: [3, 6]
// FOR1: trace body: [3]
// FOR1: trace next: [6]
// FOR1: trace exit: [6]
// FOR2: value #0: i32 = 13
// FOR2: trace phase: [T, T, F]
// FOR2: trace iv: [0, 1]
// FOR2: trace acc: [3, 6, 13]
// FOR2: trace body: [3, 6]
// FOR2: trace next: [6, 13]
// FOR2: trace exit: [13]
dataflow.graph private @for(%start: none) values(%n: i32, %init: i32) -> values(i32) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %c1 = dataflow.constant %start {value = 1 : i32} : i32
  %iv, %phase = dataflow.stream %c0, %n, %c1 step add while slt : i32
  %e = dataflow.carry %phase, %start, %e_body : none
  %e_exit, %e_body = dataflow.demux %phase, %e : (i1, none) -> (none, none)
  %acc = dataflow.carry %phase, %init, %next : i32
  %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
  %two = dataflow.constant %e_body {value = 2 : i32} : i32
  %twice = arith.muli %body, %two : i32
  %next = arith.addi %twice, %iv : i32
  %done, %r = dataflow.sync %e_exit, %exit : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %r : none, i32
}

// scf.while (i = 0; i < K; i = i + 1): the before region runs K + 1 times,
// the condition is T^K F, gate projects K executions into the after region
// with body-local conditions (T = not the last), and the false lanes exit.
// RUN: loom-emu %s --graph=while --drain --values=0 --trace-value=cond --trace-value=i --trace-value=after_phase --trace-value=i_after --trace-value=i_exit | FileCheck %s --check-prefix=WHILE0
// RUN: loom-emu %s --graph=while --drain --values=1 --trace-value=cond --trace-value=i --trace-value=after_phase --trace-value=i_after --trace-value=i_exit | FileCheck %s --check-prefix=WHILE1
// RUN: loom-emu %s --graph=while --drain --values=2 --trace-value=cond --trace-value=i --trace-value=after_phase --trace-value=i_after --trace-value=i_exit --trace-value=k | FileCheck %s --check-prefix=WHILE2
// WHILE0: value #0: i32 = 0
// WHILE0: trace cond: [F]
// WHILE0: trace i: [0]
// WHILE0: trace after_phase: []
// WHILE0: trace i_after: []
// WHILE0: trace i_exit: [0]
// WHILE1: value #0: i32 = 1
// WHILE1: trace cond: [T, F]
// WHILE1: trace i: [0, 1]
// WHILE1: trace after_phase: [F]
// WHILE1: trace i_after: [0]
// WHILE1: trace i_exit: [1]
// WHILE2: value #0: i32 = 2
// WHILE2: trace cond: [T, T, F]
// WHILE2: trace i: [0, 1, 2]
// WHILE2: trace after_phase: [T, F]
// WHILE2: trace i_after: [0, 1]
// WHILE2: trace i_exit: [2]
// WHILE2: trace k: [2, 2, 2]
dataflow.graph private @while(%start: none) values(%K: i32) -> values(i32) {
  %i_init = dataflow.constant %start {value = 0 : i32} : i32
  %e = dataflow.carry %cond, %start, %after_ctrl : none
  %i = dataflow.carry %cond, %i_init, %i_next : i32
  %k = dataflow.invariant %cond, %K : i32
  %cond = arith.cmpi slt, %i, %k : i32
  %i_exit, %i_after = dataflow.demux %cond, %i : (i1, i32) -> (i32, i32)
  %e_exit, %e_true = dataflow.demux %cond, %e : (i1, none) -> (none, none)
  %after_phase, %after_ctrl = dataflow.gate %cond, %e : (i1, none) -> (i1, none)
  %c1 = dataflow.constant %after_ctrl {value = 1 : i32} : i32
  %i_next = arith.addi %i_after, %c1 : i32
  %done, %r = dataflow.sync %e_exit, %i_exit : (none, i32) -> (none, i32)
  dataflow.graph.return %done, %r : none, i32
}

// scf.index_switch with cases [2, 5] and argument [2, 7, 5]: lanes [1, 0, 2]
// (lane 0 is the default region, lane i+1 is case i); each region yields
// its own constant and the mux joins them back in order.
// RUN: loom-emu %s --graph=switch --stream=2,7,5 --stream=none,none,none --drain --trace-value=lane --trace-value=r | FileCheck %s --check-prefix=SWITCH
// SWITCH: trace lane: [1, 0, 2]
// SWITCH: trace r: [20, -1, 50]
dataflow.graph private @switch(%start: none) streams(%arg: index, %e: none) {
  %case0 = dataflow.constant %e {value = 2 : index} : index
  %case1 = dataflow.constant %e {value = 5 : index} : index
  %lane0 = dataflow.constant %e {value = 0 : index} : index
  %lane1 = dataflow.constant %e {value = 1 : index} : index
  %lane2 = dataflow.constant %e {value = 2 : index} : index
  %is0 = arith.cmpi eq, %arg, %case0 : index
  %is1 = arith.cmpi eq, %arg, %case1 : index
  %lane_or_default = arith.select %is1, %lane2, %lane0 : index
  %lane = arith.select %is0, %lane1, %lane_or_default : index
  %e_default, %e0, %e1 = dataflow.demux %lane, %e : (index, none) -> (none, none, none)
  %r_default = dataflow.constant %e_default {value = -1 : i32} : i32
  %r0 = dataflow.constant %e0 {value = 20 : i32} : i32
  %r1 = dataflow.constant %e1 {value = 50 : i32} : i32
  %r = dataflow.mux %lane, %r_default, %r0, %r1 : (index, i32, i32, i32) -> i32
  dataflow.graph.return complete(%start)
}
