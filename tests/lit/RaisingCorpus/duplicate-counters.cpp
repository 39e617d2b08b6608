// Two counters that start equal and step alike (`i += 3, j += 3`): clang's
// two phis become one induction variable of a signed scf.for (the
// duplicated while state is merged before the uplift).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/strided_copy.ll | FileCheck %s
// RUN: loom-raise-check %t.d/strided_copy.ll --kernel=_Z12strided_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=30' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/strided_copy.ll --kernel=_Z12strided_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=28' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/strided_copy.ll --kernel=_Z12strided_copyPKiPii \
// RUN:   --args='i32[30],i32[30],i32=0' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void strided_copy(const int *src, int *dst, int n) {
  for (int i = 0, j = 0; i < n; i += 3, j += 3)
    dst[j] = src[i] + 1;
}

// CHECK-LABEL: func.func @_Z12strided_copyPKiPii(
// CHECK-SAME: %[[SRC:[^:]+]]: memref<?xi32>
// CHECK-SAME: %[[DST:[^:]+]]: memref<?xi32>
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[THREE:.+]] = arith.constant 3 : i32
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[N]] step %[[THREE]] : i32 {
// CHECK-NOT: iter_args
// CHECK: memref.load %[[SRC]][%[[IDX:.+]]]
// CHECK: memref.store %{{.+}}, %[[DST]][%[[IDX]]]

// EXEC: kernel _Z12strided_copyPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z12strided_copyPKiPii
// EXEC-NEXT: EMU-MATCH _Z12strided_copyPKiPii
// MATCH: MATCH _Z12strided_copyPKiPii
// MATCH-NEXT: EMU-MATCH _Z12strided_copyPKiPii
