// Malformed input: a chain yields only its terminal event.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}frontier member #0 of thread @t is not necessary
dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}
dataflow.thread private @t(%x: i32) ctrl(%c) domain<dense> {
  %a, %d0 = dataflow.graph.launch @g deps(%c) values(%x : i32) -> values(i32)
  %b, %d1 = dataflow.graph.launch @g deps(%d0) values(%a : i32) -> values(i32)
  dataflow.thread.yield %d0, %d1
}
