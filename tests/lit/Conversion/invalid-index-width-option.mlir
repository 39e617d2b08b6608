// RUN: not loom-opt %s --loom-lower-scf-to-dfg=index-width=16 2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg=index-width=16

// Only 32- and 64-bit index widths are supported; any other width fails the
// pass before a region is looked at.
// CHECK: error: loom-lower-scf-to-dfg: index-width=16 is not supported (32 or 64)
dataflow.thread private @one(%a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<1xf32>) {
  ^bb0(%a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
