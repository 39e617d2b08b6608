// The program the install test builds against an installed Loom: y = a*x + y
// and a dot product, on whatever LOOM_BACKEND selects, checked against a
// native reference. Prints PASS, or FAIL and exits with 1.
#include "kernels.h"

#include <cstdio>

int main() {
  constexpr int n = 256;
  float x[n], y[n], expected[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i % 13) - 6.0f;
    y[i] = expected[i] = 0.25f * float(i % 9);
  }
  scaleAdd(x, y, 1.5f, n);
  float result = dot(x, y, n);

  float expectedDot = 0.0f;
  for (int i = 0; i < n; ++i) {
    expected[i] = 1.5f * x[i] + expected[i];
    expectedDot += x[i] * expected[i];
  }
  for (int i = 0; i < n; ++i)
    if (y[i] != expected[i]) {
      std::printf("FAIL: y[%d] = %g, expected %g\n", i, y[i], expected[i]);
      return 1;
    }
  if (result != expectedDot) {
    std::printf("FAIL: dot = %g, expected %g\n", result, expectedDot);
    return 1;
  }
  std::printf("dot = %g\nPASS\n", result);
  return 0;
}
