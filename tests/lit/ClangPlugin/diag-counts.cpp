// Counts that are expressions are evaluated by Sema; the Loom checker then
// requires an integer constant expression that is positive (non-negative for
// a minimum), and trip-count bounds in order: min <= typical <= max and
// min <= average <= max. Each error is at the hint's own location.
// A non-constant count of a parameter or variable hint is already rejected
// by clang (the annotate attribute needs constant arguments), at the hint.
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

constexpr int kZero = 0;
constexpr int kTwo = 2;
enum { kTen = 10 };

// --- clang: parameter/variable hint arguments must be constant ---
void vars(int n) {
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: 'annotate' attribute requires parameter 1 to be a constant expression
  LOOM_MEMORY_BANK(n) int buf[8];
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: 'annotate' attribute requires parameter 1 to be a constant expression
  LOOM_MEMORY_BANK(n + 1, block) int buf2[8];
  buf[0] = buf2[0] = 0;
}

// --- Loom: loop hint counts ---
void loops(int *p, int n) {
  const int runtime = n;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'parallel' must be an integer constant expression
  LOOM_PARALLEL(n)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be an integer constant expression
  LOOM_UNROLL(runtime)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be an integer constant expression
  LOOM_UNROLL(2.5)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'tripcount' must be an integer constant expression
  LOOM_TRIPCOUNT("8")
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:14: error: argument 2 of hint 'tripcount_range' must be an integer constant expression
#pragma loom tripcount_range(0, n * 2)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 4 of hint 'tripcount_full' must be an integer constant expression
  LOOM_TRIPCOUNT_FULL(4, 4, 1, p[0])
  for (int i = 0; i < n; ++i) p[i] = 0;

  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'parallel' must be a positive integer, got 0
  LOOM_PARALLEL(kZero)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be a positive integer, got -8
  LOOM_UNROLL(kTwo - kTen)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'parallel' must be a positive integer, got 0
  LOOM_PARALLEL(kZero * 4, interleaved)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'tripcount_range' must be a non-negative integer, got -3
  LOOM_TRIPCOUNT_RANGE(kTwo - 5, 4)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:14: error: argument 3 of hint 'tripcount_full' must be a non-negative integer, got -1
#pragma loom tripcount_full(4, 4, kZero - 1, 8)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- trip-count bounds out of order ---
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_range' needs min <= typical <= max and min <= average <= max; got 10, 2
  LOOM_TRIPCOUNT_RANGE(10, 2)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_typical' needs min <= typical <= max and min <= average <= max; got 20, 1, 10
  LOOM_TRIPCOUNT_TYPICAL(20, 1, 10)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_typical' needs min <= typical <= max and min <= average <= max; got 5, 6, 10
  LOOM_TRIPCOUNT_TYPICAL(5, 6, 10)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_full' needs min <= typical <= max and min <= average <= max; got 5, 50, 1, 10
  LOOM_TRIPCOUNT_FULL(5, 50, 1, 10)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_full' needs min <= typical <= max and min <= average <= max; got 11, 5, 1, 10
  LOOM_TRIPCOUNT_FULL(kTen + 1, 5, 1, kTen)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:14: error: hint 'tripcount_full' needs min <= typical <= max and min <= average <= max; got 5, 5, 6, 10
#pragma loom tripcount_full(5, 5, 6, 10)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- values beyond 64 bits are printed exactly ---
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be at most 9223372036854775807, got 18446744073709551615
  LOOM_UNROLL(~0ull)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: hint 'tripcount_range' needs min <= typical <= max and min <= average <= max; got 9223372036854775807, 1
  LOOM_TRIPCOUNT_RANGE(~0ull >> 1, 1)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // Bounds that meet are fine: no error for these.
  LOOM_TRIPCOUNT_RANGE(0, 1)
  LOOM_TRIPCOUNT_TYPICAL(kTen, kTen, kTen)
  for (int i = 0; i < n; ++i) p[i] = 0;
}

// --- Loom: parameter/variable hint counts ---
// CHECK: diag-counts.cpp:[[@LINE+1]]:12: error: argument 1 of hint 'memory_bank' must be a positive integer, got 0
void banks(LOOM_MEMORY_BANK(kZero) int *p) {
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'memory_bank' must be a positive integer, got -8
  LOOM_MEMORY_BANK(kTwo - kTen, cyclic) int buf[4];
  // CHECK: diag-counts.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'memory_bank' must be an integer constant expression
  LOOM_MEMORY_BANK(1.5) int buf2[4];
  buf[0] = buf2[0] = p[0];
}
