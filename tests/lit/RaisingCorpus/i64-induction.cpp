// i64 induction: a `long` counter gives an scf.for over i64 used directly as
// the index.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scale64.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scale64.ll --kernel=_Z7scale64Pdld \
// RUN:   --args='f64[40],i64=40,f64=1.25' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/scale64.ll --kernel=_Z7scale64Pdld \
// RUN:   --args='f64[40],i64=0,f64=1.25' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/scale64.ll --kernel=_Z7scale64Pdld \
// RUN:   --args='f64[40],i64=-3,f64=1.25' --seed=3 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void scale64(double *a, long n, double s) {
  for (long i = 0; i < n; ++i)
    a[i] *= s;
}

// CHECK-LABEL: func.func @_Z7scale64Pdld(
// CHECK-SAME: %[[N:[^:]+]]: i64
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[N]] step %{{.+}} : i64 {
// CHECK:   %[[X:.+]] = arith.index_cast %[[I]] : i64 to index
// CHECK:   memref.load %{{.+}}[%[[X]]] : memref<?xf64>

// EXEC: kernel _Z7scale64Pdld
// EXEC-NEXT: param 0: memref<?xf64>
// EXEC-NEXT: param 1: i64
// EXEC-NEXT: param 2: f64
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z7scale64Pdld
// EXEC-NEXT: EMU-MATCH _Z7scale64Pdld
// MATCH: MATCH _Z7scale64Pdld
// MATCH-NEXT: EMU-MATCH _Z7scale64Pdld
