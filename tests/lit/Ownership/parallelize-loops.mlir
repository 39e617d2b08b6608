// RUN: loom-opt %s --loom-parallelize-loops -split-input-file -verify-diagnostics | FileCheck %s

// Independent iterations over noalias memrefs are proven: scf.forall.
// CHECK-LABEL: func.func @proven
//       CHECK: scf.forall (%[[J:.+]]) =
//       CHECK:   %[[I:.+]] = arith.index_cast %[[J]] : index to i32
//       CHECK:   memref.store
//   CHECK-NOT: scf.for
func.func @proven(%a: memref<?xf32> {llvm.noalias}, %c: memref<?xf32> {llvm.noalias}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @below {{loop becomes an effect-form scf.forall: its iterations are proven independent}}
  scf.for %i = %c0 to %n step %c1 : i32 {
    %e = arith.extui %i : i32 to i64
    %x = arith.index_cast %e : i64 to index
    %v = memref.load %a[%x] : memref<?xf32>
    memref.store %v, %c[%x] : memref<?xf32>
  }
  return
}

// -----

// Without noalias the written memref may overlap the one read.
// CHECK-LABEL: func.func @may_alias
//       CHECK: scf.for
func.func @may_alias(%a: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop stays sequential: an element (line 33) and an element (line 32) may access the same memory (the pointers are not __restrict)}}
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %c[%i] : memref<?xf32>
  }
  return
}

// -----

// In place on one memref at the iteration's own index is independent.
// CHECK-LABEL: func.func @in_place
//       CHECK: scf.forall
func.func @in_place(%a: memref<?xf32>, %s: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{its iterations are proven independent}}
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Reading a neighbour of what another iteration writes is a dependence.
// CHECK-LABEL: func.func @stencil_in_place
//       CHECK: scf.for
func.func @stencil_in_place(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop stays sequential: iteration i reads an element (line 66), which iteration i + 1 overwrites (line 67)}}
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A write whose index is data-dependent (a histogram) cannot be proven
// independent.
// CHECK-LABEL: func.func @histogram
//       CHECK: scf.for
func.func @histogram(%h: memref<?xi32>, %keys: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  // expected-remark @below {{the index of an element (line 87) is not an affine function of the induction variables (indirect or data-dependent)}}
  scf.for %i = %c0 to %n step %c1 {
    %k = memref.load %keys[%i] : memref<?xindex>
    %v = memref.load %h[%k] : memref<?xi32>
    %w = arith.addi %v, %one : i32
    memref.store %w, %h[%k] : memref<?xi32>
  }
  return
}

// -----

// LOOM_PARALLEL asserts independence the analysis cannot prove: trusted.
// CHECK-LABEL: func.func @asserted
//       CHECK: scf.forall
func.func @asserted(%h: memref<?xi32>, %keys: memref<?xindex>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  // expected-remark @below {{LOOM_PARALLEL asserts independent iterations, which the analysis could not prove: an element (line 104) and an element (line 103) may access the same memory}}
  scf.for %i = %c0 to %n step %c1 {
    %k = memref.load %keys[%i] : memref<?xindex>
    memref.store %one, %h[%k] : memref<?xi32>
  } {loom.hints = {parallel = [4]}}
  return
}

// -----

// A value carried between iterations under LOOM_PARALLEL with no LOOM_REDUCE
// variable updated in the loop: the hint cannot hold, a -Wloom-hint warning.
// CHECK-LABEL: func.func @carried_value
//       CHECK: scf.for
func.func @carried_value(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-warning @+2 {{LOOM_PARALLEL ignored: iteration i uses a value as iteration i - 1 left it (parallelize-loops.mlir:123); mark the variable of a reduction with LOOM_REDUCE}}
  // expected-remark @below {{LOOM_PARALLEL ignored: the loop carries values between iterations}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  } {loom.hints = {parallel = []}}
  return %s : f32
}

// -----

// A declared reduction (the plugin tags the loop `reduce`) stays sequential
// even when asserted parallel, with a remark only: hints are advice.
// CHECK-LABEL: func.func @reduction
//       CHECK: scf.for
func.func @reduction(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{LOOM_PARALLEL ignored: the loop carries values between iterations}}
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  } {loom.hints = {parallel = [], reduce = ["+"]}}
  return %s : f32
}

// -----

// A pointer walk carries only a counter stepping by an invariant: no
// dependence the programmer overlooked, so no warning.
// CHECK-LABEL: func.func @pointer_walk
//       CHECK: scf.for
func.func @pointer_walk(%a: memref<?xf32>, %n: index, %stride: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{LOOM_PARALLEL ignored: the loop carries values between iterations}}
  %end = scf.for %i = %c0 to %n step %c1 iter_args(%p = %c0) -> index {
    memref.store %z, %a[%p] : memref<?xf32>
    %next = arith.addi %p, %stride : index
    scf.yield %next : index
  } {loom.hints = {parallel = []}}
  return
}

// -----

// A hinted loop that stays scf.while has no trip count to divide.
// CHECK-LABEL: func.func @while_loop
//       CHECK: scf.while
func.func @while_loop(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @below {{LOOM_PARALLEL ignored: the loop is not a counted loop}}
  %r = scf.while (%i = %c0) : (index) -> index {
    %v = memref.load %a[%i] : memref<?xi32>
    %zero = arith.constant 0 : i32
    %more = arith.cmpi ne, %v, %zero : i32
    scf.condition(%more) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  } attributes {loom.hints = {parallel = []}}
  return
}

// -----

// LOOM_NO_PARALLEL keeps a provably independent loop sequential.
// CHECK-LABEL: func.func @refused
//       CHECK: scf.for
func.func @refused(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  // expected-remark @below {{loop stays sequential: LOOM_NO_PARALLEL}}
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  } {loom.hints = {no_parallel = []}}
  return
}
