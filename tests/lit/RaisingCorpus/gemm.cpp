// gemm: a 3-deep nest of counted loops, the inner one a reduction with an
// iter_arg; row-major indices stay i32 arithmetic cast to index.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/gemm.ll | FileCheck %s
// RUN: loom-raise-check %t.d/gemm.ll --kernel=_Z4gemmPKfS0_Pfiii \
// RUN:   --args='f32[24],f32[30],f32[20],i32=4,i32=5,i32=6' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/gemm.ll --kernel=_Z4gemmPKfS0_Pfiii \
// RUN:   --args='f32[24],f32[30],f32[20],i32=4,i32=5,i32=0' --seed=8 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void gemm(const float *a, const float *b, float *c, int m, int n, int k) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int p = 0; p < k; ++p)
        acc += a[i * k + p] * b[p * n + j];
      c[i * n + j] = acc;
    }
}

// CHECK-LABEL: func.func @_Z4gemmPKfS0_Pfiii(
// CHECK-SAME: %[[M:[^:]+]]: i32 {{[^,]*}}, %[[N:[^:]+]]: i32 {{[^,]*}}, %[[K:[^:]+]]: i32
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[M]]
// CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[N]]
// CHECK:     %[[ACC:.+]] = scf.for %[[P:.+]] = %{{.+}} to %[[K]] step %{{.+}} iter_args(%{{.+}}) -> (f32)
// CHECK:       %[[ROW:.+]] = arith.muli %[[I]], %[[K]] overflow<nsw> : i32
// CHECK:       arith.addi %[[ROW]], %[[P]] overflow<nsw> : i32
// CHECK:       memref.load
// CHECK:       memref.load
// CHECK:       scf.yield
// CHECK:     memref.store %[[ACC]]

// EXEC: kernel _Z4gemmPKfS0_Pfiii
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: param 4: i32
// EXEC-NEXT: param 5: i32
// EXEC-NEXT: scf.for: 3
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z4gemmPKfS0_Pfiii
// EXEC-NEXT: EMU-MATCH _Z4gemmPKfS0_Pfiii
// MATCH: MATCH _Z4gemmPKfS0_Pfiii
// MATCH-NEXT: EMU-MATCH _Z4gemmPKfS0_Pfiii
