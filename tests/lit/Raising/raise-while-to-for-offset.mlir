// RUN: loom-opt %s -verify-each --loom-raise-while-to-for --canonicalize | FileCheck %s
// RUN: loom-opt %s --loom-raise-while-to-for -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Pre-tested loops whose test reads `i + K` (`for (i = 0; i + 5 <= n; ++i)`)
// become tests of `i` against a bound moved by K and saturated where moving
// it would wrap, so that exactly the same iterations run;
// exec-while-to-for-offset.mlir runs them at the edges.

// `i + 5 <= n` (nsw) is `i < n - 4`; below MIN + 4, n - 4 would wrap and no
// i passes, so n saturates at MIN + 4 (the loop bound at MIN).
// CHECK-LABEL: func.func @sle_offset
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[MIN4:.+]] = arith.constant -2147483644 : i32
//   CHECK-DAG:   %[[C4:.+]] = arith.constant 4 : i32
//       CHECK:   %[[SAT:.+]] = arith.maxsi %[[N]], %[[MIN4]] : i32
//       CHECK:   %[[UB:.+]] = arith.subi %[[SAT]], %[[C4]] : i32
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UB]] step %{{.+}} : i32
//   CHECK-NOT:   scf.while
func.func @sle_offset(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i5 = arith.addi %i, %c5 overflow<nsw, nuw> : i32
    %c = arith.cmpi sle, %i5, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// `i + 3 <=u n` (nuw) is `i <u n - 2`, n saturated at 2; the unsigned loop
// runs over index.
// CHECK-LABEL: func.func @ule_offset
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : i32
//       CHECK:   %[[SAT:.+]] = arith.maxui %[[N]], %[[C2]] : i32
//       CHECK:   %[[UB:.+]] = arith.subi %[[SAT]], %[[C2]] : i32
//       CHECK:   %[[UBI:.+]] = arith.index_castui %[[UB]] : i32 to index
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UBI]] step %{{.+}} {
//   CHECK-NOT:   scf.while
func.func @ule_offset(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i3 = arith.addi %i, %c3 overflow<nuw> : i32
    %c = arith.cmpi ule, %i3, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nuw> : i32
    scf.yield %next : i32
  }
  return
}

// `i + 1 <=u n` is `i <u n` itself.
// CHECK-LABEL: func.func @ule_plus_one
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   %[[UBI:.+]] = arith.index_castui %[[N]] : i32 to index
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UBI]] step %{{.+}} {
//   CHECK-NOT:   scf.while
func.func @ule_plus_one(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i1 = arith.addi %i, %c1 overflow<nuw> : i32
    %c = arith.cmpi ule, %i1, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nuw> : i32
    scf.yield %next : i32
  }
  return
}

// At the top of i8: `i + 5 <= 126` runs i = 118 .. 121, below 122.
// CHECK-LABEL: func.func @sle_offset_i8_top
//   CHECK-DAG:   %[[C118:.+]] = arith.constant 118 : i8
//   CHECK-DAG:   %[[C122:.+]] = arith.constant 122 : i8
//       CHECK:   scf.for %{{.+}} = %[[C118]] to %[[C122]] step %{{.+}} : i8
func.func @sle_offset_i8_top(%m: memref<?xi8>) {
  %c118 = arith.constant 118 : i8
  %c1 = arith.constant 1 : i8
  %c5 = arith.constant 5 : i8
  %c126 = arith.constant 126 : i8
  %r = scf.while (%i = %c118) : (i8) -> i8 {
    %i5 = arith.addi %i, %c5 overflow<nsw> : i8
    %c = arith.cmpi sle, %i5, %c126 : i8
    scf.condition(%c) %i : i8
  } do {
  ^bb0(%j: i8):
    %x = arith.index_cast %j : i8 to index
    memref.store %j, %m[%x] : memref<?xi8>
    %next = arith.addi %j, %c1 overflow<nsw> : i8
    scf.yield %next : i8
  }
  return
}

// At the bottom of i8: `i + 5 <= -125` holds for no i (n - 4 would wrap);
// the saturated bound is -128, so the loop runs no iteration and folds
// away; `i + 5 <= -123` holds for i = -128 only, a loop that folds to its
// one iteration.
// CHECK-LABEL: func.func @sle_offset_i8_bottom
//   CHECK-NOT:   scf.
//       CHECK:   %[[MIN:.+]] = arith.constant -128 : i8
//   CHECK-NOT:   scf.
//       CHECK:   memref.store %[[MIN]]
//   CHECK-NOT:   scf.
//       CHECK:   return
func.func @sle_offset_i8_bottom(%m: memref<?xi8>) {
  %min = arith.constant -128 : i8
  %c1 = arith.constant 1 : i8
  %c5 = arith.constant 5 : i8
  %none = arith.constant -125 : i8
  %one = arith.constant -123 : i8
  %r = scf.while (%i = %min) : (i8) -> i8 {
    %i5 = arith.addi %i, %c5 overflow<nsw> : i8
    %c = arith.cmpi sle, %i5, %none : i8
    scf.condition(%c) %i : i8
  } do {
  ^bb0(%j: i8):
    %x = arith.index_cast %j : i8 to index
    memref.store %j, %m[%x] : memref<?xi8>
    %next = arith.addi %j, %c1 overflow<nsw> : i8
    scf.yield %next : i8
  }
  %r2 = scf.while (%i = %min) : (i8) -> i8 {
    %i5 = arith.addi %i, %c5 overflow<nsw> : i8
    %c = arith.cmpi sle, %i5, %one : i8
    scf.condition(%c) %i : i8
  } do {
  ^bb0(%j: i8):
    %x = arith.index_cast %j : i8 to index
    memref.store %j, %m[%x] : memref<?xi8>
    %next = arith.addi %j, %c1 overflow<nsw> : i8
    scf.yield %next : i8
  }
  return
}

// At the top of unsigned i8: `i + 3 <=u 254` runs i up to 251, below 252.
// CHECK-LABEL: func.func @ule_offset_i8_top
//   CHECK-DAG:   %[[C252:.+]] = arith.constant 252 : index
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[C252]] step %{{.+}} {
func.func @ule_offset_i8_top(%m: memref<?xi8>, %lb: i8) {
  %c1 = arith.constant 1 : i8
  %c3 = arith.constant 3 : i8
  %c254 = arith.constant 254 : i8
  %r = scf.while (%i = %lb) : (i8) -> i8 {
    %i3 = arith.addi %i, %c3 overflow<nuw> : i8
    %c = arith.cmpi ule, %i3, %c254 : i8
    scf.condition(%c) %i : i8
  } do {
  ^bb0(%j: i8):
    %x = arith.index_castui %j : i8 to index
    memref.store %j, %m[%x] : memref<?xi8>
    %next = arith.addi %j, %c1 overflow<nuw> : i8
    scf.yield %next : i8
  }
  return
}

// Counting down, `i - 3 >= n` (nsw) is `i > n + 2`, n saturated at
// MAX - 2 where n + 2 would wrap (then no i passes).
// CHECK-LABEL: func.func @sge_minus_three
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[CM2:.+]] = arith.constant -2 : i32
//   CHECK-DAG:   %[[MAX2:.+]] = arith.constant 2147483645 : i32
//       CHECK:   %[[SAT:.+]] = arith.minsi %[[N]], %[[MAX2]] : i32
//       CHECK:   %[[UB:.+]] = arith.subi %[[SAT]], %[[CM2]] : i32
//       CHECK:   arith.cmpi sgt, %{{.+}}, %[[UB]] : i32
//       CHECK:   scf.for
//   CHECK-NOT:   scf.while
func.func @sge_minus_three(%m: memref<?xi32>, %lb: i32, %n: i32) {
  %c3 = arith.constant 3 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %lb) : (i32) -> i32 {
    %i3 = arith.subi %i, %c3 overflow<nsw> : i32
    %c = arith.cmpi sge, %i3, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %cm1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// `i + 2 != n` is `i != n - 2` modulo 2^32, with no flag needed.
// CHECK-LABEL: func.func @ne_offset
//  CHECK-SAME:   %[[LB:[^:]+]]: i32, %[[N:[^:]+]]: i32)
//       CHECK:   %[[UB:.+]] = arith.subi %[[N]], %{{.+}} : i32
//       CHECK:   arith.subi %[[UB]], %[[LB]] : i32
//       CHECK:   scf.for
//   CHECK-NOT:   scf.while
func.func @ne_offset(%m: memref<?xi32>, %lb: i32, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %lb) : (i32) -> i32 {
    %i2 = arith.addi %i, %c2 : i32
    %c = arith.cmpi ne, %i2, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}

// Without nsw, `i + 5` may wrap and `i + 5 <= n` is no test of i against
// one bound: the loop stays a while loop and the remark names the
// predicate and the missing flag.
// CHECK-LABEL: func.func @sle_offset_without_nsw
//       CHECK:   scf.while
// REMARK: :[[@LINE+5]]:8: remark: loop stays scf.while: the test compares `iv + 5` with 'sle' but the arith.addi computing it has no nsw flag, so it may wrap around
func.func @sle_offset_without_nsw(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i5 = arith.addi %i, %c5 : i32
    %c = arith.cmpi sle, %i5, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// An unsigned test needs nuw: nsw says nothing about `i + 3` wrapping as
// an unsigned number.
// CHECK-LABEL: func.func @ule_offset_with_nsw_only
//       CHECK:   scf.while
// REMARK: :[[@LINE+5]]:8: remark: loop stays scf.while: the test compares `iv + 3` with 'ule' but the arith.addi computing it has no nuw flag, so it may wrap around
func.func @ule_offset_with_nsw_only(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i3 = arith.addi %i, %c3 overflow<nsw> : i32
    %c = arith.cmpi ule, %i3, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nuw> : i32
    scf.yield %next : i32
  }
  return
}
