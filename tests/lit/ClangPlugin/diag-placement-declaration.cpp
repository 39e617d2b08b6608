// A loop hint before a declaration is a Loom error at the hint, and nothing
// of the hint is left in the code: the declaration stays visible after it
// (no clang error about an undeclared name), whatever the declaration starts
// with: a type keyword, a qualifier, `auto`, a class or typedef name, a
// qualified or template name, a template parameter, `using`, `static_assert`,
// an attribute. `-verify` fails on any other diagnostic.
//
// RUN: %loom-clangxx -fsyntax-only -Xclang -verify %s
// The same from the pragma spelling and from the preprocessed file.
// RUN: %loom-clangxx -fsyntax-only -Xclang -verify -DPRAGMAS %s
// Preprocessing alone (no Sema for names) still sees the keywords.
// RUN: not %loom-clangxx -E %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=PP

#include <loom/loom.h>

#include <cstddef>
#include <vector>

namespace geo {
struct Point {
  int x, y;
};
using Coord = int;
} // namespace geo

typedef unsigned Count;

template <typename T> T sum(const T *a, int n) {
  LOOM_UNROLL(2) T total = T(); // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}
  for (int i = 0; i < n; ++i)
    total += a[i];
  return total;
}

int declarations(const int *a, int n) {
#ifndef PRAGMAS
  // PP: diag-placement-declaration.cpp:[[@LINE+1]]:3: error: loop hint 'parallel' must be followed by a loop; found a declaration
  LOOM_PARALLEL(4) int total = 0; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
#else
#pragma loom parallel(4) // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  int total = 0;
#endif
  for (int i = 0; i < n; ++i)
    total += a[i];
  LOOM_TRIPCOUNT(8) const int scale = 2; // expected-error {{loop hint 'tripcount' must be followed by a loop; found a declaration}}
  LOOM_UNROLL() auto twice = total * scale; // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}
  LOOM_NO_UNROLL static int calls = 0; // expected-error {{loop hint 'no_unroll' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() Count count = 3; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() geo::Point point{1, 2}; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() ::geo::Coord coord = 4; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() std::vector<int> values(2); // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() std::size_t size = values.size(); // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() using Alias = int; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() static_assert(sizeof(Alias) == 4, ""); // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() [[maybe_unused]] int unused = 0; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_PARALLEL() struct Local { int v; } local{5}; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  // A loop hint before a variable hint: both are misplaced.
  LOOM_PARALLEL() LOOM_REDUCE(+) int acc = 0; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  ++calls;
  return total + twice + count + point.y + coord + int(size) + local.v + acc +
         sum(a, n);
}

// A loop hint before the loop's own counter declaration, as in a C loop.
int counter(const int *a, int n) {
  int s = 0;
  LOOM_PARALLEL(2) int i; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  for (i = 0; i < n; ++i)
    s += a[i];
  return s + i;
}
