// vecadd: c = a + b, the smallest data-parallel kernel.
//
// Shows: LOOM_ACCEL on a function, LOOM_STREAM inputs read once in order,
// LOOM_PARALLEL on a loop whose iterations are independent. Each element is
// one addition, so the kernel's result equals the reference bit for bit.
//
//   loom-clang++ -O2 vecadd.cpp -o vecadd
//   LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory ./vecadd --small
#include <loom/loom.h>

#include "sample.h"

#include <vector>

LOOM_ACCEL()
void vecadd(LOOM_STREAM const float *__restrict a,
            LOOM_STREAM const float *__restrict b, float *__restrict c, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

static void vecaddReference(const float *a, const float *b, float *c, int n) {
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

int main(int argc, char **argv) {
  const int n = sample::smallMode(argc, argv) ? 256 : 16384;
  std::vector<float> a(n), b(n), c(n), expected(n);
  sample::Lcg lcg(1);
  for (int i = 0; i < n; ++i) {
    a[i] = lcg.nextFloat(-100.0f, 100.0f);
    b[i] = lcg.nextFloat(-100.0f, 100.0f);
  }
  vecadd(a.data(), b.data(), c.data(), n);
  vecaddReference(a.data(), b.data(), expected.data(), n);

  sample::Checker check("vecadd");
  check.sameBits("c", c.data(), expected.data(), n);
  sample::Checksum sum;
  sum.add(c.data(), n);
  return check.finish(sum);
}
