// vecadd: the basic counted loop. Every pointer parameter becomes a memref
// root and `i < n` an scf.for over i32.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/vecadd.ll | FileCheck %s
// RUN: loom-raise-check %t.d/vecadd.ll --kernel=_Z6vecaddPKfS0_Pfi \
// RUN:   --args='f32[64],f32[64],f32[64],i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/vecadd.ll --kernel=_Z6vecaddPKfS0_Pfi \
// RUN:   --args='f32[64],f32[64],f32[64],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/vecadd.ll --kernel=_Z6vecaddPKfS0_Pfi \
// RUN:   --args='f32[64],f32[64],f32[64],i32=37' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void vecadd(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

// CHECK-LABEL: func.func @_Z6vecaddPKfS0_Pfi(
// CHECK-SAME: %[[A:[^:]+]]: memref<?xf32> {{[^,]*}}, %[[B:[^:]+]]: memref<?xf32> {{[^,]*}}, %[[C:[^:]+]]: memref<?xf32> {{[^,]*}}, %[[N:[^:]+]]: i32
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[N]] step %{{.+}} : i32 {
// CHECK:   %[[X:.+]] = memref.load %[[A]][%[[IDX:.+]]] : memref<?xf32>
// CHECK:   %[[Y:.+]] = memref.load %[[B]][%[[IDX]]] : memref<?xf32>
// CHECK:   %[[S:.+]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK:   memref.store %[[S]], %[[C]][%[[IDX]]] : memref<?xf32>

// EXEC: kernel _Z6vecaddPKfS0_Pfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z6vecaddPKfS0_Pfi
// EXEC-NEXT: EMU-MATCH _Z6vecaddPKfS0_Pfi
// MATCH: MATCH _Z6vecaddPKfS0_Pfi
// MATCH-NEXT: EMU-MATCH _Z6vecaddPKfS0_Pfi
