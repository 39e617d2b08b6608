// fir: a finite impulse response filter, out[i] = sum_t coef[t] * in[i + t],
// over a signal, with 16 taps.
//
// Shows: a fixed-length inner loop (LOOM_TRIPCOUNT and LOOM_UNROLL tell the
// compiler its length and that unrolling it is wanted), a read-only
// coefficient table and independent outputs (LOOM_PARALLEL). Each output sums
// its taps in the reference's order, so the signal is compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

constexpr int kTaps = 16;

LOOM_ACCEL()
void fir(const float *__restrict in, const float *__restrict coef,
         float *__restrict out, int n) {
  LOOM_PARALLEL(2)
  for (int i = 0; i < n; ++i) {
    float acc = 0.0f;
    LOOM_TRIPCOUNT(kTaps)
    LOOM_UNROLL(4)
    for (int t = 0; t < kTaps; ++t)
      acc += coef[t] * in[i + t];
    out[i] = acc;
  }
}

static void firReference(const float *in, const float *coef, float *out,
                         int n) {
  for (int i = 0; i < n; ++i) {
    float acc = 0.0f;
    for (int t = 0; t < kTaps; ++t)
      acc += coef[t] * in[i + t];
    out[i] = acc;
  }
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 64 : 8192;
  // The input has kTaps - 1 samples of history before the first output.
  std::vector<float> in(n + kTaps - 1), coef(kTaps), out(n), expected(n);
  sample::Lcg lcg(10);
  for (int i = 0; i < n + kTaps - 1; ++i)
    in[i] =
        std::sin(0.05f * static_cast<float>(i)) + lcg.nextFloat(-0.1f, 0.1f);
  // A symmetric low-pass window.
  for (int t = 0; t < kTaps; ++t)
    coef[t] = 0.5f - 0.5f * std::cos(6.2831853f * static_cast<float>(t) /
                                     static_cast<float>(kTaps - 1));

  fir(in.data(), coef.data(), out.data(), n);
  firReference(in.data(), coef.data(), expected.data(), n);

  sample::Checker check("fir");
  check.sameBits("out", out.data(), expected.data(), n);
  sample::Checksum sum;
  sum.add(out.data(), n);
  return check.finish(sum);
}
