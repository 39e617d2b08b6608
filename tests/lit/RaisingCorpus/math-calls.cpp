// sqrtf/expf calls. Under the default -fmath-errno the calls may set errno,
// so they reach the raising as calls; device code does not set errno
// (docs/compiler.md, "Device compile"), so loom-raise-libm-calls raises them
// to math.sqrt / math.exp with a remark each. With -fno-math-errno clang
// emits the intrinsics, which raise to the same ops. Both forms run
// bit-identically to the original calls.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d \
// RUN:   -Rpass-analysis=loom 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loom-raise %t.d/softplus.ll | FileCheck %s
// RUN: loom-raise-check %t.d/softplus.ll --kernel=_Z8softplusPKfPfi \
// RUN:   --args='f32[32],f32[32],i32=32' --emu | FileCheck %s --check-prefix=EXEC
// RUN: rm -rf %t.ne.d && %loom-clangxx -O2 -fno-math-errno -c %s -o %t.ne.o --loom-save-temps=%t.ne.d
// RUN: loom-raise %t.ne.d/softplus.ll | FileCheck %s --check-prefix=NOERRNO
// RUN: loom-raise-check %t.ne.d/softplus.ll --kernel=_Z8softplusPKfPfi \
// RUN:   --args='f32[32],f32[32],i32=32' --emu | FileCheck %s --check-prefix=NOERRNO-EXEC

#include <loom/loom.h>
#include <math.h>

LOOM_ACCEL()
void softplus(const float *in, float *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = sqrtf(fabsf(in[i])) + expf(in[i] * 0.125f);
}

// CHECK-LABEL: func.func @_Z8softplusPKfPfi(
// CHECK: scf.for
// CHECK:   %[[ABS:.+]] = math.absf %{{.+}} : f32
// CHECK:   math.sqrt %[[ABS]] : f32
// CHECK:   math.exp %{{.+}} : f32
// CHECK-NOT: llvm.call

// REMARK-DAG: remark: kernel 'softplus': libm call 'sqrtf' raised to math.sqrt (device code does not set errno)
// REMARK-DAG: remark: kernel 'softplus': libm call 'expf' raised to math.exp (device code does not set errno)

// NOERRNO-LABEL: func.func @_Z8softplusPKfPfi(
// NOERRNO: scf.for
// NOERRNO:   %[[ABS:.+]] = math.absf %{{.+}} : f32
// NOERRNO:   math.sqrt %[[ABS]] : f32
// NOERRNO:   math.exp %{{.+}} : f32
// NOERRNO-NOT: llvm.call

// EXEC: kernel _Z8softplusPKfPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z8softplusPKfPfi
// EXEC-NEXT: EMU-MATCH _Z8softplusPKfPfi

// NOERRNO-EXEC: other llvm ops: 0
// NOERRNO-EXEC: MATCH _Z8softplusPKfPfi
// NOERRNO-EXEC-NEXT: EMU-MATCH _Z8softplusPKfPfi
