// switch: a switch in the loop body becomes scf.index_switch over the
// zero-extended value, one case region per case and a default.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/apply_op.ll | FileCheck %s
// RUN: loom-raise-check %t.d/apply_op.ll --kernel=_Z8apply_opPKiS0_S0_Pii \
// RUN:   --args='i32[40]:range=0..4,i32[40],i32[40],i32[40],i32=40' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/apply_op.ll --kernel=_Z8apply_opPKiS0_S0_Pii \
// RUN:   --args='i32[40]:range=-1..5,i32[40],i32[40],i32[40],i32=40' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void apply_op(const int *ops, const int *a, const int *b, int *out, int n) {
  for (int i = 0; i < n; ++i) {
    int r;
    switch (ops[i]) {
    case 0:
      r = a[i] + b[i];
      break;
    case 1:
      r = a[i] - b[i];
      break;
    case 2:
      r = a[i] * b[i];
      break;
    case 3:
      r = a[i] > b[i] ? a[i] : b[i];
      break;
    default:
      r = 0;
      break;
    }
    out[i] = r;
  }
}

// CHECK-LABEL: func.func @_Z8apply_opPKiS0_S0_Pii(
// CHECK: scf.for
// CHECK:   %[[OP:.+]] = memref.load
// CHECK:   %[[SEL:.+]] = arith.index_castui %[[OP]] : i32 to index
// CHECK:   %[[R:.+]] = scf.index_switch %[[SEL]] -> i32
// CHECK:   case 0 {
// CHECK:     arith.addi
// CHECK:   case 1 {
// CHECK:     arith.subi
// CHECK:   case 2 {
// CHECK:     arith.muli
// CHECK:   case 3 {
// CHECK:     arith.select
// CHECK:   default {
// CHECK:   memref.store %[[R]]

// EXEC: kernel _Z8apply_opPKiS0_S0_Pii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: memref<?xi32>
// EXEC-NEXT: param 3: memref<?xi32>
// EXEC-NEXT: param 4: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z8apply_opPKiS0_S0_Pii
// EXEC-NEXT: EMU-MATCH _Z8apply_opPKiS0_S0_Pii
// MATCH: MATCH _Z8apply_opPKiS0_S0_Pii
// MATCH-NEXT: EMU-MATCH _Z8apply_opPKiS0_S0_Pii
