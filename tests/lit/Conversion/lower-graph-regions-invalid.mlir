// RUN: not loom-opt %s --loom-lower-graph-regions 2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-graph-regions

// The pass alone is atomic: a region without a template leaves the module,
// including the lowerable first region, unchanged.
// CHECK: error: cannot lower spatial region 'u_g': 'scf.forall' has a dynamic domain
dataflow.thread private @u(%a: memref<?xf32>, %s: index) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<?xf32>) {
  ^bb0(%a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  loom.spatial_region values(%s : index) memories(%a : memref<?xf32>) {
  ^bb0(%s1: index, %a1: memref<?xf32>):
    %v = arith.constant 1.0 : f32
    scf.forall (%i) in (%s1) {
      memref.store %v, %a1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
