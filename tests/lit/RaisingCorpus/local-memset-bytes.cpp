// memset with a byte that is not zero: `memset(pad, 0x3f, 48)` gives every
// f32 element the bits 0x3f3f3f3f (0.747058808), then a second memset zeroes
// elements 4..7 (a partial range at an element offset).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/byte_fill.ll | FileCheck %s
// RUN: loom-raise-check %t.d/byte_fill.ll --kernel=_Z9byte_fillPKfPfi \
// RUN:   --args='f32[30],f32[30],i32=30' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/byte_fill.ll --kernel=_Z9byte_fillPKfPfi \
// RUN:   --args='f32[5],f32[5],i32=5' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void byte_fill(const float *in, float *out, int n) {
  float pad[12];
  __builtin_memset(pad, 0x3f, sizeof pad);
  __builtin_memset(pad + 4, 0, 4 * sizeof(float));
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * pad[i % 12];
}

// CHECK-LABEL: func.func @_Z9byte_fillPKfPfi(
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG: %[[C12:.+]] = arith.constant 12 : index
// CHECK-DAG: %[[BYTES:.+]] = arith.constant 0.747058808 : f32
// CHECK: %[[PAD:.+]] = memref.alloca() : memref<12xf32>
// CHECK-NEXT: scf.for %[[K:.+]] = %{{.+}} to %[[C12]] step %{{.+}} {
// CHECK-NEXT:   memref.store %[[BYTES]], %[[PAD]][%[[K]]] : memref<12xf32>
// CHECK-NEXT: } {loom.local_init}
// CHECK-NEXT: scf.for %[[L:.+]] = %{{.+}} to %[[C4]] step %{{.+}} {
// CHECK-NEXT:   %[[AT:.+]] = arith.addi %[[L]], %[[C4]] : index
// CHECK-NEXT:   memref.store %[[ZERO]], %[[PAD]][%[[AT]]] : memref<12xf32>
// CHECK-NEXT: } {loom.local_init}
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z9byte_fillPKfPfi
// EXEC: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z9byte_fillPKfPfi
// EXEC-NEXT: EMU-MATCH _Z9byte_fillPKfPfi
// MATCH: MATCH _Z9byte_fillPKfPfi
// MATCH-NEXT: EMU-MATCH _Z9byte_fillPKfPfi
