// A LOOM_PARALLEL loop on the emu backend: the compiler turns it into a
// dense dataflow.thread with one instance per iteration; emu runs the
// instances one after another. Checked against a native reference.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// CHECK: y[0] = 1 y[63] = -188
// CHECK-NEXT: PASS
// REPORT: "name": "emu_saxpy",
// REPORT: "launches": 1,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void emu_saxpy(float a, const float *x, float *y, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

static void reference(float a, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 64;
  float x[n], y[n], want[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = want[i] = 1.0f + 0.5f * float(i);
  }
  emu_saxpy(-3.5f, x, y, n);
  reference(-3.5f, x, want, n);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && y[i] == want[i];
  std::printf("y[0] = %g y[63] = %g\n", y[0], y[63]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
