// Input of diff-forall-to-thread.mlir (not a test on its own): a rank-1
// thread whose only work is a thread-level scf.forall over a spatial region.
func.func @grid(%out: memref<?xi64>, %n: index, %m: index) {
  %t = dataflow.thread.launch @rows extents(%n) args(%out, %m : memref<?xi64>, index)
  dataflow.thread.wait %t
  return
}

dataflow.thread private @rows(%out: memref<?xi64>, %m: index) ctrl(%c)
    coords(%i) domain<dense> {
  scf.forall (%j) = (1) to (%m) step (2) {
    loom.spatial_region values(%i, %j, %m : index, index, index) memories(%out : memref<?xi64>) attributes {graph_name = "rows_g0"} {
    ^bb0(%i1: index, %j1: index, %m1: index, %o: memref<?xi64>):
      %c100 = arith.constant 100 : i64
      %row = arith.muli %i1, %m1 : index
      %k = arith.addi %row, %j1 : index
      %ii = arith.index_cast %i1 : index to i64
      %jj = arith.index_cast %j1 : index to i64
      %a = arith.muli %ii, %c100 : i64
      %v = arith.addi %a, %jj : i64
      memref.store %v, %o[%k] : memref<?xi64>
      loom.spatial_yield
    }
  }
  dataflow.thread.yield
}
