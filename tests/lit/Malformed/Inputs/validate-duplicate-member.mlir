// Malformed input: the same done yielded twice.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}repeats member #0 as member #1
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  %a, %d = dataflow.graph.launch @g deps(%c) values(%x : i32) -> values(i32)
  dataflow.thread.yield %d, %d
}
