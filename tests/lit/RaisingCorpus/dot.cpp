// dot: a float reduction returned by the kernel; the accumulator becomes an
// iter_arg of the scf.for.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/dot.ll | FileCheck %s
// RUN: loom-raise-check %t.d/dot.ll --kernel=_Z3dotPKfS0_i \
// RUN:   --args='f32[64],f32[64],i32=64' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/dot.ll --kernel=_Z3dotPKfS0_i \
// RUN:   --args='f32[64],f32[64],i32=0' --seed=4 --emu | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/dot.ll --kernel=_Z3dotPKfS0_i \
// RUN:   --args='f32[64],f32[64],i32=1' --seed=5 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
float dot(const float *a, const float *b, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; ++i)
    sum += a[i] * b[i];
  return sum;
}

// CHECK-LABEL: func.func @_Z3dotPKfS0_i(
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[ZERO]]) -> (f32) : i32 {
// CHECK:   %[[P:.+]] = arith.mulf
// CHECK:   %[[S:.+]] = arith.addf %[[P]], %[[ACC]] : f32
// CHECK:   scf.yield %[[S]] : f32
// CHECK: return %[[R]] : f32

// EXEC: kernel _Z3dotPKfS0_i
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z3dotPKfS0_i
// EXEC-NEXT: EMU-MATCH _Z3dotPKfS0_i
// MATCH: MATCH _Z3dotPKfS0_i
// MATCH-NEXT: EMU-MATCH _Z3dotPKfS0_i
