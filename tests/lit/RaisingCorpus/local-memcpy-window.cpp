// local window copied from a parameter: `__builtin_memcpy(w, in + b * 8,
// 32)` between two raised roots becomes an element-by-element load/store
// loop from the parameter's memref into the block-local memref<8xi32>.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/window_weights.ll | FileCheck %s
// RUN: loom-raise-check %t.d/window_weights.ll --kernel=_Z14window_weightsPKiPii \
// RUN:   --args='i32[40],i32[5],i32=5' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/window_weights.ll --kernel=_Z14window_weightsPKiPii \
// RUN:   --args='i32[8],i32[1],i32=1' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void window_weights(const int *in, int *out, int blocks) {
  for (int b = 0; b < blocks; ++b) {
    int w[8];
    __builtin_memcpy(w, in + b * 8, sizeof w);
    int s = 0;
    for (int j = 0; j < 8; ++j)
      s += w[j] * j;
    out[b] = s;
  }
}

// CHECK-LABEL: func.func @_Z14window_weightsPKiPii(
// CHECK: scf.for
// CHECK-NEXT: %[[W:.+]] = memref.alloca() : memref<8xi32>
// CHECK: %[[BASE:.+]] = arith.index_cast %{{.+}} : i64 to index
// CHECK-NEXT: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK-NEXT:   %[[AT:.+]] = arith.addi %[[BASE]], %[[K]] : index
// CHECK-NEXT:   %[[V:.+]] = memref.load %arg0[%[[AT]]] : memref<?xi32>
// CHECK-NEXT:   memref.store %[[V]], %[[W]][%[[K]]] : memref<8xi32>
// CHECK-NEXT: } {loom.local_init}
// CHECK: scf.for {{.+}} iter_args
// CHECK:   memref.load %[[W]]
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z14window_weightsPKiPii
// EXEC: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z14window_weightsPKiPii
// EXEC-NEXT: EMU-MATCH _Z14window_weightsPKiPii
// MATCH: MATCH _Z14window_weightsPKiPii
// MATCH-NEXT: EMU-MATCH _Z14window_weightsPKiPii
