// unsigned loop: `i < n` on unsigned values with an unknown bound. The loop
// iterates over index from zext(0) to zext(n) (exact for any n, also above
// INT_MAX) and recovers `i` with index_castui.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scale_u.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scale_u.ll --kernel=_Z7scale_uPjjj \
// RUN:   --args='i32[37],i32=37,i32=7' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/scale_u.ll --kernel=_Z7scale_uPjjj \
// RUN:   --args='i32[37],i32=0,i32=7' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void scale_u(unsigned *a, unsigned n, unsigned k) {
  for (unsigned i = 0; i < n; ++i)
    a[i] = a[i] * k + i;
}

// CHECK-LABEL: func.func @_Z7scale_uPjjj(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[UB:.+]] = arith.index_castui %[[N]] : i32 to index
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} {
// CHECK:   %[[I:.+]] = arith.index_castui %[[J]] : index to i32
// CHECK:   memref.load
// CHECK:   arith.addi %{{.+}}, %[[I]] : i32
// CHECK:   memref.store

// EXEC: kernel _Z7scale_uPjjj
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7scale_uPjjj
// EXEC-NEXT: EMU-MATCH _Z7scale_uPjjj
// MATCH: MATCH _Z7scale_uPjjj
// MATCH-NEXT: EMU-MATCH _Z7scale_uPjjj
