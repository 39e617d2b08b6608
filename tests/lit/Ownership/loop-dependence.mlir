// RUN: loom-opt %s --loom-parallelize-loops -split-input-file -verify-diagnostics | FileCheck %s

// The dependence analysis of loom-parallelize-loops, one shape per case.
// Accesses are named "an element" here (the text comes from C++ sources).

// Distance 1 through memory (a prefix sum): a LOOM_PARALLEL that cannot
// hold is a warning at the hint, with notes at both accesses; the loop
// stays sequential.
// CHECK-LABEL: func.func @recurrence
//       CHECK: scf.for
//   CHECK-NOT: scf.forall
func.func @recurrence(%out: memref<?xi32>, %in: memref<?xi32> {llvm.noalias}, %n: index) {
  %c1 = arith.constant 1 : index
  %cm1 = arith.constant -1 : index
  // expected-warning @+3 {{LOOM_PARALLEL ignored: iteration i reads an element (line 21), written by iteration i - 1 (line 24)}}
  // expected-remark @+2 {{loop stays sequential: iteration i reads an element (line 21), written by iteration i - 1 (line 24)}}
  // expected-note @+7 {{written here}}
  scf.for %i = %c1 to %n step %c1 {
    %p = arith.addi %i, %cm1 : index
    // expected-note @+1 {{read here}}
    %v = memref.load %out[%p] : memref<?xi32>
    %w = memref.load %in[%i] : memref<?xi32>
    %s = arith.addi %v, %w : i32
    memref.store %s, %out[%i] : memref<?xi32>
  } {loom.hints = {parallel = []}}
  return
}

// -----

// Distance k in iterations of a loop with step 2: a[i] = a[i - 6] reads
// what iteration i - 6 wrote, three iterations earlier.
// CHECK-LABEL: func.func @distance_k
//       CHECK: scf.for
func.func @distance_k(%a: memref<?xf32>, %n: index) {
  %c6 = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  // expected-remark @below {{loop stays sequential: iteration i reads an element (line 41), written by iteration i - 6 (line 42)}}
  scf.for %i = %c6 to %n step %c2 {
    %p = arith.subi %i, %c6 : index
    %v = memref.load %a[%p] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Backward (a write-after-read): a[i] = a[i + 1] reads what the next
// iteration overwrites.
// CHECK-LABEL: func.func @forward_read
//       CHECK: scf.for
func.func @forward_read(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop stays sequential: iteration i reads an element (line 59), which iteration i + 1 overwrites (line 60)}}
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.addi %i, %c1 : index
    %v = memref.load %a[%p] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A write to a loop-invariant address: every iteration writes one element.
// CHECK-LABEL: func.func @invariant_address
//       CHECK: scf.for
func.func @invariant_address(%a: memref<?xf32> {llvm.noalias}, %s: memref<?xf32> {llvm.noalias}, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{loop stays sequential: every iteration writes an element (line 78) and reads an element (line 75)}}
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.load %s[%c0] : memref<?xf32>
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.addf %t, %v : f32
    memref.store %w, %s[%c0] : memref<?xf32>
  }
  return
}

// -----

// Even and odd elements never meet (GCD test): proven independent.
// CHECK-LABEL: func.func @even_odd
//       CHECK: scf.forall
func.func @even_odd(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark @below {{loop becomes an effect-form scf.forall: its iterations are proven independent}}
  scf.for %i = %c0 to %n step %c1 {
    %e = arith.muli %i, %c2 : index
    %o = arith.addi %e, %c1 : index
    %v = memref.load %a[%o] : memref<?xf32>
    memref.store %v, %a[%e] : memref<?xf32>
  }
  return
}

// -----

// Row-major rows of 8 columns, the inner loop over exactly the 8 columns:
// rows never overlap (bounds test), the outer loop is independent.
// CHECK-LABEL: func.func @rows
//       CHECK: scf.forall
func.func @rows(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-remark @below {{loop becomes an effect-form scf.forall: its iterations are proven independent}}
  scf.for %i = %c0 to %n step %c1 {
    %row = arith.muli %i, %c8 : index
    scf.for %j = %c0 to %c8 step %c1 {
      %x = arith.addi %row, %j : index
      %v = memref.load %a[%x] : memref<?xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%x] : memref<?xf32>
    } {loom.facts = {trip_count = array<i64: 8, 8>}}
  }
  return
}

// -----

// A 2-D wavefront, parallel hint on the outer loop: row i reads row i - 1
// (a[i][j] = a[i - 1][j] + a[i][j - 1], rows of %m elements).
// CHECK-LABEL: func.func @wavefront
//       CHECK: scf.for
func.func @wavefront(%a: memref<?xf32>, %n: index, %m: index) {
  %c1 = arith.constant 1 : index
  // expected-warning @+4 {{LOOM_PARALLEL ignored: iteration i reads an element (line 143), written by iteration i - 1 (line 149)}}
  // expected-remark @+3 {{loop stays sequential: iteration i reads an element (line 143), written by iteration i - 1 (line 149)}}
  // expected-note @+8 {{read here}}
  // expected-note @+13 {{written here}}
  scf.for %i = %c1 to %n step %c1 {
    // expected-remark @below {{loop stays sequential: iteration i reads an element (line 147), written by iteration i - 1 (line 149)}}
    scf.for %j = %c1 to %m step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %up = arith.muli %im1, %m : index
      %upx = arith.addi %up, %j : index
      %v = memref.load %a[%upx] : memref<?xf32>
      %row = arith.muli %i, %m : index
      %x = arith.addi %row, %j : index
      %jm1 = arith.subi %x, %c1 : index
      %l = memref.load %a[%jm1] : memref<?xf32>
      %s = arith.addf %v, %l : f32
      memref.store %s, %a[%x] : memref<?xf32>
    }
  } {loom.hints = {parallel = []}}
  return
}

// -----

// A triangular solve: iteration i reads x[j] for every j < i, which the
// earlier iterations wrote.
// CHECK-LABEL: func.func @triangular
//       CHECK: scf.for
func.func @triangular(%x: memref<?xf32>, %b: memref<?xf32> {llvm.noalias}, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+4 {{LOOM_PARALLEL ignored: iteration i reads an element (line 172), written by an earlier iteration (line 176; e.g. iteration 0 for i = 1)}}
  // expected-remark @+3 {{loop stays sequential: iteration i reads an element (line 172), written by an earlier iteration (line 176; e.g. iteration 0 for i = 1)}}
  // expected-note @+6 {{read here}}
  // expected-note @+9 {{written here}}
  scf.for %i = %c0 to %n step %c1 {
    %init = memref.load %b[%i] : memref<?xf32>
    // expected-remark @below {{loop stays sequential: it carries values from one iteration to the next (iter_args)}}
    %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %init) -> f32 {
      %v = memref.load %x[%j] : memref<?xf32>
      %d = arith.subf %acc, %v : f32
      scf.yield %d : f32
    }
    memref.store %s, %x[%i] : memref<?xf32>
  } {loom.hints = {parallel = []}}
  return
}

// -----

// An in-place sweep repeated by an outer loop: every outer iteration writes
// the same range.
// CHECK-LABEL: func.func @sweeps
//       CHECK: scf.for
func.func @sweeps(%a: memref<?xf32>, %t: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @+4 {{LOOM_PARALLEL ignored: iteration i reads an element (line 197), written by an earlier iteration (line 199; e.g. iteration 0 for i = 1)}}
  // expected-remark @+3 {{loop stays sequential: iteration i reads an element (line 197), written by an earlier iteration (line 199; e.g. iteration 0 for i = 1)}}
  // expected-note @+5 {{read here}}
  // expected-note @+6 {{written here}}
  scf.for %s = %c0 to %t step %c1 {
    // expected-remark @below {{loop becomes an effect-form scf.forall: its iterations are proven independent}}
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %a[%i] : memref<?xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %a[%i] : memref<?xf32>
    }
  } {loom.hints = {parallel = []}}
  return
}

// -----

// a[i] and a[i + k] differ by an invariant of unknown size: undecided, so
// the hint is trusted, and the remark says which accesses were not proven.
// CHECK-LABEL: func.func @symbolic_offset
//       CHECK: scf.forall
func.func @symbolic_offset(%a: memref<?xf32>, %k: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-remark @below {{LOOM_PARALLEL asserts independent iterations, which the analysis could not prove: the indices of an element (line 218) and an element (line 217) differ by loop-invariant values of unknown sign or size}}
  scf.for %i = %c0 to %n step %c1 {
    %p = arith.addi %i, %k : index
    %v = memref.load %a[%p] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  } {loom.hints = {parallel = []}}
  return
}

// -----

// A distance no shorter than the trip count never materializes: four
// iterations read a[i + 4], which none of them writes.
// CHECK-LABEL: func.func @short_loop
//       CHECK: scf.forall
func.func @short_loop(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{its iterations are proven independent}}
  scf.for %i = %c0 to %c4 step %c1 {
    %p = arith.addi %i, %c4 : index
    %v = memref.load %a[%p] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  } {loom.facts = {trip_count = array<i64: 4, 4>}}
  return
}
