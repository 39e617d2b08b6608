// gemm: C = alpha * A * B + beta * C for row-major matrices.
//
// Shows: a triple loop nest whose outer loop is LOOM_PARALLEL (each row of C
// is independent) and an inner dot product kept in order. The kernel sums
// the products in the reference's order (k = 0, 1, ...), so C is compared
// bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void gemm(const float *__restrict a, const float *__restrict b,
          float *__restrict c, int m, int n, int k, float alpha, float beta) {
  LOOM_PARALLEL()
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int p = 0; p < k; ++p)
        acc += a[i * k + p] * b[p * n + j];
      c[i * n + j] = alpha * acc + beta * c[i * n + j];
    }
}

static void gemmReference(const float *a, const float *b, float *c, int m,
                          int n, int k, float alpha, float beta) {
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int p = 0; p < k; ++p)
        acc += a[i * k + p] * b[p * n + j];
      c[i * n + j] = alpha * acc + beta * c[i * n + j];
    }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int m = small ? 12 : 96, n = small ? 10 : 80, k = small ? 8 : 64;
  const float alpha = 1.5f, beta = -0.5f;
  std::vector<float> a(m * k), b(k * n), c(m * n), expected(m * n);
  sample::Lcg lcg(4);
  for (float &v : a)
    v = lcg.nextFloat(-1.0f, 1.0f);
  for (float &v : b)
    v = lcg.nextFloat(-1.0f, 1.0f);
  for (int i = 0; i < m * n; ++i)
    c[i] = expected[i] = lcg.nextFloat(-1.0f, 1.0f);

  gemm(a.data(), b.data(), c.data(), m, n, k, alpha, beta);
  gemmReference(a.data(), b.data(), expected.data(), m, n, k, alpha, beta);

  sample::Checker check("gemm");
  check.sameBits("c", c.data(), expected.data(), m * n);
  sample::Checksum sum;
  sum.add(c.data(), m * n);
  return check.finish(sum);
}
