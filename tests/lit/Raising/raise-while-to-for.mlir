// RUN: loom-opt %s -verify-each --loom-raise-while-to-for --canonicalize | FileCheck %s

// loom-raise-while-to-for: counted scf.while loops (what --lift-cf-to-scf
// makes of every C loop) become scf.for; loops that are not counted, or
// whose step could wrap around, stay scf.while. exec-while-to-for.mlir runs
// the edge cases, and tests/lit/RaisingCorpus checks C++ kernels by
// execution.

// A pre-tested `i < n` loop with a unit step becomes a signed scf.for; the
// induction result (the first value that failed the test) is rebuilt.
// CHECK-LABEL: func.func @slt_unit_step
//  CHECK-SAME:   (%{{.+}}: memref<?xi32>, %[[N:.+]]: i32)
//       CHECK:   %[[C0:.+]] = arith.constant 0 : i32
//       CHECK:   scf.for %{{.+}} = %[[C0]] to %[[N]] step %{{.+}} : i32
//       CHECK:   %[[RUNS:.+]] = arith.cmpi sgt, %[[N]], %[[C0]]
//       CHECK:   %[[EXIT:.+]] = arith.select %[[RUNS]], %[[N]], %[[C0]]
//       CHECK:   return %[[EXIT]]
//   CHECK-NOT:   scf.while
func.func @slt_unit_step(%m: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return %r : i32
}

// `i <= n` with an nsw increment runs to n + 1.
// CHECK-LABEL: func.func @sle_nsw
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[C3:.+]] = arith.constant 3 : i32
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : i32
//       CHECK:   %[[UB:.+]] = arith.addi %[[N]], %[[C1]] : i32
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UB]] step %[[C3]] : i32
func.func @sle_nsw(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi sle, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c3 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// An unsigned unit-step loop under an unknown bound iterates over index.
// CHECK-LABEL: func.func @ult_index
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   %[[UB:.+]] = arith.index_castui %[[N]] : i32 to index
//       CHECK:   scf.for %[[J:.+]] = %{{.+}} to %[[UB]] step %{{.+}} {
//       CHECK:     %[[I:.+]] = arith.index_castui %[[J]] : index to i32
//       CHECK:     memref.store %[[I]]
func.func @ult_index(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi ult, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 : i32
    scf.yield %next : i32
  }
  return
}

// Under a non-negative constant bound the unsigned test is a signed one.
// CHECK-LABEL: func.func @ult_nonnegative_bound
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i32
//   CHECK-NOT:   unsigned
func.func @ult_nonnegative_bound(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi ult, %i, %c16 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nsw, nuw> : i32
    scf.yield %next : i32
  }
  return
}

// A 64-bit unsigned loop keeps its type with an unsigned comparison.
// CHECK-LABEL: func.func @ult_i64
//  CHECK-SAME:   %[[N:[^:]+]]: i64)
//       CHECK:   scf.for unsigned %{{.+}} = %{{.+}} to %[[N]] step %{{.+}} : i64
func.func @ult_i64(%m: memref<?xi64>, %n: i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.while (%i = %c0) : (i64) -> i64 {
    %c = arith.cmpi ult, %i, %n : i64
    scf.condition(%c) %i : i64
  } do {
  ^bb0(%j: i64):
    %x = arith.index_castui %j : i64 to index
    memref.store %j, %m[%x] : memref<?xi64>
    %next = arith.addi %j, %c1 : i64
    scf.yield %next : i64
  }
  return
}

// Counting down (`i > -1`, step -1) iterates over the trip count.
// CHECK-LABEL: func.func @sgt_reverse
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   %[[START:.+]] = arith.addi %[[N]], %{{.+}} overflow<nsw>
//       CHECK:   %[[RUNS:.+]] = arith.cmpi sgt, %[[START]], %{{.+}} : i32
//       CHECK:   %[[TC:.+]] = arith.select %[[RUNS]], %[[N]], %{{.+}} : i32
//       CHECK:   %[[TCI:.+]] = arith.index_castui %[[TC]] : i32 to index
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[TCI]] step %{{.+}} {
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     %[[I:.+]] = arith.subi %[[START]], %[[KI]] : i32
//       CHECK:     memref.store %[[I]]
func.func @sgt_reverse(%m: memref<?xi32>, %n: i32) {
  %cm1 = arith.constant -1 : i32
  %start = arith.addi %n, %cm1 overflow<nsw> : i32
  %r = scf.while (%i = %start) : (i32) -> i32 {
    %c = arith.cmpi sgt, %i, %cm1 : i32
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

// `i >= lo` stepping by -2 divides the distance by the step.
// CHECK-LABEL: func.func @sge_step_minus_two
//  CHECK-SAME:   %[[HI:[^:]+]]: i32, %[[LO:[^:]+]]: i32)
//       CHECK:   %[[D:.+]] = arith.subi %[[HI]], %[[LO]] : i32
//       CHECK:   %[[Q:.+]] = arith.divui %[[D]], %{{.+}} : i32
//       CHECK:   %[[Q1:.+]] = arith.addi %[[Q]], %{{.+}} : i32
//       CHECK:   %[[RUNS:.+]] = arith.cmpi sge, %[[HI]], %[[LO]] : i32
//       CHECK:   arith.select %[[RUNS]], %[[Q1]]
//       CHECK:   scf.for %[[K:.+]] =
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     %[[OFF:.+]] = arith.muli %[[KI]], %{{.+}} : i32
//       CHECK:     arith.addi %[[HI]], %[[OFF]] : i32
func.func @sge_step_minus_two(%m: memref<?xi32>, %hi: i32, %lo: i32) {
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %hi) : (i32) -> i32 {
    %c = arith.cmpi sge, %i, %lo : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.subi %j, %c2 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// A 64-bit count-down loop iterates over its trip count unsigned.
// CHECK-LABEL: func.func @sgt_i64
//  CHECK-SAME:   %[[N:[^:]+]]: i64)
//       CHECK:   %[[TC:.+]] = arith.select
//       CHECK:   scf.for unsigned %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} : i64 {
//       CHECK:     arith.subi %[[N]], %[[K]] : i64
func.func @sgt_i64(%m: memref<?xi64>, %n: i64) {
  %c0 = arith.constant 0 : i64
  %cm1 = arith.constant -1 : i64
  %r = scf.while (%i = %n) : (i64) -> i64 {
    %c = arith.cmpi sgt, %i, %c0 : i64
    scf.condition(%c) %i : i64
  } do {
  ^bb0(%j: i64):
    %x = arith.index_cast %j : i64 to index
    memref.store %j, %m[%x] : memref<?xi64>
    %next = arith.addi %j, %cm1 overflow<nsw> : i64
    scf.yield %next : i64
  }
  return
}

// An unsigned count-down by one stops above the bound without wrapping.
// CHECK-LABEL: func.func @ugt_reverse
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   %[[RUNS:.+]] = arith.cmpi ugt, %[[N]], %{{.+}} : i32
//       CHECK:   arith.select %[[RUNS]], %[[N]]
//       CHECK:   scf.for %[[K:.+]] =
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     arith.subi %[[N]], %[[KI]] : i32
func.func @ugt_reverse(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %r = scf.while (%i = %n) : (i32) -> i32 {
    %c = arith.cmpi ugt, %i, %c0 : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_castui %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %cm1 : i32
    scf.yield %next : i32
  }
  return
}

// `i != n` with an nsw increment is `i < n`.
// CHECK-LABEL: func.func @ne_nsw
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[N]] step %{{.+}} : i32
func.func @ne_nsw(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi ne, %i, %n : i32
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

// `p != end` over index offsets counts modulo 2^64 without flags.
// CHECK-LABEL: func.func @ne_wrapping
//  CHECK-SAME:   %[[B:[^:]+]]: index, %[[E:[^:]+]]: index)
//       CHECK:   %[[TC:.+]] = arith.subi %[[E]], %[[B]] : index
//       CHECK:   scf.for unsigned %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} {
//       CHECK:     %[[P:.+]] = arith.addi %[[B]], %[[K]] : index
//       CHECK:     memref.store %{{.+}}, %{{.+}}[%[[P]]]
func.func @ne_wrapping(%m: memref<?xi32>, %begin: index, %end: index) {
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %r = scf.while (%p = %begin) : (index) -> index {
    %c = arith.cmpi ne, %p, %end : index
    scf.condition(%c) %p : index
  } do {
  ^bb0(%q: index):
    memref.store %c7, %m[%q] : memref<?xi32>
    %next = arith.addi %q, %c1 : index
    scf.yield %next : index
  }
  return
}

// A constant step of 4 with nsw stays the step of a signed loop.
// CHECK-LABEL: func.func @slt_step_four
//       CHECK:   %[[C4:.+]] = arith.constant 4 : i32
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %[[C4]] : i32
func.func @slt_step_four(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c4 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// Without nsw a step of 2 could wrap past an unknown bound: stays a while.
// CHECK-LABEL: func.func @keeps_wrapping_step
//       CHECK:   scf.while
//   CHECK-NOT:   scf.for
func.func @keeps_wrapping_step(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c2 : i32
    scf.yield %next : i32
  }
  return
}

// A do-while loop testing the incremented value runs max(n, 1) times.
// CHECK-LABEL: func.func @do_while_next
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : i32
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : i32
//       CHECK:   %[[UB:.+]] = arith.maxsi %[[N]], %[[C1]] : i32
//       CHECK:   %[[R:.+]] = scf.for %{{.+}} = %[[C0]] to %[[UB]] step %[[C1]] iter_args(%[[S:.+]] = %[[C0]]) -> (i32) : i32 {
//       CHECK:     %[[S2:.+]] = arith.addi %[[S]]
//       CHECK:     scf.yield %[[S2]] : i32
//       CHECK:   return %[[R]] : i32
//   CHECK-NOT:   scf.while
func.func @do_while_next(%m: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.while (%s = %c0, %i = %c0) : (i32, i32) -> (i32, i32) {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %m[%x] : memref<?xi32>
    %s2 = arith.addi %s, %v : i32
    %next = arith.addi %i, %c1 overflow<nsw> : i32
    %c = arith.cmpi slt, %next, %n : i32
    scf.condition(%c) %s2, %next : i32, i32
  } do {
  ^bb0(%a: i32, %b: i32):
    scf.yield %a, %b : i32, i32
  }
  return %r#0 : i32
}

// A do-while loop testing the value before the increment runs one more
// time than the pre-tested loop would.
// CHECK-LABEL: func.func @do_while_old
//       CHECK:   %[[TC:.+]] = arith.index_castui %{{.+}} : i32 to index
//       CHECK:   %[[TC1:.+]] = arith.addi %[[TC]], %{{.+}} : index
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[TC1]] step
func.func @do_while_old(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %x = arith.index_cast %i : i32 to index
    memref.store %i, %m[%x] : memref<?xi32>
    %next = arith.addi %i, %c1 overflow<nsw> : i32
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %next : i32
  } do {
  ^bb0(%b: i32):
    scf.yield %b : i32
  }
  return
}

// A guarded do-while keeps its guard and becomes a for inside it.
// CHECK-LABEL: func.func @guarded_do_while
//       CHECK:   scf.if
//       CHECK:     arith.maxsi
//       CHECK:     scf.for
//   CHECK-NOT:   scf.while
func.func @guarded_do_while(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %g = arith.cmpi sgt, %n, %c0 : i32
  scf.if %g {
    %r = scf.while (%i = %c0) : (i32) -> i32 {
      %x = arith.index_cast %i : i32 to index
      memref.store %i, %m[%x] : memref<?xi32>
      %next = arith.addi %i, %c1 overflow<nsw> : i32
      %c = arith.cmpi slt, %next, %n : i32
      scf.condition(%c) %next : i32
    } do {
    ^bb0(%b: i32):
      scf.yield %b : i32
    }
  }
  return
}

// A bound computed in the test (`n - 1`) and one loaded from memory the
// loop never writes are hoisted, then the loop is counted.
// CHECK-LABEL: func.func @hoists_invariant_bound
//       CHECK:   %[[N1:.+]] = arith.addi %{{.+}}, %{{.+}} overflow<nsw> : i32
//       CHECK:   %[[X:.+]] = arith.index_cast %[[N1]]
//       CHECK:   %[[B:.+]] = memref.load %{{.+}}[%[[X]]]
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[B]] step %{{.+}} iter_args(
func.func @hoists_invariant_bound(%m: memref<?xi32>, %bounds: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %r:2 = scf.while (%s = %c0, %i = %c0) : (i32, i32) -> (i32, i32) {
    %n1 = arith.addi %n, %cm1 overflow<nsw> : i32
    %x = arith.index_cast %n1 : i32 to index
    %b = memref.load %bounds[%x] : memref<?xi32>
    %c = arith.cmpi slt, %i, %b : i32
    scf.condition(%c) %s, %i : i32, i32
  } do {
  ^bb0(%a: i32, %j: i32):
    %y = arith.index_cast %j : i32 to index
    %v = memref.load %m[%y] : memref<?xi32>
    %s2 = arith.addi %a, %v : i32
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %s2, %next : i32, i32
  }
  return %r#0 : i32
}

// A bound loaded from memory the loop writes is not invariant.
// CHECK-LABEL: func.func @keeps_bound_of_written_memory
//       CHECK:   scf.while
//  CHECK-NEXT:     memref.load
func.func @keeps_bound_of_written_memory(%m: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %b = memref.load %m[%n] : memref<?xi32>
    %c = arith.cmpi slt, %i, %b : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    memref.store %j, %m[%n] : memref<?xi32>
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// The exit on the `true` edge: the scf.if testing `i > n` is flipped, the
// body moves to the after region and the loop becomes `i <= n`.
// CHECK-LABEL: func.func @flips_negated_if
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//       CHECK:   %[[UB:.+]] = arith.addi %[[N]], %{{.+}} : i32
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %[[UB]] step %{{.+}} : i32 {
//       CHECK:     memref.store %[[I]]
//   CHECK-NOT:   scf.if
//   CHECK-NOT:   scf.while
func.func @flips_negated_if(%m: memref<?xi32>, %n: i32) {
  %p = ub.poison : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %exit = arith.cmpi sgt, %i, %n : i32
    %stay = arith.cmpi sle, %i, %n : i32
    %v = scf.if %exit -> (i32) {
      scf.yield %p : i32
    } else {
      %x = arith.index_cast %i : i32 to index
      memref.store %i, %m[%x] : memref<?xi32>
      %next = arith.addi %i, %c1 overflow<nsw> : i32
      scf.yield %next : i32
    }
    scf.condition(%stay) %v : i32
  } do {
  ^bb0(%j: i32):
    scf.yield %j : i32
  }
  return
}

// Pointer offsets that count along (`*dst++ = *src++`) become expressions
// of the induction variable instead of iter_args.
// CHECK-LABEL: func.func @counting_offsets
//       CHECK:   %[[TC:.+]] = arith.index_castui
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} {
//       CHECK:     %[[V:.+]] = memref.load %{{.+}}[%[[K]]]
//       CHECK:     memref.store %[[V]], %{{.+}}[%[[K]]]
//   CHECK-NOT:   iter_args
//       CHECK:   %[[RUNS:.+]] = arith.cmpi sgt, %[[TC]]
//       CHECK:   %[[END:.+]] = arith.select %[[RUNS]], %[[TC]]
//       CHECK:   return %[[END]] : index
func.func @counting_offsets(%src: memref<?xi32>, %dst: memref<?xi32>, %n: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %r:3 = scf.while (%p = %c0, %q = %c0, %k = %n) : (index, index, i32) -> (index, index, i32) {
    %c = arith.cmpi sgt, %k, %z : i32
    scf.condition(%c) %p, %q, %k : index, index, i32
  } do {
  ^bb0(%a: index, %b: index, %kk: i32):
    %v = memref.load %src[%a] : memref<?xi32>
    memref.store %v, %dst[%b] : memref<?xi32>
    %a2 = arith.addi %a, %c1 : index
    %b2 = arith.addi %b, %c1 : index
    %k2 = arith.addi %kk, %cm1 overflow<nsw> : i32
    scf.yield %a2, %b2, %k2 : index, index, i32
  }
  return %r#1 : index
}

// A loop-invariant step that is no constant goes to upstream's uplift.
// CHECK-LABEL: func.func @upstream_invariant_step
//  CHECK-SAME:   %[[N:[^:]+]]: i32, %[[S:[^:]+]]: i32)
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[N]] step %[[S]] : i32
func.func @upstream_invariant_step(%m: memref<?xi32>, %n: i32, %s: i32) {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %s overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// Upstream's uplift would return the last iteration's value: with the
// induction result used, the loop stays a while.
// CHECK-LABEL: func.func @keeps_upstream_with_used_result
//       CHECK:   scf.while
//   CHECK-NOT:   scf.for
func.func @keeps_upstream_with_used_result(%m: memref<?xi32>, %n: i32, %s: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %s overflow<nsw> : i32
    scf.yield %next : i32
  }
  return %r : i32
}

// A search loop exits on data: no counted form exists.
// CHECK-LABEL: func.func @keeps_search
//       CHECK:   scf.while
//   CHECK-NOT:   scf.for
func.func @keeps_search(%m: memref<?xi32>, %key: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %m[%x] : memref<?xi32>
    %c = arith.cmpi ne, %v, %key : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %next = arith.addi %j, %c1 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return %r : i32
}

// A test of `i + 1` (nsw) is a test of `i` against `n - 1`, saturated so
// that `n - 1` cannot wrap.
// CHECK-LABEL: func.func @offset_test
//  CHECK-SAME:   %[[N:[^:]+]]: i32)
//   CHECK-DAG:   %[[MIN1:.+]] = arith.constant -2147483647 : i32
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : i32
//       CHECK:   %[[SAT:.+]] = arith.maxsi %[[N]], %[[MIN1]] : i32
//       CHECK:   %[[UB:.+]] = arith.subi %[[SAT]], %[[C1]] : i32
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[UB]] step %{{.+}} : i32
func.func @offset_test(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %i1 = arith.addi %i, %c1 overflow<nsw> : i32
    %c = arith.cmpi slt, %i1, %n : i32
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

// `(i | 1) < n` for an even i (start 0, step 2) is `i + 1 < n`; the test
// forwards `i | 1`, which is recomputed in the body.
// CHECK-LABEL: func.func @or_offset_test
//       CHECK:   %[[UB:.+]] = arith.subi
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %[[UB]] step %{{.+}} : i32 {
//       CHECK:     %[[ODD:.+]] = arith.ori %[[I]], %{{.+}} : i32
//       CHECK:     memref.store %[[ODD]]
func.func @or_offset_test(%m: memref<?xi32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.while (%i = %c0) : (i32) -> (i32, i32) {
    %odd = arith.ori %i, %c1 : i32
    %c = arith.cmpi slt, %odd, %n : i32
    scf.condition(%c) %i, %odd : i32, i32
  } do {
  ^bb0(%j: i32, %o: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %o, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c2 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// With an odd start `i | 1` is not `i + 1`: the loop stays a while.
// CHECK-LABEL: func.func @keeps_or_of_odd_values
//       CHECK:   scf.while
//   CHECK-NOT:   scf.for
func.func @keeps_or_of_odd_values(%m: memref<?xi32>, %n: i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %r = scf.while (%i = %c1) : (i32) -> i32 {
    %odd = arith.ori %i, %c1 : i32
    %c = arith.cmpi slt, %odd, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %x = arith.index_cast %j : i32 to index
    memref.store %j, %m[%x] : memref<?xi32>
    %next = arith.addi %j, %c2 overflow<nsw> : i32
    scf.yield %next : i32
  }
  return
}

// The test forwards `i - 1` (instcombine's form of `for (i = n - 1; i >= 0;
// --i)`): `i - 1` is recomputed after the test, and the loop counts down.
// CHECK-LABEL: func.func @sinks_forwarded_value
//  CHECK-SAME:   %[[N:[^:]+]]: i32) -> i32
//       CHECK:   %[[TC:.+]] = arith.index_castui
//       CHECK:   scf.for %[[K:.+]] = %{{.+}} to %[[TC]] step %{{.+}} iter_args(
//       CHECK:     %[[KI:.+]] = arith.index_castui %[[K]] : index to i32
//       CHECK:     %[[I:.+]] = arith.subi %[[N]], %[[KI]] : i32
//       CHECK:     %[[IM1:.+]] = arith.addi %[[I]], %{{.+}} overflow<nsw> : i32
//       CHECK:     arith.index_cast %[[IM1]]
func.func @sinks_forwarded_value(%m: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %cm1 = arith.constant -1 : i32
  %r:2 = scf.while (%s = %c0, %i = %n) : (i32, i32) -> (i32, i32) {
    %im1 = arith.addi %i, %cm1 overflow<nsw> : i32
    %c = arith.cmpi sgt, %i, %c0 : i32
    scf.condition(%c) %im1, %s : i32, i32
  } do {
  ^bb0(%j: i32, %t: i32):
    %x = arith.index_cast %j : i32 to index
    %v = memref.load %m[%x] : memref<?xi32>
    %t2 = arith.addi %t, %v : i32
    scf.yield %t2, %j : i32, i32
  }
  return %r#1 : i32
}
