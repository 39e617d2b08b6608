// rotates and funnel shifts by variable amounts: clang emits llvm.intr.fshl /
// fshr, which the raising expands into shifts that never reach the width
// (amount modulo the width; amount 0 and multiples of the width give the
// unrotated value). Each element uses the raw amount s (any 32-bit value),
// s * 32 and s & ~31 (multiples of 32, and 0 for s < 32), and 8-, 16- and
// 64-bit forms; loom-raise-check runs the original and the raised kernel on
// full-range random amounts and on amounts 0..63.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/rotate_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/rotate_mix.ll --kernel=_Z10rotate_mixPKjS0_S0_PjPyi \
// RUN:   --args='i32[64]:range=-2147483648..2147483647,i32[64]:range=-2147483648..2147483647,i32[64]:range=-2147483648..2147483647,i32[64],i64[64],i32=64' \
// RUN:   --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/rotate_mix.ll --kernel=_Z10rotate_mixPKjS0_S0_PjPyi \
// RUN:   --args='i32[64]:range=-2147483648..2147483647,i32[64]:range=-2147483648..2147483647,i32[64]:range=0..63,i32[64],i64[64],i32=64' \
// RUN:   --seed=5 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void rotate_mix(const unsigned *a, const unsigned *b, const unsigned *amount,
                unsigned *out, unsigned long long *wide, int n) {
  for (int i = 0; i < n; ++i) {
    unsigned x = a[i], y = b[i], s = amount[i];
    unsigned r = __builtin_rotateleft32(x, s) ^
                 __builtin_rotateright32(y, s * 32u) ^
                 __builtin_rotateleft32(x ^ y, s & ~31u);
    // A funnel shift of two different words: the high word of (x:y) << s.
    unsigned f = (x << (s & 31)) |
                 (unsigned)(((unsigned long long)y >> 1) >> (31 - (s & 31)));
    unsigned small =
        __builtin_rotateleft8((unsigned char)x, (unsigned char)s) |
        (__builtin_rotateright16((unsigned short)y, (unsigned short)s) << 8);
    out[i] = r + f + small;
    unsigned long long w = ((unsigned long long)x << 32) | y;
    wide[i] =
        __builtin_rotateright64(w, s) + __builtin_rotateleft64(w, s * 64u);
  }
}

// CHECK-LABEL: func.func @_Z10rotate_mixPKjS0_S0_PjPyi(
// CHECK: scf.for
// CHECK-NOT: llvm.intr.fsh
// CHECK: arith.andi %{{.+}}, %c31_i32 : i32
// CHECK: return

// EXEC: kernel _Z10rotate_mixPKjS0_S0_PjPyi
// EXEC: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10rotate_mixPKjS0_S0_PjPyi
// EXEC-NEXT: EMU-MATCH _Z10rotate_mixPKjS0_S0_PjPyi
// MATCH: MATCH _Z10rotate_mixPKjS0_S0_PjPyi
// MATCH-NEXT: EMU-MATCH _Z10rotate_mixPKjS0_S0_PjPyi
