// spmv: y = A x for a sparse matrix A in CSR form (row pointers, column
// indices, values).
//
// Shows: a loop whose bounds are loaded from memory (rowPtr[r] to
// rowPtr[r + 1]), an indirect read x[cols[e]], rows of different lengths
// (some empty). Each row sums its entries in the reference's order, so y is
// compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void spmv(const int *__restrict rowPtr, const int *__restrict cols,
          const float *__restrict vals, const float *__restrict x,
          float *__restrict y, int rows) {
  LOOM_PARALLEL()
  for (int r = 0; r < rows; ++r) {
    float sum = 0.0f;
    LOOM_TRIPCOUNT_RANGE(0, 16)
    for (int e = rowPtr[r]; e < rowPtr[r + 1]; ++e)
      sum += vals[e] * x[cols[e]];
    y[r] = sum;
  }
}

static void spmvReference(const int *rowPtr, const int *cols, const float *vals,
                          const float *x, float *y, int rows) {
  for (int r = 0; r < rows; ++r) {
    float sum = 0.0f;
    for (int e = rowPtr[r]; e < rowPtr[r + 1]; ++e)
      sum += vals[e] * x[cols[e]];
    y[r] = sum;
  }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int rows = small ? 32 : 2048, columns = small ? 40 : 2048;
  // Between 0 and 16 entries per row, at increasing random columns.
  std::vector<int> rowPtr(rows + 1, 0), cols;
  std::vector<float> vals;
  sample::Lcg lcg(8);
  for (int r = 0; r < rows; ++r) {
    int entries = lcg.nextInt(0, 16);
    int c = lcg.nextInt(0, 2);
    for (int e = 0; e < entries && c < columns; ++e) {
      cols.push_back(c);
      vals.push_back(lcg.nextFloat(-2.0f, 2.0f));
      c += lcg.nextInt(1, 1 + columns / 16);
    }
    rowPtr[r + 1] = static_cast<int>(cols.size());
  }
  std::vector<float> x(columns), y(rows), expected(rows);
  for (float &v : x)
    v = lcg.nextFloat(-1.0f, 1.0f);

  spmv(rowPtr.data(), cols.data(), vals.data(), x.data(), y.data(), rows);
  spmvReference(rowPtr.data(), cols.data(), vals.data(), x.data(),
                expected.data(), rows);

  sample::Checker check("spmv");
  check.sameBits("y", y.data(), expected.data(), rows);
  std::printf("spmv: %d rows, %d nonzeros\n", rows, rowPtr[rows]);
  sample::Checksum sum;
  sum.add(y.data(), rows);
  return check.finish(sum);
}
