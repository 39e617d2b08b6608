// RUN: loom-opt %s --loom-attach-loop-facts | FileCheck %s

// Constant bounds give an exact trip count.
// CHECK-LABEL: func.func @exact
//       CHECK: scf.for
//       CHECK: loom.facts = {lower = array<i64: 0, 0>, step = 4 : i64, trip_count = array<i64: 25, 25>, upper = array<i64: 100, 100>}
func.func @exact(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c4 {
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

// A bound clamped into [0, 64] gives a trip-count range.
// CHECK-LABEL: func.func @clamped
//       CHECK: scf.for
//       CHECK: trip_count = array<i64: 0, 32>
func.func @clamped(%a: memref<?xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c64 = arith.constant 64 : i32
  %lo = arith.maxsi %n, %c0 : i32
  %ub = arith.minsi %lo, %c64 : i32
  scf.for %i = %c0 to %ub step %c2 : i32 {
    %x = arith.index_cast %i : i32 to index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%x] : memref<?xf32>
  }
  return
}

// An unbounded upper bound gives no trip count, only the known facts.
// CHECK-LABEL: func.func @unbounded
//       CHECK: loom.facts = {lower = array<i64: 0, 0>, step = 1 : i64, upper
//   CHECK-NOT: trip_count
func.func @unbounded(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}
