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
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
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
  // One slot per function, so each NaN is compared as the function made it.
  for (int i = 0; i < n; ++i) {
    out[4 * i] = sqrtf(x[i]);
    out[4 * i + 1] = expf(x[i] * 0.5f);
    out[4 * i + 2] = log1pf(x[i]);
    out[4 * i + 3] = atan2f(x[i], 0.25f);
    wide[2 * i] = cbrt(y[i]);
    wide[2 * i + 1] = expm1(y[i]);
  }
}

// The same computation, kept on the host.
static void reference(const float *x, const double *y, float *out, double *wide,
                      int n) {
  for (int i = 0; i < n; ++i) {
    volatile float a = x[i];
    volatile double b = y[i];
    out[4 * i] = sqrtf(a);
    out[4 * i + 1] = expf(a * 0.5f);
    out[4 * i + 2] = log1pf(a);
    out[4 * i + 3] = atan2f(a, 0.25f);
    wide[2 * i] = cbrt(b);
    wide[2 * i + 1] = expm1(b);
  }
}

int main() {
  const int n = 48;
  float x[n], out[4 * n], refOut[4 * n];
  double y[n], wide[2 * n], refWide[2 * n];
  for (int i = 0; i < n; ++i) {
    // Negative inputs give NaN (domain errors), compared bit for bit too.
    x[i] = 0.37f * float(i) - 3.0f;
    y[i] = 0.11 * double(i) - 2.5;
  }
  emu_libm(x, y, out, wide, n);
  reference(x, y, refOut, refWide, n);
  int mismatches = 0;
  for (int i = 0; i < 4 * n; ++i)
    mismatches += std::memcmp(&out[i], &refOut[i], sizeof(float)) != 0;
  for (int i = 0; i < 2 * n; ++i)
    mismatches += std::memcmp(&wide[i], &refWide[i], sizeof(double)) != 0;
  std::printf("mismatches = %d\n", mismatches);
  std::printf("%s\n", mismatches == 0 ? "PASS" : "FAIL");
  return mismatches == 0 ? 0 : 1;
}
