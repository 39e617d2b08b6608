// RUN: loom-opt %s --loom-attach-loop-facts | FileCheck %s

// Constant bounds give an exact trip count, which is its own multiple; the
// constant 100 is a multiple of 100 (0 says nothing and gets no multiple).
// CHECK-LABEL: func.func @exact
//       CHECK: scf.for
//       CHECK: loom.facts = {lower = array<i64: 0, 0>, step = 4 : i64, trip_count = array<i64: 25, 25>, trip_count_multiple = 25 : i64, upper = array<i64: 100, 100>, upper_multiple = 100 : i64}
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

// Divisibility: `n & ~3` is a multiple of 4, so from 0 with step 1 the trip
// count is too.
// CHECK-LABEL: func.func @masked_bound
//       CHECK: loom.facts = {lower = array<i64: 0, 0>, step = 1 : i64, trip_count_multiple = 4 : i64, upper = {{.+}}, upper_multiple = 4 : i64}
func.func @masked_bound(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm4 = arith.constant -4 : index
  %ub = arith.andi %n, %cm4 : index
  scf.for %i = %c0 to %ub step %c1 {
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

// `n * 24` without wrapping (nsw) is a multiple of 24; with step 2 the trip
// count is a multiple of 12. Without the flag only the power-of-two part
// (8) survives wrap-around modulo 2^32, and with step 8 the trip count is a
// multiple of 1 (no fact).
// CHECK-LABEL: func.func @scaled_bound
//       CHECK: step = 2 : i64, trip_count = {{.+}}, trip_count_multiple = 12 : i64, upper = {{.+}}, upper_multiple = 24 : i64}
//       CHECK: step = 8 : i64, trip_count = array<i64: 0, 268435456>, upper = {{.+}}, upper_multiple = 8 : i64}
func.func @scaled_bound(%a: memref<?xf32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c24 = arith.constant 24 : i32
  %ub = arith.muli %n, %c24 overflow<nsw> : i32
  scf.for %i = %c0 to %ub step %c2 : i32 {
    %x = arith.index_cast %i : i32 to index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%x] : memref<?xf32>
  }
  %ub2 = arith.muli %n, %c24 : i32
  scf.for %i = %c0 to %ub2 step %c8 : i32 {
    %x = arith.index_cast %i : i32 to index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%x] : memref<?xf32>
  }
  return
}

// The induction variable of an outer loop stepping by 16 from 0 is a
// multiple of 16; an inner loop over [i, i + 16) gets multiples on both
// bounds and 16 trips (also the exact range). An unsigned reading of a
// multiple of 6 keeps only its power-of-two part.
// CHECK-LABEL: func.func @nested
//       CHECK: scf.for
//       CHECK:   scf.for
//       CHECK:   loom.facts = {lower = {{.+}}, lower_multiple = 16 : i64, step = 1 : i64, trip_count_multiple = 16 : i64, upper = {{.+}}, upper_multiple = 16 : i64}
//       CHECK: scf.for
//       CHECK: loom.facts = {lower = {{.+}}, step = 1 : i64, trip_count = {{.+}}, trip_count_multiple = 2 : i64, upper = {{.+}}, upper_multiple = 2 : i64}
func.func @nested(%a: memref<?xf32>, %n: index, %m: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %n step %c16 {
    %end = arith.addi %i, %c16 : index
    scf.for %j = %i to %end step %c1 {
      %z = arith.constant 0.0 : f32
      memref.store %z, %a[%j] : memref<?xf32>
    }
  }
  %c6 = arith.constant 6 : i32
  %six = arith.muli %m, %c6 overflow<nsw> : i32
  %ub = arith.index_castui %six : i32 to index
  scf.for %i = %c0 to %ub step %c1 {
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

// A bound the range analysis pins to one value (here 96 / 2) is a multiple
// of that value although no divisibility rule covers `divsi`; the lower
// bound from `n & -8` makes the trip count a multiple of gcd(8, 48) / 2.
// CHECK-LABEL: func.func @pinned_by_range
//       CHECK: loom.facts = {lower = {{.+}}, lower_multiple = 8 : i64, step = 2 : i64, trip_count = {{.+}}, trip_count_multiple = 4 : i64, upper = array<i64: 48, 48>, upper_multiple = 48 : i64}
func.func @pinned_by_range(%a: memref<?xf32>, %n: i32) {
  %c2 = arith.constant 2 : i32
  %c96 = arith.constant 96 : i32
  %cm8 = arith.constant -8 : i32
  %c0 = arith.constant 0 : i32
  %c40 = arith.constant 40 : i32
  %ub = arith.divsi %c96, %c2 : i32
  %m = arith.andi %n, %cm8 : i32
  %pos = arith.maxsi %m, %c0 : i32
  %lb = arith.minsi %pos, %c40 : i32
  scf.for %i = %lb to %ub step %c2 : i32 {
    %x = arith.index_cast %i : i32 to index
    %z = arith.constant 0.0 : f32
    memref.store %z, %a[%x] : memref<?xf32>
  }
  return
}
