// Reductions split into partial accumulators (loom-split-reductions): the
// integer ones (+ * ^ min max) always, the float sum with LOOM_REDUCE(+);
// the plain float sum keeps its source order, with a remark. Every result
// equals the native run's on emu and sim, for trip counts around the
// number of partial accumulators (0, 1, 5 .. 9, 100).
//
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// REMARK-DAG: remark: kernel 'red_add': reduction of 'sum' split into 3 partial accumulators, combined after the loop (integer '+' is exact in any order)
// REMARK-DAG: remark: kernel 'red_mul': reduction of 'product' split into 4 partial accumulators, combined after the loop (integer '*' is exact in any order)
// REMARK-DAG: remark: kernel 'red_xor': reduction of 'bits' split into 3 partial accumulators
// REMARK-DAG: remark: kernel 'red_min': reduction of 'low' split into 3 partial accumulators, combined after the loop (integer 'min' is exact in any order)
// REMARK-DAG: remark: kernel 'red_max': reduction of 'high' split into 3 partial accumulators
// A one-line loop whose maximum is an `if`: the remark names 'top', not the
// loop variable that the header assigns.
// REMARK-DAG: remark: kernel 'red_max_if': reduction of 'top' split into 3 partial accumulators
// REMARK-DAG: remark: kernel 'red_squares': reduction of 'squares' split into 3 partial accumulators
// REMARK-DAG: remark: kernel 'red_float': reduction of 'sum' split into 5 partial accumulators, combined after the loop (LOOM_REDUCE(+))
// REMARK-DAG: remark: kernel 'red_float_ordered': float reduction of 'sum' kept in source order: reassociation is not allowed (mark it LOOM_REDUCE(+) or compile with -fassociative-math)
// RUN: FileCheck %s --check-prefix=SCF < %t.d/red_add.scf.mlir
// SCF: loom.unrolled = 3
// RUN: FileCheck %s --check-prefix=KEPT < %t.d/red_float_ordered.scf.mlir
// KEPT-NOT: loom.unrolled
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// CHECK: n=0 add 0 mul 1 xor 0 min 2147483647 max -2147483648 maxif -2147483648 squares 0 fsum 0 ford 0
// CHECK: n=1 add
// CHECK: n=100 add
// CHECK: PASS

#include <loom/loom.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>

LOOM_ACCEL()
int red_add(const int *x, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

// Unsigned: the product wraps, as C++ defines it.
LOOM_ACCEL()
unsigned red_mul(const unsigned *x, int n) {
  unsigned product = 1;
  for (int i = 0; i < n; ++i)
    product *= x[i];
  return product;
}

LOOM_ACCEL()
int red_xor(const int *x, int n) {
  int bits = 0;
  for (int i = 0; i < n; ++i)
    bits ^= x[i];
  return bits;
}

LOOM_ACCEL()
int red_min(const int *x, int n) {
  int low = INT_MAX;
  for (int i = 0; i < n; ++i)
    low = std::min(low, x[i]);
  return low;
}

LOOM_ACCEL()
int red_max(const int *x, int n) {
  int high = INT_MIN;
  for (int i = 0; i < n; ++i)
    high = std::max(high, x[i]);
  return high;
}

LOOM_ACCEL()
int red_max_if(const int *x, int n) {
  int top = INT_MIN;
  for (int i = 0; i < n; ++i) if (x[i] > top) top = x[i];
  return top;
}

// Bytes widened to 64 bits before they are squared and summed.
LOOM_ACCEL()
uint64_t red_squares(const uint8_t *x, int n) {
  uint64_t squares = 0;
  for (int i = 0; i < n; ++i)
    squares += uint64_t(x[i]) * x[i];
  return squares;
}

// Halves of small integers: every summation order gives the same float.
LOOM_ACCEL()
float red_float(const float *x, int n) {
  LOOM_REDUCE(+) float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

LOOM_ACCEL()
float red_float_ordered(const float *x, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i];
  return sum;
}

int main() {
  const int size = 100;
  int x[size];
  unsigned u[size];
  float f[size], g[size];
  uint8_t bytes[size];
  for (int i = 0; i < size; ++i) {
    x[i] = (i * 37 % 101) - 50 + (i % 3 == 0 ? 1000000 * (i % 7) : 0);
    u[i] = 2u * unsigned(i) + 3u;
    f[i] = 0.5f * float(i % 9) - 2.0f;
    g[i] = 0.1f * float(i % 11) - 0.37f;
    bytes[i] = uint8_t(i * 73 + 11);
  }
  bool ok = true;
  const int trips[] = {0, 1, 5, 6, 7, 8, 9, 13, 100};
  for (int n : trips) {
    int add = red_add(x, n);
    unsigned mul = red_mul(u, n);
    int bits = red_xor(x, n);
    int low = red_min(x, n);
    int high = red_max(x, n);
    int highIf = red_max_if(x, n);
    unsigned long long squares = red_squares(bytes, n);
    float sum = red_float(f, n);
    float ordered = red_float_ordered(g, n);
    std::printf("n=%d add %d mul %u xor %d min %d max %d maxif %d squares %llu "
                "fsum %g ford %.9g\n",
                n, add, mul, bits, low, high, highIf, squares, sum, ordered);
    float want = 0.0f;
    for (int i = 0; i < n; ++i)
      want += f[i];
    ok = ok && sum == want;
  }
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
