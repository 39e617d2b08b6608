// transpose: out = in^T for a rows x cols matrix of doubles.
//
// Shows: a 2-D loop nest whose reads are contiguous and whose writes jump by
// a stride (the output's row length), double-precision data, both loops
// parallel (LOOM_PARALLEL on the outer one, an interleaved schedule). The
// values are copied unchanged and compared exactly.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void transpose(const double *__restrict in, double *__restrict out, int rows,
               int cols) {
  LOOM_PARALLEL(4, interleaved)
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[c * rows + r] = in[r * cols + c];
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int rows = small ? 12 : 200, cols = small ? 17 : 120;
  std::vector<double> in(rows * cols), out(rows * cols);
  sample::Lcg lcg(17);
  for (double &v : in)
    v = static_cast<double>(lcg.nextFloat(-1000.0f, 1000.0f)) / 3.0;

  transpose(in.data(), out.data(), rows, cols);

  std::vector<double> expected(rows * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expected[c * rows + r] = in[r * cols + c];
  sample::Checker check("transpose");
  check.sameBits("out", out.data(), expected.data(), rows * cols);
  sample::Checksum sum;
  sum.add(out.data(), rows * cols);
  return check.finish(sum);
}
