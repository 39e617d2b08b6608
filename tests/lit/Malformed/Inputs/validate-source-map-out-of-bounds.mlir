// Malformed input: source map d0 + 1 leaves a 4-wide producer domain.
// Expected: loom-opt --loom-validate-dataflow reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}leaves the producer domain at consumer point (3)
dataflow.graph private @prod(%start: none) -> streams(i32) {
  %v = dataflow.constant %start {value = 7 : i32} : i32
  %s:2 = dataflow.sync %start, %v : (none, i32) -> (none, i32)
  dataflow.graph.return streams(%s#1 : i32) complete(%s#0)
}
dataflow.graph private @cons(%start: none) streams(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}
dataflow.thread private @t() ctrl(%c) coords(%i) domain<dense> {
  %ch = dataflow.channel.create : !dataflow.channel<i32>
  %d0 = dataflow.graph.launch @prod deps(%c) stream_outputs(%ch : !dataflow.channel<i32>)
  %y, %d1 = dataflow.graph.launch @cons deps(%c) stream_inputs(%ch : !dataflow.channel<i32>) source_maps([affine_map<(d0) -> (d0 + 1)>]) -> values(i32)
  dataflow.thread.yield %d0, %d1
}
func.func @host() {
  %n = arith.constant 4 : index
  %tok = dataflow.thread.launch @t extents(%n) args()
  dataflow.thread.wait %tok
  return
}
