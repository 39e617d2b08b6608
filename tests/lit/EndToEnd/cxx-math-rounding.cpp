// Rounding: std::lround, llround, lrint, llrint and std::floor, ceil, trunc,
// round, rint, nearbyint on float and double, under LOOM_OFFLOAD=mandatory
// on the emulator and the cycle simulator, compared bit for bit with a host
// reference that reads its operands through a volatile. Under the default
// -fmath-errno lround/lrint are libm calls (raised to math.round /
// math.roundeven and arith.fptosi), under -fno-math-errno and -ffast-math
// the llvm.lround/lrint intrinsics (raised the same way); floor ... nearbyint
// are intrinsics in every mode.
//
// Operands: halfway cases (0.5, 2.5, -2.5, ...), the neighbours of 0.5,
// -0.0, denormals, values beyond 2^23 / 2^52 (already integers). The
// integer results of NaN, infinities and values beyond 2^63 are LONG_MIN
// natively (glibc's lround, cvtss2si) and on the device (the conversion's
// x86-64 value, docs/emulator.md); -ffast-math makes NaN and infinite
// operands undefined, so they are left out there.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe > %t.emu.txt
// RUN: diff %t.host.txt %t.emu.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.host.txt %t.sim.txt
// RUN: %loom-clangxx -O2 -fno-math-errno %s -o %t.noerrno.exe
// RUN: env LOOM_BACKEND=host %t.noerrno.exe > %t.noerrno.host.txt
// RUN: FileCheck %s < %t.noerrno.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.noerrno.exe \
// RUN:   | diff %t.noerrno.host.txt -
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.noerrno.exe \
// RUN:   | diff %t.noerrno.host.txt -
// RUN: %loom-clangxx -O2 -ffast-math %s -o %t.fast.exe
// RUN: env LOOM_BACKEND=host %t.fast.exe > %t.fast.host.txt
// RUN: FileCheck %s --check-prefix=FAST < %t.fast.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.fast.exe \
// RUN:   | diff %t.fast.host.txt -
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.fast.exe \
// RUN:   | diff %t.fast.host.txt -
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// RUN: %run-everywhere %t.noerrno.exe | FileCheck %s
// RUN: %run-everywhere %t.fast.exe | FileCheck %s --check-prefix=FAST
// CHECK: to_int_f32: 136 results, 0 mismatches
// CHECK-NEXT: to_int_f64: 136 results, 0 mismatches
// CHECK-NEXT: round_f32: 204 results, 0 mismatches
// CHECK-NEXT: round_f64: 204 results, 0 mismatches
// CHECK-NEXT: PASS
// FAST: to_int_f32: 112 results, 0 mismatches
// FAST-NEXT: to_int_f64: 112 results, 0 mismatches
// FAST-NEXT: round_f32: 168 results, 0 mismatches
// FAST-NEXT: round_f64: 168 results, 0 mismatches
// FAST-NEXT: PASS

#include <loom/loom.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

#define TO_INT(name, S)                                                        \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, long long *out, int n) {                               \
    for (int i = 0; i < n; ++i) {                                              \
      S v = x[i];                                                              \
      out[4 * i] = std::lround(v);                                             \
      out[4 * i + 1] = std::llround(v);                                        \
      out[4 * i + 2] = std::lrint(v);                                          \
      out[4 * i + 3] = std::llrint(v);                                         \
    }                                                                          \
  }                                                                            \
  static void name##_ref(const S *x, long long *out, int n) {                  \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S v = x[i];                                                     \
      out[4 * i] = std::lround(v);                                             \
      out[4 * i + 1] = std::llround(v);                                        \
      out[4 * i + 2] = std::lrint(v);                                          \
      out[4 * i + 3] = std::llrint(v);                                         \
    }                                                                          \
  }

#define ROUND(name, S)                                                         \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, S *out, int n) {                                       \
    for (int i = 0; i < n; ++i) {                                              \
      S v = x[i];                                                              \
      out[6 * i] = std::floor(v);                                              \
      out[6 * i + 1] = std::ceil(v);                                           \
      out[6 * i + 2] = std::trunc(v);                                          \
      out[6 * i + 3] = std::round(v);                                          \
      out[6 * i + 4] = std::rint(v);                                           \
      out[6 * i + 5] = std::nearbyint(v);                                      \
    }                                                                          \
  }                                                                            \
  static void name##_ref(const S *x, S *out, int n) {                          \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S v = x[i];                                                     \
      out[6 * i] = std::floor(v);                                              \
      out[6 * i + 1] = std::ceil(v);                                           \
      out[6 * i + 2] = std::trunc(v);                                          \
      out[6 * i + 3] = std::round(v);                                          \
      out[6 * i + 4] = std::rint(v);                                           \
      out[6 * i + 5] = std::nearbyint(v);                                      \
    }                                                                          \
  }

TO_INT(to_int_f32, float)
TO_INT(to_int_f64, double)
ROUND(round_f32, float)
ROUND(round_f64, double)

static bool pass = true;

template <typename S> static std::vector<S> operands() {
  std::vector<S> in = {S(0),
                       -S(0),
                       S(0.5),
                       S(-0.5),
                       S(1.5),
                       S(-1.5),
                       S(2.5),
                       S(-2.5),
                       S(3.5),
                       S(-7.5),
                       std::nextafter(S(0.5), S(0)),
                       std::nextafter(S(0.5), S(1)),
                       std::nextafter(S(-0.5), S(0)),
                       std::nextafter(S(2.5), S(3)),
                       S(3.7),
                       S(-3.7),
                       S(1e6 + 0.5),
                       S(8388607.5),
                       S(-8388609),
                       S(4503599627370495.5),
                       S(1e15 + 0.5),
                       S(-2147483648.0),
                       S(-9.2e18),
                       std::numeric_limits<S>::denorm_min(),
                       -std::numeric_limits<S>::denorm_min(),
                       S(1e19),
                       S(-1e30),
                       S(1e30)};
#ifndef __FAST_MATH__
  // NaN and infinities, and values whose integer does not fit.
  S special[] = {std::numeric_limits<S>::quiet_NaN(),
                 -std::numeric_limits<S>::quiet_NaN(),
                 INFINITY,
                 -INFINITY,
                 S(9.3e18),
                 S(-1e19)};
  in.insert(in.end(), std::begin(special), std::end(special));
#endif
  return in;
}

template <typename S, typename D>
static void check(const char *name, void (*kernel)(const S *, D *, int),
                  void (*ref)(const S *, D *, int), int perOperand) {
  std::vector<S> in = operands<S>();
  int n = (int)in.size();
  std::vector<D> out(n * perOperand), want(n * perOperand);
  kernel(in.data(), out.data(), n);
  ref(in.data(), want.data(), n);
  int mismatches = 0;
  for (int i = 0; i < n * perOperand; ++i) {
    if (std::memcmp(&out[i], &want[i], sizeof(D)) == 0)
      continue;
    if (mismatches++ < 8)
      std::printf("  %s[%d] of %.17g: got %.17g, native %.17g\n", name,
                  i % perOperand, (double)in[i / perOperand], (double)out[i],
                  (double)want[i]);
  }
  std::printf("%s: %d results, %d mismatches\n", name, n * perOperand,
              mismatches);
  pass = pass && mismatches == 0;
}

int main() {
  check<float, long long>("to_int_f32", to_int_f32, to_int_f32_ref, 4);
  check<double, long long>("to_int_f64", to_int_f64, to_int_f64_ref, 4);
  check<float, float>("round_f32", round_f32, round_f32_ref, 6);
  check<double, double>("round_f64", round_f64, round_f64_ref, 6);
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return 0;
}
