// The benchmark's dynamic-work program: a binary tree of n nodes in heap
// numbering; item i runs a graph computing i*i + 1 into out[i] and spawns
// 2i+1 and 2i+2 below n. Run by bench/scheduler_throughput.py through
// `loom-emu --entry=tree`.
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
