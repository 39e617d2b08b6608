// Loom's diagnostics are ordinary clang diagnostics: `-Xclang -verify` checks
// them like clang's own (expected-error on the hint's line), across the
// three places they come from: the pragma handler, clang's attribute checks,
// and the Loom checker after Sema.
//
// RUN: %loom-clangxx -fsyntax-only -Xclang -verify %s

#include <loom/loom.h>

constexpr int kZero = 0;

LOOM_TARGET("gpu") // expected-error {{unknown target "gpu"}}
void f() {}

void g(int *p, int n) { // expected-note {{declared here}}
  LOOM_PARALLEL(4, diagonal) // expected-error {{unknown schedule 'diagonal' in hint 'parallel'}}
  for (int i = 0; i < n; ++i) p[i] = 0;

  LOOM_MEMORY_BANK(n) int buf[4]; // expected-error {{'annotate' attribute requires parameter 1 to be a constant expression}}
  // expected-note@-1 {{function parameter 'n' with unknown value cannot be used in a constant expression}}
  buf[0] = 0;

  LOOM_UNROLL(kZero) // expected-error {{argument 1 of hint 'unroll' must be a positive integer, got 0}}
  for (int i = 0; i < n; ++i) p[i] = 0;

  LOOM_PARALLEL(2)
  LOOM_NO_PARALLEL // expected-error {{hint 'no_parallel' conflicts with hint 'parallel' on the same loop}}
  for (int i = 0; i < n; ++i) p[i] = 0;

  LOOM_TRIPCOUNT(4) // expected-error {{loop hint 'tripcount' must be followed by a loop; found a statement of kind 'ReturnStmt'}}
  return;
}
