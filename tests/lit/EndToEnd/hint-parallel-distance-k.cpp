// A wrong LOOM_PARALLEL on a recurrence of distance 3: iteration i reads
// a[i - 3], which iteration i - 3 writes (three interleaved chains). The
// dependence analysis names the distance; the loop stays sequential and
// the program prints the native results on host, emu and sim.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-distance-k.cpp:[[@LINE+11]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration i reads 'a[i - 3]' (line 23), written by iteration i - 3 (line 23) [-Wloom-hint]
// WARN-DAG: remark: kernel 'stride3': loop stays sequential: iteration i reads 'a[i - 3]' (line 23), written by iteration i - 3 (line 23)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: a[3] = 1 a[39] = 8191 checksum = e17e6f6a

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void stride3(int *a, int n) {
  LOOM_PARALLEL()
  for (int i = 3; i < n; ++i)
    a[i] = a[i - 3] * 2 + 1;
}

int main() {
  const int n = 40;
  int a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i % 5;
  stride3(a, n);
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(a[i]);
  std::printf("a[3] = %d a[39] = %d checksum = %08x\n", a[3], a[39], sum);
  return 0;
}
