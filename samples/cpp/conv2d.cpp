// conv2d: a 2-D convolution ("valid" borders) of a single-channel image with
// a small filter, plus a bias.
//
// Shows: a four-deep loop nest, LOOM_PARALLEL over output rows, trip-count
// hints on the filter loops. Each output is accumulated in the reference's
// order, so the image is compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void conv2d(const float *__restrict image, const float *__restrict filter,
            float *__restrict out, int height, int width, int fh, int fw,
            float bias) {
  const int oh = height - fh + 1, ow = width - fw + 1;
  LOOM_PARALLEL()
  for (int y = 0; y < oh; ++y)
    for (int x = 0; x < ow; ++x) {
      float acc = bias;
      LOOM_TRIPCOUNT(3)
      for (int i = 0; i < fh; ++i) {
        LOOM_TRIPCOUNT(3)
        for (int j = 0; j < fw; ++j)
          acc += image[(y + i) * width + (x + j)] * filter[i * fw + j];
      }
      out[y * ow + x] = acc;
    }
}

static void conv2dReference(const float *image, const float *filter, float *out,
                            int height, int width, int fh, int fw, float bias) {
  const int oh = height - fh + 1, ow = width - fw + 1;
  for (int y = 0; y < oh; ++y)
    for (int x = 0; x < ow; ++x) {
      float acc = bias;
      for (int i = 0; i < fh; ++i)
        for (int j = 0; j < fw; ++j)
          acc += image[(y + i) * width + (x + j)] * filter[i * fw + j];
      out[y * ow + x] = acc;
    }
}

int main(int argc, char **argv) {
  const bool small = sample::smallMode(argc, argv);
  const int height = small ? 12 : 128, width = small ? 14 : 128;
  const int fh = 3, fw = 3;
  const int outCount = (height - fh + 1) * (width - fw + 1);
  const float bias = 0.125f;
  std::vector<float> image(height * width), filter(fh * fw);
  std::vector<float> out(outCount), expected(outCount);
  sample::Lcg lcg(5);
  for (float &v : image)
    v = lcg.nextFloat(0.0f, 1.0f);
  for (float &v : filter)
    v = lcg.nextFloat(-0.5f, 0.5f);

  conv2d(image.data(), filter.data(), out.data(), height, width, fh, fw, bias);
  conv2dReference(image.data(), filter.data(), expected.data(), height, width,
                  fh, fw, bias);

  sample::Checker check("conv2d");
  check.sameBits("out", out.data(), expected.data(), outCount);
  sample::Checksum sum;
  sum.add(out.data(), outCount);
  return check.finish(sum);
}
