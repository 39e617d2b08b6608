// `#pragma loom candidate` on a loop in main: the loop is outlined into the
// kernel "main.loop0" (its variables become the kernel's arguments) and runs
// through the launch stub like any kernel; the code around it stays in main.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// CHECK: histogram: 7 6 7 7 6 7 6 6
// CHECK-NEXT: total = 52 max = 7
// CHECK-NEXT: PASS
//
// The default backend is the cycle simulator: under mandatory offload the
// kernel runs on the simulated fabric.
// RUN: env LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
//
// RUN: env LOOM_REPORT=%t.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "name": "main.loop0",
// REPORT-NEXT: "source_location": "{{.*}}candidate-main.cpp:[[#]]:14",
// REPORT-NEXT: "launches": 1,
// REPORT-NEXT: "backend_requested": "sim",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "sim": 1
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

#include <cstdio>

int main() {
  const int n = 52, bins = 8;
  int data[n], histogram[bins] = {}, total = 0;
  for (int i = 0; i < n; ++i)
    data[i] = (i * 5 + 3) % bins;

#pragma loom candidate
  for (int i = 0; i < n; ++i) {
    ++histogram[data[i]];
    ++total;
  }

  int reference[bins] = {}, max = 0;
  for (int i = 0; i < n; ++i)
    ++reference[data[i]];
  bool ok = total == n;
  std::printf("histogram:");
  for (int b = 0; b < bins; ++b) {
    std::printf(" %d", histogram[b]);
    ok = ok && histogram[b] == reference[b];
    max = histogram[b] > max ? histogram[b] : max;
  }
  std::printf("\ntotal = %d max = %d\n%s\n", total, max, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
