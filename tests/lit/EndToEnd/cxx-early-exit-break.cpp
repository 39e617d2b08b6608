// `break` and `continue`: a break out of the inner loop of a nest, a
// `continue`, a `while (true)` left by a break, a `do { } while` with a
// break, a search loop whose exit value is used after it, and a nest with
// a `continue` in the outer and a `break` in the inner loop over floats.
// Every kernel is one graph (no missed remark) and its results equal the
// host's on emu and sim.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// RUN: FileCheck %s --check-prefix=DFG < %t.d/row_prefix.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/collatz.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/do_break.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/first_at_least.dfg.mlir
// DFG: dataflow.graph
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=NO-HOST < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: row_prefix 0 21 40 28 6 28 19 0
// CHECK-NEXT: sum_non_negative 1251
// CHECK-NEXT: collatz 111 0 16
// CHECK-NEXT: do_break 2304 37364 -500
// CHECK-NEXT: first_at_least 71 448 0
// CHECK-NEXT: capped_rows 37.000000
// CHECK-NEXT: PASS
// NO-HOST-NOT: "host":

#include <loom/loom.h>

#include <cstdio>

// Each row sums up to its first negative element.
LOOM_ACCEL()
void row_prefix(const int *a, int *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    int s = 0;
    for (int c = 0; c < cols; ++c) {
      if (a[r * cols + c] < 0)
        break;
      s += a[r * cols + c];
    }
    out[r] = s;
  }
}

LOOM_ACCEL()
int sum_non_negative(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (a[i] < 0)
      continue;
    s += a[i] * 3;
  }
  return s;
}

LOOM_ACCEL()
int collatz(int x) {
  int steps = 0;
  while (true) {
    if (x == 1)
      break;
    x = (x & 1) ? 3 * x + 1 : x / 2;
    ++steps;
  }
  return steps;
}

// The body runs at least once; the break leaves before the increment.
LOOM_ACCEL()
int do_break(const int *a, int n, int limit) {
  int i = 0, s = 0;
  do {
    s += a[i];
    if (s > limit)
      break;
    ++i;
  } while (i < n);
  return s * 100 + i;
}

// The index the search stops at is used after the loop, also to read.
LOOM_ACCEL()
int first_at_least(const int *a, int n, int key) {
  int i = 0;
  for (; i < n; ++i)
    if (a[i] >= key)
      break;
  return i * 7 + (i < n ? a[i] : 0);
}

// Rows starting with a negative value are skipped; each row's sum stops
// growing once it passes the limit.
LOOM_ACCEL()
float capped_rows(const float *x, int rows, int cols, float limit) {
  float total = 0.0f;
  for (int r = 0; r < rows; ++r) {
    if (x[r * cols] < 0.0f)
      continue;
    float s = 0.0f;
    for (int c = 0; c < cols; ++c) {
      s += x[r * cols + c];
      if (s > limit)
        break;
    }
    total += s;
  }
  return total;
}

// The references: the same loops, kept on the host.
static void refRowPrefix(const int *a, int *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    int s = 0;
    for (int c = 0; c < cols && a[r * cols + c] >= 0; ++c)
      s += a[r * cols + c];
    out[r] = s;
  }
}

static int refSumNonNegative(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] < 0 ? 0 : a[i] * 3;
  return s;
}

static int refCollatz(int x) {
  int steps = 0;
  for (; x != 1; ++steps)
    x = (x & 1) ? 3 * x + 1 : x / 2;
  return steps;
}

static int refDoBreak(const int *a, int n, int limit) {
  int i = 0, s = 0;
  for (;;) {
    s += a[i];
    if (s > limit || ++i >= n)
      break;
  }
  return s * 100 + i;
}

static int refFirstAtLeast(const int *a, int n, int key) {
  int i = 0;
  while (i < n && a[i] < key)
    ++i;
  return i * 7 + (i < n ? a[i] : 0);
}

static float refCappedRows(const float *x, int rows, int cols, float limit) {
  float total = 0.0f;
  for (int r = 0; r < rows; ++r) {
    if (x[r * cols] < 0.0f)
      continue;
    float s = 0.0f;
    for (int c = 0; c < cols && s <= limit; ++c)
      s += x[r * cols + c];
    total += s;
  }
  return total;
}

int main() {
  const int n = 64;
  int a[n], out[8], refOut[8];
  float x[n];
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 37) % 23 - 5;
    x[i] = float((i * 13) % 7) - 1.5f;
  }
  int bad = 0;
  row_prefix(a, out, 8, 8);
  refRowPrefix(a, refOut, 8, 8);
  for (int r = 0; r < 8; ++r)
    bad += out[r] != refOut[r];
  int pos = sum_non_negative(a, n);
  bad += pos != refSumNonNegative(a, n);
  int c[3] = {collatz(27), collatz(1), collatz(7)};
  bad += c[0] != refCollatz(27) || c[1] != refCollatz(1) ||
         c[2] != refCollatz(7);
  int d[3] = {do_break(a, n, 20), do_break(a, n, 100000), do_break(a, 1, -10)};
  bad += d[0] != refDoBreak(a, n, 20) || d[1] != refDoBreak(a, n, 100000) ||
         d[2] != refDoBreak(a, 1, -10);
  int f[3] = {first_at_least(a, n, 15), first_at_least(a, n, 1000),
              first_at_least(a, 0, 0)};
  bad += f[0] != refFirstAtLeast(a, n, 15) ||
         f[1] != refFirstAtLeast(a, n, 1000) || f[2] != refFirstAtLeast(a, 0, 0);
  float t = capped_rows(x, 8, 8, 6.0f);
  bad += t != refCappedRows(x, 8, 8, 6.0f);
  std::printf("row_prefix");
  for (int r = 0; r < 8; ++r)
    std::printf(" %d", out[r]);
  std::printf("\nsum_non_negative %d\n", pos);
  std::printf("collatz %d %d %d\n", c[0], c[1], c[2]);
  std::printf("do_break %d %d %d\n", d[0], d[1], d[2]);
  std::printf("first_at_least %d %d %d\n", f[0], f[1], f[2]);
  std::printf("capped_rows %f\n", t);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
