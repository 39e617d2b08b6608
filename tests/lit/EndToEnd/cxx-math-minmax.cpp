// std::fmin, std::fmax (clang emits llvm.minnum / maxnum), with a variable
// and with a constant operand (the ReLU std::fmax(x, 0.0f)), std::copysign,
// std::fabs, std::min / std::max (compare and select) on float and double,
// under LOOM_OFFLOAD=mandatory on the emulator and the cycle simulator,
// compared bit for bit with a host reference that reads its operands
// through a volatile, over every pair of +-0, +-1, 2.5, a denormal, +-inf
// and quiet NaNs of both signs.
//
// Which of two equal zeros fmin/fmax return is left open by LLVM; x86-64
// code returns the first operand (isnan(a) ? b : minss(b, a)), but the
// constant when an operand is a non-NaN constant (minss(a, C)), and so does
// the device (docs/compiler.md, raising step 2). -ffast-math makes NaN and
// infinite operands undefined (they are left out, and so are denormals,
// which its programs flush to zero) and the sign of a zero insignificant
// (nsz): x86 code then commutes minss/maxss as register allocation likes,
// so equal zeros from min/max count as equal there; every other bit
// (copysign, fabs included) is compared.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe > %t.emu.txt
// RUN: diff %t.host.txt %t.emu.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.host.txt %t.sim.txt
// RUN: %loom-clangxx -O2 -ffast-math %s -o %t.fast.exe
// RUN: env LOOM_BACKEND=host %t.fast.exe > %t.fast.host.txt
// RUN: FileCheck %s --check-prefix=FAST < %t.fast.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.fast.exe \
// RUN:   | diff %t.fast.host.txt -
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.fast.exe \
// RUN:   | diff %t.fast.host.txt -
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// RUN: %run-everywhere %t.fast.exe | FileCheck %s --check-prefix=FAST
// CHECK: minmax_f32: 900 results, 0 mismatches
// CHECK-NEXT: minmax_f64: 900 results, 0 mismatches
// CHECK-NEXT: fmin(+0, -0) = +0, fmin(-0, +0) = -0, fmax(-0, 0.0f) = +0
// CHECK-NEXT: PASS
// FAST: minmax_f32: 225 results, 0 mismatches
// FAST-NEXT: minmax_f64: 225 results, 0 mismatches
// FAST-NEXT: PASS

#include <loom/loom.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

// Result k of operand pair i goes to out[k * n + i]: one expression per
// store sequence, so that the native code (vectorized along i) computes
// each expression as scalar code does. Next to each other, the host's SLP
// vectorizer would pack different min/max expressions into one vector op,
// which picks between equal zeros by another rule.
#define MINMAX_BODY(S)                                                         \
  out[i] = std::fmin(a, b);                                                    \
  out[n + i] = std::fmax(a, b);                                                \
  out[2 * n + i] = std::fmax(a, S(0));                                         \
  out[3 * n + i] = std::fmin(a, S(-0.0));                                      \
  out[4 * n + i] = std::fmin(S(1), a);                                         \
  out[5 * n + i] = std::copysign(a, b);                                        \
  out[6 * n + i] = std::fabs(a);                                               \
  out[7 * n + i] = std::min(a, b);                                             \
  out[8 * n + i] = std::max(a, b);

#define MINMAX(name, S)                                                        \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, const S *z, S *out, int n) {                           \
    for (int i = 0; i < n; ++i) {                                              \
      S a = x[i], b = z[i];                                                    \
      MINMAX_BODY(S)                                                           \
    }                                                                          \
  }                                                                            \
  static void name##_ref(const S *x, const S *z, S *out, int n) {              \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S va = x[i], vb = z[i];                                         \
      S a = va, b = vb;                                                        \
      MINMAX_BODY(S)                                                           \
    }                                                                          \
  }

MINMAX(minmax_f32, float)
MINMAX(minmax_f64, double)

static bool pass = true;

template <typename S>
static void check(const char *name,
                  void (*kernel)(const S *, const S *, S *, int),
                  void (*ref)(const S *, const S *, S *, int)) {
  std::vector<S> values = {S(0), -S(0), S(1), S(-1), S(2.5)};
#ifndef __FAST_MATH__
  // -ffast-math makes NaN and infinite operands undefined, and its programs
  // run with denormals flushed to zero (crtfastmath.o sets FTZ/DAZ), which
  // the device does not model.
  S special[] = {
      std::numeric_limits<S>::denorm_min(), std::numeric_limits<S>::infinity(),
      -std::numeric_limits<S>::infinity(), std::numeric_limits<S>::quiet_NaN(),
      -std::numeric_limits<S>::quiet_NaN()};
  values.insert(values.end(), std::begin(special), std::end(special));
#endif
  std::vector<S> a, b;
  for (S x : values)
    for (S z : values) {
      a.push_back(x);
      b.push_back(z);
    }
  int n = (int)a.size();
  std::vector<S> out(9 * n), want(9 * n);
  kernel(a.data(), b.data(), out.data(), n);
  ref(a.data(), b.data(), want.data(), n);
  int mismatches = 0;
  for (int i = 0; i < 9 * n; ++i) {
    if (std::memcmp(&out[i], &want[i], sizeof(S)) == 0)
      continue;
#ifdef __FAST_MATH__
    // nsz: the sign of a zero is insignificant, and x86 code commutes
    // minss/maxss at will, so equal zeros may come out either way.
    if (out[i] == 0 && want[i] == 0 && i / n != 5)
      continue;
#endif
    if (mismatches++ < 8)
      std::printf("  %s[%d] of (%g, %g): got %g, native %g\n", name, i / n,
                  (double)a[i % n], (double)b[i % n], (double)out[i],
                  (double)want[i]);
  }
  std::printf("%s: %d results, %d mismatches\n", name, 9 * n, mismatches);
  pass = pass && mismatches == 0;
}

[[maybe_unused]] static const char *zero(float f) {
  return std::signbit(f) ? "-0" : "+0";
}

int main() {
  check<float>("minmax_f32", minmax_f32, minmax_f32_ref);
  check<double>("minmax_f64", minmax_f64, minmax_f64_ref);
#ifndef __FAST_MATH__
  // The zeros the offloaded kernel chose (printed from its results).
  float a[2] = {0.0f, -0.0f}, b[2] = {-0.0f, 0.0f}, out[18];
  minmax_f32(a, b, out, 2);
  std::printf("fmin(+0, -0) = %s, fmin(-0, +0) = %s, fmax(-0, 0.0f) = %s\n",
              zero(out[0]), zero(out[1]), zero(out[5]));
#endif
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return 0;
}
