// Hints inside a function before statements they cannot go on: a function
// hint at block scope, any hint before a label, a `case` or `default` label,
// `else`, or an asm statement. A label between a loop hint and its loop is
// an error too (put the hint after the label): the hint must be directly
// followed by the loop. Each is one Loom error at the hint and the code
// after it parses as written. `-verify` fails on any other diagnostic.
//
// RUN: %loom-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// A hint after the label is accepted and reaches the loop.
// RUN: %loom-clangxx -O0 -S -emit-llvm -DVALID -o - %s | FileCheck %s

#include <loom/loom.h>

#ifndef VALID
int f(int x) { return x + 1; }

// --- function hints at block scope ---
void functionHints(int *p, int n) {
  LOOM_ACCEL() { p[0] = 1; } // expected-error {{function hint 'accel' must precede a function definition; found a statement of kind 'CompoundStmt'}}
  LOOM_ACCEL() if (n) p[0] = 2; // expected-error {{function hint 'accel' must precede a function definition; found a statement of kind 'IfStmt'}}
  LOOM_NO_ACCEL switch (n) { default: break; } // expected-error {{function hint 'no_accel' must precede a function definition; found a statement of kind 'SwitchStmt'}}
  LOOM_ACCEL() void local(int); // expected-error {{function hint 'accel' must precede a function definition; found a declaration without a body of function 'local'}}
  LOOM_ACCEL() auto twice = [](int v) { return 2 * v; }; // expected-error {{function hint 'accel' must precede a function definition; found variable 'twice'}}
  LOOM_TARGET("spatial") p[1] = f(n); // expected-error {{function hint 'target' must precede a function definition; found an expression statement}}
  LOOM_KERNEL("k") return; // expected-error {{function hint 'accel' must precede a function definition; found a statement of kind 'ReturnStmt'}}
}

// --- labels ---
void labels(int *p, int n) {
  LOOM_PARALLEL(4) // expected-error {{loop hint 'parallel' must be followed by a loop; found a statement of kind 'LabelStmt'}}
first:
  for (int i = 0; i < n; ++i) p[i] = 0;
  LOOM_STREAM second: p[0] = 1; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found a label}}
  LOOM_ACCEL() third: p[1] = 1; // expected-error {{function hint 'accel' must precede a function definition; found a label}}
#pragma loom candidate // expected-error {{function hint 'candidate' must precede a function definition; found a label}}
fourth:
  for (int i = 0; i < n; ++i) p[i] = 2;
  if (p[0] == 7)
    goto first;
  if (p[0] == 8)
    goto second;
  if (p[0] == 9)
    goto third;
  if (p[0] == 10)
    goto fourth;
}

// --- switch labels, `else`, asm ---
void others(int *p, int n) {
  switch (n) {
  LOOM_PARALLEL(2) case 1: // expected-error {{loop hint 'parallel' must be followed by a loop; found a 'case' label}}
    p[0] = 1;
    break;
  LOOM_UNROLL(2) default: // expected-error {{loop hint 'unroll' must be followed by a loop; found a 'default' label}}
    break;
  }
  if (n)
    p[0] = 2;
  LOOM_TRIPCOUNT(4) else p[0] = 3; // expected-error {{loop hint 'tripcount' must be followed by a loop; found 'else'}}
  LOOM_STREAM __asm__("nop"); // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an 'asm' statement}}
  LOOM_PARALLEL(2) __asm__("nop"); // expected-error {{loop hint 'parallel' must be followed by a loop; found a statement of kind 'GCCAsmStmt'}}
}
#else
// CHECK-LABEL: define {{.*}} @_Z11labeledLoopPii(
// CHECK: br {{.*}}!llvm.loop ![[LOOP:[0-9]+]]
void labeledLoop(int *p, int n) {
again:
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i) p[i] += 1;
  if (p[0] < 3)
    goto again;
}
// CHECK: ![[LOOP]] = distinct !{![[LOOP]], {{.*}}![[PAR:[0-9]+]]}
// CHECK: ![[PAR]] = !{!"loom.parallel", i32 4, !"{{.*}}diag-placement-statements.cpp:[[# @LINE - 6]]:3"}
#endif
