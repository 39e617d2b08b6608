// min/max reduction: two recurrences carried together as iter_args.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/min_max.ll | FileCheck %s
// RUN: loom-raise-check %t.d/min_max.ll --kernel=_Z7min_maxPKiiPi \
// RUN:   --args='i32[33],i32=33,i32[2]' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/min_max.ll --kernel=_Z7min_maxPKiiPi \
// RUN:   --args='i32[33],i32=1,i32[2]' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void min_max(const int *a, int n, int *result) {
  int lo = a[0], hi = a[0];
  for (int i = 1; i < n; ++i) {
    lo = a[i] < lo ? a[i] : lo;
    hi = a[i] > hi ? a[i] : hi;
  }
  result[0] = lo;
  result[1] = hi;
}

// CHECK-LABEL: func.func @_Z7min_maxPKiiPi(
// CHECK: %[[FIRST:.+]] = memref.load
// CHECK: %[[R:.+]]:2 = scf.for {{.+}} iter_args(%[[LO:.+]] = %[[FIRST]], %[[HI:.+]] = %[[FIRST]]) -> (i32, i32) : i32 {
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[LT:.+]] = arith.cmpi slt, %[[V]], %[[LO]] : i32
// CHECK:   %[[NLO:.+]] = arith.select %[[LT]], %[[V]], %[[LO]] : i32
// CHECK:   %[[GT:.+]] = arith.cmpi sgt, %[[V]], %[[HI]] : i32
// CHECK:   %[[NHI:.+]] = arith.select %[[GT]], %[[V]], %[[HI]] : i32
// CHECK:   scf.yield %[[NLO]], %[[NHI]] : i32, i32
// CHECK: memref.store %[[R]]#0
// CHECK: memref.store %[[R]]#1

// EXEC: kernel _Z7min_maxPKiiPi
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: param 2: memref<?xi32>
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7min_maxPKiiPi
// EXEC-NEXT: EMU-MATCH _Z7min_maxPKiiPi
// MATCH: MATCH _Z7min_maxPKiiPi
// MATCH-NEXT: EMU-MATCH _Z7min_maxPKiiPi
