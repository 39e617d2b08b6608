// Malformed input: one index for a rank-2 memref.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}has 1 indices for a memref of rank 2
dataflow.graph private @g(%start: none) values(%i: index) memories(%A: memref<?x?xi32>) -> values(i32) {
  %x, %d = dataflow.load %A[%i] %start : memref<?x?xi32>
  dataflow.graph.return %d, %x : none, i32
}
