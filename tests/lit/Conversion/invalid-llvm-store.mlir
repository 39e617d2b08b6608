// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// A residual llvm.store.
// CHECK: error: cannot lower spatial region 'ptr_g': 'llvm.store' is a residual LLVM memory access; a graph reaches memory only through memref bindings
dataflow.thread private @ptr(%p: !llvm.ptr, %a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%p : !llvm.ptr) memories(%a : memref<1xf32>) {
  ^bb0(%p1: !llvm.ptr, %a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %a1[%c0] : memref<1xf32>
    llvm.store %x, %p1 : f32, !llvm.ptr
    loom.spatial_yield
  }
  dataflow.thread.yield
}
