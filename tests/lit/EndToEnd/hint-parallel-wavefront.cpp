// A wrong LOOM_PARALLEL on the outer loop of a 2-D wavefront: element
// (i, j) adds its upper and left neighbours, so row i reads what row i - 1
// wrote (and each row is a recurrence over j). The dependence analysis
// disproves the hint on the rows; both loops stay sequential and the
// program prints the native results (binomial coefficients) on host, emu
// and sim.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-wavefront.cpp:[[@LINE+12]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration i reads 'a[(i - 1) * m + j]' (line 27), written by iteration i - 1 (line 27) [-Wloom-hint]
// WARN-DAG: remark: kernel 'wavefront': loop stays sequential: iteration i reads 'a[(i - 1) * m + j]' (line 27), written by iteration i - 1 (line 27)
// WARN-DAG: remark: kernel 'wavefront': loop stays sequential: iteration j reads 'a[i * m + j - 1]' (line 27), written by iteration j - 1 (line 27)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: a[1][1] = 2 a[7][8] = 6435 checksum = a2a411b7

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void wavefront(int *a, int n, int m) {
  LOOM_PARALLEL()
  for (int i = 1; i < n; ++i)
    for (int j = 1; j < m; ++j)
      a[i * m + j] = a[(i - 1) * m + j] + a[i * m + j - 1];
}

int main() {
  const int n = 8, m = 9;
  int a[n * m];
  // Ones in the first row and column: a[i][j] = (i + j)! / (i! j!).
  for (int i = 0; i < n * m; ++i)
    a[i] = (i / m == 0 || i % m == 0) ? 1 : 0;
  wavefront(a, n, m);
  unsigned sum = 0;
  for (int i = 0; i < n * m; ++i)
    sum = sum * 31u + unsigned(a[i]);
  std::printf("a[1][1] = %d a[7][8] = %d checksum = %08x\n", a[m + 1],
              a[7 * m + 8], sum);
  return 0;
}
