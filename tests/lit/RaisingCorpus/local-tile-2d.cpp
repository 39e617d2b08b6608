// local 2-D tile: each 4x4 block is staged in `float t[4][4]` and written
// back transposed. The nested array becomes one flattened memref<16xf32>
// allocated inside the block loop; t[i][j] is element i * 4 + j.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/tile_transpose.ll | FileCheck %s
// RUN: loom-raise-check %t.d/tile_transpose.ll --kernel=_Z14tile_transposePKfPfi \
// RUN:   --args='f32[48],f32[48],i32=3' --emu | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/tile_transpose.ll --kernel=_Z14tile_transposePKfPfi \
// RUN:   --args='f32[48],f32[48],i32=1' --seed=2 --emu | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>

LOOM_ACCEL()
void tile_transpose(const float *a, float *out, int tiles) {
  for (int b = 0; b < tiles; ++b) {
    float t[4][4];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        t[i][j] = a[b * 16 + i * 4 + j];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        out[b * 16 + i * 4 + j] = t[j][i];
  }
}

// CHECK-LABEL: func.func @_Z14tile_transposePKfPfi(
// CHECK: %[[FOUR:.+]] = arith.constant 4 : index
// CHECK: scf.for
// CHECK-NEXT: %[[T:.+]] = memref.alloca() : memref<16xf32>
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     %[[ROW:.+]] = arith.muli %{{.+}}, %[[FOUR]] : index
// CHECK:     %[[AT:.+]] = arith.addi %[[ROW]], %{{.+}} : index
// CHECK:     memref.store %{{.+}}, %[[T]][%[[AT]]] : memref<16xf32>
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     memref.load %[[T]]
// CHECK-NOT: llvm.{{load|store|alloca|intr}}

// EXEC-NOT: remark
// EXEC: kernel _Z14tile_transposePKfPfi
// EXEC-NEXT: param 0: memref<?xf32>
// EXEC-NEXT: param 1: memref<?xf32>
// EXEC-NEXT: param 2: i32
// EXEC-NEXT: scf.for: 5
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z14tile_transposePKfPfi
// EXEC-NEXT: EMU-MATCH _Z14tile_transposePKfPfi
// MATCH: MATCH _Z14tile_transposePKfPfi
// MATCH-NEXT: EMU-MATCH _Z14tile_transposePKfPfi
