// clamp with nested if: an if inside the then-branch of another becomes
// nested scf.if.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/clamp.ll | FileCheck %s
// RUN: loom-raise-check %t.d/clamp.ll --kernel=_Z5clampPKiPiiii \
// RUN:   --args='i32[50],i32[50],i32=50,i32=-300,i32=400' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/clamp.ll --kernel=_Z5clampPKiPiiii \
// RUN:   --args='i32[50],i32[50],i32=50,i32=0,i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void clamp(const int *in, int *out, int n, int lo, int hi) {
  for (int i = 0; i < n; ++i) {
    int v = in[i];
    if (v < hi) {
      if (v < lo)
        out[i] = lo;
      else
        out[i] = v;
    } else {
      out[i] = hi;
    }
  }
}

// CHECK-LABEL: func.func @_Z5clampPKiPiiii(
// CHECK-SAME: %[[N:[^:]+]]: i32 {{[^,]*}}, %[[LO:[^:]+]]: i32 {{[^,]*}}, %[[HI:[^:]+]]: i32
// CHECK: scf.for
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[BELOW_HI:.+]] = arith.cmpi slt, %[[V]], %[[HI]] : i32
// CHECK:   scf.if %[[BELOW_HI]] {
// CHECK:     %[[BELOW_LO:.+]] = arith.cmpi slt, %[[V]], %[[LO]] : i32
// CHECK:     scf.if %[[BELOW_LO]] {
// CHECK:       memref.store %[[LO]]
// CHECK:     } else {
// CHECK:       memref.store %[[V]]
// CHECK:   } else {
// CHECK:     memref.store %[[HI]]

// EXEC: kernel _Z5clampPKiPiiii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: param 3: i32
// EXEC-NEXT: param 4: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z5clampPKiPiiii
// EXEC-NEXT: EMU-MATCH _Z5clampPKiPiiii
// MATCH: MATCH _Z5clampPKiPiiii
// MATCH-NEXT: EMU-MATCH _Z5clampPKiPiiii
