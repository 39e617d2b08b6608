// Two accumulators with one init and the same update from the same read
// (`s = s * 0.5f + b[i]; t = t * 0.5f + b[i]`) in a loop that writes no
// memory: the scf.for carries one of them, and `s * 2 - t` (instcombine's
// `s * 2 + -t`) reads it twice.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/decay_pair.ll | FileCheck %s
// RUN: loom-raise-check %t.d/decay_pair.ll --kernel=_Z10decay_pairPKfi \
// RUN:   --args='f32[24],i32=24' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/decay_pair.ll --kernel=_Z10decay_pairPKfi \
// RUN:   --args='f32[24],i32=7' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
float decay_pair(const float *b, int n) {
  float s = 0.0f, t = 0.0f;
  for (int i = 0; i < n; ++i) {
    s = s * 0.5f + b[i];
    t = t * 0.5f + b[i];
  }
  return s * 2.0f - t;
}

// CHECK-LABEL: func.func @_Z10decay_pairPKfi(
// CHECK: %[[S:.+]] = scf.for {{.*}} iter_args(%{{[^,]+}}) -> (f32)
// CHECK-DAG: %[[NEG:.+]] = arith.negf %[[S]] : f32
// CHECK-DAG: %[[TWICE:.+]] = arith.mulf %[[S]], %{{.+}} : f32
// CHECK: arith.addf %[[TWICE]], %[[NEG]] : f32

// EXEC: kernel _Z10decay_pairPKfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10decay_pairPKfi
// EXEC-NEXT: EMU-MATCH _Z10decay_pairPKfi
// MATCH: MATCH _Z10decay_pairPKfi
// MATCH-NEXT: EMU-MATCH _Z10decay_pairPKfi
