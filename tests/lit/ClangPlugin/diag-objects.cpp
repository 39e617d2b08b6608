// Hints that need a particular kind of object: LOOM_REDUCE needs a scalar
// (arithmetic) accumulator, possibly by reference, and an integer one for
// `& | ^`; target "rom" needs a const object (for a pointer or array: const
// elements); LOOM_STREAM and LOOM_MEMORY_BANK need a pointer or an array.
// A hint on the wrong kind of object is a -Wloom-hint warning at the hint
// that names the object and its type; the hint is ignored and the file
// compiles (hint-warnings.cpp: the IR, the flags).
//
// RUN: %loom-clangxx -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

struct Pair {
  int a, b;
};

// --- LOOM_REDUCE on a non-scalar ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: LOOM_REDUCE needs a scalar accumulator; 'acc' has type 'int *'; the hint is ignored [-Wloom-hint]
void r1(LOOM_REDUCE(+) int *acc) { *acc = 0; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: LOOM_REDUCE needs a scalar accumulator; 'pair' has type 'Pair &'; the hint is ignored [-Wloom-hint]
void r2(LOOM_REDUCE(max) Pair &pair) { pair.a = 0; }
void r3() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE needs a scalar accumulator; 'sums' has type 'int[4]'; the hint is ignored [-Wloom-hint]
  LOOM_REDUCE(+) int sums[4] = {};
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE needs a scalar accumulator; 'p' has type 'Pair'; the hint is ignored [-Wloom-hint]
  LOOM_REDUCE(*) Pair p{};
  // CHECK: diag-objects.cpp:[[@LINE+1]]:14: warning: LOOM_REDUCE needs a scalar accumulator; 'q' has type 'const char *'; the hint is ignored [-Wloom-hint]
#pragma loom reduce(|)
  const char *q = nullptr;
  (void)sums;
  (void)p;
  (void)q;
}

// Scalars are fine, by value or by reference, integer or floating point.
void rOk(LOOM_REDUCE(+) int &sum, LOOM_REDUCE(min) double lo,
         LOOM_REDUCE(^) unsigned char bits) {
  LOOM_REDUCE(max) float best = 0;
  LOOM_REDUCE(&) bool all = true;
  sum += int(lo + best) + bits + all;
}

// --- target "rom" on a non-const object ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: warning: target "rom" needs a const object; 'table' has type 'int[4]'; the hint is ignored [-Wloom-hint]
LOOM_TARGET("rom") int table[4] = {1, 2, 3, 4};
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: warning: target "rom" needs a const object; 'scale' has type 'float'; the hint is ignored [-Wloom-hint]
LOOM_TARGET("rom") float scale = 2.0f;
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: target "rom" needs a const object; 'p' has type 'int *'; the hint is ignored [-Wloom-hint]
void t1(LOOM_TARGET("rom") int *p) { p[0] = 0; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: target "rom" needs a const object; 'p' has type 'int *const'; the hint is ignored [-Wloom-hint]
void t2(LOOM_TARGET("rom") int *const p) { p[0] = 0; }
void t3() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:14: warning: target "rom" needs a const object; 'local' has type 'short[2]'; the hint is ignored [-Wloom-hint]
#pragma loom target("rom")
  short local[2] = {1, 2};
  (void)local;
}

// Const objects are fine: const arrays, pointers to const, const scalars.
LOOM_TARGET("rom") const int lut[4] = {1, 2, 3, 4};
LOOM_TARGET("rom") constexpr double kPi = 3.14159;
LOOM_TARGET("rom") const int matrix[2][2] = {{1, 0}, {0, 1}};
void tOk(LOOM_TARGET("rom") const float *weights,
         LOOM_TARGET("rom") const int *const fixed) {
  LOOM_TARGET("rom") static const char names[3] = {'a', 'b', 'c'};
  (void)weights;
  (void)fixed;
  (void)names;
  (void)lut;
  (void)kPi;
  (void)matrix;
}

// --- a bitwise reduction needs an integer (or bool) accumulator ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: LOOM_REDUCE(&) needs an integer or bool accumulator; 'f' has type 'float'; the hint is ignored [-Wloom-hint]
void b1(LOOM_REDUCE(&) float f) { (void)f; }
void b2() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE(^) needs an integer or bool accumulator; 'd' has type 'double'; the hint is ignored [-Wloom-hint]
  LOOM_REDUCE(^) double d = 0;
  (void)d;
}

// --- streams and banks are arrays (or what a pointer points to) ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: warning: hint 'stream' needs a pointer or an array; 'n' has type 'int'; the hint is ignored [-Wloom-hint]
void s1(LOOM_STREAM int n) { (void)n; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: warning: hint 'memory_bank' needs a pointer or an array; 'scalar' has type 'double'; the hint is ignored [-Wloom-hint]
LOOM_MEMORY_BANK(2) double scalar;
void sOk(LOOM_STREAM const int *in, LOOM_MEMORY_BANK(2) int (&arr)[8]) {
  LOOM_STREAM LOOM_MEMORY_BANK(2) int local[4] = {};
  arr[0] = in[0] + local[0];
}
