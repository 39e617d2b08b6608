// struct-of-arrays fields: a struct of two pointers passed by value reaches
// the kernel as two pointer parameters, each its own memref root.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/advance.ll | FileCheck %s
// RUN: loom-raise-check %t.d/advance.ll --kernel=_Z7advance9Particlesfi \
// RUN:   --args='f32[30],f32[30],f32=0.5,i32=30' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/advance.ll --kernel=_Z7advance9Particlesfi \
// RUN:   --args='f32[30],f32[30],f32=-3,i32=29' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

struct Particles {
  float *x;
  float *v;
};
LOOM_ACCEL()
void advance(Particles p, float dt, int n) {
  for (int i = 0; i < n; ++i)
    p.x[i] += p.v[i] * dt;
}

// CHECK-LABEL: func.func @_Z7advance9Particlesfi(
// CHECK-SAME: %[[X:[^:]+]]: memref<?xf32>, %[[V:[^:]+]]: memref<?xf32>, %[[DT:[^:]+]]: f32
// CHECK: scf.for
// CHECK:   %[[VI:.+]] = memref.load %[[V]]
// CHECK:   %[[XI:.+]] = memref.load %[[X]]
// CHECK:   %[[D:.+]] = arith.mulf %[[VI]], %[[DT]] : f32
// CHECK:   %[[S:.+]] = arith.addf %[[D]], %[[XI]] : f32
// CHECK:   memref.store %[[S]], %[[X]]

// EXEC: kernel _Z7advance9Particlesfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: f32
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7advance9Particlesfi
// EXEC-NEXT: EMU-MATCH _Z7advance9Particlesfi
// MATCH: MATCH _Z7advance9Particlesfi
// MATCH-NEXT: EMU-MATCH _Z7advance9Particlesfi
