// Wrong LOOM_PARALLEL hints on the outer (time) loop of in-place sweeps:
// every time step rewrites the array the previous step wrote. `smooth` is a
// Gauss-Seidel stencil (a[i] averages its neighbours, the left one already
// updated); `iterate` applies a pointwise map per step, whose inner loop is
// independent and becomes a parallel loop without any hint. The dependence
// analysis disproves both hints on the time loops, which stay sequential,
// and the program prints the native results on host, emu and sim.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-time-loop.cpp:[[@LINE+14]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration t reads 'a[i - 1]' (line 30), written by an earlier iteration (line 30; e.g. iteration 0 for t = 1) [-Wloom-hint]
// WARN-DAG: remark: kernel 'smooth': loop stays sequential: iteration i reads 'a[i - 1]' (line 30), written by iteration i - 1 (line 30)
// WARN-DAG: hint-parallel-time-loop.cpp:[[@LINE+20]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration t reads 'a[i]' (line 38), written by an earlier iteration (line 38; e.g. iteration 0 for t = 1) [-Wloom-hint]
// WARN-DAG: remark: kernel 'iterate': loop becomes an effect-form scf.forall: its iterations are proven independent
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: a[1] = 14 a[12] = 42 checksum = 6d768bd8
// CHECK-NEXT: b[0] = 5 b[23] = 58 checksum = da579e3e

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void smooth(int *a, int steps, int n) {
  LOOM_PARALLEL()
  for (int t = 0; t < steps; ++t)
    for (int i = 1; i < n - 1; ++i)
      a[i] = (a[i - 1] + a[i] + a[i + 1]) / 3;
}

LOOM_ACCEL()
void iterate(int *a, int steps, int n) {
  LOOM_PARALLEL()
  for (int t = 0; t < steps; ++t)
    for (int i = 0; i < n; ++i)
      a[i] = (a[i] * 5 + t) % 97;
}

static unsigned checksum(const int *a, int n) {
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(a[i]);
  return sum;
}

int main() {
  const int n = 24;
  int a[n], b[n];
  for (int i = 0; i < n; ++i)
    a[i] = b[i] = (i * 37) % 101;
  smooth(a, 5, n);
  iterate(b, 6, n);
  std::printf("a[1] = %d a[12] = %d checksum = %08x\n", a[1], a[12],
              checksum(a, n));
  std::printf("b[0] = %d b[23] = %d checksum = %08x\n", b[0], b[23],
              checksum(b, n));
  return 0;
}
