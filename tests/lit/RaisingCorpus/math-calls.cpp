// sqrtf/expf calls. Under the default -fmath-errno the calls may set errno,
// so they reach the raising as calls and stay llvm.call of the libm
// functions; with -fno-math-errno clang emits the intrinsics and they raise
// to math.sqrt / math.exp. Both forms run bit-identically.
// GAP: with -fmath-errno (the default) sqrtf/expf stay llvm.call, which the
// later stages can only run on the InstructionCore; the device compile does
// not (yet) know them free of errno effects.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/softplus.ll | FileCheck %s
// RUN: loom-raise-check %t.d/softplus.ll --kernel=_Z8softplusPKfPfi \
// RUN:   --args='f32[32],f32[32],i32=32' | FileCheck %s --check-prefix=EXEC
// RUN: rm -rf %t.ne.d && %loom-clangxx -O2 -fno-math-errno -c %s -o %t.ne.o --loom-save-temps=%t.ne.d
// RUN: loom-raise %t.ne.d/softplus.ll | FileCheck %s --check-prefix=NOERRNO
// RUN: loom-raise-check %t.ne.d/softplus.ll --kernel=_Z8softplusPKfPfi \
// RUN:   --args='f32[32],f32[32],i32=32' | FileCheck %s --check-prefix=NOERRNO-EXEC
// RUN: not loom-raise-check %t.d/softplus.ll --kernel=_Z8softplusPKfPfi \
// RUN:   --args='f32[32],f32[32],i32=32' --emu | FileCheck %s --check-prefix=EMU
// EMU: EMU-UNSUPPORTED _Z8softplusPKfPfi: not lowered: no part of the kernel can run on the SpatialCore: no spatial region was formed (first blocker: stays InstructionCore code of thread @{{.+}}: 'llvm.call' has no dataflow actor)

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
// CHECK:   llvm.call @sqrtf(%[[ABS]])
// CHECK:   llvm.call @expf(

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
// EXEC-NEXT: other llvm ops: 2 llvm.call=2
// EXEC-NEXT: MATCH _Z8softplusPKfPfi

// NOERRNO-EXEC: other llvm ops: 0
// NOERRNO-EXEC: MATCH _Z8softplusPKfPfi
