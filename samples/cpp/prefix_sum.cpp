// prefix_sum: the inclusive scan out[i] = in[0] + ... + in[i], in integers
// and in floats.
//
// Shows: a loop-carried running sum that is also stored every iteration (a
// true dependence from one iteration to the next: no LOOM_PARALLEL). Integer
// sums are exact; the float scan adds in the reference's order, so it is
// compared bit for bit too.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void prefixSum(LOOM_STREAM const int *in, LOOM_STREAM int *out, int n) {
  int acc = 0;
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i) {
    acc += in[i];
    out[i] = acc;
  }
}

LOOM_ACCEL()
void prefixSumFloat(const float *__restrict in, float *__restrict out, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    acc += in[i];
    out[i] = acc;
  }
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 256 : 16384;
  std::vector<int> in(n), out(n), expected(n);
  std::vector<float> inF(n), outF(n), expectedF(n);
  sample::Lcg lcg(9);
  for (int i = 0; i < n; ++i) {
    in[i] = lcg.nextInt(-50, 100);
    inF[i] = lcg.nextFloat(-1.0f, 2.0f);
  }
  prefixSum(in.data(), out.data(), n);
  prefixSumFloat(inF.data(), outF.data(), n);

  int acc = 0;
  float accF = 0.0f;
  for (int i = 0; i < n; ++i) {
    expected[i] = acc += in[i];
    expectedF[i] = accF += inF[i];
  }

  sample::Checker check("prefix_sum");
  check.equal("out", out.data(), expected.data(), n);
  check.sameBits("outFloat", outF.data(), expectedF.data(), n);
  sample::Checksum sum;
  sum.add(out.data(), n);
  sum.add(outF.data(), n);
  return check.finish(sum);
}
