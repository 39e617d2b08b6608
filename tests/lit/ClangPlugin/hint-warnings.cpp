// A hint that does not fit what it annotates is a -Wloom-hint warning, and
// the hint is ignored: it reaches neither the IR nor the device path, and
// the program builds and runs as written. The warnings follow clang's flags:
// -Wno-loom-hint, -Werror=loom-hint, -Wno-error=loom-hint (the last one
// wins; the driver turns them into the plugin argument hint-warnings=), -w
// and -Werror. Malformed or misplaced hints stay errors (diag-*.cpp).
//
// RUN: %loom-clangxx -O2 %s -o %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %t
// RUN: %loom-clangxx -O0 -S -emit-llvm %s -o %t.ll 2>/dev/null
// RUN: FileCheck %s --check-prefix=IR < %t.ll
//
// RUN: %loom-clangxx -fsyntax-only %s -Wno-loom-hint 2>&1 | count 0
// RUN: %loom-clangxx -fsyntax-only %s -w 2>&1 | count 0
// RUN: %loom-clangxx -fsyntax-only %s -Werror=loom-hint -w 2>&1 | count 0
// RUN: %loom-clangxx -fsyntax-only %s -Werror=loom-hint -Wno-loom-hint 2>&1 | count 0
// RUN: not %loom-clangxx -fsyntax-only %s -Werror=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not %loom-clangxx -fsyntax-only %s -Wno-loom-hint -Werror=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: not %loom-clangxx -fsyntax-only %s -Werror 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WERROR
// RUN: %loom-clangxx -fsyntax-only %s -Werror -Wno-error=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// RUN: %loom-clangxx -fsyntax-only %s -Werror=loom-hint -Wno-error=loom-hint 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// The plugin argument, for clang++ with the plugin loaded directly.
// RUN: not %clangxx -fsyntax-only -I %loom_include -D__LOOM_CLANG__=1 \
// RUN:   -fplugin=%loom_include/../lib/LoomPlugin.so -fplugin-arg-loom-hint-warnings=error %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// RUN: %clangxx -fsyntax-only -I %loom_include -D__LOOM_CLANG__=1 \
// RUN:   -fplugin=%loom_include/../lib/LoomPlugin.so -fplugin-arg-loom-hint-warnings=off %s 2>&1 | count 0
//
// ERROR: hint-warnings.cpp:[[# @LINE + 11]]:17: error: LOOM_REDUCE needs a scalar accumulator; 'sum' has type 'int *'; the hint is ignored [-Werror=loom-hint]
// WERROR: hint-warnings.cpp:[[# @LINE + 10]]:17: error: LOOM_REDUCE needs a scalar accumulator; 'sum' has type 'int *'; the hint is ignored [-Werror,-Wloom-hint]

#include <loom/loom.h>

// IR-LABEL: define {{.*}}@_Z10accumulatePiPKii(
// IR-SAME: ptr noundef %{{[0-9]+}}, ptr noundef "loom.stream" %{{[0-9]+}}, i32
// IR-NOT: loom.reduce
// IR: ret void
// The pointer is the accumulator's address: LOOM_REDUCE goes on the scalar.
// WARN: hint-warnings.cpp:[[@LINE+1]]:17: warning: LOOM_REDUCE needs a scalar accumulator; 'sum' has type 'int *'; the hint is ignored [-Wloom-hint]
void accumulate(LOOM_REDUCE(+) int *sum, LOOM_STREAM const int *a, int n) {
  for (int i = 0; i < n; ++i)
    *sum += a[i];
}

// IR-LABEL: define {{.*}}@_Z3mixPKfi(
// IR-NOT: !loom.hints
// IR: ret float
float mix(const float *a, int n) {
  // WARN: hint-warnings.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE(|) needs an integer or bool accumulator; 'acc' has type 'float'; the hint is ignored [-Wloom-hint]
  LOOM_REDUCE(|) float acc = 0;
  for (int i = 0; i < n; ++i)
    acc += a[i];
  return acc;
}

// IR-LABEL: define {{.*}}@_Z6scaledi(
// IR-SAME: i32 noundef %{{[0-9]+}})
// WARN: hint-warnings.cpp:[[@LINE+1]]:12: warning: hint 'stream' needs a pointer or an array; 'factor' has type 'int'; the hint is ignored [-Wloom-hint]
int scaled(LOOM_STREAM int factor) { return factor * 2; }

// A declaration's hint is ignored in the definition too, which inherits it.
// WARN: hint-warnings.cpp:[[@LINE+1]]:14: warning: hint 'memory_bank' needs a pointer or an array; 'n' has type 'int'; the hint is ignored [-Wloom-hint]
int declared(LOOM_MEMORY_BANK(2) int n);
// IR-LABEL: define {{.*}}@_Z8declaredi(
// IR-SAME: i32 noundef %{{[0-9]+}})
int declared(int n) { return n + 1; }

// IR-NOT: @table{{.*}}!loom.hints
// WARN: hint-warnings.cpp:[[@LINE+1]]:1: warning: target "rom" needs a const object; 'table' has type 'int[4]'; the hint is ignored [-Wloom-hint]
LOOM_TARGET("rom") int table[4] = {1, 2, 3, 4};

// Per instantiation: the int one keeps its hint, the pointer one loses it.
// (Instantiations are checked at the end of the file: the warning is last.)
template <typename T> T total(const T *a, int n) {
  LOOM_REDUCE(max) T acc = T();
  for (int i = 0; i < n; ++i)
    acc = a[i] > acc ? a[i] : acc;
  return acc;
}

// A loop whose condition is always false never repeats: each hint on it is
// ignored, and none moves on to the next loop.
// IR-LABEL: define {{.*}}@_Z4oncePi(
// IR: br {{.*}}!llvm.loop ![[NEXT:[0-9]+]]
int once(int *p) {
  // WARN: hint-warnings.cpp:[[@LINE+2]]:3: warning: loop hint 'tripcount' precedes a 'do' loop whose condition is always false, so it never repeats; the hint is ignored [-Wloom-hint]
  // WARN: hint-warnings.cpp:[[@LINE+2]]:3: warning: loop hint 'parallel' precedes a 'do' loop whose condition is always false, so it never repeats; the hint is ignored [-Wloom-hint]
  LOOM_TRIPCOUNT(3)
  LOOM_PARALLEL(2)
  do {
    p[0] += 1;
  } while (false);
  LOOM_UNROLL(2)
  for (int i = 0; i < 4; ++i)
    p[i] += i;
  // WARN: hint-warnings.cpp:[[@LINE+1]]:3: warning: loop hint 'unroll' precedes a 'while' loop whose condition is always false, so it never repeats; the hint is ignored [-Wloom-hint]
  LOOM_UNROLL(2)
  while (0)
    p[0] = 9;
  // WARN: hint-warnings.cpp:[[@LINE+1]]:14: warning: loop hint 'candidate' precedes a 'for' loop whose condition is always false, so it never repeats; the hint is ignored [-Wloom-hint]
#pragma loom candidate
  for (int i = 0; 1 > 2; ++i)
    p[i] = 7;
  return p[0];
}
// WARN: hint-warnings.cpp:81:3: warning: LOOM_REDUCE needs a scalar accumulator; 'acc' has type 'const int *'; the hint is ignored [-Wloom-hint]

// IR-LABEL: define {{.*}}@_Z5totalIiET_PKS0_i(
// IR: alloca i32, align 4, !loom.hints
// IR-LABEL: define {{.*}}@_Z5totalIPKiET_PKS2_i(
// IR-NOT: !loom.hints
// IR: ret ptr

// IR: ![[NEXT]] = distinct !{![[NEXT]], {{.*}}![[UNROLL:[0-9]+]]}
// IR: ![[UNROLL]] = !{!"loom.unroll", i32 2, !"{{.*}}hint-warnings.cpp:[[# @LINE - 22]]:3"}
// IR-NOT: loom.tripcount
// IR-NOT: loom.parallel
// Only the kept LOOM_REDUCE(max) of total<int> tags the loop updating it.
// IR-NOT: !"loom.reduce", !"{{[+|]}}"
// IR-NOT: loom.kernel

int main() {
  int sum = 0;
  const int a[4] = {1, 2, 3, 4};
  accumulate(&sum, a, 4);
  const float f[2] = {1, 2};
  int p[4] = {0, 0, 0, 0};
  const int *ptrs[2] = {a, a + 1};
  bool ok = sum == 10 && mix(f, 2) == 3 && scaled(3) == 6 &&
            declared(1) == 2 && table[2] == 3 && total(a, 4) == 4 &&
            total(ptrs, 2) == a + 1 && once(p) == 1 && p[3] == 3;
  return ok ? 0 : 1;
}
