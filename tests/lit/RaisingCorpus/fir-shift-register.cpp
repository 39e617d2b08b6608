// FIR with a shift register: the taps shift down one place per sample
// (`t = 7 .. 1`, a count-down loop) and are then multiplied with the
// coefficients.
// The shift register is a local array: its zero initializer
// (llvm.intr.memset) becomes a store loop, its lifetime markers are dropped
// and it becomes a memref<8xf32> allocation.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/fir.ll | FileCheck %s
// RUN: loom-raise-check %t.d/fir.ll --kernel=_Z3firPKfS0_Pfi \
// RUN:   --args='f32[40],f32[8],f32[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/fir.ll --kernel=_Z3firPKfS0_Pfi \
// RUN:   --args='f32[40],f32[8],f32[40],i32=3' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void fir(const float *in, const float *coef, float *out, int n) {
  float shift[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < n; ++i) {
    for (int t = 7; t > 0; --t)
      shift[t] = shift[t - 1];
    shift[0] = in[i];
    float acc = 0.0f;
    for (int t = 0; t < 8; ++t)
      acc += shift[t] * coef[t];
    out[i] = acc;
  }
}

// CHECK-LABEL: func.func @_Z3firPKfS0_Pfi(
// CHECK-DAG: %[[SEVEN:.+]] = arith.constant 7 : index
// CHECK-DAG: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[REG:.+]] = memref.alloca() : memref<8xf32>
// CHECK-NEXT: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT:   memref.store %[[ZERO]], %[[REG]][%[[K]]] : memref<8xf32>
// CHECK-NEXT: } {loom.local_init}
// CHECK: scf.for
// CHECK:   scf.for %{{.+}} = %{{.+}} to %[[SEVEN]] step %{{.+}} {
// CHECK:     memref.load %[[REG]]
// CHECK:     memref.store %{{.+}}, %[[REG]]
// CHECK:   memref.store %{{.+}}, %[[REG]]
// CHECK:   scf.for {{.+}} iter_args
// CHECK:     memref.load %[[REG]]
// CHECK:     memref.load
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z3firPKfS0_Pfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 4
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z3firPKfS0_Pfi
// EXEC-NEXT: EMU-MATCH _Z3firPKfS0_Pfi
// MATCH: MATCH _Z3firPKfS0_Pfi
// MATCH-NEXT: EMU-MATCH _Z3firPKfS0_Pfi
