// Dot product: a kernel that returns a float, with a reduction accumulator
// and an unrolled loop. The result travels back through the launch stub.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// CHECK: dot(x, y) = 1330
// CHECK-NEXT: dot(x, x) = 2470
// CHECK-NEXT: PASS
//
// The default backend is the cycle simulator: under mandatory offload the
// kernel runs on the simulated fabric.
// RUN: env LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
//
// RUN: env LOOM_REPORT=%t.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "name": "dot_product",
// REPORT-NEXT: "source_location": "{{.*}}dot.cpp:[[#]]:7",
// REPORT-NEXT: "launches": 2,
// REPORT-NEXT: "backend_requested": "sim",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "sim": 2
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true,
//
// Under the emulator with mandatory offload (every kernel must run as its
// dataflow program) the output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff %t.native.txt -
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s

#include <loom/loom.h>

#include <cmath>
#include <cstdio>

LOOM_ACCEL("dot_product")
float dot(LOOM_STREAM const float *x, LOOM_STREAM const float *y, int n) {
  LOOM_REDUCE(+) float sum = 0.0f;
  LOOM_UNROLL(4)
  LOOM_TRIPCOUNT_RANGE(1, 4096)
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

static float reference(const float *x, const float *y, int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += double(x[i]) * double(y[i]);
  return float(sum);
}

int main() {
  const int n = 20;
  float x[n], y[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = float(n - i);
  }
  float xy = dot(x, y, n), xx = dot(x, x, n);
  bool ok = std::fabs(xy - reference(x, y, n)) < 1e-3f &&
            std::fabs(xx - reference(x, x, n)) < 1e-3f;
  std::printf("dot(x, y) = %g\ndot(x, x) = %g\n", xy, xx);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
