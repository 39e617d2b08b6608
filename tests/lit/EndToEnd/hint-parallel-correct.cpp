// Right LOOM_PARALLEL hints: loops whose iterations are independent, with
// and without __restrict. None of them may warn (the compile is -Werror,
// so a -Wloom-hint warning fails it); the ones the dependence analysis
// proves say so, and every loop runs as a parallel loop with the native
// results on host, emu and sim (LOOM_OFFLOAD=mandatory, LOOM_WORKERS=1, 2
// and 4).
//
// RUN: %loom-clangxx -O2 -Werror -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=NOWARN < %t.err
// NOWARN-NOT: LOOM_PARALLEL ignored
// NOWARN-NOT: loom-hint
// NOWARN-NOT: loop stays sequential
// RUN: FileCheck %s --check-prefix=HOLDS < %t.err
// HOLDS-DAG: remark: kernel 'axpy': loop becomes an effect-form scf.forall: LOOM_PARALLEL holds: its iterations are proven independent
// HOLDS-DAG: remark: kernel 'pairs': loop becomes an effect-form scf.forall: LOOM_PARALLEL holds: its iterations are proven independent
// HOLDS-DAG: remark: kernel 'scale_rows': loop becomes an effect-form scf.forall: LOOM_PARALLEL holds: its iterations are proven independent
// HOLDS-DAG: remark: kernel 'rows_of_8': loop becomes an effect-form scf.forall: LOOM_PARALLEL holds: its iterations are proven independent
// HOLDS-DAG: remark: kernel 'odd_from_even': loop becomes an effect-form scf.forall: LOOM_PARALLEL holds: its iterations are proven independent
// HOLDS-DAG: remark: kernel 'mirror': loop becomes an effect-form scf.forall:
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: y[0] = 28 y[31] = -3 checksum = a0d557f0
// CHECK-NEXT: a[1] = -7 a[63] = 3 checksum = 5d2c9921
// CHECK-NEXT: m[0] = 8 m[59] = 9 checksum = 9dfec72c
// CHECK-NEXT: c[1] = -30 c[31] = 60 checksum = c2f332a0
// CHECK-NEXT: r[0] = 340 r[20] = 0 checksum = 2d042df4
// CHECK-NEXT: q[0] = -3 q[39] = -2 checksum = 6095ba09

#include <loom/loom.h>

#include <cstdio>

// Distinct arrays by __restrict.
LOOM_ACCEL()
void axpy(int a, const int *__restrict x, int *__restrict y, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// No __restrict: one array, iteration i touches elements 2i and 2i + 1.
LOOM_ACCEL()
void pairs(int *a, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    a[2 * i + 1] = a[2 * i] * 3 - a[2 * i + 1];
}

// The hint on the outer loop of a row-wise nest: rows of 10 never overlap.
LOOM_ACCEL()
void scale_rows(int *m, int rows, const int *__restrict s) {
  LOOM_PARALLEL()
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < 10; ++j)
      m[i * 10 + j] = m[i * 10 + j] * s[i] + j;
}

// Rows of 8: instcombine makes the index i * 8 + j (i << 3) | j.
LOOM_ACCEL()
void rows_of_8(int *q, int rows) {
  LOOM_PARALLEL()
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < 8; ++j)
      q[i * 8 + j] = q[i * 8 + j] * (i + 1) - j;
}

// Step 2: the odd elements from the even ones.
LOOM_ACCEL()
void odd_from_even(int *c, int n) {
  LOOM_PARALLEL()
  for (int i = 1; i < n; i += 2)
    c[i] = c[i - 1] * 3;
}

// An in-place reverse: iteration i swaps a[i] and a[n - 1 - i], i < n / 2.
LOOM_ACCEL()
void mirror(int *a, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n / 2; ++i) {
    int t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}

static unsigned checksum(const int *a, int n) {
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(a[i]);
  return sum;
}

int main() {
  const int n = 32;
  int x[n], y[n], a[2 * n], m[6 * 10], s[6], c[n], r[21], q[5 * 8];
  for (int i = 0; i < n; ++i) {
    x[i] = i - 9;
    y[i] = 2 * i + 1;
    c[i] = i - 10;
  }
  for (int i = 0; i < 2 * n; ++i)
    a[i] = (i * 7) % 13;
  for (int i = 0; i < 6 * 10; ++i)
    m[i] = i % 11 - 4;
  for (int i = 0; i < 6; ++i)
    s[i] = i - 2;
  for (int i = 0; i < 21; ++i)
    r[i] = i * i - 3 * i;
  for (int i = 0; i < 5 * 8; ++i)
    q[i] = i % 7 - 3;
  axpy(-3, x, y, n);
  pairs(a, n);
  scale_rows(m, 6, s);
  odd_from_even(c, n);
  mirror(r, 21);
  rows_of_8(q, 5);
  std::printf("y[0] = %d y[31] = %d checksum = %08x\n", y[0], y[31],
              checksum(y, n));
  std::printf("a[1] = %d a[63] = %d checksum = %08x\n", a[1], a[63],
              checksum(a, 2 * n));
  std::printf("m[0] = %d m[59] = %d checksum = %08x\n", m[0], m[59],
              checksum(m, 6 * 10));
  std::printf("c[1] = %d c[31] = %d checksum = %08x\n", c[1], c[31],
              checksum(c, n));
  std::printf("r[0] = %d r[20] = %d checksum = %08x\n", r[0], r[20],
              checksum(r, 21));
  std::printf("q[0] = %d q[39] = %d checksum = %08x\n", q[0], q[39],
              checksum(q, 5 * 8));
  return 0;
}
