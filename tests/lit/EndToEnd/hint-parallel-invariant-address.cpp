// Wrong LOOM_PARALLEL hints on loops that write one loop-invariant address:
// a sum through a pointer (*total += x[i]), a sum of squares into acc[0]
// and a running maximum. Every iteration writes the same element and reads
// it, so the iterations are not independent; the dependence analysis
// disproves each hint, the loops stay sequential and the program prints the
// native results on host, emu and sim.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-invariant-address.cpp:[[@LINE+15]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: every iteration writes '*total' (line 29) and reads '*total' (line 29) [-Wloom-hint]
// WARN-DAG: hint-parallel-invariant-address.cpp:[[@LINE+21]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: every iteration writes 'acc[0]' (line 36) and reads 'acc[0]' (line 36) [-Wloom-hint]
// WARN-DAG: hint-parallel-invariant-address.cpp:[[@LINE+27]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: every iteration writes 'best[0]' (line 44) and reads 'best[0]' (line 43) [-Wloom-hint]
// WARN-DAG: remark: kernel 'sum_into': loop stays sequential: every iteration writes '*total'
// WARN-DAG: remark: kernel 'sum_squares': loop stays sequential: every iteration writes 'acc[0]'
// WARN-DAG: remark: kernel 'running_max': loop stays sequential: every iteration writes 'best[0]'
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: total = 2682 acc = 236826 best = 127

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void sum_into(const int *x, int *total, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    *total += x[i];
}

LOOM_ACCEL()
void sum_squares(const int *__restrict x, int *__restrict acc, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    acc[0] = acc[0] + x[i] * x[i];
}

LOOM_ACCEL()
void running_max(const int *x, int *best, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    if (x[i] > best[0])
      best[0] = x[i];
}

int main() {
  const int n = 50;
  int x[n];
  for (int i = 0; i < n; ++i)
    x[i] = 3 * i - 20;
  int total = 7, acc = 1, best = -1000;
  sum_into(x, &total, n);
  sum_squares(x, &acc, n);
  running_max(x, &best, n);
  std::printf("total = %d acc = %d best = %d\n", total, acc, best);
  return 0;
}
