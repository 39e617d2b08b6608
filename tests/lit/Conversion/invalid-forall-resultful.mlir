// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// An scf.forall with shared outputs but an empty in_parallel still has results.
// CHECK: error: cannot lower spatial region 'res_g0': 'scf.forall' is resultful (1 shared output); a graph-owned parallel op must be effect-form
dataflow.thread private @res(%a: memref<4xf32>, %t: tensor<4xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%t : tensor<4xf32>) memories(%a : memref<4xf32>) attributes {graph_name = "res_g0"} {
  ^bb0(%t1: tensor<4xf32>, %a1: memref<4xf32>):
    %v = arith.constant 1.0 : f32
    %r = scf.forall (%i) in (4) shared_outs(%o = %t1) -> tensor<4xf32> {
      memref.store %v, %a1[%i] : memref<4xf32>
      scf.forall.in_parallel {
      }
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
