// A loop hint at the end of the file is a Loom error at the hint, with
// nothing after it (diag-placement-tokens.cpp: the other hints).
//
// RUN: not %loom-clangxx -fsyntax-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

void f(int *p) { p[0] = 1; }

// CHECK: diag-placement-eof.cpp:[[@LINE+1]]:1: error: loop hint 'parallel' must be followed by a loop; found nothing
LOOM_PARALLEL(4)
