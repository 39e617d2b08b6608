// A kernel with control flow: a thresholded copy (ReLU-like) that counts
// what it kept, with an if inside the loop, an early exit for empty input,
// and a scalar result.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// CHECK: kept 7 of 12
// CHECK-NEXT: out = 0 0 0 0 0 0.5 2 3.5 5 6.5 8 9.5
// CHECK-NEXT: empty: kept -1
// CHECK-NEXT: PASS
//
// The default backend is the cycle simulator: under mandatory offload the
// kernel runs on the simulated fabric.
// RUN: env LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
//
// RUN: env LOOM_REPORT=%t.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "name": "threshold",
// REPORT: "launches": 2,
// REPORT: "sim": 2
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

LOOM_ACCEL()
int threshold(const float *in, float *out, float limit, int n) {
  if (n <= 0)
    return -1;
  LOOM_REDUCE(+) int kept = 0;
  LOOM_PARALLEL(2, interleaved)
  for (int i = 0; i < n; ++i) {
    if (in[i] > limit) {
      out[i] = in[i];
      ++kept;
    } else {
      out[i] = 0.0f;
    }
  }
  return kept;
}

int main() {
  const int n = 12;
  float in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = -7.0f + 1.5f * float(i);
  int kept = threshold(in, out, 0.0f, n);
  int expected = 0;
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    float want = in[i] > 0.0f ? in[i] : 0.0f;
    expected += in[i] > 0.0f;
    ok = ok && out[i] == want;
  }
  ok = ok && kept == expected;
  std::printf("kept %d of %d\nout =", kept, n);
  for (int i = 0; i < n; ++i)
    std::printf(" %g", out[i]);
  int empty = threshold(in, out, 0.0f, 0);
  ok = ok && empty == -1;
  std::printf("\nempty: kept %d\n%s\n", empty, ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
