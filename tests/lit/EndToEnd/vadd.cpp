// Vector addition: a kernel with stream inputs and a parallel loop. Built
// with loom-clang++ -O2 and run under every launch policy. The kernel
// compiles to a dataflow program that the default backend (sim) maps onto
// the default fabric and simulates cycle by cycle, with the native results;
// LOOM_BACKEND=host and LOOM_OFFLOAD=disabled run the native body.
// tests/lit/EndToEnd/emu-vadd.cpp runs it on the emu backend.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=sim %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=emu %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// RUN: env LOOM_OFFLOAD=disabled %t.exe | FileCheck %s
// CHECK: c[0] = 0
// CHECK-NEXT: c[999] = 2997
// CHECK-NEXT: PASS
//
// Under mandatory offload the kernel runs on the default backend, the
// simulated fabric (sim), with the native output.
// RUN: env LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: env LOOM_BACKEND=host %t.exe | diff - %t.sim.txt
//
// RUN: env LOOM_REPORT=%t.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "loom_report_version": 1,
// REPORT: "name": "vadd",
// REPORT-NEXT: "source_location": "{{.*}}vadd.cpp:[[#]]:6",
// REPORT-NEXT: "launches": 2,
// REPORT-NEXT: "backend_requested": "sim",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "sim": 2
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true,
// REPORT-NEXT: "reason": null
//
// RUN: env LOOM_BACKEND=host LOOM_REPORT=%t.host.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=HOST-REPORT < %t.host.json
// HOST-REPORT: "name": "vadd",
// HOST-REPORT: "backend_requested": "host",
// HOST-REPORT-NEXT: "ran_on": {
// HOST-REPORT-NEXT: "host": 2
// HOST-REPORT: "reason": "LOOM_BACKEND=host selects the host backend"
//
// Under the emulator with mandatory offload (every kernel must run as its
// dataflow program) the output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff %t.native.txt -
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s

#include <loom/loom.h>

#include <cstdio>
#include <vector>

LOOM_ACCEL()
void vadd(LOOM_STREAM const float *a, LOOM_STREAM const float *b, float *c,
          int n) {
  LOOM_PARALLEL(4, contiguous)
  LOOM_TRIPCOUNT(1000)
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n, -1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = float(2 * i);
  }
  // Two launches: the whole vector, then the first half again.
  vadd(a.data(), b.data(), c.data(), n);
  vadd(a.data(), b.data(), c.data(), n / 2);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i])
      ++errors;
  std::printf("c[0] = %g\nc[%d] = %g\n", c[0], n - 1, c[n - 1]);
  std::printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
