// `!=` exit test: `i != n` with an nsw increment is `i < n` (from i > n the
// original overflows, which is undefined).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/negate.ll | FileCheck %s
// RUN: loom-raise-check %t.d/negate.ll --kernel=_Z6negatePKiPii \
// RUN:   --args='i32[40],i32[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/negate.ll --kernel=_Z6negatePKiPii \
// RUN:   --args='i32[40],i32[40],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void negate(const int *a, int *b, int n) {
  for (int i = 0; i != n; ++i)
    b[i] = -a[i];
}

// CHECK-LABEL: func.func @_Z6negatePKiPii(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[N]] step %{{.+}} : i32 {

// EXEC: kernel _Z6negatePKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z6negatePKiPii
// EXEC-NEXT: EMU-MATCH _Z6negatePKiPii
// MATCH: MATCH _Z6negatePKiPii
// MATCH-NEXT: EMU-MATCH _Z6negatePKiPii
