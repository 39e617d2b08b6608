// saxpy: y = a * x + y on a CGRA kernel, checked against a native reference.
//
//   loom-clang++ -O2 saxpy.cpp -o saxpy
//   LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=report.json ./saxpy
//
// The kernel is compiled ahead of time to a dataflow program; under
// LOOM_BACKEND=emu the runtime runs that program on the token-level emulator.
#include <loom/loom.h>

#include <cstdio>

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

int main() {
  constexpr int n = 64;
  float x[n], y[n], expected[n];
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = expected[i] = 100.0f - i;
  }
  saxpy(x, y, 3.0f, n);
  saxpyReference(x, expected, 3.0f, n);
  for (int i = 0; i < n; ++i)
    if (y[i] != expected[i]) {
      std::printf("saxpy: FAIL at %d: %g != %g\n", i, y[i], expected[i]);
      return 1;
    }
  std::printf("saxpy: PASS (y[%d] = %g)\n", n - 1, y[n - 1]);
  return 0;
}
