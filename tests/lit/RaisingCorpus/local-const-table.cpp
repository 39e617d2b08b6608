// constant coefficient table: `const int c[6] = {...}` is never written, so
// clang reads the private constant global directly (no stack array, no
// memcpy). The table becomes a local copy stored at the kernel's entry, and
// its loads memref.load of that copy.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/weigh.ll | FileCheck %s
// RUN: loom-raise-check %t.d/weigh.ll --kernel=_Z5weighPKiPii \
// RUN:   --args='i32[40],i32[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/weigh.ll --kernel=_Z5weighPKiPii \
// RUN:   --args='i32[7],i32[7],i32=7' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void weigh(const int *in, int *out, int n) {
  const int c[6] = {3, 1, 4, 1, 5, 9};
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * c[i % 6];
}

// CHECK-LABEL: func.func @_Z5weighPKiPii(
// CHECK-DAG: %[[THREE:.+]] = arith.constant 3 : i32
// CHECK-DAG: %[[NINE:.+]] = arith.constant 9 : i32
// CHECK: %[[C:.+]] = memref.alloca() : memref<6xi32>
// CHECK-NEXT: memref.store %[[THREE]], %[[C]][%{{.+}}] : memref<6xi32>
// CHECK-COUNT-4: memref.store
// CHECK-NEXT: memref.store %[[NINE]], %[[C]][%{{.+}}] : memref<6xi32>
// CHECK-NEXT: scf.for
// CHECK:   memref.load %[[C]]
// CHECK-NOT: llvm.{{load|store|alloca|intr|mlir.addressof}}

// EXEC-NOT: remark
// EXEC: kernel _Z5weighPKiPii
// EXEC: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z5weighPKiPii
// EXEC-NEXT: EMU-MATCH _Z5weighPKiPii
// MATCH: MATCH _Z5weighPKiPii
// MATCH-NEXT: EMU-MATCH _Z5weighPKiPii
