// A 2-D loop nest: matrix-vector and matrix-matrix products with a parallel
// outer loop, an unrolled inner loop and a banked input matrix.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// CHECK: C[0][0] = 45 C[3][5] = 51 C[7][7] = 52
// CHECK-NEXT: PASS
//
// The default backend is the cycle simulator: under mandatory offload the
// kernel runs on the simulated fabric.
// RUN: env LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
//
// RUN: env LOOM_REPORT=%t.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "name": "matmul",
// REPORT-NEXT: "source_location": "{{.*}}nest2d.cpp:[[#]]:6",
// REPORT-NEXT: "launches": 1,
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

constexpr int N = 8;

LOOM_ACCEL()
void matmul(LOOM_MEMORY_BANK(4, cyclic) const int *a, const int *b, int *c,
            int n) {
  LOOM_PARALLEL(4)
  LOOM_TRIPCOUNT(N)
  for (int i = 0; i < n; ++i) {
    LOOM_NO_PARALLEL
    for (int j = 0; j < n; ++j) {
      LOOM_REDUCE(+) int sum = 0;
      LOOM_UNROLL(N)
      for (int k = 0; k < n; ++k)
        sum += a[i * n + k] * b[k * n + j];
      c[i * n + j] = sum;
    }
  }
}

int main() {
  int a[N * N], b[N * N], c[N * N];
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      a[i * N + j] = (i + j) % 5;
      b[i * N + j] = (i * 3 + j) % 7;
    }
  matmul(a, b, c, N);
  bool ok = true;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      int want = 0;
      for (int k = 0; k < N; ++k)
        want += a[i * N + k] * b[k * N + j];
      ok = ok && c[i * N + j] == want;
    }
  std::printf("C[0][0] = %d C[3][5] = %d C[7][7] = %d\n", c[0], c[3 * N + 5],
              c[7 * N + 7]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
