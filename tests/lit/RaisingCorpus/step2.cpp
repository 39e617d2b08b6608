// step 2: `i += 2` with nsw keeps its step in a signed scf.for.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/interleave_sum.ll | FileCheck %s
// RUN: loom-raise-check %t.d/interleave_sum.ll --kernel=_Z14interleave_sumPKfPfi \
// RUN:   --args='f32[40],f32[20],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/interleave_sum.ll --kernel=_Z14interleave_sumPKfPfi \
// RUN:   --args='f32[40],f32[20],i32=39' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/interleave_sum.ll --kernel=_Z14interleave_sumPKfPfi \
// RUN:   --args='f32[40],f32[20],i32=1' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void interleave_sum(const float *a, float *pairs, int n) {
  for (int i = 0; i < n; i += 2)
    pairs[i / 2] = a[i] + a[i + 1];
}

// CHECK-LABEL: func.func @_Z14interleave_sumPKfPfi(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[TWO:.+]] = arith.constant 2 : i32
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[N]] step %[[TWO]] : i32 {
// CHECK:   arith.shrui %[[I]], %{{.+}} exact : i32

// EXEC: kernel _Z14interleave_sumPKfPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z14interleave_sumPKfPfi
// EXEC-NEXT: EMU-MATCH _Z14interleave_sumPKfPfi
// MATCH: MATCH _Z14interleave_sumPKfPfi
// MATCH-NEXT: EMU-MATCH _Z14interleave_sumPKfPfi
