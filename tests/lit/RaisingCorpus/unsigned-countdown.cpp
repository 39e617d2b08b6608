// unsigned countdown: `i > 0; --i` on unsigned values iterates over the trip
// count `n` with `i = n - k`.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/suffix_max.ll | FileCheck %s
// RUN: loom-raise-check %t.d/suffix_max.ll --kernel=_Z10suffix_maxPKjPjj \
// RUN:   --args='i32[33]:range=0..4000000000,i32[33],i32=33' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/suffix_max.ll --kernel=_Z10suffix_maxPKjPjj \
// RUN:   --args='i32[33]:range=0..4000000000,i32[33],i32=0' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void suffix_max(const unsigned *a, unsigned *out, unsigned n) {
  unsigned best = 0;
  for (unsigned i = n; i > 0; --i) {
    best = a[i - 1] > best ? a[i - 1] : best;
    out[i - 1] = best;
  }
}

// CHECK-LABEL: func.func @_Z10suffix_maxPKjPjj(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[TC:.+]] = arith.index_castui %[[N]] : i32 to index
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} iter_args(%[[BEST:.+]] = %{{.+}}) -> (i32) {
// CHECK:   %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
// CHECK:   %[[I:.+]] = arith.subi %[[N]], %[[KI]] : i32
// CHECK:   arith.cmpi ugt, %{{.+}}, %[[BEST]] : i32

// EXEC: kernel _Z10suffix_maxPKjPjj
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10suffix_maxPKjPjj
// EXEC-NEXT: EMU-MATCH _Z10suffix_maxPKjPjj
// MATCH: MATCH _Z10suffix_maxPKjPjj
// MATCH-NEXT: EMU-MATCH _Z10suffix_maxPKjPjj
