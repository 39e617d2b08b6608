// A wrong LOOM_PARALLEL on forward substitution, L x = b with L lower
// triangular: iteration i reads x[j] for every j < i (a triangular inner
// loop), which the earlier iterations wrote. The dependence analysis
// disproves the hint with an example pair of iterations; the loop stays
// sequential and the program prints the native results on host, emu and
// sim. L has small integer entries and a diagonal of 1, 2 and 4, and
// b = L * want, so every float the solve computes is an exact integer.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-triangular.cpp:[[@LINE+11]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration i reads 'x[j]' (line 28), written by an earlier iteration (line 29; e.g. iteration 0 for i = 1) [-Wloom-hint]
// WARN-DAG: remark: kernel 'forward_subst': loop stays sequential: iteration i reads 'x[j]' (line 28), written by an earlier iteration (line 29; e.g. iteration 0 for i = 1)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: x = -1 1 3 2 4 6 5 7 checksum = d241afe5 PASS

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void forward_subst(const float *L, const float *b, float *x, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    float s = b[i];
    for (int j = 0; j < i; ++j)
      s -= L[i * n + j] * x[j];
    x[i] = s / L[i * n + i];
  }
}

int main() {
  const int n = 8;
  float L[n * n], b[n], x[n];
  int want[n];
  for (int i = 0; i < n; ++i) {
    want[i] = i % 3 - 1 + i;
    for (int j = 0; j < n; ++j)
      L[i * n + j] = j < i    ? float((i + 2 * j) % 3 - 1)
                     : j == i ? float(1 << (i % 3))
                              : 0.0f;
  }
  for (int i = 0; i < n; ++i) {
    float s = 0.0f;
    for (int j = 0; j <= i; ++j)
      s += L[i * n + j] * float(want[j]);
    b[i] = s;
    x[i] = -99.0f;
  }
  forward_subst(L, b, x, n);
  unsigned sum = 0;
  bool ok = true;
  std::printf("x =");
  for (int i = 0; i < n; ++i) {
    std::printf(" %g", x[i]);
    sum = sum * 31u + unsigned(int(x[i]));
    ok = ok && x[i] == float(want[i]);
  }
  std::printf(" checksum = %08x %s\n", sum, ok ? "PASS" : "FAIL");
  return 0;
}
