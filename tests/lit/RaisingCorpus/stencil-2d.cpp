// 2-D stencil: loops from 1 to `rows - 1`. The bound is computed in the
// loop test; it is hoisted out of the test and the loop counted.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/jacobi.ll | FileCheck %s
// RUN: loom-raise-check %t.d/jacobi.ll --kernel=_Z6jacobiPKfPfii \
// RUN:   --args='f32[72],f32[72],i32=8,i32=9' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/jacobi.ll --kernel=_Z6jacobiPKfPfii \
// RUN:   --args='f32[72],f32[72],i32=2,i32=9' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void jacobi(const float *in, float *out, int rows, int cols) {
  for (int r = 1; r < rows - 1; ++r)
    for (int c = 1; c < cols - 1; ++c)
      out[r * cols + c] =
          0.25f * (in[(r - 1) * cols + c] + in[(r + 1) * cols + c] +
                   in[r * cols + c - 1] + in[r * cols + c + 1]);
}

// CHECK-LABEL: func.func @_Z6jacobiPKfPfii(
// CHECK-SAME: %[[ROWS:[^:]+]]: i32 {{[^,]*}}, %[[COLS:[^:]+]]: i32
// CHECK: %[[C1:.+]] = arith.constant 1 : i32
// CHECK: %[[RB:.+]] = arith.addi %[[ROWS]], %{{.+}} overflow<nsw> : i32
// CHECK: scf.for %{{.+}} = %[[C1]] to %[[RB]] step %[[C1]] : i32 {
// CHECK:   %[[CB:.+]] = arith.addi %[[COLS]], %{{.+}} overflow<nsw> : i32
// CHECK:   scf.for %{{.+}} = %[[C1]] to %[[CB]] step %[[C1]] : i32 {
// CHECK-COUNT-4: memref.load
// CHECK:     arith.mulf
// CHECK:     memref.store

// EXEC: kernel _Z6jacobiPKfPfii
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 2
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z6jacobiPKfPfii
// EXEC-NEXT: EMU-MATCH _Z6jacobiPKfPfii
// MATCH: MATCH _Z6jacobiPKfPfii
// MATCH-NEXT: EMU-MATCH _Z6jacobiPKfPfii
