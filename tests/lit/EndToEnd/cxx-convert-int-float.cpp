// float/double <-> integer conversions of every width and signedness
// (fptosi, fptoui, sitofp, uitofp on i8/i16/i32/i64 and f32/f64) and
// fpext/fptrunc, one kernel per pair, under LOOM_OFFLOAD=mandatory on the
// emulator and the cycle simulator, compared bit for bit with a host
// reference that reads its operands through a volatile (so the host
// compiler cannot fold the conversions).
//
// In range (the truncated value fits; C++ leaves the rest undefined and
// LLVM makes it poison) every backend gives the native result: boundary
// values (the largest float below 2^31, INT_MIN, -0.0, halfway and
// denormal values) included. Out of range (NaN, infinities, too large) the
// device gives what x86-64 scalar code gives (docs/emulator.md, "Values"):
// the emu and sim results equal the scalar reference. The native kernel
// itself is vectorized at -O2, and LLVM's vector conversions give other
// values there for narrow and unsigned results, so the host run is checked
// in range only.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s --check-prefixes=CHECK,DEVICE
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe \
// RUN:   | FileCheck %s --check-prefixes=CHECK,DEVICE
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// CHECK: in range: 1744 conversions, 0 mismatches
// DEVICE-NEXT: out of range: 352 conversions, 0 mismatches
// DEVICE-NEXT: PASS
// REPORT: "name": "f2i8",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 2
// REPORT-NEXT: },

#include <loom/loom.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

#define CONVERT(name, S, D)                                                    \
  LOOM_ACCEL()                                                                 \
  void name(const S *x, D *y, int n) {                                         \
    for (int i = 0; i < n; ++i)                                                \
      y[i] = (D)x[i];                                                          \
  }                                                                            \
  static void name##_ref(const S *x, D *y, int n) {                            \
    for (int i = 0; i < n; ++i) {                                              \
      volatile S v = x[i];                                                     \
      y[i] = (D)v;                                                             \
    }                                                                          \
  }

CONVERT(f2i8, float, int8_t)
CONVERT(f2i16, float, int16_t)
CONVERT(f2i32, float, int32_t)
CONVERT(f2i64, float, int64_t)
CONVERT(f2u8, float, uint8_t)
CONVERT(f2u16, float, uint16_t)
CONVERT(f2u32, float, uint32_t)
CONVERT(f2u64, float, uint64_t)
CONVERT(d2i8, double, int8_t)
CONVERT(d2i16, double, int16_t)
CONVERT(d2i32, double, int32_t)
CONVERT(d2i64, double, int64_t)
CONVERT(d2u8, double, uint8_t)
CONVERT(d2u16, double, uint16_t)
CONVERT(d2u32, double, uint32_t)
CONVERT(d2u64, double, uint64_t)
CONVERT(i8f, int8_t, float)
CONVERT(i16f, int16_t, float)
CONVERT(i32f, int32_t, float)
CONVERT(i64f, int64_t, float)
CONVERT(u8f, uint8_t, float)
CONVERT(u16f, uint16_t, float)
CONVERT(u32f, uint32_t, float)
CONVERT(u64f, uint64_t, float)
CONVERT(i8d, int8_t, double)
CONVERT(i16d, int16_t, double)
CONVERT(i32d, int32_t, double)
CONVERT(i64d, int64_t, double)
CONVERT(u8d, uint8_t, double)
CONVERT(u16d, uint16_t, double)
CONVERT(u32d, uint32_t, double)
CONVERT(u64d, uint64_t, double)
CONVERT(fext, float, double)
CONVERT(dtrunc, double, float)

struct Tally {
  int conversions = 0, mismatches = 0;
};
static Tally inRange, outOfRange;

template <typename S, typename D>
static void check(const char *name, void (*kernel)(const S *, D *, int),
                  void (*ref)(const S *, D *, int), const std::vector<S> &in,
                  Tally &tally) {
  int n = (int)in.size();
  std::vector<D> out(n), want(n);
  kernel(in.data(), out.data(), n);
  ref(in.data(), want.data(), n);
  for (int i = 0; i < n; ++i) {
    if (std::memcmp(&out[i], &want[i], sizeof(D)) == 0)
      continue;
    if (tally.mismatches++ < 8)
      std::printf("%s(%.17g): got %.17g, native %.17g\n", name, (double)in[i],
                  (double)out[i], (double)want[i]);
  }
  tally.conversions += n;
}

template <typename S> static S fromBits(uint64_t bits) {
  S value;
  std::memcpy(&value, &bits, sizeof(S));
  return value;
}

// Floats whose truncation fits D: the boundaries on both sides, -0.0,
// fractions, halfway and denormal values, and a sweep of the whole range.
template <typename S, typename D> static std::vector<S> floatsInRange() {
  long double lo = (long double)std::numeric_limits<D>::min() - 1;
  long double hi = (long double)std::numeric_limits<D>::max() + 1;
  S top = S(hi), bottom = S(lo);
  while ((long double)top >= hi)
    top = std::nextafter(top, S(0));
  while ((long double)bottom <= lo)
    bottom = std::nextafter(bottom, S(0));
  std::vector<S> all = {S(0),
                        -S(0),
                        S(0.5),
                        S(-0.5),
                        S(0.99),
                        S(-0.99),
                        S(1),
                        S(-1),
                        S(1.5),
                        S(-1.5),
                        S(2.5),
                        S(-2.5),
                        S(127.9),
                        S(-128.9),
                        S(255.9),
                        S(32767.5),
                        S(-32768.7),
                        S(65535.2),
                        top,
                        bottom,
                        std::numeric_limits<S>::denorm_min(),
                        -std::numeric_limits<S>::denorm_min()};
  for (int i = 0; i < 40; ++i)
    all.push_back(S(lo + (hi - lo) * ((i * 37 % 41) + 0.5L) / 41));
  std::vector<S> in;
  for (S v : all)
    if ((long double)v > lo && (long double)v < hi)
      in.push_back(v);
  return in;
}

// NaNs, infinities and values beyond every width (and some that fit the
// wider types), for every destination.
template <typename S> static std::vector<S> floatsOutOfRange() {
  return {std::numeric_limits<S>::quiet_NaN(),
          -std::numeric_limits<S>::quiet_NaN(),
          INFINITY,
          -INFINITY,
          S(1e30),
          S(-1e30),
          S(3e9),
          S(-3e9),
          S(5e9),
          S(2e19),
          S(-1e19),
          S(9.3e18),
          S(-9.3e18),
          S(300),
          S(-300),
          S(70000),
          S(-70000),
          S(4294967296.0),
          S(-129),
          S(256),
          S(65536),
          S(2147483648.0)};
}

template <typename S> static std::vector<S> integers() {
  std::vector<S> in = {S(0),
                       S(1),
                       S(-1),
                       std::numeric_limits<S>::min(),
                       std::numeric_limits<S>::max(),
                       S(std::numeric_limits<S>::max() - 1),
                       S((S(1) << (sizeof(S) * 8 - 2)) + 1),
                       S(12345),
                       S(-12345)};
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (int i = 0; i < 40; ++i) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    in.push_back(S(x >> (i % 8 * 8)));
  }
  return in;
}

#define FLOAT_TO_INT(name, S, D)                                               \
  check<S, D>(#name, name, name##_ref, floatsInRange<S, D>(), inRange);        \
  check<S, D>(#name, name, name##_ref, floatsOutOfRange<S>(), outOfRange)
#define INT_TO_FLOAT(name, S, D)                                               \
  check<S, D>(#name, name, name##_ref, integers<S>(), inRange)

int main() {
  FLOAT_TO_INT(f2i8, float, int8_t);
  FLOAT_TO_INT(f2i16, float, int16_t);
  FLOAT_TO_INT(f2i32, float, int32_t);
  FLOAT_TO_INT(f2i64, float, int64_t);
  FLOAT_TO_INT(f2u8, float, uint8_t);
  FLOAT_TO_INT(f2u16, float, uint16_t);
  FLOAT_TO_INT(f2u32, float, uint32_t);
  FLOAT_TO_INT(f2u64, float, uint64_t);
  FLOAT_TO_INT(d2i8, double, int8_t);
  FLOAT_TO_INT(d2i16, double, int16_t);
  FLOAT_TO_INT(d2i32, double, int32_t);
  FLOAT_TO_INT(d2i64, double, int64_t);
  FLOAT_TO_INT(d2u8, double, uint8_t);
  FLOAT_TO_INT(d2u16, double, uint16_t);
  FLOAT_TO_INT(d2u32, double, uint32_t);
  FLOAT_TO_INT(d2u64, double, uint64_t);
  INT_TO_FLOAT(i8f, int8_t, float);
  INT_TO_FLOAT(i16f, int16_t, float);
  INT_TO_FLOAT(i32f, int32_t, float);
  INT_TO_FLOAT(i64f, int64_t, float);
  INT_TO_FLOAT(u8f, uint8_t, float);
  INT_TO_FLOAT(u16f, uint16_t, float);
  INT_TO_FLOAT(u32f, uint32_t, float);
  INT_TO_FLOAT(u64f, uint64_t, float);
  INT_TO_FLOAT(i8d, int8_t, double);
  INT_TO_FLOAT(i16d, int16_t, double);
  INT_TO_FLOAT(i32d, int32_t, double);
  INT_TO_FLOAT(i64d, int64_t, double);
  INT_TO_FLOAT(u8d, uint8_t, double);
  INT_TO_FLOAT(u16d, uint16_t, double);
  INT_TO_FLOAT(u32d, uint32_t, double);
  INT_TO_FLOAT(u64d, uint64_t, double);
  // Signed zeros, infinities, NaN payloads (a signaling one too), denormals
  // and rounding at the f32 boundaries.
  std::vector<float> floats = {0.f,
                               -0.f,
                               1.5f,
                               -2.5f,
                               INFINITY,
                               -INFINITY,
                               fromBits<float>(0x7fc00000),
                               fromBits<float>(0xffc00123),
                               fromBits<float>(0x7fa00001),
                               1e-45f,
                               3.4e38f};
  check<float, double>("fext", fext, fext_ref, floats, inRange);
  std::vector<double> doubles = {0.,
                                 -0.,
                                 1.5,
                                 0.1,
                                 1e300,
                                 -1e300,
                                 fromBits<double>(0x7ff8000000000000),
                                 fromBits<double>(0xfff8000012345678),
                                 1e-320,
                                 3.4028235677973366e38,
                                 1.0000000596046448};
  check<double, float>("dtrunc", dtrunc, dtrunc_ref, doubles, inRange);
  std::printf("in range: %d conversions, %d mismatches\n", inRange.conversions,
              inRange.mismatches);
  std::printf("out of range: %d conversions, %d mismatches\n",
              outOfRange.conversions, outOfRange.mismatches);
  bool pass = inRange.mismatches == 0 && outOfRange.mismatches == 0;
  std::printf("%s\n", pass ? "PASS" : "FAIL");
  return 0;
}
