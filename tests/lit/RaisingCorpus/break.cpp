// break: the loop has a second, data-dependent exit, so it stays scf.while
// (its structured form; not a gap).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/sum_until_negative.ll | FileCheck %s
// RUN: loom-raise-check %t.d/sum_until_negative.ll --kernel=_Z18sum_until_negativePKii \
// RUN:   --args='i32[64]:range=-3..100,i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/sum_until_negative.ll --kernel=_Z18sum_until_negativePKii \
// RUN:   --args='i32[64]:range=0..100,i32=64' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
int sum_until_negative(const int *a, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      break;
    sum += a[i];
  }
  return sum;
}

// CHECK-LABEL: func.func @_Z18sum_until_negativePKii(
// CHECK: scf.while
// CHECK:   arith.cmpi slt
// CHECK:   scf.if
// CHECK:     memref.load
// CHECK:     scf.if
// CHECK:   scf.condition

// EXEC: kernel _Z18sum_until_negativePKii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: scf.for: 0
// EXEC-NEXT: scf.while: 1
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z18sum_until_negativePKii
// EXEC-NEXT: EMU-MATCH _Z18sum_until_negativePKii
// MATCH: MATCH _Z18sum_until_negativePKii
// MATCH-NEXT: EMU-MATCH _Z18sum_until_negativePKii
