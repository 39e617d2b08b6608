// Vector addition on the emu backend: the kernel's dataflow program runs on
// the token-level emulator against the caller's arrays (no copy), under
// LOOM_OFFLOAD=mandatory so a host fallback would be an error. The result is
// checked against a reference computed natively outside any kernel.
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
// CHECK: c[0] = 0 c[99] = 297
// CHECK-NEXT: PASS
// REPORT: "name": "emu_vadd",
// REPORT: "launches": 2,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "emu": 2
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void emu_vadd(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

static void reference(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 100;
  float a[n], b[n], c[n], want[n];
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = float(2 * i);
    c[i] = want[i] = -1.0f;
  }
  // The whole array, then the first half again; the tail keeps its values.
  emu_vadd(a, b, c, n);
  emu_vadd(a, b, c, n / 2);
  reference(a, b, want, n);
  reference(a, b, want, n / 2);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += c[i] != want[i];
  std::printf("c[0] = %g c[99] = %g\n", c[0], c[99]);
  std::printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
