// do-while: the body runs before the first test; the loop becomes an scf.for
// to max(n, 1) with the sum as iter_arg (n = 0 still runs once).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scale_do_while.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scale_do_while.ll --kernel=_Z14scale_do_whilePKiPii \
// RUN:   --args='i32[25],i32[25],i32=25' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/scale_do_while.ll --kernel=_Z14scale_do_whilePKiPii \
// RUN:   --args='i32[25],i32[25],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/scale_do_while.ll --kernel=_Z14scale_do_whilePKiPii \
// RUN:   --args='i32[25],i32[25],i32=-4' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
int scale_do_while(const int *a, int *out, int n) {
  int total = 0;
  int i = 0;
  do {
    out[i] = a[i] * 3;
    total += a[i];
    ++i;
  } while (i < n);
  return total;
}

// CHECK-LABEL: func.func @_Z14scale_do_whilePKiPii(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK: %[[UB:.+]] = arith.maxsi %[[N]], %[[ONE]] : i32
// CHECK: %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %[[UB]] step %[[ONE]] iter_args(%{{.+}}) -> (i32) : i32 {
// CHECK:   memref.store
// CHECK:   scf.yield
// CHECK: return %[[R]] : i32

// EXEC: kernel _Z14scale_do_whilePKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z14scale_do_whilePKiPii
// EXEC-NEXT: EMU-MATCH _Z14scale_do_whilePKiPii
// MATCH: MATCH _Z14scale_do_whilePKiPii
// MATCH-NEXT: EMU-MATCH _Z14scale_do_whilePKiPii
