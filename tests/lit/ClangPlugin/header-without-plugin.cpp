// Without loom-clang++ (no __LOOM_CLANG__, no plugin) <loom/loom.h> turns
// every macro into nothing: the program is plain C++, builds warning-free,
// and no Loom pragma or carrier reaches the compiler.
//
// RUN: %clangxx -I%loom_src_root/hints-header/include -E -P %s | FileCheck %s --implicit-check-not=loom --implicit-check-not=LOOM
// RUN: %clangxx -I%loom_src_root/hints-header/include -fsyntax-only -Wall -Wextra -Werror %s
// RUN: %clangxx -x c -std=c11 -I%loom_src_root/hints-header/include -fsyntax-only -Wall -Wextra -Werror %s
// Under loom-clang++ the same macros are hints.
// RUN: %loom-clangxx -dM -E %s | FileCheck %s --check-prefix=LOOM
// LOOM-DAG: #define __LOOM_CLANG__ 1
// LOOM-DAG: #define LOOM_PARALLEL(...) LOOM_PRAGMA_(parallel(__VA_ARGS__))

#include <loom/loom.h>

// CHECK: void kernel({{ *}}const float *in, float *out, int n) {
LOOM_ACCEL("kernel")
LOOM_TARGET("spatial")
void kernel(LOOM_STREAM const float *in, LOOM_MEMORY_BANK(2, cyclic) float *out, int n) {
  // CHECK-NEXT: float sum = 0;
  LOOM_REDUCE(+) float sum = 0;
  // CHECK-NEXT: for (int i = 0; i < n; ++i)
  LOOM_PARALLEL(4, contiguous)
  LOOM_UNROLL(2)
  LOOM_TRIPCOUNT_FULL(16, 16, 1, 64)
  for (int i = 0; i < n; ++i)
    sum += in[i];
  out[0] = sum;
}
