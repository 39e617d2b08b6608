// A function-like hint macro written without its parentheses is not
// expanded, so clang sees an undeclared identifier (or an unknown type
// name): a Loom error at the hint says how to write it, before clang's own.
// The object-like hints (LOOM_STREAM, LOOM_NO_PARALLEL, ...) need none.
//
// RUN: not loom-clang++ -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

#include <loom/loom.h>

void loops(int *a, int n) {
  // CHECK: hint-without-parens.cpp:[[@LINE+2]]:3: error: hint 'LOOM_PARALLEL' is written without its parentheses; write 'LOOM_PARALLEL()'
  // CHECK: hint-without-parens.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'LOOM_PARALLEL'
  LOOM_PARALLEL
  for (int i = 0; i < n; ++i)
    a[i] = i;
  // CHECK: hint-without-parens.cpp:[[@LINE+2]]:3: error: hint 'LOOM_TRIPCOUNT' is written without its parentheses; write 'LOOM_TRIPCOUNT(...)'
  // CHECK: hint-without-parens.cpp:[[@LINE+1]]:3: error: use of undeclared identifier 'LOOM_TRIPCOUNT'
  LOOM_TRIPCOUNT
  for (int i = 0; i < n; ++i)
    a[i] += i;
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i)
    a[i] -= 1;
}

// CHECK: hint-without-parens.cpp:[[@LINE+2]]:1: error: hint 'LOOM_ACCEL' is written without its parentheses; write 'LOOM_ACCEL()'
// CHECK: hint-without-parens.cpp:[[@LINE+1]]:1: error: unknown type name 'LOOM_ACCEL'
LOOM_ACCEL
void kernel(LOOM_STREAM const int *a, int *b) { b[0] = a[0]; }
