// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// An scf.execute_region with a branch inside is unstructured control: only a single-block one is inlined.
// CHECK: error: cannot lower spatial region 'cfg_g': 'scf.execute_region' has 3 blocks; only a single-block scf.execute_region is inlined into a graph
dataflow.thread private @cfg(%a: memref<1xf32>, %s: i1) ctrl(%c) domain<dense> {
  loom.spatial_region values(%s : i1) memories(%a : memref<1xf32>) {
  ^bb0(%s1: i1, %a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %r = scf.execute_region -> f32 {
      cf.cond_br %s1, ^one, ^two
    ^one:
      %x = arith.constant 1.0 : f32
      scf.yield %x : f32
    ^two:
      %y = arith.constant 2.0 : f32
      scf.yield %y : f32
    }
    memref.store %r, %a1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
