// while search: the loop exits when the key is found, a data-dependent exit,
// so scf.while is its structured form (not a gap: no scf.for can express it).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/find_first.ll | FileCheck %s
// RUN: loom-raise-check %t.d/find_first.ll --kernel=_Z10find_firstPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=40,i32=17' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/find_first.ll --kernel=_Z10find_firstPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=40,i32=99' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/find_first.ll --kernel=_Z10find_firstPKiii \
// RUN:   --args='i32[40]:range=0..30,i32=0,i32=17' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
int find_first(const int *a, int n, int key) {
  int i = 0;
  while (i < n && a[i] != key)
    ++i;
  return i;
}

// CHECK-LABEL: func.func @_Z10find_firstPKiii(
// CHECK-SAME: %[[A:[^:]+]]: memref<?xi32> {{[^,]*}}, %[[N:[^:]+]]: i32 {{[^,]*}}, %[[KEY:[^:]+]]: i32
// CHECK: scf.while
// CHECK:   %[[IN:.+]] = arith.cmpi slt, %{{.+}}, %[[N]] : i32
// CHECK:   scf.if %[[IN]]
// CHECK:     %[[V:.+]] = memref.load %[[A]]
// CHECK:     arith.cmpi ne, %[[V]], %[[KEY]] : i32
// CHECK:   scf.condition

// EXEC: kernel _Z10find_firstPKiii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: i32
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 0
// EXEC-NEXT: scf.while: 1
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z10find_firstPKiii
// EXEC-NEXT: EMU-MATCH _Z10find_firstPKiii
// MATCH: MATCH _Z10find_firstPKiii
// MATCH-NEXT: EMU-MATCH _Z10find_firstPKiii
