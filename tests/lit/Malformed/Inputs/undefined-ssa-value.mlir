// Malformed input: operand never defined.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}use of undeclared SSA value name
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %y = arith.addi %x, %nowhere : i32
  dataflow.graph.return %start, %y : none, i32
}
