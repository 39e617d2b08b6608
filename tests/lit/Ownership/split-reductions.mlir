// RUN: loom-opt %s --loom-split-reductions=partial-accumulators=2 -split-input-file -verify-diagnostics | FileCheck %s

// An integer sum becomes two partial sums (the second starts at 0), the
// body twice per main iteration at %j and %j + 1, the partials combined
// after the main loop without nsw, then the leftover iteration in the
// original loop from the combined value.
// CHECK-LABEL: func.func @int_sum_splits
//  CHECK-SAME: (%[[A:.+]]: memref<?xi32>, %[[N:.+]]: i32, %[[INIT:.+]]: i32)
//       CHECK: %[[C0:.+]] = arith.constant 0 : i32
//       CHECK: %[[SPAN:.+]] = arith.subi %[[N]], %[[C0]] : i32
//       CHECK: %[[RUNS:.+]] = arith.cmpi sgt, %[[N]], %[[C0]] : i32
//       CHECK: %[[MAINUB:.+]] = arith.addi %[[C0]], %{{.+}} : i32
//       CHECK: %[[STEP2:.+]] = arith.constant 2 : i32
//       CHECK: %[[ID:.+]] = arith.constant 0 : i32
//       CHECK: %[[MAIN:.+]]:2 = scf.for %[[J:.+]] = %[[C0]] to %[[MAINUB]] step %[[STEP2]] iter_args(%[[P0:.+]] = %[[INIT]], %[[P1:.+]] = %[[ID]]) -> (i32, i32) : i32 {
//       CHECK:   memref.load %[[A]]
//       CHECK:   %[[S0:.+]] = arith.addi %[[P0]], %{{.+}} : i32
//       CHECK:   %[[J1:.+]] = arith.addi %[[J]], %{{.+}} : i32
//       CHECK:   arith.index_cast %[[J1]]
//       CHECK:   %[[S1:.+]] = arith.addi %[[P1]], %{{.+}} : i32
//       CHECK:   scf.yield %[[S0]], %[[S1]] : i32, i32
//       CHECK: } {loom.facts = {step = 2 : i64}, loom.unrolled = 2 : i64}
//       CHECK: %[[SUM:.+]] = arith.addi %[[MAIN]]#0, %[[MAIN]]#1 : i32
//       CHECK: %[[REST:.+]] = scf.for %{{.+}} = %[[MAINUB]] to %[[N]] step %{{.+}} iter_args(%[[R:.+]] = %[[SUM]]) -> (i32) : i32 {
//       CHECK:   arith.addi %[[R]], %{{.+}} overflow<nsw> : i32
//       CHECK: } {loom.facts = {step = 1 : i64, trip_count = array<i64: 0, 1>}}
//       CHECK: return %[[REST]]
func.func @int_sum_splits(%a: memref<?xi32>, %n: i32, %init: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{'+' reduction split into 2 partial accumulators, combined after the loop (integer '+' is exact in any order)}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %a[%x] : memref<?xi32>
    %t = arith.addi %acc, %v overflow<nsw> : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// A float sum without fastmath<reassoc> or LOOM_REDUCE keeps its order.
// CHECK-LABEL: func.func @float_kept_in_order
//       CHECK: scf.for
//   CHECK-NOT: loom.unrolled
//   CHECK-NOT: scf.for
func.func @float_kept_in_order(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{float '+' reduction kept in source order: reassociation is not allowed (mark it LOOM_REDUCE(+) or compile with -fassociative-math)}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// -----

// A LOOM_REDUCE of another operator does not allow reassociating '+'.
// CHECK-LABEL: func.func @float_other_hint_kept
//   CHECK-NOT: loom.unrolled
func.func @float_other_hint_kept(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{float '+' reduction kept in source order}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  } {loom.hints = {reduce = ["*"]}}
  return %s : f32
}

// -----

// fastmath<reassoc> (-fassociative-math) allows the split; the second
// partial starts at -0.0, the identity of '+'; the flags stay.
// CHECK-LABEL: func.func @float_reassoc_splits
//       CHECK: %[[ID:.+]] = arith.constant -0.000000e+00 : f32
//       CHECK: %[[MAIN:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %[[ID]]) -> (f32, f32) {
//       CHECK: } {loom.facts = {{.+}}, loom.unrolled = 2 : i64}
//       CHECK: arith.addf %[[MAIN]]#0, %[[MAIN]]#1 fastmath<reassoc,contract> : f32
func.func @float_reassoc_splits(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{'+' reduction split into 2 partial accumulators, combined after the loop (its '+' may be reassociated (-fassociative-math))}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v fastmath<reassoc,contract> : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// -----

// LOOM_REDUCE(max) allows splitting a float maximum; its identity is -inf.
// CHECK-LABEL: func.func @float_hint_splits
//       CHECK: arith.constant 0xFF800000 : f32
//       CHECK: loom.unrolled = 2
//       CHECK: arith.maxnumf
func.func @float_hint_splits(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{'max' reduction split into 2 partial accumulators, combined after the loop (LOOM_REDUCE(max))}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.maxnumf %v, %acc : f32
    scf.yield %t : f32
  } {loom.hints = {reduce = ["max"]}}
  return %s : f32
}

// -----

// Two reductions of one loop split together, each from its own identity
// (0 for xor, the smallest i64 for a signed maximum); the loop's third
// value, a recurrence, goes from the first copy of the body to the second
// in order.
// CHECK-LABEL: func.func @several_and_chained
//       CHECK: arith.select
//       CHECK: arith.constant 2 : index
//  CHECK-NEXT: %[[XORID:.+]] = arith.constant 0 : i64
//  CHECK-NEXT: %[[MAXID:.+]] = arith.constant -9223372036854775808 : i64
//       CHECK: %[[MAIN:.+]]:5 = scf.for %{{.+}} = {{.+}} iter_args(%[[X0:.+]] = %{{.+}}, %[[X1:.+]] = %[[XORID]], %[[M0:.+]] = %{{.+}}, %[[M1:.+]] = %[[MAXID]], %[[R:.+]] = %{{.+}}) -> (i64, i64, i64, i64, i64)
//       CHECK:   %[[R0:.+]] = arith.muli %[[R]], %{{.+}} : i64
//       CHECK:   %[[R1:.+]] = arith.muli %[[R0]], %{{.+}} : i64
//       CHECK:   scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[R1]]
//       CHECK: arith.xori %[[MAIN]]#0, %[[MAIN]]#1
//       CHECK: arith.maxsi %[[MAIN]]#2, %[[MAIN]]#3
//       CHECK: scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}, %{{.+}} = %[[MAIN]]#4)
func.func @several_and_chained(%a: memref<?xi64>, %n: index) -> (i64, i64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %three = arith.constant 3 : i64
  // expected-remark @below {{'^' reduction and 'max' reduction split into 2 partial accumulators each, combined after the loop (integer '^' is exact in any order; integer 'max' is exact in any order)}}
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %z, %m = %z, %p = %three) -> (i64, i64, i64) {
    %v = memref.load %a[%i] : memref<?xi64>
    %q = arith.muli %p, %three : i64
    %w = arith.addi %v, %q : i64
    %nx = arith.xori %x, %w : i64
    %nm = arith.maxsi %m, %v : i64
    scf.yield %nx, %nm, %q : i64, i64, i64
  }
  return %r#0, %r#1, %r#2 : i64, i64, i64
}

// -----

// A sum whose running value is also stored is no reduction: unchanged.
// CHECK-LABEL: func.func @combiner_extra_use
//       CHECK: scf.for
//   CHECK-NOT: loom.unrolled
//   CHECK-NOT: scf.for
func.func @combiner_extra_use(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    memref.store %t, %a[%i] : memref<?xi32>
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// An accumulator read by another op than its combiner: unchanged.
// CHECK-LABEL: func.func @accumulator_extra_use
//   CHECK-NOT: loom.unrolled
func.func @accumulator_extra_use(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    memref.store %acc, %a[%i] : memref<?xi32>
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// A non-reduction iter_arg alone (a recurrence) leaves the loop alone.
// CHECK-LABEL: func.func @recurrence_only
//   CHECK-NOT: loom.unrolled
func.func @recurrence_only(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.subi %v, %acc : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// An unsigned loop compares its bounds unsigned; a step of 3 makes the
// main loop's step 6 and the second copy's iteration %j + 3.
// CHECK-LABEL: func.func @unsigned_step3
//       CHECK: arith.cmpi ugt
//       CHECK: %[[STEP:.+]] = arith.constant 6 : i32
//       CHECK: scf.for unsigned %[[J:.+]] = %{{.+}} to %{{.+}} step %[[STEP]]
//       CHECK:   %[[THREE:.+]] = arith.constant 3 : i32
//       CHECK:   arith.addi %[[J]], %[[THREE]] : i32
//       CHECK: loom.unrolled = 2
//       CHECK: scf.for unsigned
func.func @unsigned_step3(%a: memref<?xi32>, %lb: i32, %ub: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  // expected-remark @below {{'*' reduction split into 2 partial accumulators}}
  %s = scf.for unsigned %i = %lb to %ub step %c3 iter_args(%acc = %one) -> (i32) : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %a[%x] : memref<?xi32>
    %t = arith.muli %v, %acc : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// Facts of the original loop become facts of both halves.
// CHECK-LABEL: func.func @facts_narrowed
//       CHECK: loom.facts = {lower = array<i64: 0, 0>, step = 2 : i64, trip_count = array<i64: 0, 50>, upper = array<i64: 0, 100>}, loom.unrolled = 2
//       CHECK: loom.facts = {lower = array<i64: 0, 100>, step = 1 : i64, trip_count = array<i64: 0, 1>, upper = array<i64: 0, 100>}
func.func @facts_narrowed(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant -1 : i32
  // expected-remark @below {{'&' reduction split into 2 partial accumulators}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.andi %acc, %v : i32
    scf.yield %t : i32
  } {loom.facts = {lower = array<i64: 0, 0>, step = 1 : i64, trip_count = array<i64: 0, 100>, upper = array<i64: 0, 100>}}
  return %s : i32
}

// -----

// A loop proven to run fewer iterations than partial accumulators, one
// marked LOOM_NO_UNROLL, one with a step only known at run time and one
// that stores (its stores stay in order, a ring as long) stay as they
// are, each with a remark.
// CHECK-LABEL: func.func @left_alone
//   CHECK-NOT: loom.unrolled
func.func @left_alone(%a: memref<?xi32>, %n: index, %step: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @below {{'|' reduction not split into partial accumulators: the loop runs at most 1 iterations, fewer than 4}}
  %s = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.ori %acc, %v : i32
    scf.yield %t : i32
  } {loom.facts = {step = 1 : i64, trip_count = array<i64: 1, 1>}}
  // expected-remark @below {{'+' reduction not split into partial accumulators: LOOM_NO_UNROLL}}
  %u = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  } {loom.hints = {no_unroll = []}}
  // expected-remark @below {{'min' reduction not split into partial accumulators: its step is not a constant}}
  %w = scf.for %i = %c0 to %n step %step iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.minui %acc, %v : i32
    scf.yield %t : i32
  }
  // expected-remark @below {{'^' reduction not split into partial accumulators: the loop writes memory that two iterations may share, so its writes stay one after another and the loop would run no faster}}
  %x = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    memref.store %v, %a[%c0] : memref<?xi32>
    %t = arith.xori %acc, %v : i32
    scf.yield %t : i32
  }
  return %s, %u, %w : i32, i32, i32
}

// -----

// In a nest the inner loop is split once; the outer loop's reduction is
// then split around it (its body, inner loops included, copied twice).
// CHECK-LABEL: func.func @nest
//       CHECK: scf.for
//       CHECK:   scf.for {{.+}} {
//       CHECK:   } {loom.facts = {{.+}}, loom.unrolled = 2 : i64}
//       CHECK:   scf.for
//       CHECK:   scf.for {{.+}} {
//       CHECK:   } {loom.facts = {{.+}}, loom.unrolled = 2 : i64}
//       CHECK:   scf.for
//       CHECK: } {loom.facts = {{.+}}, loom.unrolled = 2 : i64}
func.func @nest(%a: memref<?x?xi32>, %n: index, %m: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @below {{'+' reduction split into 2 partial accumulators}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    // expected-remark @below {{'max' reduction split into 2 partial accumulators}}
    %row = scf.for %j = %c0 to %m step %c1 iter_args(%best = %z) -> i32 {
      %v = memref.load %a[%i, %j] : memref<?x?xi32>
      %t = arith.maxui %best, %v : i32
      scf.yield %t : i32
    }
    %t = arith.addi %row, %acc : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// `x < acc ? x : acc` (what std::min becomes) is a signed minimum: the
// second partial starts at the largest i32 and the partials are combined
// by arith.minsi.
// CHECK-LABEL: func.func @select_min_splits
//       CHECK: %[[ID:.+]] = arith.constant 2147483647 : i32
//       CHECK: %[[MAIN:.+]]:2 = scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %[[ID]]) -> (i32, i32)
//       CHECK:   arith.cmpi slt
//       CHECK:   arith.select
//       CHECK:   arith.cmpi slt
//       CHECK:   arith.select
//       CHECK: loom.unrolled = 2
//       CHECK: arith.minsi %[[MAIN]]#0, %[[MAIN]]#1 : i32
func.func @select_min_splits(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 7 : i32
  // expected-remark @below {{'min' reduction split into 2 partial accumulators, combined after the loop (integer 'min' is exact in any order)}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %lt = arith.cmpi slt, %v, %acc : i32
    %t = arith.select %lt, %v, %acc : i32
    scf.yield %t : i32
  }
  return %s : i32
}

// -----

// With the select's operands swapped, `x < acc ? acc : x` is an unsigned
// maximum for an unsigned compare; a compare for equality is no min/max.
// CHECK-LABEL: func.func @select_swapped_and_eq
//       CHECK: arith.constant 0 : i32
//       CHECK: loom.unrolled = 2
//       CHECK: arith.maxui
//       CHECK: scf.for
//   CHECK-NOT: loom.unrolled
func.func @select_swapped_and_eq(%a: memref<?xi32>, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 7 : i32
  // expected-remark @below {{'max' reduction split into 2 partial accumulators}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %lt = arith.cmpi ult, %v, %acc : i32
    %t = arith.select %lt, %acc, %v : i32
    scf.yield %t : i32
  }
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %eq = arith.cmpi eq, %v, %acc : i32
    %t = arith.select %eq, %v, %acc : i32
    scf.yield %t : i32
  }
  return %s, %e : i32, i32
}

// -----

// A loop that writes memory is split when no two iterations touch one
// element (its writes are then not ordered one after another when it is
// lowered): a running count beside a store of each element's own result.
// CHECK-LABEL: func.func @writes_own_elements
//       CHECK: scf.for
//       CHECK:   memref.store
//       CHECK:   memref.store
//       CHECK: } {loom.facts = {step = 2 : i64}, loom.unrolled = 2 : i64}
func.func @writes_own_elements(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @below {{'+' reduction split into 2 partial accumulators, combined after the loop (integer '+' is exact in any order)}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i32 {
    %v = memref.load %a[%i] : memref<?xi32>
    %w = arith.addi %v, %v : i32
    memref.store %w, %a[%i] : memref<?xi32>
    %t = arith.addi %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}
