// LOOM_PARALLEL on loops with an indirect index: idx is a permutation, so
// the iterations are independent, but the dependence analysis cannot know
// it. The hint is trusted (no warning), the loops become parallel loops,
// the -Rpass-analysis remark says what could not be proven, and the results
// equal the native reference's on host, emu and sim.
//
// RUN: %loom-clangxx -O2 -Werror -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=NOWARN < %t.err
// NOWARN-NOT: LOOM_PARALLEL ignored
// NOWARN-NOT: loom-hint
// RUN: FileCheck %s --check-prefix=TRUSTED < %t.err
// TRUSTED-DAG: remark: kernel 'scatter_update': loop becomes an effect-form scf.forall: LOOM_PARALLEL asserts independent iterations, which the analysis could not prove: the index of 'a[idx[i]]' (line 28) is not an affine function of the induction variables (indirect or data-dependent)
// TRUSTED-DAG: remark: kernel 'gather': loop becomes an effect-form scf.forall: LOOM_PARALLEL asserts independent iterations, which the analysis could not prove: 'out[i]' (line 36) and 'idx[i]' (line 36) may access the same memory (the pointers are not __restrict); 'out[i]' (line 36) and 'in[idx[i]]' (line 36) may access the same memory (the pointers are not __restrict)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: a[0] = 9 a[31] = -30 checksum = 588a9894 PASS
// CHECK-NEXT: out[0] = 106 out[31] = -65 checksum = 0f70cc90 PASS

#include <loom/loom.h>

#include <cstdio>

// In place through a permutation: each element is updated once.
LOOM_ACCEL()
void scatter_update(int *__restrict a, const int *__restrict idx,
                    const int *__restrict v, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    a[idx[i]] = a[idx[i]] * 2 + v[i];
}

// A gather, without __restrict.
LOOM_ACCEL()
void gather(int *out, const int *in, const int *idx, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    out[i] = in[idx[i]] * 3 + 1;
}

static unsigned checksum(const int *a, int n) {
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(a[i]);
  return sum;
}

int main() {
  const int n = 32;
  int a[n], want[n], idx[n], v[n], in[n], out[n], ref[n];
  for (int i = 0; i < n; ++i) {
    idx[i] = (i * 13 + 5) % n;
    v[i] = i * i - 40;
    a[i] = want[i] = i % 7;
    in[i] = 50 - 3 * i;
  }
  scatter_update(a, idx, v, n);
  gather(out, in, idx, n);
  // The native reference.
  for (int i = 0; i < n; ++i)
    want[idx[i]] = want[idx[i]] * 2 + v[i];
  for (int i = 0; i < n; ++i)
    ref[i] = in[idx[i]] * 3 + 1;
  bool okA = true, okOut = true;
  for (int i = 0; i < n; ++i) {
    okA = okA && a[i] == want[i];
    okOut = okOut && out[i] == ref[i];
  }
  std::printf("a[0] = %d a[31] = %d checksum = %08x %s\n", a[0], a[31],
              checksum(a, n), okA ? "PASS" : "FAIL");
  std::printf("out[0] = %d out[31] = %d checksum = %08x %s\n", out[0],
              out[31], checksum(out, n), okOut ? "PASS" : "FAIL");
  return 0;
}
