// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// A residual llvm.call: a graph body contains no calls.
// CHECK: error: cannot lower spatial region 'call_g': 'llvm.call' is a call; a graph body contains no calls
llvm.func @helper(f32) -> f32
dataflow.thread private @call(%a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region memories(%a : memref<1xf32>) {
  ^bb0(%a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %a1[%c0] : memref<1xf32>
    %y = llvm.call @helper(%x) : (f32) -> f32
    memref.store %y, %a1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
