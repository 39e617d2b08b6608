// A reduction returning float on the emu backend: the loop-carried sum runs
// as a dataflow carry, the result comes back through the kernel's return
// value. Checked against a native reference with the same summation order.
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
// CHECK: dot = 104 empty = 0
// CHECK-NEXT: PASS
// REPORT: "name": "emu_dot",
// REPORT: "launches": 2,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "emu": 2
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
float emu_dot(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

static float reference(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

int main() {
  const int n = 20;
  float x[n], y[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 7);
    y[i] = float(i % 5) - 0.5f * float(i % 2);
  }
  float dot = emu_dot(x, y, n);
  float empty = emu_dot(x, y, 0);
  bool ok = dot == reference(x, y, n) && empty == reference(x, y, 0);
  std::printf("dot = %g empty = %g\n", dot, empty);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
