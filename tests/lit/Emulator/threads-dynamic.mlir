// Dynamic-work domains (Part 4 section 2.2) on the bounded work-stealing
// scheduler: a binary tree of n nodes in heap numbering, each item i runs a
// graph computing i*i + 1 into its own slot and spawns 2i+1 and 2i+2 when
// they exist. Every item's WorkItemId is (dispatch, parent path, ordinal);
// identities, payloads and memory must not depend on the worker count, the
// deque capacity (a capacity of 1 forces "would block" spawns to run
// inline) or the schedule.

// RUN: loom-emu %s --entry=tree --values=6 --memory='i64[6]' --print-work-items --stats | FileCheck %s
// CHECK: @tree completed
// CHECK-NEXT: memory #0: [1, 2, 5, 10, 17, 26]
// CHECK-NEXT: work item (dispatch 0, root) payload 0
// CHECK-NEXT: work item (dispatch 0, root.0, ordinal 0) payload 1
// CHECK-NEXT: work item (dispatch 0, root.0.0, ordinal 0) payload 3
// CHECK-NEXT: work item (dispatch 0, root.0.1, ordinal 1) payload 4
// CHECK-NEXT: work item (dispatch 0, root.1, ordinal 1) payload 2
// CHECK-NEXT: work item (dispatch 0, root.1.0, ordinal 0) payload 5
// CHECK-NEXT: stats: thread instances 6, graph launches 6
// CHECK-NEXT: launch: dynamic-work thread @node: instances 6, graph launches 6, acquired 6, retired 6

// A deeper tree (127 nodes) under 1, 2 and 4 workers and a deque of one
// slot: the printed items, payloads, memory and statistics are identical.
// RUN: loom-emu %s --entry=tree --values=127 --memory='i64[127]' --print-work-items --stats --format=flat > %t.w1
// RUN: loom-emu %s --entry=tree --values=127 --memory='i64[127]' --print-work-items --stats --format=flat --workers=2 > %t.w2
// RUN: loom-emu %s --entry=tree --values=127 --memory='i64[127]' --print-work-items --stats --format=flat --workers=4 > %t.w4
// RUN: loom-emu %s --entry=tree --values=127 --memory='i64[127]' --print-work-items --stats --format=flat --workers=4 --deque-capacity=1 > %t.w4c1
// RUN: diff %t.w1 %t.w2
// RUN: diff %t.w1 %t.w4
// RUN: diff %t.w1 %t.w4c1
// RUN: FileCheck %s --check-prefix=DEEP < %t.w4
// DEEP: 15626
// DEEP-NEXT: 15877
// DEEP: work item (dispatch 0, root.1.1.1.1.1.1, ordinal 1) payload 126
// DEEP: launch: dynamic-work thread @node: instances 127, graph launches 127, acquired 127, retired 127
func.func @tree(%out: memref<?xi64>, %n: i64) {
  %root = arith.constant 0 : i64
  %t = dataflow.thread.launch @node args(%out, %n, %root : memref<?xi64>, i64, i64)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @node(%out: memref<?xi64>, %n: i64, %i: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 2> {
  %v, %d = dataflow.graph.launch @square_plus_one values(%i : i64) -> values(i64)
  %slot = arith.index_cast %i : i64 to index
  memref.store %v, %out[%slot] : memref<?xi64>
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
  dataflow.thread.yield %d
}

dataflow.graph private @square_plus_one(%start: none) values(%x: i64) -> values(i64) {
  %sq = arith.muli %x, %x : i64
  %one = dataflow.constant %start {value = 1 : i64} : i64
  %r = arith.addi %sq, %one : i64
  dataflow.graph.return %start, %r : none, i64
}

// Two dynamic launches in one program get dispatches 0 and 1; the second
// depends on the first and reads what its items wrote (a chain: each item
// spawns one child until the payload reaches n).
// RUN: loom-emu %s --entry=two_domains --values=4 --memory='i64[4]' --print-work-items --workers=2 | FileCheck %s --check-prefix=TWO
// TWO: memory #0: [2, 4, 6, 8]
// TWO-NEXT: work item (dispatch 0, root) payload 0
// TWO-NEXT: work item (dispatch 0, root.0, ordinal 0) payload 1
// TWO-NEXT: work item (dispatch 0, root.0.0, ordinal 0) payload 2
// TWO-NEXT: work item (dispatch 0, root.0.0.0, ordinal 0) payload 3
// TWO-NEXT: work item (dispatch 1, root) payload 0
// TWO: work item (dispatch 1, root.0.0.0, ordinal 0) payload 3
func.func @two_domains(%out: memref<?xi64>, %n: i64) {
  %root = arith.constant 0 : i64
  %t0 = dataflow.thread.launch @chain_set args(%out, %n, %root : memref<?xi64>, i64, i64)
  %t1 = dataflow.thread.launch @chain_double deps(%t0) args(%out, %n, %root : memref<?xi64>, i64, i64)
  dataflow.thread.wait %t1
  return
}

// out[i] = i + 1, then spawn i + 1 while it is below n.
dataflow.thread private @chain_set(%out: memref<?xi64>, %n: i64, %i: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 2> {
  %c1 = arith.constant 1 : i64
  %next = arith.addi %i, %c1 : i64
  %slot = arith.index_cast %i : i64 to index
  memref.store %next, %out[%slot] : memref<?xi64>
  %more = arith.cmpi slt, %next, %n : i64
  scf.if %more {
    dataflow.work.spawn %next : i64
  }
  dataflow.thread.yield
}

// out[i] *= 2, then spawn i + 1 while it is below n.
dataflow.thread private @chain_double(%out: memref<?xi64>, %n: i64, %i: i64) ctrl(%c)
    domain<dynamic_work, work_item_arg = 2> {
  %c1 = arith.constant 1 : i64
  %slot = arith.index_cast %i : i64 to index
  %x = memref.load %out[%slot] : memref<?xi64>
  %y = arith.addi %x, %x : i64
  memref.store %y, %out[%slot] : memref<?xi64>
  %next = arith.addi %i, %c1 : i64
  %more = arith.cmpi slt, %next, %n : i64
  scf.if %more {
    dataflow.work.spawn %next : i64
  }
  dataflow.thread.yield
}
