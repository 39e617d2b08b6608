// saturating arithmetic and overflow builtins: clang emits
// llvm.intr.sadd.sat / uadd.sat / ssub.sat / usub.sat for
// __builtin_elementwise_add_sat / sub_sat (and instcombine forms them from
// the `s < a ? ~0u : s` idiom), and llvm.intr.*.with.overflow for
// __builtin_add/sub/mul_overflow. The raising expands each into arith ops
// (clamps, comparisons, the product in twice the width); loom-raise-check
// runs the original and the raised kernel on full-range random operands and
// on small ones (where the clamps do not bite), 8, 16, 32 and 64 bits.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/sat_mix.ll | FileCheck %s
// RUN: loom-raise %t.d/overflow_mix.ll | FileCheck %s --check-prefix=OVF
// RUN: loom-raise-check %t.d/sat_mix.ll --kernel=_Z7sat_mixPKiS0_Pii \
// RUN:   --args='i32[64]:range=-2147483648..2147483647,i32[64]:range=-2147483648..2147483647,i32[384],i32=64' \
// RUN:   --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/sat_mix.ll --kernel=_Z7sat_mixPKiS0_Pii \
// RUN:   --args='i32[64]:range=-200..200,i32[64]:range=-200..200,i32[384],i32=64' \
// RUN:   --seed=3 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/overflow_mix.ll --kernel=_Z12overflow_mixPKiS0_PKxS2_Pxi \
// RUN:   --args='i32[64]:range=-2147483648..2147483647,i32[64]:range=-2147483648..2147483647,i64[64]:range=-9223372036854775808..9223372036854775807,i64[64]:range=-4294967296..4294967296,i64[384],i32=64' \
// RUN:   --emu | FileCheck %s --check-prefix=OVF-EXEC
// RUN: loom-raise-check %t.d/overflow_mix.ll --kernel=_Z12overflow_mixPKiS0_PKxS2_Pxi \
// RUN:   --args='i32[64]:range=-70000..70000,i32[64]:range=-70000..70000,i64[64],i64[64],i64[384],i32=64' \
// RUN:   --seed=9 --emu | FileCheck %s --check-prefix=OVF-MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void sat_mix(const int *a, const int *b, int *out, int n) {
  for (int i = 0; i < n; ++i) {
    int x = a[i], y = b[i];
    unsigned ux = x, uy = y;
    out[6 * i] = __builtin_elementwise_add_sat(x, y);
    out[6 * i + 1] = __builtin_elementwise_sub_sat(x, y);
    out[6 * i + 2] = __builtin_elementwise_add_sat(ux, uy);
    out[6 * i + 3] = __builtin_elementwise_sub_sat(ux, uy);
    unsigned s = ux + uy;
    out[6 * i + 4] = s < ux ? ~0u : s;
    short hs = __builtin_elementwise_sub_sat((short)x, (short)y);
    unsigned char cs =
        __builtin_elementwise_add_sat((unsigned char)x, (unsigned char)y);
    out[6 * i + 5] = hs * 256 + cs;
  }
}

LOOM_ACCEL()
void overflow_mix(const int *a, const int *b, const long long *c,
                  const long long *d, long long *out, int n) {
  for (int i = 0; i < n; ++i) {
    int x = a[i], y = b[i];
    long long p = c[i], q = d[i];
    int r;
    unsigned u;
    long long w;
    unsigned long long uw;
    // Each result with its overflow bit in bit 40 (32-bit) or xor'ed in.
    out[6 * i] = __builtin_add_overflow(x, y, &r) * (1LL << 40) + r;
    out[6 * i + 1] = __builtin_sub_overflow(x, y, &r) * (1LL << 40) + r;
    out[6 * i + 2] = __builtin_mul_overflow(x, y, &r) * (1LL << 40) + r;
    out[6 * i + 3] =
        __builtin_add_overflow((unsigned)x, (unsigned)y, &u) * (1LL << 40) + u;
    out[6 * i + 4] = __builtin_mul_overflow(p, q, &w) ^ w;
    out[6 * i + 5] = __builtin_mul_overflow((unsigned long long)p,
                                            (unsigned long long)q, &uw) ^
                     (long long)uw;
  }
}

// CHECK-LABEL: func.func @_Z7sat_mixPKiS0_Pii(
// CHECK: scf.for
// CHECK-NOT: llvm.intr
// CHECK: arith.maxsi
// CHECK: arith.minui
// CHECK-NOT: llvm.intr
// CHECK: return

// OVF-LABEL: func.func @_Z12overflow_mixPKiS0_PKxS2_Pxi(
// OVF: scf.for
// OVF-NOT: llvm.intr
// OVF-NOT: llvm.extractvalue
// OVF: arith.muli %{{.+}}, %{{.+}} : i128
// OVF-NOT: llvm.intr
// OVF-NOT: llvm.extractvalue
// OVF: return

// EXEC: kernel _Z7sat_mixPKiS0_Pii
// EXEC: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7sat_mixPKiS0_Pii
// EXEC-NEXT: EMU-MATCH _Z7sat_mixPKiS0_Pii
// MATCH: MATCH _Z7sat_mixPKiS0_Pii
// MATCH-NEXT: EMU-MATCH _Z7sat_mixPKiS0_Pii

// OVF-EXEC: kernel _Z12overflow_mixPKiS0_PKxS2_Pxi
// OVF-EXEC: other llvm ops: 0
// OVF-EXEC-NEXT: MATCH _Z12overflow_mixPKiS0_PKxS2_Pxi
// OVF-EXEC-NEXT: EMU-MATCH _Z12overflow_mixPKiS0_PKxS2_Pxi
// OVF-MATCH: MATCH _Z12overflow_mixPKiS0_PKxS2_Pxi
// OVF-MATCH-NEXT: EMU-MATCH _Z12overflow_mixPKiS0_PKxS2_Pxi
