// Kernels the runtime cannot launch stay native functions and still compute
// the right values: a class passed by value in memory (byval) and a
// variadic kernel. Each gets a remark that names the kernel and says why.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom %s -o %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not="'sumPair' cannot"
// RUN: %t.exe | FileCheck %s
// RUN: %loom-clangxx -O0 %s -o %t.O0.exe
// RUN: %t.O0.exe | FileCheck %s
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// CHECK: sumBig 10
// CHECK-NEXT: sum 6
// CHECK-NEXT: pair 3
// CHECK-NEXT: PASS
//
// REMARK-DAG: native-kernels.cpp:[[#]]:6: remark: kernel 'sumBig' cannot be launched through the runtime and stays a native function: argument 'v' (#0) is passed by value in memory (byval), which the runtime cannot pass; pass it by pointer or reference [-Rpass-missed=loom]
// REMARK-DAG: native-kernels.cpp:[[#]]:5: remark: kernel 'sum' cannot be launched through the runtime and stays a native function: it takes a variable number of arguments [-Rpass-missed=loom]
// A class passed in registers is fine: that kernel goes through the runtime.
//
// Under the emulator with mandatory offload (every kernel must run as its
// dataflow program) the output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff %t.native.txt -
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s

#include <loom/loom.h>

#include <cstdarg>
#include <cstdio>

struct Big {
  long a, b, c, d;
};
struct Pair {
  int x, y;
};

LOOM_ACCEL()
long sumBig(Big v) { return v.a + v.b + v.c + v.d; }

LOOM_ACCEL()
int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

LOOM_ACCEL()
int sumPair(Pair p) { return p.x + p.y; }

int main() {
  Big big{1, 2, 3, 4};
  long b = sumBig(big);
  int s = sum(3, 1, 2, 3);
  int p = sumPair(Pair{1, 2});
  std::printf("sumBig %ld\nsum %d\npair %d\n", b, s, p);
  bool ok = b == 10 && s == 6 && p == 3;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
