// conv2d: a 4-deep nest. The output bounds `h - kh + 1` reach the lifting as
// `y <= h - kh` with the exit on the true edge; exit normalization flips the
// test and the loop becomes an scf.for to `h - kh + 1`.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/conv2d.ll | FileCheck %s
// RUN: loom-raise-check %t.d/conv2d.ll --kernel=_Z6conv2dPKfS0_Pfiiii \
// RUN:   --args='f32[120],f32[9],f32[80],i32=10,i32=12,i32=3,i32=3' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/conv2d.ll --kernel=_Z6conv2dPKfS0_Pfiiii \
// RUN:   --args='f32[120],f32[9],f32[110],i32=10,i32=12,i32=1,i32=2' --seed=4 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void conv2d(const float *in, const float *w, float *out, int h, int wd, int kh,
            int kw) {
  int oh = h - kh + 1, ow = wd - kw + 1;
  for (int y = 0; y < oh; ++y)
    for (int x = 0; x < ow; ++x) {
      float acc = 0.0f;
      for (int i = 0; i < kh; ++i)
        for (int j = 0; j < kw; ++j)
          acc += in[(y + i) * wd + (x + j)] * w[i * kw + j];
      out[y * ow + x] = acc;
    }
}

// CHECK-LABEL: func.func @_Z6conv2dPKfS0_Pfiiii(
// CHECK-SAME: %[[H:[^:]+]]: i32 {{[^,]*}}, %{{[^:]+}}: i32 {{[^,]*}}, %[[KH:[^:]+]]: i32
// CHECK: %[[HK:.+]] = arith.subi %[[H]], %[[KH]] overflow<nsw> : i32
// CHECK: %[[OH:.+]] = arith.addi %[[HK]], %{{.+}} : i32
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[OH]] step
// CHECK:   scf.for
// CHECK:     scf.for {{.+}} iter_args
// CHECK:       scf.for {{.+}} iter_args
// CHECK:     memref.store

// EXEC: kernel _Z6conv2dPKfS0_Pfiiii
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: memref<?xf32>
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: param 4: i32
// EXEC-NEXT: param 5: i32
// EXEC-NEXT: param 6: i32
// EXEC-NEXT: scf.for: 4
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z6conv2dPKfS0_Pfiiii
// EXEC-NEXT: EMU-MATCH _Z6conv2dPKfS0_Pfiiii
// MATCH: MATCH _Z6conv2dPKfS0_Pfiiii
// MATCH-NEXT: EMU-MATCH _Z6conv2dPKfS0_Pfiiii
