// Malformed hints rejected by the `#pragma loom` handler, before parsing
// continues: unknown hint names, malformed syntax, too few or too many
// arguments. Each error is at the hint's own location: the macro for LOOM_*
// spellings, the offending token for `#pragma loom` spellings. The rejected
// hint is dropped, so nothing else is reported for the code after it.
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

void hints(int *p, int n) {
  // --- unknown hint (names are case-sensitive) ---
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:14: error: unknown Loom hint 'bogus'; see docs/hints.md for the accepted hints
#pragma loom bogus
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:14: error: unknown Loom hint 'Parallel'; see docs/hints.md for the accepted hints
#pragma loom Parallel(4)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- malformed ---
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:14: error: malformed hint 'loom': expected a hint name after '#pragma loom'
#pragma loom 42
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:13: error: malformed hint 'loom': expected a hint name after '#pragma loom'
#pragma loom
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:23: error: malformed hint 'parallel': unexpected tokens after the hint
#pragma loom parallel 4
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:24: error: malformed hint 'unroll': unexpected tokens after the hint
#pragma loom unroll(2) (3)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:22: error: malformed hint 'parallel': missing ')'
#pragma loom parallel(4, contiguous
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: malformed hint 'parallel': empty argument
  LOOM_PARALLEL(4,)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:30: error: malformed hint 'tripcount_range': empty argument
#pragma loom tripcount_range(, 4)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- too few arguments ---
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'tripcount' needs at least 1 argument(s), got 0
  LOOM_TRIPCOUNT()
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'tripcount_range' needs at least 2 argument(s), got 1
  LOOM_TRIPCOUNT_RANGE(1)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'tripcount_typical' needs at least 3 argument(s), got 2
  LOOM_TRIPCOUNT_TYPICAL(4, 1)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:14: error: hint 'tripcount_full' needs at least 4 argument(s), got 3
#pragma loom tripcount_full(4, 4, 1)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- too many arguments ---
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'unroll' takes at most 1 argument(s), got 2
  LOOM_UNROLL(1, 2)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'parallel' takes at most 2 argument(s), got 3
  LOOM_PARALLEL(4, contiguous, 2)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:3: error: hint 'tripcount_full' takes at most 4 argument(s), got 5
  LOOM_TRIPCOUNT_FULL(4, 4, 1, 8, 9)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-syntax.cpp:[[@LINE+1]]:14: error: hint 'no_parallel' takes at most 0 argument(s), got 1
#pragma loom no_parallel(2)
  for (int i = 0; i < n; ++i) p[i] = 0;
}

// Function and parameter hints count their arguments too.
// CHECK: diag-syntax.cpp:[[@LINE+1]]:1: error: hint 'target' needs at least 1 argument(s), got 0
LOOM_TARGET()
void s4() {}
// CHECK: diag-syntax.cpp:[[@LINE+1]]:1: error: hint 'accel' takes at most 1 argument(s), got 2
LOOM_KERNEL("a", "b")
void s5() {}
// CHECK: diag-syntax.cpp:[[@LINE+1]]:9: error: hint 'stream' takes at most 0 argument(s), got 1
void s6(_Pragma("loom stream(2)") int *p) { p[0] = 0; }
