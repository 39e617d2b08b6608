// Dense thread launches (Part 4 section 2.1) run by `loom-emu --entry`:
// ranks 0 to 3, an empty domain, dependencies and thread.wait, graph
// launches inside instances. Instances run in no particular order on the
// scheduler's workers; the results of these race-free programs must not
// depend on the worker count or on the order instances are handed out.

// Rank 2: out[i*m + j] = 100*i + j for every (i, j) in [0,3) x [0,4).
// RUN: loom-emu %s --entry=rank2 --values=3,4 --memory='i64[12]' --stats | FileCheck %s --check-prefix=RANK2
// RANK2: @rank2 completed
// RANK2-NEXT: memory #0: [0, 1, 2, 3, 100, 101, 102, 103, 200, 201, 202, 203]
// RANK2: stats: thread instances 12, graph launches 0
// RANK2-NEXT: launch: dense thread @fill2: instances 12, graph launches 0
//
// The same with 4 workers, and with the instances handed out last first:
// the memory is identical.
// RUN: loom-emu %s --entry=rank2 --values=3,4 --memory='i64[12]' --format=flat > %t.rank2.1
// RUN: loom-emu %s --entry=rank2 --values=3,4 --memory='i64[12]' --format=flat --workers=4 > %t.rank2.4
// RUN: loom-emu %s --entry=rank2 --values=3,4 --memory='i64[12]' --format=flat --workers=2 --reverse-dense-order > %t.rank2.r
// RUN: diff %t.rank2.1 %t.rank2.4
// RUN: diff %t.rank2.1 %t.rank2.r
func.func @rank2(%out: memref<?xi64>, %n: index, %m: index) {
  %t = dataflow.thread.launch @fill2 extents(%n, %m) args(%out, %m : memref<?xi64>, index)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @fill2(%out: memref<?xi64>, %m: index) ctrl(%c)
    coords(%i, %j) domain<dense> {
  %c100 = arith.constant 100 : i64
  %row = arith.muli %i, %m : index
  %k = arith.addi %row, %j : index
  %ii = arith.index_cast %i : index to i64
  %jj = arith.index_cast %j : index to i64
  %a = arith.muli %ii, %c100 : i64
  %v = arith.addi %a, %jj : i64
  memref.store %v, %out[%k] : memref<?xi64>
  dataflow.thread.yield
}

// Rank 0 runs exactly once; rank 3 covers every tuple of [0,2)^3 once
// (each instance adds 1 to its own slot, so a repeated or missing tuple
// shows). A rank-3 domain with a zero extent runs nothing.
// RUN: loom-emu %s --entry=ranks --values=2,0 --memory='i32[1]' --memory='i32[8]' --workers=2 --stats | FileCheck %s --check-prefix=RANKS
// RANKS: memory #0: [7]
// RANKS-NEXT: memory #1: [1, 11, 101, 111, 1001, 1011, 1101, 1111]
// RANKS: launch: dense thread @once: instances 1,
// RANKS-NEXT: launch: dense thread @cube: instances 8,
// RANKS-NEXT: launch: dense thread @cube: instances 0,
func.func @ranks(%one: memref<?xi32>, %cube: memref<?xi32>, %n: index, %z: index) {
  %t0 = dataflow.thread.launch @once args(%one : memref<?xi32>)
  %t1 = dataflow.thread.launch @cube extents(%n, %n, %n) args(%cube : memref<?xi32>)
  %t2 = dataflow.thread.launch @cube deps(%t1) extents(%n, %z, %n) args(%cube : memref<?xi32>)
  dataflow.thread.wait %t0, %t2
  return
}

dataflow.thread private @once(%one: memref<?xi32>) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : i32
  %v = memref.load %one[%c0] : memref<?xi32>
  %w = arith.addi %v, %c7 : i32
  memref.store %w, %one[%c0] : memref<?xi32>
  dataflow.thread.yield
}

// Slot i*4 + j*2 + k gets 1 + 1000*i + 100*j + 10*k.
dataflow.thread private @cube(%out: memref<?xi32>) ctrl(%c)
    coords(%i, %j, %k) domain<dense> {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = arith.muli %i, %c4 : index
  %b = arith.muli %j, %c2 : index
  %ab = arith.addi %a, %b : index
  %slot = arith.addi %ab, %k : index
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %c1000 = arith.constant 1000 : i32
  %ii = arith.index_cast %i : index to i32
  %jj = arith.index_cast %j : index to i32
  %kk = arith.index_cast %k : index to i32
  %x = arith.muli %ii, %c1000 : i32
  %y = arith.muli %jj, %c100 : i32
  %z = arith.muli %kk, %c10 : i32
  %xy = arith.addi %x, %y : i32
  %xyz = arith.addi %xy, %z : i32
  %old = memref.load %out[%slot] : memref<?xi32>
  %sum = arith.addi %old, %xyz : i32
  %new = arith.addi %sum, %c1 : i32
  memref.store %new, %out[%slot] : memref<?xi32>
  dataflow.thread.yield
}

// Dependencies: @double reads what @inc wrote, after an empty launch in
// between (its token retires after its dependency without running a body:
// @poison_all would overwrite everything). Each instance runs a graph.
// RUN: loom-emu %s --entry=chain --values=5,0 --memory='i64[5]=10,20,30,40,50' --workers=4 --stats | FileCheck %s --check-prefix=CHAIN
// CHAIN: memory #0: [22, 42, 62, 82, 102]
// CHAIN: stats: thread instances 10, graph launches 5
// CHAIN-NEXT: launch: dense thread @inc: instances 5, graph launches 5
// CHAIN-NEXT: launch: dense thread @poison_all: instances 0, graph launches 0
// CHAIN-NEXT: launch: dense thread @double: instances 5, graph launches 0
// CHAIN: stats: firings 20, compute 5, control 5, memory 10
func.func @chain(%a: memref<?xi64>, %n: index, %zero: index) {
  %t0 = dataflow.thread.launch @inc extents(%n) args(%a : memref<?xi64>)
  %t1 = dataflow.thread.launch @poison_all deps(%t0) extents(%zero) args(%a : memref<?xi64>)
  %t2 = dataflow.thread.launch @double deps(%t1) extents(%n) args(%a : memref<?xi64>)
  dataflow.thread.wait %t2
  return
}

dataflow.thread private @inc(%a: memref<?xi64>) ctrl(%c) coords(%i)
    domain<dense> {
  %d = dataflow.graph.launch @add_one values(%i : index) memories(%a : memref<?xi64>)
  dataflow.thread.yield %d
}

dataflow.graph private @add_one(%start: none) values(%i: index) memories(%a: memref<?xi64>) {
  %x, %ld = dataflow.load %a[%i] %start : memref<?xi64>
  %one = dataflow.constant %start {value = 1 : i64} : i64
  %y = arith.addi %x, %one : i64
  %st = dataflow.store %a[%i] %y %ld : memref<?xi64>
  dataflow.graph.return complete(%st)
}

dataflow.thread private @poison_all(%a: memref<?xi64>) ctrl(%c) coords(%i)
    domain<dense> {
  %bad = arith.constant -1 : i64
  memref.store %bad, %a[%i] : memref<?xi64>
  dataflow.thread.yield
}

dataflow.thread private @double(%a: memref<?xi64>) ctrl(%c) coords(%i)
    domain<dense> {
  %x = memref.load %a[%i] : memref<?xi64>
  %y = arith.addi %x, %x : i64
  memref.store %y, %a[%i] : memref<?xi64>
  dataflow.thread.yield
}
