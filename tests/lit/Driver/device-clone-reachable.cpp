// The device copy of a kernel holds the functions and globals the kernel
// reaches, not the whole translation unit: a function elsewhere in the file
// with a static table of label addresses (`&&label`, a blockaddress in a
// global's initializer) once crashed the clone, which kept the table but
// not the function its labels belong to.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// CHECK: plain 3 labels 1

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
int plain(const int *a, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += a[i];
  return sum;
}

int labels(int op) {
  static void *table[] = {&&one, &&two};
  goto *table[op];
one:
  return 1;
two:
  return 2;
}

int main() {
  int a[2] = {1, 2};
  std::printf("plain %d labels %d\n", plain(a, 2), labels(0));
  return 0;
}
