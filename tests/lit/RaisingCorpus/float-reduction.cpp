// float reduction: a double accumulator carried as an iter_arg.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/sum_squares.ll | FileCheck %s
// RUN: loom-raise-check %t.d/sum_squares.ll --kernel=_Z11sum_squaresPKdi \
// RUN:   --args='f64[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/sum_squares.ll --kernel=_Z11sum_squaresPKdi \
// RUN:   --args='f64[40],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
double sum_squares(const double *a, int n) {
  double s = 0.0;
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i];
  return s;
}

// CHECK-LABEL: func.func @_Z11sum_squaresPKdi(
// CHECK: %[[R:.+]] = scf.for {{.+}} iter_args(%[[S:.+]] = %{{.+}}) -> (f64) : i32 {
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[SQ:.+]] = arith.mulf %[[V]], %[[V]] : f64
// CHECK:   %[[NEXT:.+]] = arith.addf %[[SQ]], %[[S]] : f64
// CHECK:   scf.yield %[[NEXT]] : f64
// CHECK: return %[[R]] : f64

// EXEC: kernel _Z11sum_squaresPKdi
// EXEC-NEXT: param 0: memref<?xf64>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z11sum_squaresPKdi
// EXEC-NEXT: EMU-MATCH _Z11sum_squaresPKdi
// MATCH: MATCH _Z11sum_squaresPKdi
// MATCH-NEXT: EMU-MATCH _Z11sum_squaresPKdi
