// softmax: row-wise softmax of a matrix of scores,
// out[r][j] = exp(x[r][j] - max_r) / sum_j exp(x[r][j] - max_r).
//
// Shows: a call of the C library's expf inside a kernel (the device compiler
// turns it into a math operation; the emulator evaluates it with the host's
// libm), three passes over each row (max, exponentials and their sum,
// normalisation), rows independent (LOOM_PARALLEL). The kernel performs the
// reference's operations in the reference's order with the same expf, so
// the result is compared bit for bit; the sample also checks that every row
// sums to 1 within 1e-5, which is what a softmax promises.
#include <loom/loom.h>

#include "sample.h"

#include <cmath>
#include <vector>

LOOM_ACCEL()
void softmaxRows(const float *__restrict x, float *__restrict out, int rows,
                 int cols) {
  LOOM_PARALLEL()
  for (int r = 0; r < rows; ++r) {
    const float *row = x + r * cols;
    float *dst = out + r * cols;
    float max = row[0];
    for (int j = 1; j < cols; ++j)
      max = row[j] > max ? row[j] : max;
    float sum = 0.0f;
    for (int j = 0; j < cols; ++j) {
      float e = expf(row[j] - max);
      dst[j] = e;
      sum += e;
    }
    float inverse = 1.0f / sum;
    for (int j = 0; j < cols; ++j)
      dst[j] = dst[j] * inverse;
  }
}

static void softmaxReference(const float *x, float *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r) {
    float max = x[r * cols];
    for (int j = 1; j < cols; ++j)
      max = x[r * cols + j] > max ? x[r * cols + j] : max;
    float sum = 0.0f;
    for (int j = 0; j < cols; ++j) {
      out[r * cols + j] = expf(x[r * cols + j] - max);
      sum += out[r * cols + j];
    }
    float inverse = 1.0f / sum;
    for (int j = 0; j < cols; ++j)
      out[r * cols + j] *= inverse;
  }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int rows = small ? 6 : 256, cols = small ? 20 : 64;
  std::vector<float> x(rows * cols), out(rows * cols), expected(rows * cols);
  sample::Lcg lcg(16);
  for (float &v : x)
    v = lcg.nextFloat(-8.0f, 8.0f);

  softmaxRows(x.data(), out.data(), rows, cols);
  softmaxReference(x.data(), expected.data(), rows, cols);

  sample::Checker check("softmax");
  check.sameBits("out", out.data(), expected.data(), rows * cols);
  std::vector<float> rowSums(rows), ones(rows, 1.0f);
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < cols; ++j)
      rowSums[r] += out[r * cols + j];
  check.close("row sum", rowSums.data(), ones.data(), rows, 0.0, 1e-5);
  sample::Checksum sum;
  sum.add(out.data(), rows * cols);
  return check.finish(sum);
}
