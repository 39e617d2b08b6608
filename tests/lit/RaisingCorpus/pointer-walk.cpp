// *p++ pointer walk: the walked pointers become index offsets into their
// roots, `while (n-- > 0)` counts n down, and the offsets, which count along,
// become the induction variable itself: both roots are indexed by it.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/copy_scaled.ll | FileCheck %s
// RUN: loom-raise-check %t.d/copy_scaled.ll --kernel=_Z11copy_scaledPKiPii \
// RUN:   --args='i32[50],i32[50],i32=50' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/copy_scaled.ll --kernel=_Z11copy_scaledPKiPii \
// RUN:   --args='i32[50],i32[50],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/copy_scaled.ll --kernel=_Z11copy_scaledPKiPii \
// RUN:   --args='i32[50],i32[50],i32=-2' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void copy_scaled(const int *src, int *dst, int n) {
  while (n-- > 0)
    *dst++ = *src++ * 5;
}

// CHECK-LABEL: func.func @_Z11copy_scaledPKiPii(
// CHECK-SAME: %[[SRC:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[DST:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[N:[^:]+]]: i32
// CHECK: %[[RUNS:.+]] = arith.cmpi sgt, %[[N]], %{{.+}} : i32
// CHECK: %[[COUNT:.+]] = arith.select %[[RUNS]], %[[N]], %{{.+}} : i32
// CHECK: %[[TC:.+]] = arith.index_castui %[[COUNT]] : i32 to index
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} {
// CHECK:   %[[V:.+]] = memref.load %[[SRC]][%[[K]]] : memref<?xi32>
// CHECK:   %[[X:.+]] = arith.muli %[[V]], %{{.+}} overflow<nsw> : i32
// CHECK:   memref.store %[[X]], %[[DST]][%[[K]]] : memref<?xi32>
// CHECK-NOT: iter_args

// EXEC: kernel _Z11copy_scaledPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z11copy_scaledPKiPii
// EXEC-NEXT: EMU-MATCH _Z11copy_scaledPKiPii
// MATCH: MATCH _Z11copy_scaledPKiPii
// MATCH-NEXT: EMU-MATCH _Z11copy_scaledPKiPii
