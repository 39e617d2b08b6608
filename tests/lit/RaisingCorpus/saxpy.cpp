// saxpy: a scalar float parameter next to memref roots. Clang contracts
// `a * x[i] + y[i]` into llvm.fmuladd; the pipeline raises it as a separate
// multiply and add, which is what the x86-64 host executes.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/saxpy.ll | FileCheck %s
// RUN: loom-raise-check %t.d/saxpy.ll --kernel=_Z5saxpyfPKfPfi \
// RUN:   --args='f32=1.5,f32[64],f32[64],i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/saxpy.ll --kernel=_Z5saxpyfPKfPfi \
// RUN:   --args='f32=-0.375,f32[64],f32[64],i32=63' --seed=9 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void saxpy(float a, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// CHECK-LABEL: func.func @_Z5saxpyfPKfPfi(
// CHECK-SAME: %[[A:[^:]+]]: f32 {{[^,]*}}, %[[X:[^:]+]]: memref<?xf32> {{[^,]*}}, %[[Y:[^:]+]]: memref<?xf32>
// CHECK: scf.for
// CHECK:   %[[XI:.+]] = memref.load %[[X]]
// CHECK:   %[[YI:.+]] = memref.load %[[Y]]
// CHECK:   %[[P:.+]] = arith.mulf %[[A]], %[[XI]] : f32
// CHECK:   %[[S:.+]] = arith.addf %[[P]], %[[YI]] : f32
// CHECK:   memref.store %[[S]], %[[Y]]

// EXEC: kernel _Z5saxpyfPKfPfi
// EXEC-NEXT: param 0: f32
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z5saxpyfPKfPfi
// EXEC-NEXT: EMU-MATCH _Z5saxpyfPKfPfi
// MATCH: MATCH _Z5saxpyfPKfPfi
// MATCH-NEXT: EMU-MATCH _Z5saxpyfPKfPfi
