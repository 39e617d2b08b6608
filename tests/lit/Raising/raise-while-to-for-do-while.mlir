// RUN: loom-opt %s -verify-each --loom-raise-while-to-for --canonicalize | FileCheck %s
// RUN: loom-opt %s --loom-raise-while-to-for -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Unit-step do-while loops that test the stepped value, without nsw/nuw:
// after the first step every tested value passed the test, so only the first
// step can wrap. Below 64 bits the trip count `(start P n ? |n - start| : 0)
// + 1` with `start = lb +- 1` computed modulo 2^N counts that case too (an
// index loop); at 64 bits an enclosing guard must exclude it. The unsigned
// do-while corpus kernel (RaisingCorpus/unsigned-do-while.cpp) checks the
// values by execution, including the wrapping first step.

// CHECK-LABEL: func.func @asc_unknown_start
//  CHECK-SAME:   (%{{.+}}: memref<?xi32>, %[[LO:.+]]: i32, %[[N:.+]]: i32)
//       CHECK:   %[[START:.+]] = arith.addi %[[LO]], %{{.+}} : i32
//       CHECK:   %[[DIST:.+]] = arith.subi %[[N]], %[[START]] : i32
//       CHECK:   %[[RUNS:.+]] = arith.cmpi ult, %[[START]], %[[N]] : i32
//       CHECK:   %[[CNT:.+]] = arith.select %[[RUNS]], %[[DIST]], %{{.+}} : i32
//       CHECK:   %[[IDX:.+]] = arith.index_castui %[[CNT]] : i32 to index
//       CHECK:   %[[TC:.+]] = arith.addi %[[IDX]], %{{.+}} : index
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     arith.addi %[[LO]], %[[KI]] : i32
func.func @asc_unknown_start(%m: memref<?xi32>, %lo: i32, %n: i32) {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %lo) : (i32) -> i32 {
    %x = arith.index_castui %i : i32 to index
    memref.store %i, %m[%x] : memref<?xi32>
    %next = arith.addi %i, %c1 : i32
    %c = arith.cmpi ult, %next, %n : i32
    scf.condition(%c) %next : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}
//   CHECK-NOT:   scf.while

// A count-down `while (--i > 0)` from n; the exit value is n - tripCount.
// CHECK-LABEL: func.func @desc_from_n
//  CHECK-SAME:   (%{{.+}}: memref<?xi32>, %[[N:.+]]: i32)
//       CHECK:   %[[START:.+]] = arith.addi %[[N]], %{{.+}} : i32
//       CHECK:   arith.cmpi ugt, %[[START]], %{{.+}} : i32
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[TC:.+]] step
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     arith.subi %[[N]], %[[KI]] : i32
//       CHECK:   %[[TCI:.+]] = arith.index_castui %[[TC]] : index to i32
//       CHECK:   %[[EXIT:.+]] = arith.subi %[[N]], %[[TCI]] : i32
//       CHECK:   return %[[EXIT]]
func.func @desc_from_n(%m: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %x = arith.index_castui %i : i32 to index
    memref.store %i, %m[%x] : memref<?xi32>
    %next = arith.addi %i, %cm1 : i32
    %c = arith.cmpi ugt, %next, %c0 : i32
    scf.condition(%c) %next : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return %r : i32
}

// `while (++i != n)` counts modulo 2^32: (n - (lo + 1)) + 1 iterations.
// CHECK-LABEL: func.func @ne_do_while
//  CHECK-SAME:   (%{{.+}}: memref<?xi32>, %[[LO:.+]]: i32, %[[N:.+]]: i32)
//       CHECK:   %[[START:.+]] = arith.addi %[[LO]], %{{.+}} : i32
//       CHECK:   %[[DIST:.+]] = arith.subi %[[N]], %[[START]] : i32
//       CHECK:   %[[IDX:.+]] = arith.index_castui %[[DIST]] : i32 to index
//       CHECK:   %[[TC:.+]] = arith.addi %[[IDX]], %{{.+}} : index
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[TC]] step
func.func @ne_do_while(%m: memref<?xi32>, %lo: i32, %n: i32) {
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %lo) : (i32) -> i32 {
    %x = arith.index_castui %i : i32 to index
    memref.store %i, %m[%x] : memref<?xi32>
    %next = arith.addi %i, %c1 : i32
    %c = arith.cmpi ne, %next, %n : i32
    scf.condition(%c) %next : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}

// At 64 bits the guard `lo < n` proves lo + 1 does not wrap.
// CHECK-LABEL: func.func @guarded_i64
//       CHECK:   scf.if
//       CHECK:     scf.for unsigned %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i64
func.func @guarded_i64(%m: memref<?xi64>, %lo: i64, %n: i64) {
  %c1 = arith.constant 1 : i64
  %g = arith.cmpi ult, %lo, %n : i64
  scf.if %g {
    %r = scf.while (%i = %lo) : (i64) -> i64 {
      %x = arith.index_castui %i : i64 to index
      memref.store %i, %m[%x] : memref<?xi64>
      %next = arith.addi %i, %c1 : i64
      %c = arith.cmpi ult, %next, %n : i64
      scf.condition(%c) %next : i64
    } do {
    ^bb0(%j: i64):
      scf.yield %j : i64
    }
  }
  return
}
//   CHECK-NOT:   scf.while

// Without the guard the 64-bit loop stays a while loop, with the reason.
// CHECK-LABEL: func.func @unguarded_i64
//       CHECK:   scf.while
// REMARK: :[[@LINE+3]]:8: remark: loop stays scf.while: the first step of the 64-bit do-while loop may wrap around: the start is not known to differ from the largest (smallest) value and the increment has no nsw/nuw flag
func.func @unguarded_i64(%m: memref<?xi64>, %lo: i64, %n: i64) {
  %c1 = arith.constant 1 : i64
  %r = scf.while (%i = %lo) : (i64) -> i64 {
    %x = arith.index_castui %i : i64 to index
    memref.store %i, %m[%x] : memref<?xi64>
    %next = arith.addi %i, %c1 : i64
    %c = arith.cmpi ult, %next, %n : i64
    scf.condition(%c) %next : i64
  } do {
  ^bb0(%j: i64):
    scf.yield %j : i64
  }
  return
}

// A guard in the else region holds negated: `n == 0` else-branch proves
// n != 0, so the 64-bit count-down from n cannot wrap on its first step.
// CHECK-LABEL: func.func @guarded_else_countdown
//       CHECK:   scf.if
//       CHECK:   } else {
//       CHECK:     scf.for unsigned
//   CHECK-NOT:   scf.while
func.func @guarded_else_countdown(%m: memref<?xi64>, %n: i64) {
  %c0 = arith.constant 0 : i64
  %cm1 = arith.constant -1 : i64
  %z = arith.cmpi eq, %n, %c0 : i64
  scf.if %z {
  } else {
    %r = scf.while (%i = %n) : (i64) -> i64 {
      %x = arith.index_castui %i : i64 to index
      memref.store %i, %m[%x] : memref<?xi64>
      %next = arith.addi %i, %cm1 : i64
      %c = arith.cmpi ugt, %next, %c0 : i64
      scf.condition(%c) %next : i64
    } do {
    ^bb0(%j: i64):
      scf.yield %j : i64
    }
  }
  return
}

// A step of 2 without nuw can wrap after the first step: stays, and a
// data-dependent exit is not counted at all.
// CHECK-LABEL: func.func @stays
//       CHECK:   scf.while
//       CHECK:   scf.while
// REMARK: :[[@LINE+5]]:8: remark: loop stays scf.while: the increment may wrap around without an nsw/nuw flag
// REMARK: :[[@LINE+14]]:8: remark: loop stays scf.while: no loop-carried integer is stepped by a constant and tested against a loop-invariant bound (a data-dependent exit)
func.func @stays(%m: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %x = arith.index_castui %i : i32 to index
    memref.store %i, %m[%x] : memref<?xi32>
    %next = arith.addi %i, %c2 : i32
    %c = arith.cmpi ult, %next, %n : i32
    scf.condition(%c) %next : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  %s = scf.while (%i = %c0) : (i32) -> i32 {
    %x = arith.index_castui %i : i32 to index
    %v = memref.load %m[%x] : memref<?xi32>
    %c = arith.cmpi ne, %v, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c2 : i32
    scf.yield %next : i32
  }
  return %s : i32
}
