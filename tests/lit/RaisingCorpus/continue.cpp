// continue: skipping the rest of an iteration becomes an scf.if without else
// around the remainder; the loop stays counted.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/skip_odd.ll | FileCheck %s
// RUN: loom-raise-check %t.d/skip_odd.ll --kernel=_Z8skip_oddPKiPii \
// RUN:   --args='i32[50],i32[50],i32=50' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/skip_odd.ll --kernel=_Z8skip_oddPKiPii \
// RUN:   --args='i32[50],i32[50],i32=7' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void skip_odd(const int *a, int *out, int n) {
  for (int i = 0; i < n; ++i) {
    if (a[i] & 1)
      continue;
    out[i] = a[i] / 2;
  }
}

// CHECK-LABEL: func.func @_Z8skip_oddPKiPii(
// CHECK: scf.for
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[BIT:.+]] = arith.andi %[[V]], %{{.+}} : i32
// CHECK:   %[[EVEN:.+]] = arith.cmpi eq, %[[BIT]], %{{.+}} : i32
// CHECK:   scf.if %[[EVEN]] {
// CHECK:     arith.shrsi %[[V]], %{{.+}} exact : i32
// CHECK:     memref.store
// CHECK-NOT: else

// EXEC: kernel _Z8skip_oddPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z8skip_oddPKiPii
// EXEC-NEXT: EMU-MATCH _Z8skip_oddPKiPii
// MATCH: MATCH _Z8skip_oddPKiPii
// MATCH-NEXT: EMU-MATCH _Z8skip_oddPKiPii
