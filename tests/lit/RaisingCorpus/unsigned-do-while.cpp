// unsigned do-while loops without nuw: after the first step every tested
// value passed the test, so only the first step can wrap. Below 64 bits the
// trip count counted modulo 2^N covers that step too (`lo` = UINT_MAX runs
// UINT_MAX, 0, 1, ..., n - 1), so the `<`, `>` and `!=` forms become
// scf.for; at 64 bits the guard `lo < n` proves the first step exact, and
// the unguarded 64-bit loop stays scf.while with a remark saying why.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d \
// RUN:   -Rpass-analysis=loom 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loom-raise %t.d/udw_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/udw_mix.ll --kernel=_Z7udw_mixPKjPjjjmm \
// RUN:   --args='i32[64],i32[64],i32=3,i32=40,i64=2,i64=50' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/udw_mix.ll --kernel=_Z7udw_mixPKjPjjjmm \
// RUN:   --args='i32[64],i32[64],i32=-1,i32=7,i64=-1,i64=9' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/udw_mix.ll --kernel=_Z7udw_mixPKjPjjjmm \
// RUN:   --args='i32[64],i32[64],i32=0,i32=0,i64=60,i64=0' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void udw_mix(const unsigned *a, unsigned *out, unsigned lo, unsigned n,
             unsigned long lo64, unsigned long n64) {
  unsigned i = lo;
  do {
    out[i & 63] += a[i & 63];
  } while (++i < n);
  if (n > 0) {
    unsigned j = n;
    do {
      out[(j - 1) & 63] ^= j;
    } while (--j > 0);
  }
  unsigned k = lo;
  do {
    out[k & 63] += 3;
  } while (++k != n + 1);
  if (lo64 < n64) {
    unsigned long m = lo64;
    do {
      out[m & 63] *= 5;
    } while (++m < n64);
  }
  unsigned long p = lo64;
  do {
    out[p & 63] -= 7;
  } while (++p < n64);
}

// REMARK: remark: kernel 'udw_mix': loop stays scf.while: the first step of the 64-bit do-while loop may wrap around

// CHECK-LABEL: func.func @_Z7udw_mixPKjPjjjmm(
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.while
// CHECK-NOT: scf.while

// EXEC: kernel _Z7udw_mixPKjPjjjmm
// EXEC: scf.for: 4
// EXEC-NEXT: scf.while: 1
// EXEC: MATCH _Z7udw_mixPKjPjjjmm
// EXEC-NEXT: EMU-MATCH _Z7udw_mixPKjPjjjmm
// MATCH: MATCH _Z7udw_mixPKjPjjjmm
// MATCH-NEXT: EMU-MATCH _Z7udw_mixPKjPjjjmm
