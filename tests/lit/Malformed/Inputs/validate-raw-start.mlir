// Malformed input: a storing graph retires on its raw %start.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}returns its raw %start as completion although the graph does real work
dataflow.graph private @g(%start: none) values(%i: index, %v: i32) memories(%A: memref<?xi32>) {
  %d = dataflow.store %A[%i] %v %start : memref<?xi32>
  dataflow.graph.return complete(%start)
}
dataflow.thread private @t(%A: memref<?xi32>, %i: index, %v: i32) ctrl(%c) domain<dense> {
  %d = dataflow.graph.launch @g deps(%c) values(%i, %v : index, i32) memories(%A : memref<?xi32>)
  dataflow.thread.yield %d
}
