// The kernels of the install test's program (kernels.cpp).
#ifndef LOOM_INSTALL_TEST_KERNELS_H
#define LOOM_INSTALL_TEST_KERNELS_H

void scaleAdd(const float *x, float *y, float a, int n);
float dot(const float *x, const float *y, int n);

#endif
