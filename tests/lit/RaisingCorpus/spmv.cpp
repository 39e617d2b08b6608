// spmv (CSR): the inner bound `rowPtr[r + 1]` is loaded in the loop test.
// Nothing in the loop writes memory, so the load is hoisted and the inner
// loop counts from rowPtr[r] to rowPtr[r + 1]. Row pointers are random here,
// so some rows are empty or reversed (zero iterations).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/spmv.ll | FileCheck %s
// RUN: loom-raise-check %t.d/spmv.ll --kernel=_Z4spmvPKiS0_PKfS2_Pfi \
// RUN:   --args='i32[9]:range=0..20,i32[20]:range=0..15,f32[20],f32[16],f32[8],i32=8' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/spmv.ll --kernel=_Z4spmvPKiS0_PKfS2_Pfi \
// RUN:   --args='i32[9]:range=0..20,i32[20]:range=0..15,f32[20],f32[16],f32[8],i32=8' --seed=12 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void spmv(const int *rowPtr, const int *cols, const float *vals, const float *x,
          float *y, int rows) {
  for (int r = 0; r < rows; ++r) {
    float sum = 0.0f;
    for (int e = rowPtr[r]; e < rowPtr[r + 1]; ++e)
      sum += vals[e] * x[cols[e]];
    y[r] = sum;
  }
}

// CHECK-LABEL: func.func @_Z4spmvPKiS0_PKfS2_Pfi(
// CHECK-SAME: %[[ROWPTR:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[COLS:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[VALS:[^:]+]]: memref<?xf32> {{[^,]*}}, %[[X:[^:]+]]: memref<?xf32>
// CHECK: scf.for
// CHECK:   %[[LO:.+]] = memref.load %[[ROWPTR]]
// CHECK:   %[[HI:.+]] = memref.load %[[ROWPTR]]
// CHECK:   %[[SUM:.+]] = scf.for %[[E:.+]] = %[[LO]] to %[[HI]] step %{{.+}} iter_args(%{{.+}}) -> (f32) : i32 {
// CHECK:     memref.load %[[VALS]]
// CHECK:     %[[COL:.+]] = memref.load %[[COLS]]
// CHECK:     %[[XI:.+]] = arith.index_cast %[[COL]] : i32 to index
// CHECK:     memref.load %[[X]][%[[XI]]]
// CHECK:   memref.store %[[SUM]]

// EXEC: kernel _Z4spmvPKiS0_PKfS2_Pfi
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: memref<?xf32>
// EXEC-NEXT: param 4: memref<?xf32>
// EXEC-NEXT: param 5: i32
// EXEC-NEXT: scf.for: 2
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z4spmvPKiS0_PKfS2_Pfi
// EXEC-NEXT: EMU-MATCH _Z4spmvPKiS0_PKfS2_Pfi
// MATCH: MATCH _Z4spmvPKiS0_PKfS2_Pfi
// MATCH-NEXT: EMU-MATCH _Z4spmvPKiS0_PKfS2_Pfi
