// struct-of-arrays fields through a pointer to the struct: the field
// pointers are loaded from the struct, so none of them is a parameter.
// GAP: no memref root: the struct pointer is accessed as !llvm.ptr (the
// field pointers), so it stays an LLVM pointer, and the loaded field
// pointers are no roots either; every access stays llvm.load/llvm.store and
// the loop body is InstructionCore-only. The loop itself is counted.
// GAP: not run by loom-raise-check: --args has no form for a struct of
// pointers to buffers (soa-fields.cpp runs the by-value form).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/advance_ptr.ll | FileCheck %s
// GAP: for the same reason the kernel is not lowered to dataflow, so it has
// no program for the emulator either; the compiler says why.
// RUN: %loom-clangxx -O2 -c %s -o %t.o -Rpass-analysis=loom \
// RUN:   -Rpass-missed=loom 2>&1 | FileCheck %s --check-prefix=EMU
// EMU: soa-struct-pointer.cpp:[[@LINE+12]]:3: remark: kernel 'advance_ptr': loop 'scf.for' stays InstructionCore code of thread @{{.+}}: 'llvm.load' has no dataflow actor [-Rpass-missed=loom]
// EMU: remark: kernel 'advance_ptr' is not offloaded: no part of the kernel can run on the SpatialCore: no spatial region was formed

#include <loom/loom.h>

struct Particles {
  float *x;
  float *v;
};

LOOM_ACCEL()
void advance_ptr(Particles *p, float dt, int n) {
  for (int i = 0; i < n; ++i)
    p->x[i] += p->v[i] * dt;
}

// CHECK-LABEL: func.func @_Z11advance_ptrP9Particlesfi(
// CHECK-SAME: %[[P:[^:]+]]: !llvm.ptr
// CHECK: scf.for
// CHECK:   %[[VFIELD:.+]] = llvm.getelementptr inbounds|nuw %[[P]][8]
// CHECK:   %[[V:.+]] = llvm.load %[[VFIELD]] {{.+}} : !llvm.ptr -> !llvm.ptr
// CHECK:   llvm.getelementptr inbounds|nuw %[[V]]
// CHECK:   %[[X:.+]] = llvm.load %[[P]] {{.+}} : !llvm.ptr -> !llvm.ptr
// CHECK:   %[[XI:.+]] = llvm.getelementptr inbounds|nuw %[[X]]
// CHECK:   llvm.store %{{.+}}, %[[XI]]
// CHECK-NOT: memref
