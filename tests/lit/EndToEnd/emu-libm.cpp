// libm calls under the default -fmath-errno on the emu backend: the device
// compile raises sqrtf, expf, log1pf, atan2f, cbrt and expm1 calls to math
// ops (device code does not set errno), the emulator evaluates them with the
// host libm of their precision, and every result is compared bit for bit
// with the native host code (which calls the same libm functions).
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// CHECK: mismatches = 0
// CHECK-NEXT: PASS
// REPORT: "name": "emu_libm",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cmath>
#include <cstdio>
#include <cstring>

LOOM_ACCEL()
void emu_libm(const float *x, const double *y, float *out, double *wide,
              int n) {
  for (int i = 0; i < n; ++i) {
    out[i] =
        sqrtf(x[i]) + expf(x[i] * 0.5f) + log1pf(x[i]) + atan2f(x[i], 0.25f);
    wide[i] = cbrt(y[i]) * expm1(y[i]);
  }
}

// The same computation, kept on the host.
static void reference(const float *x, const double *y, float *out, double *wide,
                      int n) {
  for (int i = 0; i < n; ++i) {
    volatile float a = x[i];
    volatile double b = y[i];
    out[i] = sqrtf(a) + expf(a * 0.5f) + log1pf(a) + atan2f(a, 0.25f);
    wide[i] = cbrt(b) * expm1(b);
  }
}

int main() {
  const int n = 48;
  float x[n], out[n], refOut[n];
  double y[n], wide[n], refWide[n];
  for (int i = 0; i < n; ++i) {
    // Negative inputs give NaN (domain errors), compared bit for bit too.
    x[i] = 0.37f * float(i) - 3.0f;
    y[i] = 0.11 * double(i) - 2.5;
  }
  emu_libm(x, y, out, wide, n);
  reference(x, y, refOut, refWide, n);
  int mismatches = 0;
  for (int i = 0; i < n; ++i)
    mismatches += std::memcmp(&out[i], &refOut[i], sizeof(float)) != 0 ||
                  std::memcmp(&wide[i], &refWide[i], sizeof(double)) != 0;
  std::printf("mismatches = %d\n", mismatches);
  std::printf("%s\n", mismatches == 0 ? "PASS" : "FAIL");
  return mismatches == 0 ? 0 : 1;
}
