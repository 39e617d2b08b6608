// i64 countdown: instcombine tests `i + 1 > 0` and forwards `i`; the
// forwarded value is recomputed after the test, and the loop iterates over its
// trip count with an unsigned i64 scf.for (no wider type holds every count).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/weighted_sum.ll | FileCheck %s
// RUN: loom-raise-check %t.d/weighted_sum.ll --kernel=_Z12weighted_sumPKll \
// RUN:   --args='i64[20],i64=20' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/weighted_sum.ll --kernel=_Z12weighted_sumPKll \
// RUN:   --args='i64[20],i64=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/weighted_sum.ll --kernel=_Z12weighted_sumPKll \
// RUN:   --args='i64[20],i64=-7' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
long weighted_sum(const long *a, long n) {
  long sum = 0;
  for (long i = n - 1; i >= 0; --i)
    sum = sum * 3 + a[i];
  return sum;
}

// CHECK-LABEL: func.func @_Z12weighted_sumPKll(
// CHECK-SAME: %[[N:[^:]+]]: i64
// CHECK: %[[RUNS:.+]] = arith.cmpi sgt, %[[N]], %{{.+}} : i64
// CHECK: %[[TC:.+]] = arith.select %[[RUNS]], %[[N]], %{{.+}} : i64
// CHECK: %[[R:.+]] = scf.for unsigned %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} iter_args(%{{.+}}) -> (i64) : i64 {
// CHECK:   %[[T:.+]] = arith.subi %[[N]], %[[K]] : i64
// CHECK:   %[[I:.+]] = arith.addi %[[T]], %{{.+}} overflow<nsw> : i64
// CHECK:   %[[X:.+]] = arith.index_cast %[[I]] : i64 to index
// CHECK:   memref.load %{{.+}}[%[[X]]]
// CHECK: return %[[R]] : i64

// EXEC: kernel _Z12weighted_sumPKll
// EXEC-NEXT: param 0: memref<?xi64>
// EXEC-NEXT: param 1: i64
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z12weighted_sumPKll
// EXEC-NEXT: EMU-MATCH _Z12weighted_sumPKll
// MATCH: MATCH _Z12weighted_sumPKll
// MATCH-NEXT: EMU-MATCH _Z12weighted_sumPKll
