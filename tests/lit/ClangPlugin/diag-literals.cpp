// Hint arguments rejected by the `#pragma loom` handler from their tokens
// alone: literal counts that are not positive (or, for minimums, negative)
// or too large, a word where the count goes, unknown schedules, bank
// layouts, reduction operators and targets, names or targets that are not
// string literals, and an empty kernel name. Each error is at the
// hint's own location: the macro for LOOM_* spellings, the offending
// argument for `#pragma loom` spellings. (Counts written as constant
// expressions are checked after Sema: diag-counts.cpp.)
//
// RUN: not %loom-clangxx -fsyntax-only -ferror-limit=0 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

#include <loom/loom.h>

void hints(int *p, int n) {
  // --- literal counts: positive, or non-negative for minimums ---
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'parallel' must be a positive integer, got 0
  LOOM_PARALLEL(0)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be a positive integer, got -3
  LOOM_UNROLL(-3)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:24: error: argument 1 of hint 'tripcount' must be a positive integer, got 0
#pragma loom tripcount(0)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 2 of hint 'tripcount_full' must be a positive integer, got 0
  LOOM_TRIPCOUNT_FULL(4, 0, 0, 8)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'tripcount_range' must be a non-negative integer, got -1
  LOOM_TRIPCOUNT_RANGE(-1, 4)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:35: error: argument 2 of hint 'tripcount_typical' must be a non-negative integer, got -2
#pragma loom tripcount_typical(2, -2, 4)
  for (int i = 0; i < n; ++i) p[i] = 0;

  // --- unknown words ---
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: unknown schedule 'diagonal' in hint 'parallel'; expected 'contiguous' or 'interleaved'
  LOOM_PARALLEL(4, diagonal)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:26: error: unknown schedule 'contiguous_2' in hint 'parallel'; expected 'contiguous' or 'interleaved'
#pragma loom parallel(4, contiguous_2)
  for (int i = 0; i < n; ++i) p[i] = 0;
}

// CHECK: diag-literals.cpp:[[@LINE+1]]:9: error: unknown bank layout 'striped' in hint 'memory_bank'; expected 'cyclic' or 'block'
void f1(LOOM_MEMORY_BANK(4, striped) int *p) { p[0] = 0; }
// CHECK: diag-literals.cpp:[[@LINE+2]]:29: error: unknown bank layout 'round_robin' in hint 'memory_bank'; expected 'cyclic' or 'block'
void f2(int *p) {
#pragma loom memory_bank(2, round_robin)
  int buf[4];
  buf[0] = p[0];
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: unknown reduction operator '-'; expected one of + * min max & | ^
  LOOM_REDUCE(-) int a = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: unknown reduction operator 'avg'; expected one of + * min max & | ^
  LOOM_REDUCE(avg) int b = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:21: error: unknown reduction operator '&&'; expected one of + * min max & | ^
#pragma loom reduce(&&)
  int c = 0;
  p[1] = a + b + c + buf[1];
}

// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: unknown target "gpu"; expected "spatial", "temporal", "pe[x,y]", "rom" or "extmemory"
LOOM_TARGET("gpu")
void t1() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: unknown target "Spatial"; expected "spatial", "temporal", "pe[x,y]", "rom" or "extmemory"
LOOM_TARGET("Spatial")
void t2() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:21: error: unknown target "pe[1]"; expected "spatial", "temporal", "pe[x,y]", "rom" or "extmemory"
#pragma loom target("pe[1]")
void t3() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: unknown target "pe[-1,2]"; expected "spatial", "temporal", "pe[x,y]", "rom" or "extmemory"
LOOM_TARGET("pe[-1,2]")
void t4() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: unknown target "pe[x,y]"; expected "spatial", "temporal", "pe[x,y]", "rom" or "extmemory"
LOOM_TARGET("pe[x,y]")
void t5() {}

// --- names and targets are string literals ---
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: argument 1 of hint 'accel' must be a string literal
LOOM_ACCEL(kern)
void s1() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:20: error: argument 1 of hint 'accel' must be a string literal
#pragma loom accel(42)
void s2() {}
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: argument 1 of hint 'target' must be a string literal
LOOM_TARGET(spatial)
void s3() {}

// --- counts beyond 64 bits are printed exactly; counts must fit the IR's
// signed 64-bit counts ---
void bigCounts(int *p, int n) {
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be at most 9223372036854775807, got 18446744073709551615
  LOOM_UNROLL(18446744073709551615)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'tripcount_range' must be a non-negative integer, got -18446744073709551616
  LOOM_TRIPCOUNT_RANGE(-18446744073709551616, 4)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // The largest count is fine.
  LOOM_TRIPCOUNT(9223372036854775807)
  for (int i = 0; i < n; ++i) p[i] = 0;
}

// --- a word where the count goes ---
void wordForCount(int *p, int n) {
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'parallel' must be an integer constant expression, got 'contiguous'; the count comes first, as in 'parallel(4, contiguous)'
  LOOM_PARALLEL(contiguous)
  for (int i = 0; i < n; ++i) p[i] = 0;
  // CHECK: diag-literals.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'memory_bank' must be an integer constant expression, got 'cyclic'; the count comes first, as in 'memory_bank(4, cyclic)'
  LOOM_MEMORY_BANK(cyclic) int banked[4];
  banked[0] = 0;
}

// --- a kernel name is not empty ---
// CHECK: diag-literals.cpp:[[@LINE+1]]:1: error: the kernel name of hint 'accel' must not be empty; omit the argument for the default name
LOOM_ACCEL("")
void emptyName() {}
