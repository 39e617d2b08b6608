// local array: a block of 8 values staged in a stack array and written back
// reversed.
// GAP: `tmp` stays an llvm.alloca with LLVM loads and stores instead of a
// memref.alloca: loom-raise-memref-roots treats the llvm.intr.lifetime
// markers clang puts around the block scope as escapes.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/reverse_blocks.ll | FileCheck %s
// RUN: loom-raise-check %t.d/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=6' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=1' --seed=2 | FileCheck %s --check-prefix=MATCH
// RUN: not loom-raise-check %t.d/reverse_blocks.ll --kernel=_Z14reverse_blocksPKiPii \
// RUN:   --args='i32[48],i32[48],i32=6' --emu | FileCheck %s --check-prefix=EMU
// EMU: EMU-UNSUPPORTED _Z14reverse_blocksPKiPii: not lowered: no part of the kernel can run on the SpatialCore: no spatial region was formed (first blocker: stays InstructionCore code of thread @{{.+}}: 'llvm.alloca' has no dataflow actor)

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
// CHECK: %[[TMP:.+]] = llvm.alloca %{{.+}} x !llvm.array<8 x i32>
// CHECK: scf.for
// CHECK:   llvm.intr.lifetime.start %[[TMP]]
// CHECK:   scf.for
// CHECK:     memref.load
// CHECK:     llvm.store
// CHECK:   scf.for
// CHECK:     llvm.load
// CHECK:     memref.store

// EXEC: remark: local allocation stays an LLVM pointer: it escapes through 'llvm.intr.lifetime.end'
// EXEC: kernel _Z14reverse_blocksPKiPii
// EXEC-NEXT: param 0: memref<?xi32>
// EXEC-NEXT: param 1: memref<?xi32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 3
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 5 llvm.alloca=1 llvm.getelementptr=2 llvm.store=1 llvm.load=1
// EXEC-NEXT: other llvm ops: 2 llvm.intr.lifetime.start=1 llvm.intr.lifetime.end=1
// EXEC-NEXT: MATCH _Z14reverse_blocksPKiPii
// MATCH: MATCH _Z14reverse_blocksPKiPii
