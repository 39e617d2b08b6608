// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// Memory is a static binding: an scf.if choosing between two memrefs has no template.
// CHECK: error: cannot lower spatial region 'choose_g': 'scf.if' produces a memref; memory is a static binding and cannot flow through a graph
dataflow.thread private @choose(%a: memref<1xf32>, %b: memref<1xf32>, %s: i1) ctrl(%c) domain<dense> {
  loom.spatial_region values(%s : i1) memories(%a, %b : memref<1xf32>, memref<1xf32>) {
  ^bb0(%s1: i1, %a1: memref<1xf32>, %b1: memref<1xf32>):
    %m = scf.if %s1 -> memref<1xf32> {
      scf.yield %a1 : memref<1xf32>
    } else {
      scf.yield %b1 : memref<1xf32>
    }
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %m[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
