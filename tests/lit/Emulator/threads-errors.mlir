// Bad input to thread launches is a clear error, never a crash or a hang.

// A negative extent is refused at admission, before any instance exists.
// RUN: not loom-emu %s --entry=negative --values=3,-2 --memory='i32[4]' 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: @negative: thread 'fill' has a negative extent -2 in dimension 1; no instance ran
func.func @negative(%a: memref<?xi32>, %n: index, %m: index) {
  %t = dataflow.thread.launch @fill extents(%n, %m) args(%a : memref<?xi32>)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @fill(%a: memref<?xi32>) ctrl(%c) coords(%i, %j)
    domain<dense> {
  %one = arith.constant 1 : i32
  memref.store %one, %a[%i] : memref<?xi32>
  dataflow.thread.yield
}

// A failing dense instance names the thread and the coordinates.
// RUN: not loom-emu %s --entry=dense_oob --values=5 --memory='i32[4]' --workers=2 2>&1 | FileCheck %s --check-prefix=DOOB
// DOOB: error: @dense_oob: thread 'fill1' instance (4): out-of-bounds 'memref.store' at index [4]
func.func @dense_oob(%a: memref<?xi32>, %n: index) {
  %t = dataflow.thread.launch @fill1 extents(%n) args(%a : memref<?xi32>)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @fill1(%a: memref<?xi32>) ctrl(%c) coords(%i)
    domain<dense> {
  %one = arith.constant 1 : i32
  memref.store %one, %a[%i] : memref<?xi32>
  dataflow.thread.yield
}

// A failing work item names the thread and its WorkItemId; the domain is
// cancelled and the run stops (no hang waiting for responsibilities).
// RUN: not loom-emu %s --entry=item_oob --values=6 --memory='i64[5]' --workers=4 2>&1 | FileCheck %s --check-prefix=IOOB
// IOOB: error: @item_oob: thread 'node': work item (dispatch 0, root.1.0, ordinal 0): out-of-bounds 'memref.store' at index [5]
func.func @item_oob(%out: memref<?xi64>, %n: i64) {
  %root = arith.constant 0 : i64
  %t = dataflow.thread.launch @node args(%out, %n, %root : memref<?xi64>, i64, i64)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @node(%out: memref<?xi64>, %n: i64, %i: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 2> {
  %slot = arith.index_cast %i : i64 to index
  memref.store %i, %out[%slot] : memref<?xi64>
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %twice = arith.muli %i, %c2 : i64
  %left = arith.addi %twice, %c1 : i64
  %right = arith.addi %twice, %c2 : i64
  %has_left = arith.cmpi slt, %left, %n : i64
  scf.if %has_left {
    dataflow.work.spawn %left : i64
  }
  %has_right = arith.cmpi slt, %right, %n : i64
  scf.if %has_right {
    dataflow.work.spawn %right : i64
  }
  dataflow.thread.yield
}

// A graph that deadlocks inside a thread instance stops the run with the
// emulator's deadlock report, prefixed by the instance.
// RUN: not loom-emu %s --entry=stuck --values=2 --workers=2 2>&1 | FileCheck %s --check-prefix=STUCK
// STUCK: error: @stuck: thread 'wait_forever' instance ({{[01]}}): graph @never: deadlocked after {{[0-9]+}} firings
func.func @stuck(%n: index) {
  %t = dataflow.thread.launch @wait_forever extents(%n) args()
  dataflow.thread.wait %t
  return
}

dataflow.thread private @wait_forever() ctrl(%c) coords(%i) domain<dense> {
  %d = dataflow.graph.launch @never values(%i : index)
  dataflow.thread.yield %d
}

dataflow.graph private @never(%start: none) values(%i: index) {
  %t = dataflow.constant %start {value = true} : i1
  %exit, %body = dataflow.demux %t, %start : (i1, none) -> (none, none)
  dataflow.graph.return complete(%exit)
}

// Arguments that do not match the entry's parameters.
// RUN: not loom-emu %s --entry=negative --values=3 --memory='i32[4]' 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not loom-emu %s --entry=negative --values=3,2 --memory='f32[4]' 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not loom-emu %s --entry=nothing 2>&1 | FileCheck %s --check-prefix=NOFUNC
// ARGS: error: --values expects 2 values, got 1
// TYPE: error: --memory 'f32[4]' does not match parameter #0 of @negative
// NOFUNC: error: no func.func named 'nothing' with a body
