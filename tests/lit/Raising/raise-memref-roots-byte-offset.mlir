// RUN: loom-opt %s -split-input-file -verify-diagnostics --loom-raise-memref-roots | FileCheck %s

// A range-based for over `const int (&)[4]` walks the array by a byte
// offset that starts at 0 and steps by 4 (an i8 getelementptr): every
// offset is a multiple of the element size, so the pointer is a memref root
// and the offset divided by 4 is the element index.
// CHECK-LABEL: func.func @range_for
//  CHECK-SAME: (%[[W:.+]]: memref<?xi32>)
//       CHECK: ^bb1(%[[OFF:.+]]: i64, %{{.+}}: i32):
//       CHECK:   %[[I:.+]] = arith.index_cast %[[OFF]] : i64 to index
//       CHECK:   %[[C4:.+]] = arith.constant 4 : index
//       CHECK:   %[[E:.+]] = arith.divsi %[[I]], %[[C4]] : index
//       CHECK:   memref.load %[[W]][%{{.+}}] : memref<?xi32>
//   CHECK-NOT:   llvm.load
func.func @range_for(%w: !llvm.ptr) -> i32 {
  %c0 = arith.constant 0 : i64
  %c4 = arith.constant 4 : i64
  %c16 = arith.constant 16 : i64
  %z = arith.constant 0 : i32
  cf.br ^bb1(%c0, %z : i64, i32)
^bb1(%off: i64, %sum: i32):
  %p = llvm.getelementptr inbounds %w[%off] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %v = llvm.load %p : !llvm.ptr -> i32
  %s = arith.addi %sum, %v : i32
  %next = arith.addi %off, %c4 : i64
  %done = arith.cmpi eq, %next, %c16 : i64
  cf.cond_br %done, ^bb2, ^bb1(%next, %s : i64, i32)
^bb2:
  return %s : i32
}

// -----

// Stepping by 2 bytes reaches the middle of an element: the pointer stays
// an LLVM pointer, and the remark says why.
// CHECK-LABEL: func.func @half_step
//  CHECK-SAME: (%{{.+}}: !llvm.ptr)
//       CHECK:   llvm.load
// expected-remark @below {{pointer argument #0 stays an LLVM pointer (InstructionCore only): it is indexed with a stride that is not a whole number of elements}}
func.func @half_step(%w: !llvm.ptr) -> i32 {
  %c0 = arith.constant 0 : i64
  %c2 = arith.constant 2 : i64
  %c16 = arith.constant 16 : i64
  %z = arith.constant 0 : i32
  cf.br ^bb1(%c0, %z : i64, i32)
^bb1(%off: i64, %sum: i32):
  %p = llvm.getelementptr inbounds %w[%off] : (!llvm.ptr, i64) -> !llvm.ptr, i8
  %v = llvm.load %p : !llvm.ptr -> i32
  %s = arith.addi %sum, %v : i32
  %next = arith.addi %off, %c2 : i64
  %done = arith.cmpi eq, %next, %c16 : i64
  cf.cond_br %done, ^bb2, ^bb1(%next, %s : i64, i32)
^bb2:
  return %s : i32
}
