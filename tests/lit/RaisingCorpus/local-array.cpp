// local array: a block of 8 values staged in a stack array and written back
// reversed.
// `tmp` becomes a memref<8xi32> allocated where its lifetime starts, inside
// the block loop (one array per scope instance, as in C++); the lifetime
// markers are dropped.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/reverse_blocks.ll | FileCheck %s
// RUN: loom-raise-check %t.d/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=6' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=1' --seed=2 --emu | FileCheck %s --check-prefix=MATCH
// At -O0 clang keeps every scalar (b, j, the parameters) in a stack slot
// and emits no lifetime markers; the device preparation's sroa promotes the
// scalar slots, so only `tmp` is left, allocated at the function entry.
// RUN: rm -rf %t.O0 && %loom-clangxx -O0 -c %s -o %t.O0.o --loom-save-temps=%t.O0
// RUN: loom-raise %t.O0/reverse_blocks.ll | FileCheck %s --check-prefix=O0
// RUN: loom-raise-check %t.O0/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=6' --emu | FileCheck %s --check-prefix=O0EXEC

#include <loom/loom.h>

LOOM_ACCEL()
void reverse_blocks(const int *in, int *out, int blocks) {
  for (int b = 0; b < blocks; ++b) {
    int tmp[8];
    for (int j = 0; j < 8; ++j)
      tmp[j] = in[b * 8 + j];
    for (int j = 0; j < 8; ++j)
      out[b * 8 + j] = tmp[7 - j];
  }
}

// CHECK-LABEL: func.func @_Z14reverse_blocksPKiPii(
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK-NEXT: %[[TMP:.+]] = memref.alloca() : memref<8xi32>
// CHECK:   scf.for
// CHECK:     memref.load %arg0
// CHECK:     memref.store %{{.+}}, %[[TMP]]
// CHECK:   scf.for
// CHECK:     memref.load %[[TMP]]
// CHECK:     memref.store %{{.+}}, %arg1
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z14reverse_blocksPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 3
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z14reverse_blocksPKiPii
// EXEC-NEXT: EMU-MATCH _Z14reverse_blocksPKiPii
// MATCH: MATCH _Z14reverse_blocksPKiPii
// MATCH-NEXT: EMU-MATCH _Z14reverse_blocksPKiPii

// O0-LABEL: func.func @_Z14reverse_blocksPKiPii(
// O0-NOT: scf.for
// O0: memref.alloca() : memref<8xi32>
// O0-NOT: memref.alloca
// O0: scf.for
// O0-NOT: memref.alloca
// O0EXEC: llvm memory ops: 0
// O0EXEC-NEXT: other llvm ops: 0
// O0EXEC-NEXT: MATCH _Z14reverse_blocksPKiPii
// O0EXEC-NEXT: EMU-MATCH _Z14reverse_blocksPKiPii
