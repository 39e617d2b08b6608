// partially initialized local array: `int h[16] = {1, 2, 3}` is a zero
// llvm.intr.memset of the whole array followed by three stores (through
// byte-offset GEPs); the histogram then counts into it.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/seeded_histogram.ll | FileCheck %s
// RUN: loom-raise-check %t.d/seeded_histogram.ll --kernel=_Z16seeded_histogramPKiPii \
// RUN:   --args='i32[40],i32[16],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/seeded_histogram.ll --kernel=_Z16seeded_histogramPKiPii \
// RUN:   --args='i32[40],i32[16],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void seeded_histogram(const int *in, int *out, int n) {
  int h[16] = {1, 2, 3};
  for (int i = 0; i < n; ++i)
    h[in[i] & 15] += 1;
  for (int i = 0; i < 16; ++i)
    out[i] = h[i];
}

// CHECK-LABEL: func.func @_Z16seeded_histogramPKiPii(
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[TWO:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[THREE:.+]] = arith.constant 3 : i32
// CHECK: %[[H:.+]] = memref.alloca() : memref<16xi32>
// CHECK-NEXT: scf.for %[[K:.+]] = %[[C0]] to %[[C16]] step %[[C1]] {
// CHECK-NEXT:   memref.store %[[ZERO]], %[[H]][%[[K]]] : memref<16xi32>
// CHECK-NEXT: } {loom.local_init}
// CHECK-NEXT: memref.store %[[ONE]], %[[H]][%[[C0]]] : memref<16xi32>
// CHECK-NEXT: memref.store %[[TWO]], %[[H]][%[[C1]]] : memref<16xi32>
// CHECK-NEXT: memref.store %[[THREE]], %[[H]][%[[C2]]] : memref<16xi32>
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z16seeded_histogramPKiPii
// EXEC: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z16seeded_histogramPKiPii
// EXEC-NEXT: EMU-MATCH _Z16seeded_histogramPKiPii
// MATCH: MATCH _Z16seeded_histogramPKiPii
// MATCH-NEXT: EMU-MATCH _Z16seeded_histogramPKiPii
