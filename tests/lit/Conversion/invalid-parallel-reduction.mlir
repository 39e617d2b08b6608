// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// An scf.parallel with a result combined by scf.reduce is not effect-form.
// CHECK: error: cannot lower spatial region 'red_g0': 'scf.parallel' is reduction-bearing (1 result combined by scf.reduce); a graph-owned parallel op must be effect-form
dataflow.thread private @red(%a: memref<4xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<4xf32>) attributes {graph_name = "red_g0"} {
  ^bb0(%a1: memref<4xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %s = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> f32 {
      %x = memref.load %a1[%i] : memref<4xf32>
      scf.reduce(%x : f32) {
      ^bb0(%l: f32, %r: f32):
        %t = arith.addf %l, %r : f32
        scf.reduce.return %t : f32
      }
    }
    memref.store %s, %a1[%c0] : memref<4xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
