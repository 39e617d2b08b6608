// gemv: y = A x for a dense row-major n x n matrix, the BLAS level-2
// matrix-vector product in its PolyBench form (y[i] = sum_j A[i][j] * x[j]).
//
// Shows: a two-deep nest whose outer loop is LOOM_PARALLEL (each row's sum is
// independent of the others) around an inner dot product that stays in order:
// it is a float reduction without LOOM_REDUCE, so the compiler must keep its
// association. Each row sums its products in the reference's order
// (j = 0, 1, ...), so y is compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void gemv(const float *__restrict a, const float *__restrict x,
          float *__restrict y, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int j = 0; j < n; ++j)
      sum += a[i * n + j] * x[j];
    y[i] = sum;
  }
}

static void gemvReference(const float *a, const float *x, float *y, int n) {
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int j = 0; j < n; ++j)
      sum += a[i * n + j] * x[j];
    y[i] = sum;
  }
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 20 : 128;
  std::vector<float> a(n * n), x(n), y(n), expected(n);
  sample::Lcg lcg(12);
  for (float &v : a)
    v = lcg.nextFloat(-1.0f, 1.0f);
  for (float &v : x)
    v = lcg.nextFloat(-1.0f, 1.0f);

  gemv(a.data(), x.data(), y.data(), n);
  gemvReference(a.data(), x.data(), expected.data(), n);

  sample::Checker check("gemv");
  check.sameBits("y", y.data(), expected.data(), n);
  sample::Checksum sum;
  sum.add(y.data(), n);
  return check.finish(sum);
}
