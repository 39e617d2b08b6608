// Hints before an expression statement. A loop hint's carrier parses there,
// so the AST checker reports it with the statement's kind. A parameter or
// variable hint, `#pragma loom candidate` or a function hint would become an
// attribute that makes clang read a declaration (`expected unqualified-id`):
// the pragma handler reports it at the hint instead and leaves the statement
// as written. Whether a leading name is a variable, a function or a type is
// looked up where the hint stands, in function bodies as in member functions
// defined in their class (parsed after the class, with later members).
// `-verify` fails on any other diagnostic.
//
// RUN: %loom-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <loom/loom.h>

namespace ns {
inline void g() {}
} // namespace ns

struct Obj {
  int field;
  void set(int v) { field = v; }
};

int f() { return 1; }

// --- loop hints: reported after parsing, with the statement's kind ---
void loopHints(int x, int *p, Obj &obj) {
  LOOM_UNROLL(2) x = 3; // expected-error {{loop hint 'unroll' must be followed by a loop; found a statement of kind 'BinaryOperator'}}
  LOOM_PARALLEL(4) f(); // expected-error {{loop hint 'parallel' must be followed by a loop; found a statement of kind 'CallExpr'}}
  LOOM_TRIPCOUNT(4) ++x; // expected-error {{loop hint 'tripcount' must be followed by a loop; found a statement of kind 'UnaryOperator'}}
  LOOM_NO_UNROLL *p = x; // expected-error {{loop hint 'no_unroll' must be followed by a loop; found a statement of kind 'BinaryOperator'}}
  LOOM_NO_PARALLEL obj.set(x); // expected-error {{loop hint 'no_parallel' must be followed by a loop; found a statement of kind 'CXXMemberCallExpr'}}
}

// --- parameter and variable hints: reported by the pragma handler ---
void variableHints(int n, int *p, int *buf, Obj &obj) {
  LOOM_STREAM n = 2; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_MEMORY_BANK(2) buf[0] = n; // expected-error {{hint 'memory_bank' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_REDUCE(+) n += 1; // expected-error {{hint 'reduce' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM f(); // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM ns::g(); // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM obj.field = 1; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM p++; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM *p = 0; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_STREAM (void)n; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  LOOM_TARGET("rom") n = 0; // expected-error {{function hint 'target' must precede a function definition; found an expression statement}}
#pragma loom stream // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
  n = 4;
  p[0] = n;
}

// --- candidate and function hints before an expression statement ---
void functionHints(int x) {
#pragma loom candidate // expected-error {{function hint 'candidate' must precede a function definition; found an expression statement}}
  x = 3;
  LOOM_ACCEL() x = 4; // expected-error {{function hint 'accel' must precede a function definition; found an expression statement}}
  LOOM_NO_ACCEL f(); // expected-error {{function hint 'no_accel' must precede a function definition; found an expression statement}}
  (void)x;
}

// --- in a member function defined in its class ---
struct Members {
  int count;
  void inc() {
    LOOM_STREAM count = count + 1; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
    int local = 0;
    LOOM_STREAM local = 2; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
    LOOM_STREAM later = local; // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
    LOOM_STREAM helper(); // expected-error {{hint 'stream' must precede a parameter or variable declaration; found an expression statement}}
    // A type declared later in the class: a declaration, no error.
    LOOM_STREAM Later *ok = nullptr;
    (void)ok;
  }
  void helper() {}
  int later;
  struct Later {};
};
