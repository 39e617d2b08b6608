// 2-D array parameter: `const int m[][16]` is a pointer to rows; m[r][c]
// becomes the flat index r * 16 + c into one memref root. The constant inner
// bound (`c < 16`, unsigned after instcombine) gives a signed loop.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/row_sums.ll | FileCheck %s
// RUN: loom-raise-check %t.d/row_sums.ll --kernel=_Z8row_sumsPA16_KiPii \
// RUN:   --args='i32[96],i32[6],i32=6' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/row_sums.ll --kernel=_Z8row_sumsPA16_KiPii \
// RUN:   --args='i32[96],i32[6],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void row_sums(const int m[][16], int *sums, int rows) {
  for (int r = 0; r < rows; ++r) {
    int s = 0;
    for (int c = 0; c < 16; ++c)
      s += m[r][c];
    sums[r] = s;
  }
}

// CHECK-LABEL: func.func @_Z8row_sumsPA16_KiPii(
// CHECK-SAME: %[[M:[^:]+]]: memref<?xi32>
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[W:.+]] = arith.constant 16 : i32
// CHECK: scf.for %[[R:.+]] = %{{.+}} to
// CHECK:   scf.for %[[C:.+]] = %{{.+}} to %[[W]] step %{{.+}} iter_args(%{{.+}}) -> (i32) : i32 {
// CHECK:     %[[ROW:.+]] = arith.muli %{{.+}}, %[[C16]] : index
// CHECK:     %[[IDX:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK:     memref.load %[[M]][%[[IDX]]] : memref<?xi32>

// EXEC: kernel _Z8row_sumsPA16_KiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 2
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z8row_sumsPA16_KiPii
// EXEC-NEXT: EMU-MATCH _Z8row_sumsPA16_KiPii
// MATCH: MATCH _Z8row_sumsPA16_KiPii
// MATCH-NEXT: EMU-MATCH _Z8row_sumsPA16_KiPii
