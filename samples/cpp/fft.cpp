// fft: a radix-2 decimation-in-time fast Fourier transform of n complex
// values (n a power of two), kept as two float arrays of real and imaginary
// parts. The kernel is one stage: n / 2 butterflies, each of which takes a
// pair (a, b) and its twiddle factor w and computes t = w * b, b' = a - t,
// a' = a + t. The host launches it once per stage (half = 1, 2, 4, ...).
//
// Shows: a loop body that is one butterfly, as CGRA papers map the FFT, with
// its pair computed from the iteration number (a bit mask, a doubling and a
// subtraction, no division), LOOM_PARALLEL on a loop whose independence the
// compiler cannot prove (within a stage every element belongs to exactly one
// butterfly, but the indices are not affine), and a kernel launched many
// times on data that stays in the caller's memory. The textbook nest (stages,
// groups, butterflies) also offloads as one kernel, but there each butterfly
// waits for the previous one's stores, and its graph is too big for
// cgra-4x4; the flat stage streams butterflies through one graph. The stages
// compute the textbook nest's operations on the same values, so the result
// is compared bit for bit with it; it is also checked to be the DFT of the
// input (a direct O(n^2) DFT in double, within a rounding tolerance).
#include <loom/loom.h>

#include "sample.h"

#include <vector>

// One stage: the butterflies join elements half apart, in groups of 2 * half
// elements, and use every (n / (2 * half))-th twiddle factor.
LOOM_ACCEL()
void fftStage(float *__restrict re, float *__restrict im,
              const float *__restrict twr, const float *__restrict twi, int n,
              int half) {
  const int step = n / (2 * half);
  // Butterfly j is the k-th of its group: j - k is the group's first
  // butterfly, its elements start at 2 * (j - k), so a = 2 * j - k.
  LOOM_PARALLEL()
  for (int j = 0; j < n / 2; ++j) {
    int k = j & (half - 1);
    int a = 2 * j - k, b = a + half;
    float wr = twr[k * step], wi = twi[k * step];
    float tr = wr * re[b] - wi * im[b];
    float ti = wr * im[b] + wi * re[b];
    re[b] = re[a] - tr;
    im[b] = im[a] - ti;
    re[a] = re[a] + tr;
    im[a] = im[a] + ti;
  }
}

// The transform of input already in bit-reversed order: log2(n) stages.
static void fft(float *re, float *im, const float *twr, const float *twi,
                int n) {
  for (int half = 1; half < n; half *= 2)
    fftStage(re, im, twr, twi, n, half);
}

// The textbook in-place loop nest: stages, groups, butterflies of a group.
static void fftReference(float *re, float *im, const float *twr,
                         const float *twi, int n) {
  for (int half = 1; half < n; half *= 2) {
    const int step = n / (2 * half);
    for (int start = 0; start < n; start += 2 * half)
      for (int k = 0; k < half; ++k) {
        int a = start + k, b = a + half;
        float wr = twr[k * step], wi = twi[k * step];
        float tr = wr * re[b] - wi * im[b];
        float ti = wr * im[b] + wi * re[b];
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] = re[a] + tr;
        im[a] = im[a] + ti;
      }
  }
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 64 : 2048;
  const double pi = 3.14159265358979323846;
  // The twiddle factors w_k = exp(-2 pi i k / n), k < n / 2.
  std::vector<float> twr(n / 2), twi(n / 2);
  for (int k = 0; k < n / 2; ++k) {
    twr[k] = static_cast<float>(std::cos(-2.0 * pi * k / n));
    twi[k] = static_cast<float>(std::sin(-2.0 * pi * k / n));
  }
  std::vector<float> inRe(n), inIm(n);
  sample::Lcg lcg(16);
  for (int i = 0; i < n; ++i) {
    inRe[i] = lcg.nextFloat(-1.0f, 1.0f);
    inIm[i] = lcg.nextFloat(-1.0f, 1.0f);
  }
  // In-place decimation in time reads its input in bit-reversed order.
  int bits = 0;
  while ((1 << bits) < n)
    ++bits;
  std::vector<float> re(n), im(n);
  for (int i = 0; i < n; ++i) {
    int r = 0;
    for (int bit = 0; bit < bits; ++bit)
      r |= ((i >> bit) & 1) << (bits - 1 - bit);
    re[r] = inRe[i];
    im[r] = inIm[i];
  }
  std::vector<float> expectedRe = re, expectedIm = im;

  fft(re.data(), im.data(), twr.data(), twi.data(), n);
  fftReference(expectedRe.data(), expectedIm.data(), twr.data(), twi.data(), n);

  sample::Checker check("fft");
  check.sameBits("re", re.data(), expectedRe.data(), n);
  check.sameBits("im", im.data(), expectedIm.data(), n);

  // X[f] = sum_i x[i] w^(f i): with inputs in [-1, 1] the float rounding of
  // log2(n) stages stays below 1e-4 (about 1e-5 at the default size).
  std::vector<double> dftRe(n, 0.0), dftIm(n, 0.0);
  for (int f = 0; f < n; ++f)
    for (int i = 0; i < n; ++i) {
      double angle = -2.0 * pi * static_cast<double>((1L * f * i) % n) / n;
      dftRe[f] += inRe[i] * std::cos(angle) - inIm[i] * std::sin(angle);
      dftIm[f] += inRe[i] * std::sin(angle) + inIm[i] * std::cos(angle);
    }
  std::vector<double> gotRe(re.begin(), re.end()), gotIm(im.begin(), im.end());
  check.close("dft re", gotRe.data(), dftRe.data(), n, 0.0, 1e-4);
  check.close("dft im", gotIm.data(), dftIm.data(), n, 0.0, 1e-4);

  sample::Checksum sum;
  sum.add(re.data(), n);
  sum.add(im.data(), n);
  return check.finish(sum);
}
