// Recurrences through memory: a value stored in iteration i and loaded
// back in iteration i + d. loom-forward-loop-stores carries it from the
// store to the load (an iter_arg, a dataflow.carry after lowering) and
// keeps the store, so memory ends as the native run leaves it:
//
// - prefix_in_memory: out[i] = out[i - 1] + in[i] (integers);
// - iir: y[i] = a * x[i] + b * y[i - 1] (floats, bit for bit);
// - running_max: m[i] = max(m[i - 1], x[i]);
// - fib_like: f[i] = f[i - 1] + f[i - 2] + x[i] (distances 1 and 2);
// - every_other: e[i] = e[i - 4] * 3 + x[i] for i = s, s + 2, ... (d = 2);
//   both wrap around in unsigned arithmetic, as C++ defines it (a signed
//   overflow would be undefined, and the backends need not agree on it);
// - in_place: out[i] = out[i - 1] + in[i] without __restrict, run once on
//   separate arrays and once with `in` overlapping `out` (in = out + 1 and
//   in = out - 1), where the program reads elements its own stores change
//   (unsigned too: with in = out - 1 it doubles).
//
// Each runs for trip counts 0, 1, 2, 3 and a long one, on host, emu and
// sim (mandatory), all equal to the native run.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %run-everywhere %t.exe | FileCheck %s
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.remarks.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
//
// CHECK: prefix -183 -177 -226 -234 -1090
// CHECK-NEXT: iir 122.250000 125.750000 129.812500 114.625000 99.797498
// CHECK-NEXT: max -258 -231 -251 -231 4188
// CHECK-NEXT: fib -126 -156 -191 -231 -56473767919
// CHECK-NEXT: every -17 169 -15 835 -8517150645
// CHECK-NEXT: in_place -115 -99 -104 -56 2822
// CHECK-NEXT: overlap_up 178 254 284 326 5880
// CHECK-NEXT: overlap_down 221 136 52 -67 -30391966612
//
// REMARK-DAG: kernel 'prefix_in_memory': the value of 'out[i - 1]' {{.*}}is carried from the previous iteration instead of reloaded
// REMARK-DAG: the value of 'y[i - 1]' {{.*}}is carried from the previous iteration instead of reloaded
// REMARK-DAG: the value of 'm[i - 1]' {{.*}}is carried from the previous iteration instead of reloaded
// REMARK-DAG: the value of 'f[i - 1]' {{.*}}is carried from the previous iteration instead of reloaded
// REMARK-DAG: the value of 'f[i - 2]' {{.*}}is carried from 2 iterations earlier instead of reloaded
// REMARK-DAG: the value of 'e[i - 4]' {{.*}}is carried from 2 iterations earlier instead of reloaded

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void prefix_in_memory(int *__restrict out, const int *__restrict in, int n) {
  for (int i = 1; i < n; ++i)
    out[i] = out[i - 1] + in[i];
}

LOOM_ACCEL()
void iir(float *__restrict y, const float *__restrict x, float a, float b,
         int n) {
  for (int i = 1; i < n; ++i)
    y[i] = a * x[i] + b * y[i - 1];
}

LOOM_ACCEL()
void running_max(int *__restrict m, const int *__restrict x, int n) {
  for (int i = 1; i < n; ++i)
    m[i] = m[i - 1] > x[i] ? m[i - 1] : x[i];
}

LOOM_ACCEL()
void fib_like(int *__restrict f, const int *__restrict x, int n) {
  for (int i = 2; i < n; ++i)
    f[i] = int(unsigned(f[i - 1]) + unsigned(f[i - 2]) + unsigned(x[i]));
}

LOOM_ACCEL()
void every_other(int *__restrict e, const int *__restrict x, int s, int n) {
  for (int i = s; i < n; i += 2)
    e[i] = int(unsigned(e[i - 4]) * 3u + unsigned(x[i]));
}

LOOM_ACCEL()
void in_place(int *out, const int *in, int n) {
  for (int i = 1; i < n; ++i)
    out[i] = int(unsigned(out[i - 1]) + unsigned(in[i]));
}

constexpr int kSize = 80;

/// A weighted checksum of `a`, so every element and its position count.
template <typename T> static double checksum(const T *a) {
  double sum = 0;
  for (int i = 0; i < kSize; ++i)
    sum += double(a[i]) * (i % 13 + 1);
  return sum;
}

static void fill(int *a, int salt) {
  for (int i = 0; i < kSize; ++i)
    a[i] = (i * 37 + salt) % 23 - 11;
}

int main() {
  const int trips[] = {0, 1, 2, 3, 60};
  int a[kSize], b[kSize];
  float y[kSize], x[kSize];

  std::printf("prefix");
  for (int t : trips) {
    fill(a, 1), fill(b, 2);
    prefix_in_memory(a + 4, b + 4, t + 1);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\niir");
  for (int t : trips) {
    for (int i = 0; i < kSize; ++i)
      y[i] = float(i % 7) * 0.25f - 0.5f, x[i] = float(i % 5) - 1.5f;
    iir(y + 2, x + 2, 0.75f, -0.5f, t + 1);
    std::printf(" %.6f", checksum(y));
  }
  std::printf("\nmax");
  for (int t : trips) {
    fill(a, 3), fill(b, 4);
    running_max(a + 1, b + 1, t + 1);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\nfib");
  for (int t : trips) {
    fill(a, 5), fill(b, 6);
    fib_like(a + 3, b + 3, t + 2);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\nevery");
  for (int t : trips) {
    fill(a, 7), fill(b, 8);
    every_other(a, b, 5, 5 + 2 * t);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\nin_place");
  for (int t : trips) {
    fill(a, 9), fill(b, 10);
    in_place(a + 2, b + 2, t + 1);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\noverlap_up");
  for (int t : trips) {
    fill(a, 11);
    in_place(a + 2, a + 3, t + 1);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\noverlap_down");
  for (int t : trips) {
    fill(a, 12);
    in_place(a + 3, a + 2, t + 1);
    std::printf(" %.0f", checksum(a));
  }
  std::printf("\n");
  return 0;
}
