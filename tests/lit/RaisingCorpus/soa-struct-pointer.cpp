// struct-of-arrays fields through a pointer to the struct: the field
// pointers are loaded from the struct, so none of them is a parameter.
// On the raising alone (loom-raise of the kernel's IR): no memref root: the
// struct pointer is accessed as !llvm.ptr (the field pointers), so it stays
// an LLVM pointer, and the loaded field pointers are no roots either. The
// loop itself is counted.
// GAP: not run by loom-raise-check: --args has no form for a struct of
// pointers to buffers (soa-fields.cpp runs the by-value form).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/advance_ptr.ll | FileCheck %s
// loom-clang++ does lower it: the kernel compiler makes the two field
// pointers implicit inputs (the launch stub loads them from *p at every
// call), so they are memory roots like pointer parameters.
// RUN: %loom-clangxx -O2 -c %s -o %t.o -Rpass=loom -Rpass-analysis=loom \
// RUN:   -Rpass-missed=loom 2>&1 | FileCheck %s --check-prefix=EMU
// EMU-DAG: remark: kernel 'advance_ptr': the field at byte 0 of 'p' is a memory root of the dataflow program, taken at every launch (implicit argument #{{[34]}})
// EMU-DAG: remark: kernel 'advance_ptr': the field at byte 8 of 'p' is a memory root of the dataflow program, taken at every launch (implicit argument #{{[34]}})
// EMU-DAG: remark: kernel 'advance_ptr': argument 'p' (#0) is not bounds-checked: the kernel does not access it
// EMU-DAG: remark: kernel 'advance_ptr' offloaded [-Rpass=loom]
// EMU-NOT: stays InstructionCore code

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
