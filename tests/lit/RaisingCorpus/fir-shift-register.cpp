// FIR with a shift register: the taps shift down one place per sample
// (`t = 7 .. 1`, a count-down loop) and are then multiplied with the
// coefficients.
// GAP: the shift register stays an llvm.alloca with LLVM loads and stores
// (InstructionCore-only), not a memref.alloca: loom-raise-memref-roots treats
// its llvm.intr.lifetime.start/end markers and the zero-initializing
// llvm.intr.memset as escapes. The loops themselves are counted.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/fir.ll | FileCheck %s
// RUN: loom-raise-check %t.d/fir.ll --kernel=_Z3firPKfS0_Pfi \
// RUN:   --args='f32[40],f32[8],f32[40],i32=40' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/fir.ll --kernel=_Z3firPKfS0_Pfi \
// RUN:   --args='f32[40],f32[8],f32[40],i32=3' --seed=2 | FileCheck %s --check-prefix=MATCH
// RUN: not loom-raise-check %t.d/fir.ll --kernel=_Z3firPKfS0_Pfi \
// RUN:   --args='f32[40],f32[8],f32[40],i32=40' --emu | FileCheck %s --check-prefix=EMU
// EMU: EMU-UNSUPPORTED _Z3firPKfS0_Pfi: not lowered: no part of the kernel can run on the SpatialCore: no spatial region was formed (first blocker: stays InstructionCore code of thread @{{.+}}: 'llvm.alloca' has no dataflow actor)

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
// CHECK: %[[SEVEN:.+]] = arith.constant 7 : index
// CHECK: %[[REG:.+]] = llvm.alloca %{{.+}} x !llvm.array<8 x f32>
// CHECK: llvm.intr.lifetime.start %[[REG]]
// CHECK: "llvm.intr.memset"(%[[REG]]
// CHECK: scf.for
// CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[SEVEN]] step %{{.+}} {
// CHECK:     llvm.load
// CHECK:     llvm.store
// CHECK:   llvm.store %{{.+}}, %[[REG]]
// CHECK:   scf.for {{.+}} iter_args
// CHECK:     llvm.load
// CHECK:     memref.load

// EXEC: remark: local allocation stays an LLVM pointer: it escapes through 'llvm.intr.lifetime.end'
// EXEC: kernel _Z3firPKfS0_Pfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 3
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 10 llvm.alloca=1 llvm.intr.memset=1 llvm.getelementptr=4 llvm.load=2 llvm.store=2
// EXEC-NEXT: other llvm ops: 2 llvm.intr.lifetime.start=1 llvm.intr.lifetime.end=1
// EXEC-NEXT: MATCH _Z3firPKfS0_Pfi
// MATCH: MATCH _Z3firPKfS0_Pfi
