// Malformed input: a channel with a producer but no consumer.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}has 1 producer bindings and 0 consumers
dataflow.graph private @prod(%start: none) -> streams(i32) {
  %v = dataflow.constant %start {value = 7 : i32} : i32
  %s:2 = dataflow.sync %start, %v : (none, i32) -> (none, i32)
  dataflow.graph.return streams(%s#1 : i32) complete(%s#0)
}
dataflow.thread private @t() ctrl(%c) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %d = dataflow.graph.launch @prod deps(%c) stream_outputs(%ch : !dataflow.channel<i32>)
  dataflow.thread.yield %d
}
