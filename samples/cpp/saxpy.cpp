// saxpy: y = a * x + y, the BLAS level-1 classic.
//
// Shows: a scalar argument next to pointers, `__restrict` telling the
// compiler x and y do not overlap (so their memory is ordered separately),
// LOOM_PARALLEL. The kernel computes exactly the reference's expression, so
// the results are compared bit for bit.
//
//   loom-clang++ -O2 saxpy.cpp -o saxpy
//   LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=report.json ./saxpy
//
// The kernel is compiled ahead of time to a dataflow program; under
// LOOM_BACKEND=emu the runtime runs that program on the token-level emulator.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void saxpy(const float *__restrict x, float *__restrict y, float a, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

static void saxpyReference(const float *x, float *y, float a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 256 : 16384;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), expected(n);
  sample::Lcg lcg(2);
  for (int i = 0; i < n; ++i) {
    x[i] = lcg.nextFloat(-10.0f, 10.0f);
    y[i] = expected[i] = lcg.nextFloat(-10.0f, 10.0f);
  }
  saxpy(x.data(), y.data(), a, n);
  saxpyReference(x.data(), expected.data(), a, n);

  sample::Checker check("saxpy");
  check.sameBits("y", y.data(), expected.data(), n);
  sample::Checksum sum;
  sum.add(y.data(), n);
  return check.finish(sum);
}
