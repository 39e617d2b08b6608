// RUN: not loom-opt %s --loom-lower-scf-to-dfg 2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg

// Atomic publication of the whole pipeline: the first thread would be
// flattened (loom-forall-to-thread) and its region's constant sunk
// (loom-sink-region-constants) before graph-region lowering meets an
// operation without a template in the second thread, which passes every
// legality rule. The steps run on a scratch clone, so the module printed
// after the failure is still the input.
// CHECK: error: 'memref.dim' has no dataflow template or actor
// CHECK: error: cannot lower spatial region 'bad_g' of thread @bad
dataflow.thread private @flat(%a: memref<?xf32>, %n: index) ctrl(%c) coords(%i) domain<dense> {
  %two = arith.constant 2.0 : f32
  scf.forall (%j) in (%n) {
    loom.spatial_region values(%j, %two : index, f32) memories(%a : memref<?xf32>) {
    ^bb0(%j1: index, %t: f32, %a1: memref<?xf32>):
      memref.store %t, %a1[%j1] : memref<?xf32>
      loom.spatial_yield
    }
  }
  dataflow.thread.yield
}
func.func @host(%a: memref<?xf32>, %n: index) {
  %t = dataflow.thread.launch @flat extents(%n) args(%a, %n : memref<?xf32>, index)
  dataflow.thread.wait %t
  return
}
dataflow.thread private @bad(%a: memref<?xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<?xf32>) {
  ^bb0(%a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %d = memref.dim %a1, %c0 : memref<?xf32>
    %f = arith.index_cast %d : index to i32
    %g = arith.sitofp %f : i32 to f32
    memref.store %g, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
