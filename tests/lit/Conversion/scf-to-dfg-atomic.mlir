// RUN: not loom-opt %s --loom-lower-scf-to-dfg 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not loom-opt %s --loom-lower-scf-to-dfg --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNCHANGED

// One region without a template makes the whole publication fail: the
// module keeps both regions and gains no graph.
// ERR: error: cannot lower spatial region 't_g': 'scf.forall' has a dynamic domain
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg
// UNCHANGED-NOT: dataflow.graph private
// UNCHANGED: loom.spatial_region
// UNCHANGED: loom.spatial_region
// UNCHANGED-NOT: dataflow.graph.launch
dataflow.thread private @t(%a: memref<?xf32>, %s: index) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<?xf32>) {
  ^bb0(%a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  loom.spatial_region values(%s : index) memories(%a : memref<?xf32>) {
  ^bb0(%s1: index, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %v = arith.constant 1.0 : f32
    scf.forall (%i) in (%s1) {
      memref.store %v, %a1[%i] : memref<?xf32>
    }
    memref.store %v, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
