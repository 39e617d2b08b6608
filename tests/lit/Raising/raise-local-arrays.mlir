// RUN: loom-opt %s -split-input-file -verify-diagnostics --loom-raise-memref-roots | FileCheck %s

// Lifetime markers are dropped; the allocation is made at the one
// lifetime.start, which dominates every access; a zero memset of the whole
// array becomes a store loop, one of part of it at an element offset a loop
// from that offset.
// CHECK-LABEL: func.func @zeroed
//       CHECK:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   cf.br ^bb1
//       CHECK: ^bb1:
//  CHECK-NEXT:   %[[A:.+]] = memref.alloca() : memref<8xf32>
//       CHECK:   %[[Z:.+]] = arith.constant 0.000000e+00 : f32
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
//  CHECK-NEXT:     %[[AT:.+]] = arith.addi %[[C0]], %[[K]] : index
//  CHECK-NEXT:     memref.store %[[Z]], %[[A]][%[[AT]]] : memref<8xf32>
//  CHECK-NEXT:   } {loom.local_init}
//       CHECK:   %[[B:.+]] = arith.constant -1.21979282E-12 : f32
//       CHECK:   memref.store %[[B]], %[[A]]
//       CHECK:   memref.store %[[B]], %[[A]]
//   CHECK-NOT:   memref.store %[[B]]
//       CHECK:   memref.load %[[A]]
//   CHECK-NOT:   llvm.intr
func.func @zeroed(%i: i64) -> f32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i8
  %byte = arith.constant 171 : i8
  %len = arith.constant 32 : i64
  %len2 = arith.constant 8 : i64
  %six = arith.constant 6 : i64
  %a = llvm.alloca %one x !llvm.array<8 x f32> : (i32) -> !llvm.ptr
  cf.br ^bb1
^bb1:
  llvm.intr.lifetime.start %a : !llvm.ptr
  "llvm.intr.memset"(%a, %zero, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %p = llvm.getelementptr %a[%six] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  "llvm.intr.memset"(%p, %byte, %len2) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %q = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %q : !llvm.ptr -> f32
  llvm.intr.lifetime.end %a : !llvm.ptr
  return %x : f32
}

// -----

// A nested array is flattened; a memcpy from a constant global stores the
// copied part of its initializer (runs of four or more equal values as a
// loop); a memcpy from another raised root copies element by element.
llvm.mlir.global private constant @table(dense<[1, 2, 2, 2, 2, 9]> : tensor<6xi32>) : !llvm.array<6 x i32>
// CHECK-LABEL: func.func @copied
//  CHECK-SAME:   (%[[SRC:.+]]: memref<?xi32>, %{{.+}}: i64)
//   CHECK-DAG:   %[[T:.+]] = memref.alloca() : memref<6xi32>
//   CHECK-DAG:   %[[U:.+]] = memref.alloca() : memref<6xi32>
//       CHECK:   %[[ONE:.+]] = arith.constant 1 : i32
//       CHECK:   memref.store %[[ONE]], %[[T]]
//       CHECK:   %[[TWO:.+]] = arith.constant 2 : i32
//       CHECK:   scf.for
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     memref.store %[[TWO]], %[[T]]
//       CHECK:   } {loom.local_init}
//       CHECK:   %[[NINE:.+]] = arith.constant 9 : i32
//       CHECK:   memref.store %[[NINE]], %[[T]]
//       CHECK:   scf.for
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     %[[V:.+]] = memref.load %[[SRC]]
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     memref.store %[[V]], %[[U]]
//       CHECK:   } {loom.local_init}
func.func @copied(%src: !llvm.ptr, %i: i64) -> i32 {
  %one = arith.constant 1 : i32
  %len = arith.constant 24 : i64
  %len2 = arith.constant 12 : i64
  %k = arith.constant 3 : i64
  %t = llvm.alloca %one x !llvm.array<2 x array<3 x i32>> : (i32) -> !llvm.ptr
  %u = llvm.alloca %one x !llvm.array<6 x i32> : (i32) -> !llvm.ptr
  %g = llvm.mlir.addressof @table : !llvm.ptr
  "llvm.intr.memcpy"(%t, %g, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %s = llvm.getelementptr %src[%k] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  "llvm.intr.memcpy"(%u, %s, %len2) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %p = llvm.getelementptr %t[0, 1, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<2 x array<3 x i32>>
  %x = llvm.load %p : !llvm.ptr -> i32
  %q = llvm.getelementptr %u[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %y = llvm.load %q : !llvm.ptr -> i32
  %z = arith.addi %x, %y : i32
  return %z : i32
}

// -----

// Two lifetime.start markers: the allocation stays where the alloca is.
// CHECK-LABEL: func.func @restarted
//       CHECK:   memref.alloca() : memref<4xi32>
//  CHECK-NEXT:   cf.br ^bb1
func.func @restarted(%v: i32) -> i32 {
  %one = arith.constant 1 : i32
  %a = llvm.alloca %one x !llvm.array<4 x i32> : (i32) -> !llvm.ptr
  cf.br ^bb1
^bb1:
  llvm.intr.lifetime.start %a : !llvm.ptr
  llvm.store %v, %a : i32, !llvm.ptr
  llvm.intr.lifetime.end %a : !llvm.ptr
  llvm.intr.lifetime.start %a : !llvm.ptr
  %x = llvm.load %a : !llvm.ptr -> i32
  llvm.intr.lifetime.end %a : !llvm.ptr
  return %x : i32
}

// -----

// What stays an LLVM pointer, each with a remark naming why.
llvm.mlir.global private @mutable(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
llvm.mlir.global private constant @bytes(dense<[1, 2, 3, 4, 5, 6, 7, 8]> : tensor<8xi8>) : !llvm.array<8 x i8>
// CHECK-LABEL: func.func @kept
//   CHECK-NOT:   memref.alloca
// expected-remark @below {{pointer argument #2 stays an LLVM pointer (InstructionCore only): it is copied by llvm.intr.memcpy of a length that is not a constant}}
func.func @kept(%n: i64, %b: i8, %src: !llvm.ptr) -> i32 {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i8
  %len = arith.constant 8 : i64
  %odd = arith.constant 6 : i64
  // expected-remark @below {{local allocation stays an LLVM pointer: it is set by llvm.intr.memset of a length that is not a constant}}
  %a = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%a, %zero, %n) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %xa = llvm.load %a : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: it is set by llvm.intr.memset of a byte that is not a constant}}
  %c = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%c, %b, %len) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %xc = llvm.load %c : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: llvm.intr.memset covers part of an element}}
  %d = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%d, %zero, %odd) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %xd = llvm.load %d : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: it is set by a volatile llvm.intr.memset}}
  %e = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  "llvm.intr.memset"(%e, %zero, %len) <{isVolatile = true}> : (!llvm.ptr, i8, i64) -> ()
  %xe = llvm.load %e : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: llvm.intr.memset does not define its i1 elements (their width is not a whole number of bytes)}}
  %f = llvm.alloca %one x !llvm.array<2 x i1> : (i32) -> !llvm.ptr
  %two = arith.constant 2 : i64
  "llvm.intr.memset"(%f, %zero, %two) <{isVolatile = false}> : (!llvm.ptr, i8, i64) -> ()
  %xf = llvm.load %f : !llvm.ptr -> i1
  // expected-remark @below {{local allocation stays an LLVM pointer: it is copied from the global @mutable, which is not constant}}
  %g = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  %gm = llvm.mlir.addressof @mutable : !llvm.ptr
  "llvm.intr.memcpy"(%g, %gm, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %xg = llvm.load %g : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: it is copied from the global @bytes, whose initializer is not a dense array of i32}}
  %h = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  // expected-remark @below {{constant global @bytes stays an LLVM pointer: it is copied by llvm.intr.memcpy into a pointer that stays LLVM}}
  %gb = llvm.mlir.addressof @bytes : !llvm.ptr
  "llvm.intr.memcpy"(%h, %gb, %len) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %xh = llvm.load %h : !llvm.ptr -> i32
  // expected-remark @below {{local allocation stays an LLVM pointer: it is copied by llvm.intr.memcpy of a length that is not a constant}}
  %k = llvm.alloca %one x !llvm.array<2 x i32> : (i32) -> !llvm.ptr
  "llvm.intr.memcpy"(%k, %src, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
  %xk = llvm.load %k : !llvm.ptr -> i32
  %s1 = arith.addi %xa, %xc : i32
  %s2 = arith.addi %s1, %xd : i32
  %s3 = arith.addi %s2, %xe : i32
  %s4 = arith.addi %s3, %xg : i32
  %s5 = arith.addi %s4, %xh : i32
  %s6 = arith.addi %s5, %xk : i32
  %fz = arith.extui %xf : i1 to i32
  %s7 = arith.addi %s6, %fz : i32
  return %s7 : i32
}

// -----

// A constant table read in place (clang folds `const int c[6] = {...}` to
// loads from the global) becomes a local copy initialized where its address
// is taken; a table that is written, or read as another type, stays LLVM.
llvm.mlir.global private constant @lut(dense<[7, 7, 7, 7, 3]> : tensor<5xi32>) : !llvm.array<5 x i32>
llvm.mlir.global private constant @written(dense<[1, 2]> : tensor<2xi32>) : !llvm.array<2 x i32>
llvm.mlir.global private constant @floats(dense<[1.0, 2.0]> : tensor<2xf32>) : !llvm.array<2 x f32>
// CHECK-LABEL: func.func @tables
//       CHECK:   %[[LUT:.+]] = memref.alloca() : memref<5xi32>
//       CHECK:   %[[SEVEN:.+]] = arith.constant 7 : i32
//       CHECK:   scf.for
//  CHECK-NEXT:     arith.addi
//  CHECK-NEXT:     memref.store %[[SEVEN]], %[[LUT]]
//       CHECK:   } {loom.local_init}
//       CHECK:   %[[THREE:.+]] = arith.constant 3 : i32
//       CHECK:   memref.store %[[THREE]], %[[LUT]]
//       CHECK:   memref.load %[[LUT]]
//       CHECK:   llvm.mlir.addressof @written
//       CHECK:   llvm.mlir.addressof @floats
func.func @tables(%i: i64, %v: i32) -> i32 {
  %t = llvm.mlir.addressof @lut : !llvm.ptr
  %p = llvm.getelementptr %t[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %x = llvm.load %p : !llvm.ptr -> i32
  // expected-remark @below {{constant global @written stays an LLVM pointer: it is written, but the global is constant}}
  %w = llvm.mlir.addressof @written : !llvm.ptr
  llvm.store %v, %w : i32, !llvm.ptr
  %y = llvm.load %w : !llvm.ptr -> i32
  // expected-remark @below {{constant global @floats stays an LLVM pointer: it is read as i32, but its initializer holds f32}}
  %f = llvm.mlir.addressof @floats : !llvm.ptr
  %z = llvm.load %f : !llvm.ptr -> i32
  %s = arith.addi %x, %y : i32
  %r = arith.addi %s, %z : i32
  return %r : i32
}
