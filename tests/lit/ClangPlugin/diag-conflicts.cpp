// Hints on one loop, function or declaration may neither repeat (whatever
// their arguments) nor contradict each other (LOOM_PARALLEL with
// LOOM_NO_PARALLEL, LOOM_UNROLL with LOOM_NO_UNROLL, LOOM_ACCEL or
// `candidate` with LOOM_NO_ACCEL, in either order). The error is at the
// later hint and names both. Different trip-count forms may be combined.
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

void conflicts(int *p, int n) {
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: hint 'no_parallel' conflicts with hint 'parallel' on the same loop
  LOOM_PARALLEL(4)
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: hint 'parallel' conflicts with hint 'no_parallel' on the same loop
  LOOM_NO_PARALLEL
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: hint 'no_unroll' conflicts with hint 'unroll' on the same loop
  LOOM_UNROLL(2)
  LOOM_NO_UNROLL
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+3]]:3: error: hint 'unroll' conflicts with hint 'no_unroll' on the same loop
  LOOM_NO_UNROLL
  LOOM_TRIPCOUNT(8)
  LOOM_UNROLL()
  while (n-- > 0) p[n] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:14: error: hint 'no_parallel' conflicts with hint 'parallel' on the same loop
#pragma loom parallel(2, contiguous)
#pragma loom no_parallel
  do {
    ++n;
  } while (n < 4);
}

void duplicates(int *p, int n) {
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: duplicate hint 'tripcount' on the same loop
  LOOM_TRIPCOUNT(4)
  LOOM_TRIPCOUNT(8)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+3]]:3: error: duplicate hint 'parallel' on the same loop
  LOOM_PARALLEL(2)
  LOOM_UNROLL(2)
  LOOM_PARALLEL(4, interleaved)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: duplicate hint 'no_unroll' on the same loop
  LOOM_NO_UNROLL
  LOOM_NO_UNROLL
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:14: error: duplicate hint 'tripcount_range' on the same loop
  LOOM_TRIPCOUNT_RANGE(1, 8)
#pragma loom tripcount_range(1, 8)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: duplicate hint 'unroll' on the same loop
#pragma loom unroll
  LOOM_UNROLL()
  for (int i = 0; i < n; ++i) p[i] = 0;

  // Different hints, including all trip-count forms, combine: no error.
  LOOM_PARALLEL(2)
  LOOM_UNROLL(4)
  LOOM_TRIPCOUNT(16)
  LOOM_TRIPCOUNT_RANGE(1, 32)
  LOOM_TRIPCOUNT_TYPICAL(16, 1, 32)
  LOOM_TRIPCOUNT_FULL(16, 16, 1, 32)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // The same hint on two different loops is no duplicate.
  LOOM_PARALLEL(2)
  for (int i = 0; i < n; ++i)
    LOOM_PARALLEL(2)
    for (int j = 0; j < n; ++j) p[j] = i;
}

// --- functions and declarations: a conflict goes both ways (either hint
// names the other), and the error is always at the later hint ---
// CHECK: diag-conflicts.cpp:[[@LINE+2]]:14: error: hint 'candidate' conflicts with hint 'no_accel' on the same function
LOOM_NO_ACCEL
#pragma loom candidate
void noAccelThenCandidate(int *p) { p[0] = 1; }
// CHECK: diag-conflicts.cpp:[[@LINE+2]]:1: error: hint 'no_accel' conflicts with hint 'candidate' on the same function
#pragma loom candidate
LOOM_NO_ACCEL
void candidateThenNoAccel(int *p) { p[0] = 1; }
// CHECK: diag-conflicts.cpp:[[@LINE+2]]:1: error: hint 'no_accel' conflicts with hint 'accel' on the same function
LOOM_ACCEL()
LOOM_NO_ACCEL
void accelThenNoAccel() {}
// CHECK: diag-conflicts.cpp:[[@LINE+2]]:1: error: duplicate hint 'accel' on the same function
LOOM_ACCEL()
LOOM_KERNEL("second")
void twoNames() {}
// CHECK: diag-conflicts.cpp:[[@LINE+1]]:29: error: duplicate hint 'stream' on the same declaration
void twoStreams(LOOM_STREAM LOOM_STREAM int *p) { p[0] = 0; }
void twoOnLocal() {
  // CHECK: diag-conflicts.cpp:[[@LINE+2]]:3: error: duplicate hint 'memory_bank' on the same declaration
  LOOM_MEMORY_BANK(2)
  LOOM_MEMORY_BANK(4) int banked[8];
  banked[0] = 0;
}
