// guarded do-while: a do-while behind an `n > 0` guard; the guard stays an
// scf.if and the loop inside becomes an scf.for.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scale_guarded.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scale_guarded.ll --kernel=_Z13scale_guardedPKfPfif \
// RUN:   --args='f32[30],f32[30],i32=30,f32=0.75' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/scale_guarded.ll --kernel=_Z13scale_guardedPKfPfif \
// RUN:   --args='f32[30],f32[30],i32=0,f32=0.75' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void scale_guarded(const float *in, float *out, int n, float s) {
  if (n > 0) {
    int i = 0;
    do {
      out[i] = in[i] * s;
      ++i;
    } while (i < n);
  }
}

// CHECK-LABEL: func.func @_Z13scale_guardedPKfPfif(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[GUARD:.+]] = arith.cmpi sgt, %[[N]], %{{.+}} : i32
// CHECK: scf.if %[[GUARD]] {
// CHECK:   %[[UB:.+]] = arith.maxsi %[[N]], %{{.+}} : i32
// CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UB]] step
// CHECK:     arith.mulf
// CHECK:     memref.store

// EXEC: kernel _Z13scale_guardedPKfPfif
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: param 3: f32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z13scale_guardedPKfPfif
// EXEC-NEXT: EMU-MATCH _Z13scale_guardedPKfPfif
// MATCH: MATCH _Z13scale_guardedPKfPfif
// MATCH-NEXT: EMU-MATCH _Z13scale_guardedPKfPfif
