// memset with a byte known only at run time: the element value is not a
// constant, so the array keeps its LLVM pointer with a remark naming why;
// the kernel still runs bit-identically (its loads and stores stay LLVM,
// InstructionCore only).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/runtime_fill.ll | FileCheck %s
// RUN: loom-raise-check %t.d/runtime_fill.ll --kernel=_Z12runtime_fillPKiPiii \
// RUN:   --args='i32[30],i32[30],i32=30,i32=7' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/runtime_fill.ll --kernel=_Z12runtime_fillPKiPiii \
// RUN:   --args='i32[3],i32[3],i32=3,i32=255' --seed=2 | FileCheck %s --check-prefix=MATCH
// The kernel lowers (the byte's truncation is a graph); the pointer array,
// its memset and the loop reading it stay host code of the thread, which
// the emulator's program interpreter runs on real host memory.
// RUN: loom-raise-check %t.d/runtime_fill.ll --kernel=_Z12runtime_fillPKiPiii \
// RUN:   --args='i32[30],i32[30],i32=30,i32=7' --emu | FileCheck %s --check-prefix=EMU
// RUN: loom-raise-check %t.d/runtime_fill.ll --kernel=_Z12runtime_fillPKiPiii \
// RUN:   --args='i32[3],i32[3],i32=3,i32=255' --seed=2 --emu | FileCheck %s --check-prefix=EMU
// EMU: MATCH _Z12runtime_fillPKiPiii
// EMU-NEXT: EMU-MATCH _Z12runtime_fillPKiPiii

#include <loom/loom.h>

LOOM_ACCEL()
void runtime_fill(const int *in, int *out, int n, int byte) {
  int pad[8];
  __builtin_memset(pad, byte, sizeof pad);
  for (int i = 0; i < n; ++i)
    out[i] = in[i] + pad[i % 8];
}

// CHECK-LABEL: func.func @_Z12runtime_fillPKiPiii(
// CHECK: %[[PAD:.+]] = llvm.alloca %{{.+}} x !llvm.array<8 x i32>
// CHECK: llvm.intr.lifetime.start %[[PAD]]
// CHECK: "llvm.intr.memset"(%[[PAD]]
// CHECK: scf.for
// CHECK:   llvm.load
// CHECK:   memref.store

// EXEC: remark: local allocation stays an LLVM pointer: it is set by llvm.intr.memset of a byte that is not a constant
// EXEC: kernel _Z12runtime_fillPKiPiii
// EXEC: llvm memory ops: 4 llvm.alloca=1 llvm.intr.memset=1 llvm.getelementptr=1 llvm.load=1
// EXEC-NEXT: other llvm ops: 2 llvm.intr.lifetime.start=1 llvm.intr.lifetime.end=1
// EXEC-NEXT: MATCH _Z12runtime_fillPKiPiii
// MATCH: MATCH _Z12runtime_fillPKiPiii
