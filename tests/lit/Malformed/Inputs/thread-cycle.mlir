// Malformed input: a cycle in a thread body (an SSACFG region, not a graph).
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}operand #1 does not dominate this use
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  %a = arith.addi %x, %b : i32
  %b = arith.addi %a, %x : i32
  dataflow.thread.yield
}
