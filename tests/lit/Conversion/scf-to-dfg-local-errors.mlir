// RUN: not loom-opt %s --loom-lower-scf-to-dfg -split-input-file 2>&1 | FileCheck %s

// A local array inside a replicated forall cannot be hoisted: the lanes
// would share one copy. The publication fails and names the reason.
// CHECK: error: cannot lower spatial region 'lanes_g': 'memref.alloca' is inside an scf.forall or scf.parallel and cannot be hoisted: each lane needs its own copy
dataflow.thread private @lanes(%a: memref<?xf32>, %v: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%v : f32) memories(%a : memref<?xf32>) {
  ^bb0(%v1: f32, %a1: memref<?xf32>):
    scf.forall (%i) in (4) {
      %t = memref.alloca() : memref<1xf32>
      %c0 = arith.constant 0 : index
      memref.store %v1, %t[%c0] : memref<1xf32>
      %x = memref.load %t[%c0] : memref<1xf32>
      memref.store %x, %a1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// An allocation of run-time size has no static memory input to become.
// CHECK: error: cannot lower spatial region '{{.+}}': 'memref.alloca' has a dynamic shape or a non-identity layout and cannot be hoisted out of the region
dataflow.thread private @sized(%a: memref<?xf32>, %n: index, %v: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n, %v : index, f32) memories(%a : memref<?xf32>) {
  ^bb0(%n1: index, %v1: f32, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %t = memref.alloca(%n1) : memref<?xf32>
    memref.store %v1, %t[%c0] : memref<?xf32>
    %x = memref.load %t[%c0] : memref<?xf32>
    memref.store %x, %a1[%c0] : memref<?xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
