// relu with if: an if/else inside the loop becomes scf.if with an else
// region.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/relu.ll | FileCheck %s
// RUN: loom-raise-check %t.d/relu.ll --kernel=_Z4reluPKfPfi \
// RUN:   --args='f32[64],f32[64],i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/relu.ll --kernel=_Z4reluPKfPfi \
// RUN:   --args='f32[64],f32[64],i32=17' --seed=6 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void relu(const float *in, float *out, int n) {
  for (int i = 0; i < n; ++i) {
    if (in[i] > 0.0f)
      out[i] = in[i];
    else
      out[i] = 0.0f;
  }
}

// CHECK-LABEL: func.func @_Z4reluPKfPfi(
// CHECK: scf.for
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[POS:.+]] = arith.cmpf ogt, %[[V]], %{{.+}} : f32
// CHECK:   scf.if %[[POS]] {
// CHECK:     memref.store %[[V]]
// CHECK:   } else {
// CHECK:     memref.store

// EXEC: kernel _Z4reluPKfPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z4reluPKfPfi
// EXEC-NEXT: EMU-MATCH _Z4reluPKfPfi
// MATCH: MATCH _Z4reluPKfPfi
// MATCH-NEXT: EMU-MATCH _Z4reluPKfPfi
