// A loop hint outside a function: at namespace scope (before a function, a
// variable, a namespace, a template, right after a function body) and in a
// class. Only declarations stand there, so it is misplaced whatever follows;
// the Loom error is at the hint and the declaration after it is compiled as
// written (no clang `expected unqualified-id`). `-verify` fails on any
// other diagnostic.
//
// RUN: %loom-clangxx -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <loom/loom.h>

typedef int Count;

LOOM_PARALLEL(4) // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
void before(int *p) { p[0] = 1; }

LOOM_UNROLL(2) int global = 0; // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}
LOOM_TRIPCOUNT(3) Count counted = 1; // expected-error {{loop hint 'tripcount' must be followed by a loop; found a declaration}}

// Right after a function body, where clang has not left the function yet.
void first() {} LOOM_NO_UNROLL Count second(); // expected-error {{loop hint 'no_unroll' must be followed by a loop; found a declaration}}

LOOM_NO_PARALLEL // expected-error {{loop hint 'no_parallel' must be followed by a loop; found a declaration}}
namespace inner {
LOOM_PARALLEL() struct Point { int x; }; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
} // namespace inner

LOOM_PARALLEL(2) // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
template <typename T> T twice(T v) { return v + v; }

LOOM_PARALLEL(2) extern "C" int cfunc(int); // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}

struct Shape {
  LOOM_PARALLEL(4) int sides; // expected-error {{loop hint 'parallel' must be followed by a loop; found a declaration}}
  LOOM_UNROLL(2) // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}
  void grow() { ++sides; }
  LOOM_UNROLL(2) Shape(); // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}
};
LOOM_UNROLL(4) Shape::Shape() : sides(3) {} // expected-error {{loop hint 'unroll' must be followed by a loop; found a declaration}}

// An empty declaration.
LOOM_TRIPCOUNT(2) ; // expected-error {{loop hint 'tripcount' must be followed by a loop; found a declaration}}

int use() { return global + counted + twice(2) + inner::Point{1}.x; }
