// transpose: f64 roots read row-major and written column-major.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/transpose.ll | FileCheck %s
// RUN: loom-raise-check %t.d/transpose.ll --kernel=_Z9transposePKdPdii \
// RUN:   --args='f64[42],f64[42],i32=6,i32=7' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/transpose.ll --kernel=_Z9transposePKdPdii \
// RUN:   --args='f64[42],f64[42],i32=7,i32=6' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void transpose(const double *in, double *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[c * rows + r] = in[r * cols + c];
}

// CHECK-LABEL: func.func @_Z9transposePKdPdii(
// CHECK-SAME: %[[IN:[^:]+]]: memref<?xf64> {{[^,]*}}, %[[OUT:[^:]+]]: memref<?xf64>
// CHECK: scf.for %[[R:.+]] = %{{.+}} to
// CHECK:   scf.for %[[C:.+]] = %{{.+}} to
// CHECK:     %[[V:.+]] = memref.load %[[IN]]
// CHECK:     %[[T:.+]] = arith.muli %[[C]], %{{.+}} overflow<nsw> : i32
// CHECK:     %[[IJ:.+]] = arith.addi %[[T]], %[[R]] overflow<nsw> : i32
// CHECK:     %[[X:.+]] = arith.index_cast %[[IJ]] : i32 to index
// CHECK:     memref.store %[[V]], %[[OUT]][%[[X]]]

// EXEC: kernel _Z9transposePKdPdii
// EXEC-NEXT: param 0: memref<?xf64>
// EXEC-NEXT: param 1: memref<?xf64>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 2
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z9transposePKdPdii
// EXEC-NEXT: EMU-MATCH _Z9transposePKdPdii
// MATCH: MATCH _Z9transposePKdPdii
// MATCH-NEXT: EMU-MATCH _Z9transposePKdPdii
