// return inside a loop: clang dispatches on the exit taken after the loop
// with a switch whose default is `unreachable`; raising drops that edge, so
// the body is structured: an `scf.while` carrying the exit taken and an
// `scf.index_switch` on it, no cf branch left. The early return from a
// doubly nested loop has the same shape one level down.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/find_index.ll | FileCheck %s
// RUN: loom-raise-check %t.d/find_index.ll --kernel=_Z10find_indexPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=40,i32=17' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/find_index.ll --kernel=_Z10find_indexPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=40,i32=99' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/find_index.ll --kernel=_Z10find_indexPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=0,i32=17' --seed=3 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/find_in_grid.ll --kernel=_Z12find_in_gridPKiiii \
// RUN:   --args='i32[48]:range=0..40,i32=6,i32=8,i32=23' --emu | FileCheck %s --check-prefix=GRID
// RUN: loom-raise-check %t.d/find_in_grid.ll --kernel=_Z12find_in_gridPKiiii \
// RUN:   --args='i32[48]:range=0..40,i32=6,i32=8,i32=99' --seed=2 --emu | FileCheck %s --check-prefix=GRID-MATCH

#include <loom/loom.h>

LOOM_ACCEL()
int find_index(const int *a, int n, int key) {
  for (int i = 0; i < n; ++i)
    if (a[i] == key)
      return i;
  return -1;
}

LOOM_ACCEL()
int find_in_grid(const int *a, int rows, int cols, int key) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (a[r * cols + c] == key)
        return r * 1000 + c;
  return -1;
}

// CHECK-LABEL: func.func @_Z10find_indexPKiii(
// CHECK: %[[LOOP:.+]]:3 = scf.while
// CHECK:   scf.condition
// CHECK: %[[EXIT:.+]] = arith.index_castui %[[LOOP]]#2 : i32 to index
// CHECK: scf.index_switch %[[EXIT]] -> i32
// CHECK-NEXT: case 1 {
// CHECK-NEXT:   scf.yield %[[LOOP]]#1 : i32
// CHECK: default {
// CHECK-NOT: {{ cf\.}}
// CHECK-NOT: ub.poison
// CHECK: return

// EXEC: kernel _Z10find_indexPKiii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 0
// EXEC-NEXT: scf.while: 1
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10find_indexPKiii
// EXEC-NEXT: EMU-MATCH _Z10find_indexPKiii
// MATCH: MATCH _Z10find_indexPKiii
// MATCH-NEXT: EMU-MATCH _Z10find_indexPKiii

// GRID: kernel _Z12find_in_gridPKiiii
// GRID: scf.while: 2
// GRID-NEXT: cf branches: 0
// GRID-NEXT: llvm memory ops: 0
// GRID-NEXT: other llvm ops: 0
// GRID-NEXT: MATCH _Z12find_in_gridPKiiii
// GRID-NEXT: EMU-MATCH _Z12find_in_gridPKiiii
// GRID-MATCH: MATCH _Z12find_in_gridPKiiii
// GRID-MATCH-NEXT: EMU-MATCH _Z12find_in_gridPKiiii
