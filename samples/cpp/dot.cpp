// dot: dot products, a float one and an integer one.
//
// Shows: a kernel returning a value (the loop-carried sum comes back as the
// kernel's result) and LOOM_REDUCE. The float kernel keeps the reference's
// summation order (one accumulator, i = 0, 1, ...), so its result is compared
// bit for bit. The integer kernel marks its accumulator LOOM_REDUCE(+) and
// its loop LOOM_PARALLEL: the compiler may then add partial sums in any
// order, which integer addition does not notice. The loop stays sequential
// (it carries the sum; a remark says so: hints are advice), and the
// compiler splits the sum into partial sums combined after the loop
// (loom-split-reductions), which it does for every integer reduction. A
// float sum is split only with LOOM_REDUCE(+): dotFloat keeps its source
// order (a remark says why) and is compared bit for bit, dotFloatAnyOrder
// allows reassociation, so its partial sums round differently from the
// sequential reference (and from the native build, which adds in order):
// it is compared within a tolerance and left out of the checksum, which the
// main job compares with a native run.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
float dotFloat(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

LOOM_ACCEL()
float dotFloatAnyOrder(const float *x, const float *y, int n) {
  LOOM_REDUCE(+) float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

LOOM_ACCEL()
int dotInt(LOOM_STREAM const int *x, LOOM_STREAM const int *y, int n) {
  LOOM_REDUCE(+) int sum = 0;
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

static float dotFloatReference(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

static int dotIntReference(const int *x, const int *y, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 256 : 16384;
  std::vector<float> xf(n), yf(n);
  std::vector<int> xi(n), yi(n);
  sample::Lcg lcg(3);
  for (int i = 0; i < n; ++i) {
    xf[i] = lcg.nextFloat(-1.0f, 1.0f);
    yf[i] = lcg.nextFloat(-1.0f, 1.0f);
    xi[i] = lcg.nextInt(-100, 100); // |sum| <= 16384 * 100 * 100 < 2^31
    yi[i] = lcg.nextInt(-100, 100);
  }
  float gotFloat = dotFloat(xf.data(), yf.data(), n);
  int gotInt = dotInt(xi.data(), yi.data(), n);
  float emptyFloat = dotFloat(xf.data(), yf.data(), 0);
  float anyOrder = dotFloatAnyOrder(xf.data(), yf.data(), n);

  sample::Checker check("dot");
  float wantFloat = dotFloatReference(xf.data(), yf.data(), n);
  float wantEmpty = 0.0f;
  check.sameBits("dotFloat", &gotFloat, &wantFloat, 1);
  check.sameBits("dotFloat(n = 0)", &emptyFloat, &wantEmpty, 1);
  // n products of magnitude <= 1 summed in another order: each partial sum
  // rounds at most n ulps of its magnitude away.
  check.close("dotFloatAnyOrder", &anyOrder, &wantFloat, 1, 1e-4, 1e-3);
  check.equalValue("dotInt", gotInt, dotIntReference(xi.data(), yi.data(), n));
  std::printf("dot: float %.9g int %d\n", gotFloat, gotInt);
  sample::Checksum sum;
  sum.addValue(gotFloat);
  sum.addValue(gotInt);
  sum.addValue(emptyFloat);
  return check.finish(sum);
}
