// The thread program of a kernel that binds its one noalias parameter to
// two thread arguments (diff-alias-partitions.mlir runs it): x[i] += y[i-1]
// for 1 <= i < n with x and y the same buffer, i.e. prefix sums. The two
// memory inputs have one root, so they must share one alias partition.
dataflow.thread private @same_t0(%x: memref<?xi32>, %y: memref<?xi32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%x, %y : memref<?xi32>, memref<?xi32>) attributes {graph_name = "same_t0_g0"} {
  ^bb0(%n1: index, %x1: memref<?xi32>, %y1: memref<?xi32>):
    %c1 = arith.constant 1 : index
    scf.for %i = %c1 to %n1 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %p = memref.load %y1[%im1] : memref<?xi32>
      %v = memref.load %x1[%i] : memref<?xi32>
      %s = arith.addi %p, %v : i32
      memref.store %s, %x1[%i] : memref<?xi32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @same(%a: memref<?xi32> {llvm.noalias}, %n: index) {
  %t = dataflow.thread.launch @same_t0 args(%a, %a, %n : memref<?xi32>, memref<?xi32>, index)
  dataflow.thread.wait %t
  return
}
