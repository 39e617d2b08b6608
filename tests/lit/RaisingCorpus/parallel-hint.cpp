// A hinted loop: the device preparation carries LOOM_PARALLEL(4) as a call
// of the marker __loom_loop_hints at the top of the loop body, which the
// ownership passes consume after raising. The marker does not keep the loop
// from becoming an scf.for, and loom-raise-check runs it as a no-op.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/scale2.ll | FileCheck %s
// RUN: loom-raise-check %t.d/scale2.ll --kernel=_Z6scale2PKfPfi \
// RUN:   --args='f32[16],f32[16],i32=16' --emu | FileCheck %s --check-prefix=EXEC

#include <loom/loom.h>

LOOM_ACCEL()
void scale2(const float *a, float *b, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    b[i] = a[i] * 2.0f;
}

// CHECK-LABEL: func.func @_Z6scale2PKfPfi(
// CHECK: %[[HINTS:.+]] = llvm.mlir.addressof @loom.loop_hints
// CHECK: scf.for
// CHECK:   llvm.call @__loom_loop_hints(%[[HINTS]])
// CHECK:   memref.load
// CHECK:   memref.store

// EXEC: kernel _Z6scale2PKfPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 2 llvm.mlir.addressof=1 llvm.call=1
// EXEC-NEXT: MATCH _Z6scale2PKfPfi
// EXEC-NEXT: EMU-MATCH _Z6scale2PKfPfi
