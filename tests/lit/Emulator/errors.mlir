// Every failure is a clear error naming the graph (and, for actors, the op
// and its file:line:col), never a crash or a hang.

// Deadlock: the sync waits for the exit lane of a demux whose selector is
// always true; the blocked actor and the operand it waits for are listed.
// RUN: not loom-emu %s --graph=deadlock --values=5 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: error: graph @deadlock: deadlocked after 4 firings: no actor can fire and the completion frontier is not reached
// DEADLOCK-NEXT: missing: graph.return operand #0 (%v)
// DEADLOCK-NEXT: missing: graph.return operand #1 (%d)
// DEADLOCK-NEXT: blocked: 'dataflow.sync' at {{.*}}errors.mlir:[[@LINE+6]]:{{[0-9]+}} waits for operand #0 (%exit)
dataflow.graph private @deadlock(%start: none) values(%x: i32) -> values(i32) {
  %t = dataflow.constant %start {value = true} : i1
  %exit, %body = dataflow.demux %t, %x : (i1, i32) -> (i32, i32)
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %body, %one : i32
  %v, %d = dataflow.sync %exit, %start : (i32, none) -> (i32, none)
  dataflow.graph.return %d, %v : none, i32
}

// Out-of-bounds accesses name the graph, the actor, its location and the
// index against the extents.
// RUN: not loom-emu %s --graph=oob --values=4 --memory='i32[4]' 2>&1 | FileCheck %s --check-prefix=OOBLOAD
// RUN: not loom-emu %s --graph=oob --values=-1 --memory='i32[4]' 2>&1 | FileCheck %s --check-prefix=OOBNEG
// RUN: not loom-emu %s --graph=oob_store --values=1,3 --memory='f64[2x3]' 2>&1 | FileCheck %s --check-prefix=OOBSTORE
// OOBLOAD: error: graph @oob: 'dataflow.load' at {{.*}}errors.mlir:[[@LINE+4]]:{{[0-9]+}}: out-of-bounds load at index [4] of memory input #0 with extents [4]
// OOBNEG: error: graph @oob: 'dataflow.load' at {{.*}}: out-of-bounds load at index [-1]
// OOBSTORE: error: graph @oob_store: 'dataflow.store' at {{.*}}errors.mlir:[[@LINE+8]]:{{[0-9]+}}: out-of-bounds store at index [1, 3] of memory input #0 with extents [2, 3]
dataflow.graph private @oob(%start: none) values(%i: index) memories(%m: memref<?xi32>) -> values(i32) {
  %x, %d = dataflow.load %m[%i] %start : memref<?xi32>
  dataflow.graph.return %d, %x : none, i32
}

dataflow.graph private @oob_store(%start: none) values(%i: index, %j: index) memories(%m: memref<2x3xf64>) {
  %v = dataflow.constant %start {value = 1.0 : f64} : f64
  %d = dataflow.store %m[%i, %j] %v %start : memref<2x3xf64>
  dataflow.graph.return complete(%d)
}

// Division by zero (and signed overflow) is undefined behaviour without a
// poison form: an error naming the actor and the operands.
// RUN: not loom-emu %s --graph=divide --values=7,0 2>&1 | FileCheck %s --check-prefix=DIV0
// RUN: not loom-emu %s --graph=divide --values=-2147483648,-1 2>&1 | FileCheck %s --check-prefix=DIVOVF
// RUN: loom-emu %s --graph=divide --values=7,-2 | FileCheck %s --check-prefix=DIVOK
// RUN: loom-emu %s --graph=divide --values=7,-2 --format=bits > %t.emu0 && echo '{"values":[7,-2]}' | loom-sim %s --graph=divide --inputs=- --format=bits > %t.sim0 && diff %t.emu0 %t.sim0
// DIV0: error: graph @divide: 'arith.divsi' at {{.*}}errors.mlir:[[@LINE+4]]:{{[0-9]+}}: division by zero (operands 7, 0)
// DIVOVF: error: graph @divide: 'arith.divsi' at {{.*}}: signed division overflow (operands -2147483648, -1)
// DIVOK: value #0: i32 = -3
dataflow.graph private @divide(%start: none) values(%a: i32, %b: i32) -> values(i32) {
  %q = arith.divsi %a, %b : i32
  dataflow.graph.return %start, %q : none, i32
}

// A runaway program (step 0 never reaches the limit) hits the firing budget.
// RUN: not loom-emu %s --graph=runaway --values=1 --budget=5000 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: graph @runaway: exceeded the firing budget of 5000 firings before reaching its completion frontier; a longer run needs a larger budget (--budget)
dataflow.graph private @runaway(%start: none) values(%n: i32) -> values(i32) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %iv, %phase = dataflow.stream %c0, %n, %c0 step add while slt : i32
  %acc = dataflow.carry %phase, %c0, %next : i32
  %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
  %next = arith.addi %body, %iv : i32
  dataflow.graph.return %start, %exit : none, i32
}

// Control decisions on poison and selectors that pick no lane.
// RUN: not loom-emu %s --graph=select_lane --values=3,poison 2>&1 | FileCheck %s --check-prefix=LANE
// RUN: not loom-emu %s --graph=select_lane --drain --values=0,poison 2>&1 | FileCheck %s --check-prefix=POISONLANE
// LANE: error: graph @select_lane: 'dataflow.mux' at {{.*}}errors.mlir:[[@LINE+4]]:{{[0-9]+}}: selector 3 picks no lane of 3
// POISONLANE: error: graph @select_lane: 'dataflow.carry' at {{.*}}errors.mlir:[[@LINE+5]]:{{[0-9]+}}: the phase is poison; control cannot depend on a poison value
dataflow.graph private @select_lane(%start: none) values(%lane: index, %c: i1) -> values(i32) {
  %a = dataflow.constant %start {value = 10 : i32} : i32
  %r = dataflow.mux %lane, %a, %a, %a : (index, i32, i32, i32) -> i32
  %s = arith.select %c, %a, %a : i32
  %p = dataflow.carry %c, %a, %a : i32
  dataflow.graph.return %start, %r : none, i32
}

// With --drain, a memory access after the completion frontier (here a
// store whose done nobody waits for) and a second completion are errors.
// RUN: not loom-emu %s --graph=late_store --drain --memory='i32[1]' 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: loom-emu %s --graph=late_store --memory='i32[1]' | FileCheck %s --check-prefix=LATEOK
// RUN: loom-emu %s --graph=late_store '--memory=i32[1]' --format=bits > %t.emu1 && echo '{"memories":[{"type":"i32","shape":[1]}]}' | loom-sim %s --graph=late_store --inputs=- --format=bits > %t.sim1 && diff %t.emu1 %t.sim1
// LATE: error: graph @late_store: 'dataflow.store' at {{.*}}errors.mlir:[[@LINE+5]]:{{[0-9]+}}: fired after the completion frontier was reached
// LATEOK: memory #0: [0]
dataflow.graph private @late_store(%start: none) memories(%m: memref<1xi32>) {
  %i = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 5 : i32} : i32
  %d = dataflow.store %m[%i] %v %start : memref<1xi32>
  dataflow.graph.return complete(%start)
}

// RUN: not loom-emu %s --graph=twice --drain --stream=none,none 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: graph @twice: graph.return operand #0 received a second token; one launch publishes each value and completion witness once
dataflow.graph private @twice(%start: none) streams(%c: none) {
  %d, %s = dataflow.sync %c, %start : (none, none) -> (none, none)
  %e = dataflow.sync %c : (none) -> (none)
  dataflow.graph.return complete(%e)
}

// Bad command lines: argument count, literal, memory shape, graph name.
// RUN: not loom-emu %s --graph=divide --values=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not loom-emu %s --graph=divide --values=1,x 2>&1 | FileCheck %s --check-prefix=LITERAL
// RUN: not loom-emu %s --graph=oob_store --values=0,0 --memory='f64[3x2]' 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not loom-emu %s --graph=nothere 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not loom-emu %s 2>&1 | FileCheck %s --check-prefix=NONAME
// COUNT: error: --values expects 2 values, got 1
// LITERAL: error: cannot read 'x' as a value of type i32: expected a decimal or 0x integer
// SHAPE: error: graph @oob_store: memory input #0 of type memref<2x3xf64> cannot bind a buffer of f64 with extents [3, 2]
// NAME: error: no graph named 'nothere'; the module holds: @deadlock @oob
// NONAME: error: choose a graph with --graph=<name>
