// RUN: loom-opt %s --loom-forward-loop-stores -split-input-file -verify-diagnostics | FileCheck %s

// A prefix sum through memory: the load of out[i - 1] becomes an iter_arg
// fed by the stored value; the store stays. Iteration 0's load moves before
// the loop, run only when the loop runs.
// CHECK-LABEL: func.func @prefix_sum
//       CHECK: %[[RUNS:.+]] = arith.cmpi slt, %[[C1:.+]], %[[N:.+]] : i32
//       CHECK: %[[INIT:.+]] = scf.if %[[RUNS]] -> (i32) {
//       CHECK:   %[[PREV:.+]] = arith.subi %[[C1]], %{{.+}} : i32
//       CHECK:   %[[X:.+]] = arith.index_cast %[[PREV]] : i32 to index
//       CHECK:   %[[V:.+]] = memref.load %arg0[%[[X]]] : memref<?xi32>
//       CHECK:   scf.yield %[[V]] : i32
//       CHECK: } else {
//       CHECK:   scf.yield %{{.+}} : i32
//       CHECK: scf.for %[[I:.+]] = %[[C1]] to %[[N]] step %{{.+}} iter_args(%[[P:.+]] = %[[INIT]]) -> (i32) : i32 {
//   CHECK-NOT:   memref.load %arg0
//       CHECK:   %[[S:.+]] = arith.addi %[[P]], %{{.+}} : i32
//       CHECK:   memref.store %[[S]], %arg0[%{{.+}}] : memref<?xi32>
//       CHECK:   scf.yield %[[S]] : i32
func.func @prefix_sum(%out: memref<?xi32>, %in: memref<?xi32>, %n: i32) {
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{the value of an element (line 27) is carried from the previous iteration instead of reloaded}}
  scf.for %i = %c1 to %n step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    %im1 = arith.subi %i, %c1 : i32
    %xm1 = arith.index_cast %im1 : i32 to index
    %p = memref.load %out[%xm1] : memref<?xi32>
    %v = memref.load %in[%x] : memref<?xi32>
    %s = arith.addi %p, %v : i32
    memref.store %s, %out[%x] : memref<?xi32>
  }
  return
}

// -----

// Distance 2 with a step of 3 (y[i] = y[i - 6] * x[i]): two carried
// values, the stored value and the one of the iteration before; each
// starts with the load its first user does, iteration 0 reading y[lb - 6]
// and iteration 1 reading y[lb - 3], the second only when the loop reaches
// iteration 1. An existing iter_arg stays first.
// CHECK-LABEL: func.func @distance_two
//       CHECK: %[[R0:.+]] = arith.cmpi slt, %[[LB:.+]], %[[UB:.+]] : index
//       CHECK: %[[LB1:.+]] = arith.addi %[[LB]], %[[STEP:.+]] : index
//       CHECK: %[[B1:.+]] = arith.cmpi slt, %[[LB1]], %[[UB]] : index
//       CHECK: %[[R1:.+]] = arith.andi %[[R0]], %[[B1]] : i1
//       CHECK: %[[I1:.+]] = scf.if %[[R1]] -> (f32)
//       CHECK:   arith.subi %[[LB1]]
//       CHECK: %[[I0:.+]] = scf.if %[[R0]] -> (f32)
//       CHECK:   arith.subi %[[LB]]
//       CHECK: %[[LOOP:.+]]:3 = scf.for %{{.+}} = %[[LB]] to %[[UB]] step %[[STEP]] iter_args(%[[ACC:.+]] = %{{.+}}, %[[S1:.+]] = %[[I1]], %[[S2:.+]] = %[[I0]]) -> (f32, f32, f32) {
//       CHECK:   %[[V:.+]] = arith.mulf %[[S2]], %{{.+}} : f32
//       CHECK:   memref.store %[[V]]
//       CHECK:   scf.yield %{{.+}}, %[[V]], %[[S1]] : f32, f32, f32
//       CHECK: return %[[LOOP]]#0
func.func @distance_two(%y: memref<?xf32>, %x: memref<?xf32> {llvm.noalias}, %lb: index, %ub: index) -> f32 {
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %zero = arith.constant 0.0 : f32
  // expected-remark @below {{the value of an element (line 63) is carried from 2 iterations earlier instead of reloaded}}
  %r = scf.for %i = %lb to %ub step %c3 iter_args(%acc = %zero) -> (f32) {
    %back = arith.subi %i, %c6 : index
    %p = memref.load %y[%back] : memref<?xf32>
    %v = memref.load %x[%i] : memref<?xf32>
    %m = arith.mulf %p, %v : f32
    memref.store %m, %y[%i] : memref<?xf32>
    %a = arith.addf %acc, %m : f32
    scf.yield %a : f32
  }
  return %r : f32
}

// -----

// A trip count proven by loom.facts to reach iteration 0 needs no guard.
// CHECK-LABEL: func.func @proven_trip
//   CHECK-NOT: scf.if
//       CHECK: %[[V:.+]] = memref.load %arg0
//       CHECK: scf.for {{.+}} iter_args(%{{.+}} = %[[V]])
func.func @proven_trip(%a: memref<?xi32>) {
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  // expected-remark @below {{carried from the previous iteration}}
  scf.for %i = %c1 to %c9 step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    %s = arith.maxsi %p, %p : i32
    memref.store %s, %a[%i] : memref<?xi32>
  } {loom.facts = {trip_count = array<i64: 8, 8>, step = 1 : i64}}
  return
}

// -----

// A store under a condition may skip an iteration: the load stays.
// CHECK-LABEL: func.func @keeps_conditional_store
//       CHECK: scf.for
//       CHECK:   memref.load %arg0
//   CHECK-NOT: iter_args
func.func @keeps_conditional_store(%a: memref<?xi32>, %n: index, %c: i1) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    scf.if %c {
      memref.store %p, %a[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// Another memref that is not noalias may be the same array: its store may
// overwrite the element between the store and the load.
// CHECK-LABEL: func.func @keeps_aliasing_store
//       CHECK: scf.for
//       CHECK:   memref.load %arg0
func.func @keeps_aliasing_store(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  // expected-remark @below {{the value of an element (line 124) is reloaded every iteration: an element (line 126) may write it}}
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
    memref.store %p, %b[%i] : memref<?xi32>
  }
  return
}

// -----

// With one of them noalias the other store cannot reach it: forwarded.
// CHECK-LABEL: func.func @forwards_past_noalias_store
//       CHECK: scf.for {{.+}} iter_args
func.func @forwards_past_noalias_store(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  // expected-remark @below {{carried from the previous iteration}}
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    memref.store %p, %b[%im1] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
  }
  return
}

// -----

// A second store to the same memref at another index may write the
// element: the load stays.
// CHECK-LABEL: func.func @keeps_other_index_store
//   CHECK-NOT: iter_args
func.func @keeps_other_index_store(%a: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark @below {{is reloaded every iteration: an element (line 163) may write it}}
  scf.for %i = %c2 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %im2 = arith.subi %i, %c2 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
    memref.store %p, %a[%im2] : memref<?xi32>
  }
  return
}

// -----

// An earlier store of the same element in the same iteration is
// overwritten by the forwarded one: forwarded.
// CHECK-LABEL: func.func @forwards_past_earlier_same_element
//       CHECK: scf.for {{.+}} iter_args
func.func @forwards_past_earlier_same_element(%a: memref<?xi32>, %n: index, %c: i1) {
  %c1 = arith.constant 1 : index
  %k = arith.constant 7 : i32
  // expected-remark @below {{carried from the previous iteration}}
  scf.for %i = %c1 to %n step %c1 {
    scf.if %c {
      memref.store %k, %a[%i] : memref<?xi32>
    }
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
  }
  return
}

// -----

// ... but a store of the same element after it is what stays in memory.
// CHECK-LABEL: func.func @keeps_later_same_element
//   CHECK-NOT: iter_args
func.func @keeps_later_same_element(%a: memref<?xi32>, %n: index, %c: i1) {
  %c1 = arith.constant 1 : index
  %k = arith.constant 7 : i32
  // expected-remark @below {{is reloaded every iteration: an element (line 203) writes it after an element (line 201)}}
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
    scf.if %c {
      memref.store %k, %a[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// A distance that depends on a loop invariant is no constant: kept,
// silently (the load is not known to read an earlier store).
// CHECK-LABEL: func.func @keeps_invariant_distance
//   CHECK-NOT: iter_args
func.func @keeps_invariant_distance(%a: memref<?xi32>, %n: index, %d: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %back = arith.subi %i, %d : index
    %p = memref.load %a[%back] : memref<?xi32>
    memref.store %p, %a[%i] : memref<?xi32>
  }
  return
}

// -----

// A stride that is an invariant (a[n * i]) may be 0, when every iteration
// stores one element: kept.
// CHECK-LABEL: func.func @keeps_invariant_stride
//   CHECK-NOT: iter_args
func.func @keeps_invariant_stride(%a: memref<?xi32>, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %x = arith.muli %i, %m : index
    %back = arith.subi %x, %m : index
    %p = memref.load %a[%back] : memref<?xi32>
    memref.store %p, %a[%x] : memref<?xi32>
  }
  return
}

// -----

// A call may write anything: kept.
// CHECK-LABEL: func.func @keeps_call
//   CHECK-NOT: iter_args
func.func private @touch()
func.func @keeps_call(%a: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  // expected-remark @below {{is reloaded every iteration: the loop holds 'func.call' (line 254), which may write memory}}
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    func.call @touch() : () -> ()
    memref.store %p, %a[%i] : memref<?xi32>
  }
  return
}

// -----

// A load ahead (a[i + 1]) reads what no earlier iteration stored; a load of
// the element the iteration itself stores (d = 0) is not a recurrence.
// CHECK-LABEL: func.func @keeps_ahead_and_same
//   CHECK-NOT: iter_args
func.func @keeps_ahead_and_same(%a: memref<?xi32>, %n: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %ip1 = arith.addi %i, %c1 : index
    %p = memref.load %a[%ip1] : memref<?xi32>
    %q = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %p, %q : i32
    memref.store %s, %a[%i] : memref<?xi32>
  }
  return
}

// -----

// A backward walk (a[n - i] = a[n - i + 1] + 1): the index falls by one per
// iteration, so the element stored one iteration earlier is one above.
// CHECK-LABEL: func.func @backward
//       CHECK: scf.for {{.+}} iter_args
func.func @backward(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  // expected-remark @below {{carried from the previous iteration}}
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.subi %n, %i : index
    %up = arith.addi %x, %c1 : index
    %p = memref.load %a[%up] : memref<?xi32>
    %s = arith.addi %p, %one : i32
    memref.store %s, %a[%x] : memref<?xi32>
  }
  return
}
