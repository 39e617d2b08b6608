// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// A channel send under an scf.forall has no traversal order; it is named before the general channel rule.
// CHECK: error: cannot lower spatial region 'send_g0': 'dataflow.channel.send' is a channel endpoint under a parallel op; endpoint sites under scf.parallel or scf.forall have no traversal order
// CHECK: error: cannot lower spatial region 'send_g0': 'loom.spatial_region' has stream channel endpoints; channel bindings are not lowered yet
dataflow.thread private @send(%x: i32) ctrl(%c) domain<dense> {
  %co = dataflow.channel.create : !dataflow.channel<i32>
  loom.spatial_region values(%x : i32) stream_outputs(%co : !dataflow.channel<i32>) attributes {graph_name = "send_g0"} {
  ^bb0(%x1: i32, %so: !dataflow.channel<i32>):
    scf.forall (%i) in (2) {
      dataflow.channel.send %so, %x1 : !dataflow.channel<i32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
