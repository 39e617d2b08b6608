// RUN: not loom-opt %s --loom-lower-scf-to-dfg  2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg 

// A residual llvm.load (memory reached through a pointer, not a memref binding).
// CHECK: error: cannot lower spatial region 'ptr_g': 'llvm.load' is a residual LLVM memory access; a graph reaches memory only through memref bindings
dataflow.thread private @ptr(%p: !llvm.ptr, %a: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%p : !llvm.ptr) memories(%a : memref<1xf32>) {
  ^bb0(%p1: !llvm.ptr, %a1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %x = llvm.load %p1 : !llvm.ptr -> f32
    memref.store %x, %a1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
