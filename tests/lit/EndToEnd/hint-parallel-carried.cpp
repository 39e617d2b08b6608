// LOOM_PARALLEL on loops whose iterations cannot be independent for a reason
// other than memory: a value carried from one iteration to the next, or a
// loop with no trip count when it starts. Each is a -Wloom-hint warning at
// the hint; the loop stays sequential and the result equals native.
//
// - sum_squares, iir and count_above carry a scalar with no LOOM_REDUCE on
//   it: "iteration i uses 's' as iteration i - 1 left it";
// - find_first exits with `break`, so it stays a while loop;
// - sum_reduced (LOOM_REDUCE(+)), max_of (LOOM_REDUCE(max) written as
//   `if (x > best) best = x`) declare their reductions: no warning (they stay
//   sequential today, a remark says so);
// - scale_walk carries only a pointer stepping by a constant: no warning.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning: < %t.err
// WARN-DAG: hint-parallel-carried.cpp:[[@LINE+14]]:3: warning: LOOM_PARALLEL ignored: iteration i uses 's' as iteration i - 1 left it (line [[@LINE+16]]); mark the variable of a reduction with LOOM_REDUCE [-Wloom-hint]
// WARN-DAG: hint-parallel-carried.cpp:[[@LINE+22]]:3: warning: LOOM_PARALLEL ignored: iteration i uses 'state' as iteration i - 1 left it (line [[@LINE+24]]); mark the variable of a reduction with LOOM_REDUCE [-Wloom-hint]
// WARN-DAG: hint-parallel-carried.cpp:[[@LINE+31]]:3: warning: LOOM_PARALLEL ignored: iteration i uses {{.+}} as iteration i - 1 left it {{.*}}[-Wloom-hint]
// WARN-DAG: hint-parallel-carried.cpp:[[@LINE+40]]:3: warning: LOOM_PARALLEL ignored: the loop is not a counted loop {{.*}}[-Wloom-hint]
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: squares 45.250 iir 3.1613 above 19 first 7 -1 reduced 1488 max 100 walk 186

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
float sum_squares(const float *x, int n) {
  float s = 0.0f;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

LOOM_ACCEL()
void iir(const float *x, float *y, int n, float a) {
  float state = 0.0f;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    state = a * state + x[i];
    y[i] = state;
  }
}

LOOM_ACCEL()
int count_above(const int *x, int n, int t) {
  int count = 0;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    if (x[i] > t)
      ++count;
  return count;
}

LOOM_ACCEL()
int find_first(const int *x, int n, int key) {
  int found = -1;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    if (x[i] == key) {
      found = i;
      break;
    }
  }
  return found;
}

LOOM_ACCEL()
int sum_reduced(const int *x, int n) {
  LOOM_REDUCE(+) int s = 0;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

LOOM_ACCEL()
int max_of(const int *m, int rows, int cols) {
  LOOM_REDUCE(max) int best = -1000000;
  LOOM_PARALLEL()
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (m[r * cols + c] > best)
        best = m[r * cols + c];
  return best;
}

LOOM_ACCEL()
void scale_walk(const int *x, int *out, int n) {
  const int *p = x;
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    out[i] = *p * 2;
    p += 1;
  }
}

int main() {
  float x[40], y[40];
  int v[100], w[32], o[32];
  for (int i = 0; i < 40; ++i)
    x[i] = (i % 5) * 0.5f;
  for (int i = 0; i < 100; ++i)
    v[i] = (i * 37) % 101;
  for (int i = 0; i < 32; ++i)
    w[i] = i * 3;
  float squares = sum_squares(x, 32);
  iir(x, y, 40, 0.5f);
  int above = count_above(v, 40, 50);
  int first = find_first(w, 32, 21), missing = find_first(w, 32, 1000);
  int reduced = sum_reduced(w, 32);
  int best = max_of(v, 5, 8);
  scale_walk(w, o, 32);
  std::printf("squares %.3f iir %.4f above %d first %d %d reduced %d max %d "
              "walk %d\n",
              squares, y[39], above, first, missing, reduced, best, o[31]);
  return 0;
}
