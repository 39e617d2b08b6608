// negative step: `for (i = n - 1; i >= 0; --i)` iterates over its trip count
// (n when n > 0) with `i = (n - 1) - k`.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/reverse_copy.ll | FileCheck %s
// RUN: loom-raise-check %t.d/reverse_copy.ll --kernel=_Z12reverse_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=30' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/reverse_copy.ll --kernel=_Z12reverse_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/reverse_copy.ll --kernel=_Z12reverse_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=1' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void reverse_copy(const int *a, int *b, int n) {
  for (int i = n - 1; i >= 0; --i)
    b[n - 1 - i] = a[i];
}

// CHECK-LABEL: func.func @_Z12reverse_copyPKiPii(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[START:.+]] = arith.addi %[[N]], %{{.+}} overflow<nsw> : i32
// CHECK: %[[RUNS:.+]] = arith.cmpi sgt, %[[START]], %{{.+}} : i32
// CHECK: %[[COUNT:.+]] = arith.select %[[RUNS]], %[[N]], %{{.+}} : i32
// CHECK: %[[TC:.+]] = arith.index_castui %[[COUNT]] : i32 to index
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} {
// CHECK:   %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
// CHECK:   %[[I:.+]] = arith.subi %[[START]], %[[KI]] : i32

// EXEC: kernel _Z12reverse_copyPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z12reverse_copyPKiPii
// EXEC-NEXT: EMU-MATCH _Z12reverse_copyPKiPii
// MATCH: MATCH _Z12reverse_copyPKiPii
// MATCH-NEXT: EMU-MATCH _Z12reverse_copyPKiPii
