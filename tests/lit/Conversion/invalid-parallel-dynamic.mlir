// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// A graph-owned scf.parallel with a run-time bound has no fixed width.
// CHECK: error: cannot lower spatial region 'dyn_g0': 'scf.parallel' has a dynamic domain; a graph-owned parallel op needs a compile-time fixed width
dataflow.thread private @dyn(%a: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a : memref<?xf32>) attributes {graph_name = "dyn_g0"} {
  ^bb0(%n1: index, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 1.0 : f32
    scf.parallel (%i) = (%c0) to (%n1) step (%c1) {
      memref.store %v, %a1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
