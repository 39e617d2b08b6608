// Kernels written with ordinary C++ calls (issue H, item 1): a static
// helper, an inline function, a template, a member function and an
// operator, std::min/max/clamp/abs/swap, a lambda, a function object, and
// a kernel that calls another kernel. The device compile inlines every
// call whose definition the translation unit has, so nothing stays host
// code (no missed remark) and each kernel runs as a dataflow program on
// emu and sim with the native results.
//
// RUN: %loom-clangxx -std=c++20 -O2 -Rpass-missed=loom %s -o %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: helpers 0
// CHECK-NEXT: std 0
// CHECK-NEXT: nested-minmax 5 9
// CHECK-NEXT: lambda 0
// CHECK-NEXT: members 0
// CHECK-NEXT: swap 0
// CHECK-NEXT: nested 0
// CHECK-NEXT: PASS
// The inner kernel runs once from the host and as part of its caller.
// REPORT: "name": "scaleBoth",
// REPORT: "sim": 1
// REPORT: "name": "scaleInPlace",
// REPORT: "sim": 1

#include <loom/loom.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>

static int affine(int x) { return 3 * x + 1; }
inline int twice(int x) { return affine(x) * 2; }
template <typename T> T square(T x) { return x * x; }

LOOM_ACCEL()
void helpers(const int *a, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = twice(a[i]) - square(a[i] % 7);
}

LOOM_ACCEL()
void stdCalls(const int *a, int *out, int n, int lo, int hi) {
  for (int i = 0; i < n; ++i)
    out[i] = std::clamp(std::min(a[i], hi) + std::max(a[i], lo), lo, hi) +
             std::abs(a[i]);
}

// The branch of the inner clamp becomes a select only in simplifycfg, after
// which a third sroa promotes the temporaries (found by cxx_diff.py).
LOOM_ACCEL()
void nestedMinMax(int *out, int n, int x) {
  for (int i = 0; i < n; ++i)
    out[i] = std::max(i, std::clamp(x, 5, 9));
}

struct Scale {
  float factor;
  float operator()(float x) const { return x * factor + 0.5f; }
};

LOOM_ACCEL()
void lambdas(const float *a, float *out, int n, float s) {
  auto offset = [s](float x) { return x - s; };
  Scale scale{s};
  for (int i = 0; i < n; ++i)
    out[i] = scale(offset(a[i]));
}

struct Accumulator {
  int sum = 0;
  void add(int v) { sum += v; }
  Accumulator &operator+=(int v) {
    sum -= v / 2;
    return *this;
  }
};

LOOM_ACCEL()
int members(const int *a, int n) {
  Accumulator acc;
  for (int i = 0; i < n; ++i) {
    acc.add(a[i]);
    acc += a[i];
  }
  return acc.sum;
}

LOOM_ACCEL()
void reverse(int *a, int n) {
  for (int i = 0; i < n / 2; ++i)
    std::swap(a[i], a[n - 1 - i]);
}

LOOM_ACCEL()
void scaleInPlace(float *a, int n, float s) {
  for (int i = 0; i < n; ++i)
    a[i] *= s;
}

LOOM_ACCEL()
void scaleBoth(float *a, float *b, int n) {
  scaleInPlace(a, n, 2.0f);
  scaleInPlace(b, n, 3.0f);
}

int main() {
  constexpr int n = 96;
  int a[n], out[n], bad;
  float f[n], g[n], fo[n];
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 37) % 101 - 50;
    f[i] = 0.25f * float(i) - 7.0f;
    g[i] = float(i);
  }
  helpers(a, out, n);
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != 2 * (3 * a[i] + 1) - (a[i] % 7) * (a[i] % 7);
  std::printf("helpers %d\n", bad);
  int total = bad;

  stdCalls(a, out, n, -5, 10);
  bad = 0;
  for (int i = 0; i < n; ++i) {
    int x = a[i], m = (x < 10 ? x : 10) + (x > -5 ? x : -5);
    m = m < -5 ? -5 : (m > 10 ? 10 : m);
    bad += out[i] != m + (x < 0 ? -x : x);
  }
  std::printf("std %d\n", bad);
  total += bad;

  nestedMinMax(out, 8, 3);
  std::printf("nested-minmax %d %d\n", out[0], out[7] + 2);
  total += out[0] != 5 || out[7] != 7;

  lambdas(f, fo, n, 1.5f);
  bad = 0;
  for (int i = 0; i < n; ++i) {
    volatile float x = f[i];
    bad += fo[i] != (x - 1.5f) * 1.5f + 0.5f;
  }
  std::printf("lambda %d\n", bad);
  total += bad;

  int sum = members(a, n), expect = 0;
  for (int i = 0; i < n; ++i)
    expect += a[i] - a[i] / 2;
  std::printf("members %d\n", sum != expect);
  total += sum != expect;

  reverse(a, n);
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += a[i] != ((n - 1 - i) * 37) % 101 - 50;
  std::printf("swap %d\n", bad);
  total += bad;

  scaleBoth(f, g, n);
  scaleInPlace(f, n, 0.5f);
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += f[i] != 0.25f * float(i) - 7.0f || g[i] != 3.0f * float(i);
  std::printf("nested %d\n", bad);
  total += bad;
  std::printf("%s\n", total == 0 ? "PASS" : "FAIL");
  return total != 0;
}
