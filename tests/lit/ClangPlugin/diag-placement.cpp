// Hints in the wrong place: a loop hint not followed by a loop, a function
// hint not on a function definition, a parameter/variable hint on something
// else, and a target on the wrong kind of entity. Each error is at the hint's
// own location and names what was found instead. (Misplacements the pragma
// handler sees before parsing: diag-placement-tokens.cpp and the other
// diag-placement-*.cpp; a loop that never repeats: hint-warnings.cpp.)
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

// --- loop hints ---
int loops(int *p, int n) {
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'parallel' must be followed by a loop; found a statement of kind 'BinaryOperator'
  LOOM_PARALLEL(4)
  n = n + 1;
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'unroll' must be followed by a loop; found an empty statement
  LOOM_UNROLL(2)
  ;
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'tripcount' must be followed by a loop; found a statement of kind 'CompoundStmt'
  LOOM_TRIPCOUNT(8)
  {
    for (int i = 0; i < n; ++i) p[i] = 0;
  }
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'no_parallel' must be followed by a loop; found a statement of kind 'SwitchStmt'
  LOOM_NO_PARALLEL
  switch (n) {
  case 1:
    p[0] = 1;
  }
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'no_unroll' must be followed by a loop; found a statement of kind 'IfStmt'
  LOOM_NO_UNROLL
  if (n > 2)
    p[2] = 2;
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'parallel' must be followed by a loop; found a statement of kind 'LabelStmt'
  LOOM_PARALLEL()
again:
  for (int i = 0; i < n; ++i) p[i] = 1;
  if (p[0] == 0)
    goto again;
  // Stacked hints before a non-loop: reported once, at the first hint.
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: loop hint 'tripcount_range' must be followed by a loop; found a statement of kind 'CallExpr'
  LOOM_TRIPCOUNT_RANGE(1, 4)
  LOOM_UNROLL(2)
  loops(p, n - 1);
  // CHECK: diag-placement.cpp:[[@LINE+1]]:14: error: loop hint 'tripcount' must be followed by a loop; found a statement of kind 'ReturnStmt'
#pragma loom tripcount(4)
  return n;
}

// --- function hints need a function definition ---
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: function hint 'accel' must precede a function definition; found a declaration without a body of function 'declared'
LOOM_ACCEL()
void declared(int *p);
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: function hint 'target' must precede a function definition; found a declaration without a body of function 'declared2'
LOOM_TARGET("temporal")
void declared2();
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: function hint 'no_accel' must precede a function definition; found variable 'global'
LOOM_NO_ACCEL
int global;
// CHECK: diag-placement.cpp:[[@LINE+1]]:14: error: function hint 'candidate' must precede a function definition; found variable 'global2'
#pragma loom candidate
int global2;
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: function hint 'accel' must precede a function definition; found Typedef declaration 'Alias'
LOOM_KERNEL("k")
typedef int Alias;
void statements(int *p, int n) {
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: function hint 'accel' must precede a function definition; found a statement of kind 'ForStmt'
  LOOM_ACCEL()
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: function hint 'no_accel' must precede a function definition; found variable 'local'
  LOOM_NO_ACCEL
  int local = 0;
  p[0] = local;
}

// --- parameter and variable hints need a parameter or variable ---
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: hint 'stream' must precede a parameter or variable declaration; found the definition of function 'streamed'
LOOM_STREAM
void streamed(int *p) { p[0] = 0; }
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: hint 'reduce' must precede a parameter or variable declaration; found a declaration without a body of function 'reduced'
LOOM_REDUCE(+)
int reduced(int);
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: hint 'memory_bank' must precede a parameter or variable declaration; found Typedef declaration 'Banked'
LOOM_MEMORY_BANK(2)
typedef int Banked[8];
struct Record {
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: hint 'stream' must precede a parameter or variable declaration; found Field declaration 'field'
  LOOM_STREAM int field;
};
int varStatements(int *p, int n) {
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: hint 'stream' must precede a parameter or variable declaration; found a statement of kind 'ForStmt'
  LOOM_STREAM
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-placement.cpp:[[@LINE+1]]:3: error: hint 'reduce' must precede a parameter or variable declaration; found a statement of kind 'ReturnStmt'
  LOOM_REDUCE(+)
  return n;
}

// --- targets: code targets on functions, object targets on objects ---
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: target "rom" applies to objects (parameters and variables), not to the definition of function 'romFunction'
LOOM_TARGET("rom")
void romFunction() {}
// CHECK: diag-placement.cpp:[[@LINE+1]]:14: error: target "extmemory" applies to objects (parameters and variables), not to the definition of function 'extFunction'
#pragma loom target("extmemory")
void extFunction() {}
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: target "spatial" applies to functions, not to variable 'spatialVar'
LOOM_TARGET("spatial") int spatialVar;
// CHECK: diag-placement.cpp:[[@LINE+1]]:1: error: target "pe[1,1]" applies to functions, not to variable 'placedVar'
LOOM_TARGET("pe[1,1]") int placedVar[4];
// CHECK: diag-placement.cpp:[[@LINE+1]]:20: error: target "temporal" applies to functions, not to parameter 'p'
void temporalParam(LOOM_TARGET("temporal") int *p) { p[0] = 0; }

// --- no error: a redeclaration after the definition inherits its hints,
// and a clang loop pragma may come between Loom's loop hints and the loop ---
LOOM_ACCEL()
void redeclared(int *p) { p[0] = 1; }
void redeclared(int *p);
void withClangPragma(int *p, int n) {
  LOOM_PARALLEL(4)
#pragma clang loop unroll(disable)
  for (int i = 0; i < n; ++i) p[i] = i;
}
