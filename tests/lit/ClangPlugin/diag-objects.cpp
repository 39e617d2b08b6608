// Hints that need a particular kind of object: LOOM_REDUCE needs a scalar
// (arithmetic) accumulator, possibly by reference, and an integer one for
// `& | ^`; target "rom" needs a const object (for a pointer or array: const
// elements); LOOM_STREAM and LOOM_MEMORY_BANK need a pointer or an array.
// Each error is at the hint and names the object and its type.
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

struct Pair {
  int a, b;
};

// --- LOOM_REDUCE on a non-scalar ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: LOOM_REDUCE needs a scalar accumulator; 'acc' has type 'int *'
void r1(LOOM_REDUCE(+) int *acc) { *acc = 0; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: LOOM_REDUCE needs a scalar accumulator; 'pair' has type 'Pair &'
void r2(LOOM_REDUCE(max) Pair &pair) { pair.a = 0; }
void r3() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: error: LOOM_REDUCE needs a scalar accumulator; 'sums' has type 'int[4]'
  LOOM_REDUCE(+) int sums[4] = {};
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: error: LOOM_REDUCE needs a scalar accumulator; 'p' has type 'Pair'
  LOOM_REDUCE(*) Pair p{};
  // CHECK: diag-objects.cpp:[[@LINE+1]]:14: error: LOOM_REDUCE needs a scalar accumulator; 'q' has type 'const char *'
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
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: error: target "rom" needs a const object; 'table' has type 'int[4]'
LOOM_TARGET("rom") int table[4] = {1, 2, 3, 4};
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: error: target "rom" needs a const object; 'scale' has type 'float'
LOOM_TARGET("rom") float scale = 2.0f;
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: target "rom" needs a const object; 'p' has type 'int *'
void t1(LOOM_TARGET("rom") int *p) { p[0] = 0; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: target "rom" needs a const object; 'p' has type 'int *const'
void t2(LOOM_TARGET("rom") int *const p) { p[0] = 0; }
void t3() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:14: error: target "rom" needs a const object; 'local' has type 'short[2]'
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
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: LOOM_REDUCE(&) needs an integer or bool accumulator; 'f' has type 'float'
void b1(LOOM_REDUCE(&) float f) { (void)f; }
void b2() {
  // CHECK: diag-objects.cpp:[[@LINE+1]]:3: error: LOOM_REDUCE(^) needs an integer or bool accumulator; 'd' has type 'double'
  LOOM_REDUCE(^) double d = 0;
  (void)d;
}

// --- streams and banks are arrays (or what a pointer points to) ---
// CHECK: diag-objects.cpp:[[@LINE+1]]:9: error: hint 'stream' needs a pointer or an array; 'n' has type 'int'
void s1(LOOM_STREAM int n) { (void)n; }
// CHECK: diag-objects.cpp:[[@LINE+1]]:1: error: hint 'memory_bank' needs a pointer or an array; 'scalar' has type 'double'
LOOM_MEMORY_BANK(2) double scalar;
void sOk(LOOM_STREAM const int *in, LOOM_MEMORY_BANK(2) int (&arr)[8]) {
  LOOM_STREAM LOOM_MEMORY_BANK(2) int local[4] = {};
  arr[0] = in[0] + local[0];
}
