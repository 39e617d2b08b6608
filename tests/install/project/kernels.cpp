// Two kernels in a translation unit of their own: main.cpp calls them as
// ordinary functions, and the runtime decides where each call runs.
#include "kernels.h"

#include <loom/loom.h>

LOOM_ACCEL()
void scaleAdd(const float *__restrict x, float *__restrict y, float a, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

LOOM_ACCEL()
float dot(const float *x, const float *y, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}
