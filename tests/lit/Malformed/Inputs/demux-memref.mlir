// Malformed input: memref through a demux.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}memrefs are static memory bindings and never pass through stream-shaping actors
dataflow.graph private @g(%start: none) values(%s: i1) memories(%A: memref<?xi32>) {
  %a, %b = dataflow.demux %s, %A : (i1, memref<?xi32>) -> (memref<?xi32>, memref<?xi32>)
  dataflow.graph.return %start : none
}
