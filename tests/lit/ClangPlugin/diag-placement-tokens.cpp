// Misplaced hints the `#pragma loom` handler sees from the next token alone,
// where the tokens it would inject could not parse (or clang would drop
// them silently): a hint at the end of a block or of the file, and a
// function hint before a class definition. Each is a Loom error at the
// hint, with no clang parse error or warning after it.
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

// --- function hints before a class definition ---
// CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:1: error: function hint 'accel' must precede a function definition; found a 'struct' definition
LOOM_ACCEL()
struct Point {
  int x, y;
};
// CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:14: error: function hint 'candidate' must precede a function definition; found a 'class' definition
#pragma loom candidate
class Derived : public Point {};
// CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:1: error: function hint 'no_accel' must precede a function definition; found an 'enum' definition
LOOM_NO_ACCEL
enum class Color : int { Red };
// A function returning a class is a function: no error.
LOOM_ACCEL()
struct Point *origin(struct Point *p) { return p; }

// --- hints at the end of a block ---
void endOfBlock(int *p) {
  // CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:3: error: loop hint 'unroll' must be followed by a loop; found '}'
  LOOM_UNROLL(2)
}
void endOfBlock2(int *p) {
  p[0] = 1;
  // CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:3: error: hint 'stream' must precede a parameter or variable declaration; found '}'
  LOOM_STREAM
}
struct Members {
  int a;
  // CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:14: error: function hint 'accel' must precede a function definition; found '}'
#pragma loom accel
};

// --- a hint at the end of the file ---
int last;
// CHECK: diag-placement-tokens.cpp:[[@LINE+1]]:1: error: function hint 'no_accel' must precede a function definition; found nothing
LOOM_NO_ACCEL
