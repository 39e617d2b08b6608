// The integer intrinsics clang emits for bit idioms and builtins, under
// LOOM_OFFLOAD=mandatory on the emulator and the cycle simulator, compared
// bit for bit with a host reference that reads its operands through a
// volatile: llvm.ctpop, ctlz and cttz (is_zero_poison true for
// __builtin_clz/ctz behind a zero test, false for __builtin_clzg/ctzg with
// a fallback), bswap, bitreverse, abs, smin/smax/umin/umax, fshl (a
// rotate), the saturating sadd.sat/uadd.sat/ssub.sat/usub.sat
// (__builtin_elementwise_add_sat/sub_sat and the `s < a ? ~0u : s` idiom),
// and {s,u}{add,sub,mul}.with.overflow (__builtin_*_overflow), on 8-, 16-,
// 32- and 64-bit operands: every pair of 0, +-1, 2, 3, 7, 31, 32, 33, the
// extreme values, and random words.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff %t.host.txt -
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff %t.host.txt -
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: bits_u8: 2080 results, 0 mismatches
// CHECK-NEXT: bits_i16: 2080 results, 0 mismatches
// CHECK-NEXT: bits_u32: 3120 results, 0 mismatches
// CHECK-NEXT: bits_i32: 1560 results, 0 mismatches
// CHECK-NEXT: overflow_i32: 1560 results, 0 mismatches
// CHECK-NEXT: bits_u64: 2600 results, 0 mismatches
// CHECK-NEXT: bits_i64: 2080 results, 0 mismatches
// CHECK-NEXT: PASS

#include <loom/loom.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// Each kernel computes K results per operand pair (a, b); result k of pair
// i goes to out[k * n + i].
#define BITS(name, S, K, ...)                                                  \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, const S *z, int64_t *out, int n) {                     \
    for (int i = 0; i < n; ++i) {                                              \
      S a = x[i], b = z[i];                                                    \
      int64_t r[K] = {__VA_ARGS__};                                            \
      for (int k = 0; k < K; ++k)                                              \
        out[k * n + i] = r[k];                                                 \
    }                                                                          \
  }                                                                            \
  static void name##_ref(const S *x, const S *z, int64_t *out, int n) {        \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S va = x[i], vb = z[i];                                         \
      S a = va, b = vb;                                                        \
      int64_t r[K] = {__VA_ARGS__};                                            \
      for (int k = 0; k < K; ++k)                                              \
        out[k * n + i] = r[k];                                                 \
    }                                                                          \
  }

// A result and its overflow bit in bit 62 (the results fit below it).
#define OVF(op, T, x, y)                                                       \
  ({                                                                           \
    T res;                                                                     \
    bool o = op(x, y, &res);                                                   \
    (int64_t) res + ((int64_t)o << 62);                                        \
  })
// 64-bit results with the overflow bit xor'ed in.
#define OVF64(op, T, x, y)                                                     \
  ({                                                                           \
    T res;                                                                     \
    bool o = op(x, y, &res);                                                   \
    (int64_t) res ^ (int64_t)o;                                                \
  })

BITS(bits_u8, uint8_t, 8, __builtin_popcount(a), __builtin_bitreverse8(a),
     std::max(a, b), __builtin_elementwise_add_sat(a, b),
     __builtin_elementwise_sub_sat(a, b), __builtin_rotateleft8(a, b),
     OVF(__builtin_add_overflow, uint8_t, a, b),
     OVF(__builtin_mul_overflow, uint8_t, a, b))
BITS(bits_i16, int16_t, 8, __builtin_ctzg((uint16_t)a, 16),
     __builtin_bswap16(a), std::max(a, b), std::min(a, b),
     __builtin_elementwise_add_sat(a, b), __builtin_elementwise_sub_sat(a, b),
     OVF(__builtin_sub_overflow, int16_t, a, b),
     OVF(__builtin_mul_overflow, int16_t, a, b))
BITS(bits_u32, uint32_t, 12, __builtin_popcount(a), a ? __builtin_clz(a) : 32,
     __builtin_clzg(a, 32), a ? __builtin_ctz(a) : -1, __builtin_bswap32(a),
     __builtin_bitreverse32(a), std::min(a, b),
     __builtin_elementwise_add_sat(a, b), (uint32_t)(a + b) < a ? ~0u : a + b,
     a > b ? a - b : 0, (a << (b & 31)) | (a >> ((32 - b) & 31)),
     OVF(__builtin_mul_overflow, uint32_t, a, b))
BITS(bits_i32, int32_t, 6, a == INT32_MIN ? 0 : std::abs(a),
     __builtin_clzg((uint32_t)a, 7), std::max(a, b), std::min(a, b),
     __builtin_elementwise_add_sat(a, b), __builtin_elementwise_sub_sat(a, b))
// The overflow builtins in a kernel of their own: together with the six
// above they need more ALU actors (67) than cgra-8x8 has ALUs (64).
BITS(overflow_i32, int32_t, 6, OVF(__builtin_add_overflow, int32_t, a, b),
     OVF(__builtin_sub_overflow, int32_t, a, b),
     OVF(__builtin_mul_overflow, int32_t, a, b),
     OVF(__builtin_add_overflow, uint32_t, (uint32_t)a, (uint32_t)b),
     OVF(__builtin_sub_overflow, uint32_t, (uint32_t)a, (uint32_t)b),
     a < 0 ? -(int64_t)a : a)
BITS(bits_u64, uint64_t, 10, __builtin_popcountll(a),
     a ? __builtin_ctzll(a) : 64, __builtin_clzg(a, 64),
     (int64_t)__builtin_bswap64(a), (int64_t)__builtin_bitreverse64(a),
     (int64_t)std::max(a, b), (int64_t)__builtin_elementwise_sub_sat(a, b),
     (int64_t)__builtin_elementwise_add_sat(a, b),
     OVF64(__builtin_add_overflow, uint64_t, a, b),
     OVF64(__builtin_mul_overflow, uint64_t, a, b))
BITS(bits_i64, int64_t, 8, a < 0 ? (int64_t)(0 - (uint64_t)a) : a,
     std::min(a, b), __builtin_elementwise_add_sat(a, b),
     __builtin_elementwise_sub_sat(a, b),
     OVF64(__builtin_add_overflow, int64_t, a, b),
     OVF64(__builtin_sub_overflow, int64_t, a, b),
     OVF64(__builtin_mul_overflow, int64_t, a, b),
     (int64_t)__builtin_rotateright64(a, b))

static bool pass = true;

template <typename S>
static void check(const char *name,
                  void (*kernel)(const S *, const S *, int64_t *, int),
                  void (*ref)(const S *, const S *, int64_t *, int), int k) {
  S values[] = {S(0),
                S(1),
                S(-1),
                S(2),
                S(3),
                S(7),
                S(31),
                S(32),
                S(33),
                S(~S(0) >> 1),
                S(S(1) << (sizeof(S) * 8 - 1)),
                S(0x1234),
                S(-0x1234),
                S(0x5a5a5a5a5a5a5a5aull)};
  std::vector<S> a, b;
  for (S x : values)
    for (S z : values) {
      a.push_back(x);
      b.push_back(z);
    }
  uint64_t r = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 64; ++i) {
    r ^= r << 13;
    r ^= r >> 7;
    r ^= r << 17;
    a.push_back(S(r));
    b.push_back(S(r >> 29));
  }
  int n = (int)a.size();
  std::vector<int64_t> out(k * n), want(k * n);
  kernel(a.data(), b.data(), out.data(), n);
  ref(a.data(), b.data(), want.data(), n);
  int mismatches = 0;
  for (int i = 0; i < k * n; ++i) {
    if (out[i] == want[i])
      continue;
    if (mismatches++ < 8)
      std::printf("  %s[%d] of (%lld, %lld): got %lld, native %lld\n", name,
                  i / n, (long long)a[i % n], (long long)b[i % n],
                  (long long)out[i], (long long)want[i]);
  }
  std::printf("%s: %d results, %d mismatches\n", name, k * n, mismatches);
  pass = pass && mismatches == 0;
}

int main() {
  check<uint8_t>("bits_u8", bits_u8, bits_u8_ref, 8);
  check<int16_t>("bits_i16", bits_i16, bits_i16_ref, 8);
  check<uint32_t>("bits_u32", bits_u32, bits_u32_ref, 12);
  check<int32_t>("bits_i32", bits_i32, bits_i32_ref, 6);
  check<int32_t>("overflow_i32", overflow_i32, overflow_i32_ref, 6);
  check<uint64_t>("bits_u64", bits_u64, bits_u64_ref, 10);
  check<int64_t>("bits_i64", bits_i64, bits_i64_ref, 8);
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return 0;
}
