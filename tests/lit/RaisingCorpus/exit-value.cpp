// exit value: the counter is returned after the loop; the raised kernel
// rebuilds it as the first value that failed the test,
// `3 * ceil(n / 3)` for n > 0 and 0 otherwise.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/fill_stride3.ll | FileCheck %s
// RUN: loom-raise-check %t.d/fill_stride3.ll --kernel=_Z12fill_stride3Pii \
// RUN:   --args='i32[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/fill_stride3.ll --kernel=_Z12fill_stride3Pii \
// RUN:   --args='i32[40],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/fill_stride3.ll --kernel=_Z12fill_stride3Pii \
// RUN:   --args='i32[40],i32=39' --seed=3 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/fill_stride3.ll --kernel=_Z12fill_stride3Pii \
// RUN:   --args='i32[40],i32=-5' --seed=4 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
int fill_stride3(int *a, int n) {
  int i;
  for (i = 0; i < n; i += 3)
    a[i] = i;
  return i;
}

// CHECK-LABEL: func.func @_Z12fill_stride3Pii(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[N]] step %[[THREE:[^ ]+]] : i32 {
// CHECK: %[[D:.+]] = arith.subi %[[N]], %{{.+}} : i32
// CHECK: %[[Q:.+]] = arith.divui %[[D]], %[[THREE]] : i32
// CHECK: %[[RUNS:.+]] = arith.cmpi sgt, %[[N]], %{{.+}} : i32
// CHECK: %[[TC:.+]] = arith.select %[[RUNS]]
// CHECK: %[[EXIT:.+]] = arith.muli %[[TC]], %[[THREE]] : i32
// CHECK: return %[[EXIT]] : i32

// EXEC: kernel _Z12fill_stride3Pii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z12fill_stride3Pii
// EXEC-NEXT: EMU-MATCH _Z12fill_stride3Pii
// MATCH: MATCH _Z12fill_stride3Pii
// MATCH-NEXT: EMU-MATCH _Z12fill_stride3Pii
