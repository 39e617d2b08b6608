// Malformed input: memref in the values segment.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}value ports take finite value types, memrefs belong to the memories segment
dataflow.graph private @g(%start: none) values(%m: memref<?xi32>) {
  dataflow.graph.return %start : none
}
