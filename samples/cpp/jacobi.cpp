// jacobi: Jacobi relaxation of a 2-D grid with fixed borders, the classic
// 5-point stencil; the host swaps the two grids between sweeps.
//
// Shows: a 2-D stencil kernel launched many times with pointers that trade
// places (data stays in the caller's memory between launches), and an
// interior that starts at 1 and stops one short of each border. Every point
// is computed as in the reference, so the grid is compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <utility>
#include <vector>

LOOM_ACCEL()
void jacobiSweep(const float *__restrict in, float *__restrict out, int rows,
                 int cols) {
  LOOM_PARALLEL()
  for (int r = 1; r < rows - 1; ++r)
    for (int c = 1; c < cols - 1; ++c)
      out[r * cols + c] =
          0.25f * (in[(r - 1) * cols + c] + in[(r + 1) * cols + c] +
                   in[r * cols + c - 1] + in[r * cols + c + 1]);
}

static void jacobiSweepReference(const float *in, float *out, int rows,
                                 int cols) {
  for (int r = 1; r < rows - 1; ++r)
    for (int c = 1; c < cols - 1; ++c)
      out[r * cols + c] =
          0.25f * (in[(r - 1) * cols + c] + in[(r + 1) * cols + c] +
                   in[r * cols + c - 1] + in[r * cols + c + 1]);
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int rows = small ? 10 : 64, cols = small ? 12 : 64;
  const int sweeps = small ? 3 : 20;
  // Hot top edge, cold elsewhere, random interior.
  std::vector<float> grid(rows * cols);
  sample::Lcg lcg(6);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      grid[r * cols + c] = r == 0 ? 100.0f
                           : (r == rows - 1 || c == 0 || c == cols - 1)
                               ? 0.0f
                               : lcg.nextFloat(0.0f, 10.0f);

  std::vector<float> a = grid, b = grid, refA = grid, refB = grid;
  for (int s = 0; s < sweeps; ++s) {
    jacobiSweep(a.data(), b.data(), rows, cols);
    std::swap(a, b);
    jacobiSweepReference(refA.data(), refB.data(), rows, cols);
    std::swap(refA, refB);
  }

  sample::Checker check("jacobi");
  check.sameBits("grid", a.data(), refA.data(), rows * cols);
  sample::Checksum sum;
  sum.add(a.data(), rows * cols);
  return check.finish(sum);
}
