// bit manipulation: shifts, masks and the bit-counting builtins become
// arith and math.ctpop / math.cttz / math.ctlz; the rotate
// `(v << 3) | (v >> 29)` reaches the raising as llvm.intr.fshl and becomes
// shifts that never reach the width (rotate.cpp covers variable amounts).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/bit_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/bit_mix.ll --kernel=_Z7bit_mixPKjPji \
// RUN:   --args='i32[64]:range=-2147483648..2147483647,i32[64],i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/bit_mix.ll --kernel=_Z7bit_mixPKjPji \
// RUN:   --args='i32[64]:range=0..255,i32[64],i32=64' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void bit_mix(const unsigned *a, unsigned *out, int n) {
  for (int i = 0; i < n; ++i) {
    unsigned v = a[i];
    unsigned r = (v << 3) | (v >> 29);
    r ^= (v & 0x0f0f0f0fu) >> 2;
    out[i] = r + __builtin_popcount(v) + __builtin_ctz(v | 0x80000000u) +
             (__builtin_clz(v | 1u) << 8);
  }
}

// CHECK-LABEL: func.func @_Z7bit_mixPKjPji(
// CHECK: scf.for
// CHECK:   %[[V:.+]] = memref.load
// CHECK-NOT: llvm.intr.fshl
// CHECK:   arith.shli %[[V]]
// CHECK:   arith.shrui %[[V]]
// CHECK:   arith.andi
// CHECK:   arith.xori
// CHECK:   math.ctpop %[[V]] : i32
// CHECK:   math.cttz %{{.+}} : i32
// CHECK:   math.ctlz %{{.+}} : i32

// EXEC: kernel _Z7bit_mixPKjPji
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7bit_mixPKjPji
// EXEC-NEXT: EMU-MATCH _Z7bit_mixPKjPji
// MATCH: MATCH _Z7bit_mixPKjPji
// MATCH-NEXT: EMU-MATCH _Z7bit_mixPKjPji
