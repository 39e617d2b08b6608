// relu: a leaky ReLU written with an if/else branch, and a count of the
// positive inputs.
//
// Shows: a data-dependent branch inside a parallel loop (each side stores
// something different) and, in a second kernel, an integer count of the
// positive inputs. leakyRelu is a streaming kernel: its iterations are
// independent, so LOOM_PARALLEL runs them as pipelined instances, each one
// loading, branching and storing on its own. The count is a kernel of its
// own because it is a loop-carried reduction: inside leakyRelu it would make
// every iteration wait for the previous one's count (the carried value goes
// round carry, demux and add each iteration), and LOOM_PARALLEL on a loop
// that carries a value is ignored. Both kernels do what the reference does,
// so the outputs are compared bit for bit.
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void leakyRelu(const float *__restrict in, float *__restrict out, float slope,
               int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i) {
    float v = in[i];
    if (v > 0.0f)
      out[i] = v;
    else
      out[i] = slope * v;
  }
}

LOOM_ACCEL()
int countPositives(const float *in, int n) {
  int positives = 0;
  for (int i = 0; i < n; ++i)
    if (in[i] > 0.0f)
      ++positives;
  return positives;
}

static int leakyReluReference(const float *in, float *out, float slope, int n) {
  int positives = 0;
  for (int i = 0; i < n; ++i) {
    out[i] = in[i] > 0.0f ? in[i] : slope * in[i];
    positives += in[i] > 0.0f;
  }
  return positives;
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 256 : 16384;
  const float slope = 0.01f;
  std::vector<float> in(n), out(n), expected(n);
  sample::Lcg lcg(11);
  for (float &v : in)
    v = lcg.nextFloat(-4.0f, 4.0f);

  leakyRelu(in.data(), out.data(), slope, n);
  int positives = countPositives(in.data(), n);
  int wantPositives = leakyReluReference(in.data(), expected.data(), slope, n);

  sample::Checker check("relu");
  check.sameBits("out", out.data(), expected.data(), n);
  check.equalValue("positives", positives, wantPositives);
  std::printf("relu: %d of %d inputs positive\n", positives, n);
  sample::Checksum sum;
  sum.add(out.data(), n);
  sum.addValue(positives);
  return check.finish(sum);
}
