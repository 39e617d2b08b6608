// A LOOM_PARALLEL loop on the sim backend: the dense thread's 64 instances
// stream through one configuration of their graph as one pipelined batch
// (docs/runtime.md, "Pipelined dense instances under sim"). The results
// equal the native reference and the emu backend's (one graph launch per
// instance); the report counts 64 instances and graph launches, and lists
// the instances as a loop without a recurrence bound.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe > %t.sim.txt
// RUN: FileCheck %s < %t.sim.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.sim.txt
// RUN: env LOOM_BACKEND=host %t.exe | diff - %t.sim.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: y[0] = 1 y[63] = -188
// CHECK-NEXT: PASS
// REPORT: "name": "sim_saxpy",
// REPORT: "ran_on": {
// REPORT-NEXT: "sim": 1
// REPORT: "launch_log": [
// REPORT: "backend": "sim",
// REPORT: "instances": 64,
// REPORT-NEXT: "graph_launches": 64,
// REPORT: "loops": [
// REPORT-NEXT: {
// REPORT-NEXT: "graph": "{{.*}}sim_saxpy{{.*}}",
// REPORT-NEXT: "loop": "pipelined instances",
// REPORT-NEXT: "iterations": 64,
// REPORT-NEXT: "cycles": {{[0-9]+}},
// REPORT-NEXT: "iterations_per_cycle": {{[0-9.e+-]+}},
// REPORT-NEXT: "resource_bound": {{[0-9.e+-]+}},
// REPORT-NEXT: "recurrence_bound": null,
// REPORT-NEXT: "physical_bound": {{[0-9.e+-]+}},
// REPORT-NEXT: "lanes": {{[1-8]}}
// REPORT-NEXT: }
// REPORT-NEXT: ],
// REPORT: "memory": {
// REPORT-NEXT: "loads": 128,
// REPORT-NEXT: "stores": 64

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void sim_saxpy(float a, const float *x, float *y, int n) {
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
  sim_saxpy(-3.5f, x, y, n);
  reference(-3.5f, x, want, n);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && y[i] == want[i];
  std::printf("y[0] = %g y[63] = %g\n", y[0], y[63]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
