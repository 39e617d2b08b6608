// A LOOM_PARALLEL loop on the emu backend: the compiler turns it into a
// dense dataflow.thread with one instance per iteration; emu runs the
// instances on LOOM_WORKERS workers, each instance's graph in its own
// emulator run. Checked against a native reference, with 1 and 4 workers;
// the report's launch log counts the same instances and firings either way,
// and both pointers bound with the 64 elements the loop accesses. x and y
// are not __restrict: the launch finds them apart and runs the kernel's
// no-alias program (docs/runtime.md, "Aliasing checked at launch").
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
//
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_WORKERS=1 \
// RUN:   LOOM_REPORT=%t.1.json %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_WORKERS=4 \
// RUN:   LOOM_REPORT=%t.4.json %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefixes=LOG,LOG1 < %t.1.json
// RUN: FileCheck %s --check-prefixes=LOG,LOG4 < %t.4.json
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// LOG: "launch_log": [
// LOG-NEXT: {
// LOG-NEXT: "backend": "emu",
// LOG-NEXT: "wall_time_us": {{[0-9.e+-]+}},
// LOG1-NEXT: "workers": 1,
// LOG4-NEXT: "workers": 4,
// LOG-NEXT: "thread_launches": 1,
// LOG-NEXT: "instances": 64,
// LOG-NEXT: "graph_launches": 64,
// LOG-NEXT: "firings": {
// LOG-NEXT: "total": 896,
// LOG-NEXT: "compute": 448,
// LOG-NEXT: "control": 256,
// LOG-NEXT: "memory": 192
// LOG-NEXT: },
// LOG-NEXT: "tokens_moved": 1792,
// LOG-NEXT: "peak_queue_occupancy": 1,
// LOG-NEXT: "pointer_arguments": [
// LOG-NEXT: {
// LOG-NEXT: "index": 1,
// LOG-NEXT: "name": "x",
// LOG-NEXT: "checked": true,
// LOG-NEXT: "extent": 64
// LOG-NEXT: },
// LOG-NEXT: {
// LOG-NEXT: "index": 2,
// LOG-NEXT: "name": "y",
// LOG-NEXT: "checked": true,
// LOG-NEXT: "extent": 64
// LOG-NEXT: }
// LOG-NEXT: ],
// LOG-NEXT: "alias_check": {
// LOG-NEXT: "ran": "noalias",
// LOG-NEXT: "why": "x [0, 256) and y [256, 512) do not overlap"
// LOG-NEXT: }
// LOG-NEXT: }
// LOG-NEXT: ]

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
