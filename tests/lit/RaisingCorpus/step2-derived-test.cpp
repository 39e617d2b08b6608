// step 2 tested through `i + 1 < n`: instcombine writes the test as
// `(i | 1) < n` (i is even) and forwards `i | 1` to the body. The forwarded
// value is recomputed in the body, `i | 1` is read as `i + 1` (i starts at 0
// and steps by 2), and the loop counts `i < n - 1`, saturated at INT_MIN.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/even_odd_swap.ll | FileCheck %s
// RUN: loom-raise-check %t.d/even_odd_swap.ll --kernel=_Z13even_odd_swapPfi \
// RUN:   --args='f32[41],i32=41' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/even_odd_swap.ll --kernel=_Z13even_odd_swapPfi \
// RUN:   --args='f32[41],i32=40' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/even_odd_swap.ll --kernel=_Z13even_odd_swapPfi \
// RUN:   --args='f32[41],i32=1' --seed=3 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/even_odd_swap.ll --kernel=_Z13even_odd_swapPfi \
// RUN:   --args='f32[41],i32=-2147483648' --seed=4 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void even_odd_swap(float *a, int n) {
  for (int i = 0; i + 1 < n; i += 2) {
    float t = a[i];
    a[i] = a[i + 1];
    a[i + 1] = t;
  }
}

// CHECK-LABEL: func.func @_Z13even_odd_swapPfi(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK-DAG: %[[TWO:.+]] = arith.constant 2 : i32
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : i32
// CHECK-DAG: %[[MIN1:.+]] = arith.constant -2147483647 : i32
// CHECK: %[[SAT:.+]] = arith.maxsi %[[N]], %[[MIN1]] : i32
// CHECK: %[[UB:.+]] = arith.subi %[[SAT]], %[[ONE]] : i32
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[UB]] step %[[TWO]] : i32 {
// CHECK:   %[[ODD:.+]] = arith.ori %[[I]], %[[ONE]] : i32
// CHECK-COUNT-2: memref.store

// EXEC: kernel _Z13even_odd_swapPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z13even_odd_swapPfi
// EXEC-NEXT: EMU-MATCH _Z13even_odd_swapPfi
// MATCH: MATCH _Z13even_odd_swapPfi
// MATCH-NEXT: EMU-MATCH _Z13even_odd_swapPfi
