// prefix sum: the running sum is an iter_arg that is also stored every
// iteration.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/prefix_sum.ll | FileCheck %s
// RUN: loom-raise-check %t.d/prefix_sum.ll --kernel=_Z10prefix_sumPKiPii \
// RUN:   --args='i32[50],i32[50],i32=50' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/prefix_sum.ll --kernel=_Z10prefix_sumPKiPii \
// RUN:   --args='i32[50],i32[50],i32=1' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void prefix_sum(const int *in, int *out, int n) {
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += in[i];
    out[i] = acc;
  }
}

// CHECK-LABEL: func.func @_Z10prefix_sumPKiPii(
// CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32) : i32 {
// CHECK:   %[[V:.+]] = memref.load
// CHECK:   %[[S:.+]] = arith.addi %[[ACC]], %[[V]] overflow<nsw> : i32
// CHECK:   memref.store %[[S]]
// CHECK:   scf.yield %[[S]] : i32

// EXEC: kernel _Z10prefix_sumPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10prefix_sumPKiPii
// EXEC-NEXT: EMU-MATCH _Z10prefix_sumPKiPii
// MATCH: MATCH _Z10prefix_sumPKiPii
// MATCH-NEXT: EMU-MATCH _Z10prefix_sumPKiPii
