// local coefficient table: `float c[5] = {...}` is initialized by
// llvm.intr.memcpy from a private constant global, scaled by a run-time
// gain and used as FIR taps. The memcpy becomes one store per element of
// the global's initializer (runs of equal values would become a loop).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scaled_taps.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scaled_taps.ll --kernel=_Z11scaled_tapsPKfPffi \
// RUN:   --args='f32[40],f32[40],f32=1.5,i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/scaled_taps.ll --kernel=_Z11scaled_tapsPKfPffi \
// RUN:   --args='f32[9],f32[9],f32=-2,i32=9' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void scaled_taps(const float *in, float *out, float gain, int n) {
  float c[5] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};
  for (int t = 0; t < 5; ++t)
    c[t] *= gain;
  for (int i = 0; i + 5 <= n; ++i) {
    float acc = 0;
    for (int t = 0; t < 5; ++t)
      acc += in[i + t] * c[t];
    out[i] = acc;
  }
}

// CHECK-LABEL: func.func @_Z11scaled_tapsPKfPffi(
// CHECK-DAG: %[[C4:.+]] = arith.constant 4.000000e-01 : f32
// CHECK-DAG: %[[C2:.+]] = arith.constant 2.000000e-01 : f32
// CHECK-DAG: %[[C1:.+]] = arith.constant 1.000000e-01 : f32
// CHECK: %[[C:.+]] = memref.alloca() : memref<5xf32>
// CHECK-NEXT: memref.store %[[C1]], %[[C]][%{{.+}}] : memref<5xf32>
// CHECK-NEXT: memref.store %[[C2]], %[[C]][%{{.+}}] : memref<5xf32>
// CHECK-NEXT: memref.store %[[C4]], %[[C]][%{{.+}}] : memref<5xf32>
// CHECK-NEXT: memref.store %[[C2]], %[[C]][%{{.+}}] : memref<5xf32>
// CHECK-NEXT: memref.store %[[C1]], %[[C]][%{{.+}}] : memref<5xf32>
// CHECK-NEXT: scf.for
// CHECK:   memref.load %[[C]]
// CHECK:   arith.mulf
// CHECK:   memref.store %{{.+}}, %[[C]]
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z11scaled_tapsPKfPffi
// EXEC: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z11scaled_tapsPKfPffi
// EXEC-NEXT: EMU-MATCH _Z11scaled_tapsPKfPffi
// MATCH: MATCH _Z11scaled_tapsPKfPffi
// MATCH-NEXT: EMU-MATCH _Z11scaled_tapsPKfPffi
