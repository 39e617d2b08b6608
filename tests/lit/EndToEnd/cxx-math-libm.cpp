// std::sqrt, exp, log, pow, sin, cos and tanh on float and double, under
// LOOM_OFFLOAD=mandatory on the emulator and the cycle simulator, compared
// bit for bit with a host reference that reads its operands through a
// volatile. Each flag set gives other IR: under the default -fmath-errno
// every function is a libm call (raised by loom-raise-libm-calls, device
// code does not set errno), under -fno-math-errno an intrinsic (llvm.sqrt,
// llvm.exp, ..., raised by loom-raise-llvm-to-arith), under -ffast-math an
// intrinsic with fast-math flags. The device evaluates each with the host
// libm entry point of its precision, as the native code calls it.
//
// Default and -fno-math-errno: negative, zero, infinite and NaN operands
// and overflowing results included. -ffast-math makes NaN and infinite
// operands and results undefined, so there the operands stay in every
// function's domain. (It would also let the vectorizer replace sqrt by an
// estimate, rsqrtps and a Newton step, whose results the device does not
// reproduce; this loop, which calls libm, is not vectorized.)
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff %t.host.txt -
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff %t.host.txt -
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
// CHECK: libm_f32: 560 results, 0 mismatches
// CHECK-NEXT: libm_f64: 560 results, 0 mismatches
// CHECK-NEXT: PASS
// FAST: libm_f32: 336 results, 0 mismatches
// FAST-NEXT: libm_f64: 336 results, 0 mismatches
// FAST-NEXT: PASS

#include <loom/loom.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

// Result k of operand pair i goes to out[k * n + i].
#define LIBM_BODY                                                              \
  out[i] = std::sqrt(a);                                                       \
  out[n + i] = std::exp(b);                                                    \
  out[2 * n + i] = std::log(a);                                                \
  out[3 * n + i] = std::pow(a, b);                                             \
  out[4 * n + i] = std::sin(b);                                                \
  out[5 * n + i] = std::cos(b);                                                \
  out[6 * n + i] = std::tanh(b);

#define LIBM(name, S)                                                          \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, const S *z, S *out, int n) {                           \
    for (int i = 0; i < n; ++i) {                                              \
      S a = x[i], b = z[i];                                                    \
      LIBM_BODY                                                                \
    }                                                                          \
  }                                                                            \
  static void name##_ref(const S *x, const S *z, S *out, int n) {              \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S va = x[i], vb = z[i];                                         \
      S a = va, b = vb;                                                        \
      LIBM_BODY                                                                \
    }                                                                          \
  }

LIBM(libm_f32, float)
LIBM(libm_f64, double)

static bool pass = true;

template <typename S>
static void check(const char *name,
                  void (*kernel)(const S *, const S *, S *, int),
                  void (*ref)(const S *, const S *, S *, int)) {
  std::vector<S> a, b;
#ifdef __FAST_MATH__
  // a in (0.1, 20) (sqrt, log, the base of pow), b in (-3.5, 3.5).
  for (int i = 0; i < 48; ++i) {
    a.push_back(S(0.1) + S(0.41) * S(i));
    b.push_back(S(0.147) * S(i) - S(3.5));
  }
#else
  for (int i = 0; i < 64; ++i) {
    a.push_back(S(0.37) * S(i) - S(5.0));
    b.push_back(S(0.21) * S(i % 17) - S(1.3) + S(i / 17) * S(7));
  }
  // Signed zeros, infinities, NaN, overflowing exp and pow, huge angles.
  S special[] = {S(0),
                 -S(0),
                 std::numeric_limits<S>::infinity(),
                 -std::numeric_limits<S>::infinity(),
                 std::numeric_limits<S>::quiet_NaN(),
                 S(1e30),
                 S(-1e30),
                 S(710)};
  for (S v : special) {
    a.push_back(v);
    b.push_back(S(2.5));
    a.push_back(S(2.5));
    b.push_back(v);
  }
#endif
  int n = (int)a.size();
  std::vector<S> out(7 * n), want(7 * n);
  kernel(a.data(), b.data(), out.data(), n);
  ref(a.data(), b.data(), want.data(), n);
  int mismatches = 0;
  for (int i = 0; i < 7 * n; ++i) {
    if (std::memcmp(&out[i], &want[i], sizeof(S)) == 0)
      continue;
    if (mismatches++ < 8)
      std::printf("  %s[%d] of (%g, %g): got %.17g, native %.17g\n", name,
                  i / n, (double)a[i % n], (double)b[i % n], (double)out[i],
                  (double)want[i]);
  }
  std::printf("%s: %d results, %d mismatches\n", name, 7 * n, mismatches);
  pass = pass && mismatches == 0;
}

int main() {
  check<float>("libm_f32", libm_f32, libm_f32_ref);
  check<double>("libm_f64", libm_f64, libm_f64_ref);
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return 0;
}
