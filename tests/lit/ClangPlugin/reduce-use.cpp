// LOOM_REDUCE(op) on a variable that no loop accumulates into with `op` is
// a -Wloom-hint warning and the hint is ignored (it does not reach the IR);
// accumulators written `acc += x`, `acc = acc * x`, `acc = x > acc ? x :
// acc`, `acc = std::min(acc, x)` and `++acc` are accepted, and a variable
// no loop touches is left alone. The program builds and runs as written.
//
// RUN: %loom-clangxx -O2 %s -o %t 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %t | FileCheck %s --check-prefix=OUT
// RUN: %loom-clangxx -O0 -S -emit-llvm %s -o - 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=IR
// RUN: not %loom-clangxx -fsyntax-only -Werror=loom-hint %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR

#include <loom/loom.h>

#include <algorithm>
#include <cstdio>

int accumulate(const int *a, int n) {
  LOOM_REDUCE(+) int sum = 0;
  LOOM_REDUCE(*) int product = 1;
  LOOM_REDUCE(max) int best = 0;
  LOOM_REDUCE(min) int least = 1000;
  LOOM_REDUCE(+) int count = 0;
  LOOM_REDUCE(+) int untouched = 7;
  // CHECK: reduce-use.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE(*) ignored: the loop updates 'mixed' with '+', not '*' [-Wloom-hint]
  LOOM_REDUCE(*) int mixed = 1;
  // CHECK: reduce-use.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE(+) ignored: a loop reads 'seed' but does not accumulate into it [-Wloom-hint]
  LOOM_REDUCE(+) int seed = 3;
  // ERR: error: LOOM_REDUCE(*) ignored: the loop updates 'mixed' with '+', not '*' [-Werror=loom-hint]
  for (int i = 0; i < n; ++i) {
    sum += a[i];
    product = product * (a[i] % 3 + 1);
    best = a[i] > best ? a[i] : best;
    least = std::min(least, a[i]);
    ++count;
    mixed = mixed + a[i];
    sum += seed;
  }
  return sum + product + best + least + count + untouched + mixed;
}

int main() {
  int a[6] = {4, 8, 15, 16, 23, 42};
  // OUT: 330
  std::printf("%d\n", accumulate(a, 6));
}

// The ignored hints are not in the IR; the others are.
// IR-DAG: !{!"reduce", !"+"}
// IR-DAG: !{!"reduce", !"max"}
