// size_t loop: an unsigned 64-bit counter keeps its type with an unsigned
// scf.for.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/axpby.ll | FileCheck %s
// RUN: loom-raise-check %t.d/axpby.ll --kernel=_Z5axpbyPKdPdmdd \
// RUN:   --args='f64[40],f64[40],i64=40,f64=0.5,f64=-2' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/axpby.ll --kernel=_Z5axpbyPKdPdmdd \
// RUN:   --args='f64[40],f64[40],i64=0,f64=0.5,f64=-2' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>
#include <stddef.h>

LOOM_ACCEL()
void axpby(const double *x, double *y, size_t n, double a, double b) {
  for (size_t i = 0; i < n; ++i)
    y[i] = a * x[i] + b * y[i];
}

// CHECK-LABEL: func.func @_Z5axpbyPKdPdmdd(
// CHECK-SAME: %[[N:[^:]+]]: i64
// CHECK: scf.for unsigned %{{.+}} = %{{.+}} to %[[N]] step %{{.+}} : i64 {

// EXEC: kernel _Z5axpbyPKdPdmdd
// EXEC-NEXT: param 0: memref<?xf64>
// EXEC-NEXT: param 1: memref<?xf64>
// EXEC-NEXT: param 2: i64
// EXEC-NEXT: param 3: f64
// EXEC-NEXT: param 4: f64
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z5axpbyPKdPdmdd
// EXEC-NEXT: EMU-MATCH _Z5axpbyPKdPdmdd
// MATCH: MATCH _Z5axpbyPKdPdmdd
// MATCH-NEXT: EMU-MATCH _Z5axpbyPKdPdmdd
