// histogram: counts of 8-bit "pixel" values in 64 bins.
//
// Shows: an indirect read-modify-write (the bin is a loaded value), which
// makes iterations depend on each other through memory: two pixels of one
// bin update the same counter. The loop is therefore not LOOM_PARALLEL; the
// compiler keeps the loads and stores of `bins` in program order. Integer
// counts are exact.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

constexpr int kBins = 64;

LOOM_ACCEL()
void histogram(LOOM_STREAM const unsigned char *pixels, int *bins, int n) {
  for (int i = 0; i < n; ++i)
    bins[pixels[i] >> 2] += 1;
}

static void histogramReference(const unsigned char *pixels, int *bins, int n) {
  for (int i = 0; i < n; ++i)
    ++bins[pixels[i] / (256 / kBins)];
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 512 : 65536;
  std::vector<unsigned char> pixels(n);
  sample::Lcg lcg(7);
  // A skewed distribution: the sum of two uniform values, so bins differ.
  for (unsigned char &p : pixels)
    p = static_cast<unsigned char>(lcg.nextInt(0, 127) + lcg.nextInt(0, 128));

  std::vector<int> bins(kBins, 0), expected(kBins, 0);
  histogram(pixels.data(), bins.data(), n);
  histogramReference(pixels.data(), expected.data(), n);

  sample::Checker check("histogram");
  check.equal("bins", bins.data(), expected.data(), kBins);
  long total = 0;
  for (int b : bins)
    total += b;
  check.equalValue("total", total, static_cast<long>(n));
  sample::Checksum sum;
  sum.add(bins.data(), kBins);
  return check.finish(sum);
}
