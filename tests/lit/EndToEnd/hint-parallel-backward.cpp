// A wrong LOOM_PARALLEL on a shift to the left: iteration i reads a[i + 1],
// which iteration i + 1 then overwrites (a write after read). Run in
// parallel, iteration i could see the new value; the dependence analysis
// disproves the hint, the loop stays sequential and the program prints the
// native results on host, emu and sim.
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-backward.cpp:[[@LINE+11]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration i reads 'a[i + 1]' (line 24), which iteration i + 1 overwrites (line 24) [-Wloom-hint]
// WARN-DAG: remark: kernel 'shift_left': loop stays sequential: iteration i reads 'a[i + 1]' (line 24), which iteration i + 1 overwrites (line 24)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: a[0] = 2 a[30] = 962 a[31] = 961 checksum = 97d643d0

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void shift_left(int *a, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n - 1; ++i)
    a[i] = a[i + 1] + 1;
}

int main() {
  const int n = 32;
  int a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i * i;
  shift_left(a, n);
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(a[i]);
  std::printf("a[0] = %d a[30] = %d a[31] = %d checksum = %08x\n", a[0],
              a[30], a[31], sum);
  return 0;
}
