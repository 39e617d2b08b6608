// histogram: an indirect read-modify-write; the bin index is a loaded value.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/histogram.ll | FileCheck %s
// RUN: loom-raise-check %t.d/histogram.ll --kernel=_Z9histogramPKiPii \
// RUN:   --args='i32[100]:range=0..15,i32[16],i32=100' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/histogram.ll --kernel=_Z9histogramPKiPii \
// RUN:   --args='i32[100]:range=3..5,i32[16],i32=99' --seed=11 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void histogram(const int *keys, int *bins, int n) {
  for (int i = 0; i < n; ++i)
    bins[keys[i]] += 1;
}

// CHECK-LABEL: func.func @_Z9histogramPKiPii(
// CHECK-SAME: %[[KEYS:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[BINS:[^:]+]]: memref<?xi32>
// CHECK: scf.for
// CHECK:   %[[KEY:.+]] = memref.load %[[KEYS]]
// CHECK:   %[[BIN:.+]] = arith.index_cast %[[KEY]] : i32 to index
// CHECK:   %[[OLD:.+]] = memref.load %[[BINS]][%[[BIN]]]
// CHECK:   %[[NEW:.+]] = arith.addi %[[OLD]], %{{.+}} overflow<nsw> : i32
// CHECK:   memref.store %[[NEW]], %[[BINS]][%[[BIN]]]

// EXEC: kernel _Z9histogramPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z9histogramPKiPii
// EXEC-NEXT: EMU-MATCH _Z9histogramPKiPii
// MATCH: MATCH _Z9histogramPKiPii
// MATCH-NEXT: EMU-MATCH _Z9histogramPKiPii
