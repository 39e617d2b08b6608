// pipeline: two kernels in a row, passing their data through memory: the
// first converts 16-bit sensor readings to calibrated floats, the second
// smooths them with a 3-point moving average and counts the samples above a
// threshold.
//
// Shows: a program made of several kernels; the intermediate buffer lives in
// the host's memory, the second launch reads what the first wrote. Each
// stage computes exactly what its reference does, so both the intermediate
// and the final signal are compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL("pipeline.calibrate")
void calibrate(LOOM_STREAM const short *__restrict raw,
               LOOM_STREAM float *__restrict volts, float gain, float offset,
               int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    volts[i] = static_cast<float>(raw[i]) * gain + offset;
}

LOOM_ACCEL("pipeline.smooth")
int smooth(const float *__restrict volts, float *__restrict out,
           float threshold, int n) {
  int above = 0;
  for (int i = 1; i < n - 1; ++i) {
    float v = (volts[i - 1] + volts[i] + volts[i + 1]) * (1.0f / 3.0f);
    out[i] = v;
    above += v > threshold;
  }
  out[0] = volts[0];
  out[n - 1] = volts[n - 1];
  return above;
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 200 : 16384;
  const float gain = 1.0f / 4096.0f, offset = -0.25f, threshold = 1.5f;
  std::vector<short> raw(n);
  sample::Lcg lcg(18);
  for (int i = 0; i < n; ++i)
    raw[i] = static_cast<short>(8192 + (i % 97) * 80 + lcg.nextInt(-300, 300));

  std::vector<float> volts(n), out(n);
  calibrate(raw.data(), volts.data(), gain, offset, n);
  int above = smooth(volts.data(), out.data(), threshold, n);

  std::vector<float> wantVolts(n), wantOut(n);
  int wantAbove = 0;
  for (int i = 0; i < n; ++i)
    wantVolts[i] = static_cast<float>(raw[i]) * gain + offset;
  for (int i = 1; i < n - 1; ++i) {
    wantOut[i] =
        (wantVolts[i - 1] + wantVolts[i] + wantVolts[i + 1]) * (1.0f / 3.0f);
    wantAbove += wantOut[i] > threshold;
  }
  wantOut[0] = wantVolts[0];
  wantOut[n - 1] = wantVolts[n - 1];

  sample::Checker check("pipeline");
  check.sameBits("volts", volts.data(), wantVolts.data(), n);
  check.sameBits("out", out.data(), wantOut.data(), n);
  check.equalValue("above", above, wantAbove);
  std::printf("pipeline: %d of %d smoothed samples above %g V\n", above, n,
              threshold);
  sample::Checksum sum;
  sum.add(volts.data(), n);
  sum.add(out.data(), n);
  sum.addValue(above);
  return check.finish(sum);
}
