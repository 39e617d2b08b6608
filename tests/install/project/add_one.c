/* A C program with a kernel, built by loom-clang (the driver in C mode):
 * adds one to every element, checked against the expected values. */
#include <loom/loom.h>

#include <stdio.h>

LOOM_ACCEL()
void addOne(int *values, int n) {
  for (int i = 0; i < n; ++i)
    values[i] += 1;
}

int main(void) {
  enum { n = 100 };
  int values[n];
  for (int i = 0; i < n; ++i)
    values[i] = 3 * i;
  addOne(values, n);
  for (int i = 0; i < n; ++i)
    if (values[i] != 3 * i + 1) {
      printf("FAIL: values[%d] = %d, expected %d\n", i, values[i], 3 * i + 1);
      return 1;
    }
  printf("PASS\n");
  return 0;
}
