// RUN: loom-opt %s --loom-check-hints -split-input-file -verify-diagnostics | FileCheck %s

// A trip-count hint outside the proven trip count is a hint warning and is
// removed; one that fits is kept.
// CHECK-LABEL: func.func @tripcount
//       CHECK: loom.hints = {tripcount_range = [2, 10]}
//   CHECK-NOT: tripcount = [100]
func.func @tripcount(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-warning @below {{LOOM_TRIPCOUNT(100) ignored: the loop runs exactly 8 iterations}}
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  } {loom.facts = {trip_count = array<i64: 8, 8>}, loom.hints = {tripcount = [100], tripcount_range = [2, 10]}}
  return
}

// -----

// A range that the proven range does not meet; an unroll factor beyond the
// proven maximum.
// CHECK-LABEL: func.func @range_and_unroll
//   CHECK-NOT: loom.hints = {{{.*}}unroll
func.func @range_and_unroll(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-warning @below {{LOOM_TRIPCOUNT_TYPICAL(64, 32, 128) ignored: the loop runs at most 16 iterations}}
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  } {loom.facts = {trip_count = array<i64: 0, 16>}, loom.hints = {tripcount_typical = [64, 32, 128]}}
  // expected-warning @below {{LOOM_UNROLL(32) ignored: the loop runs at most 16 iterations}}
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %a[%i] : memref<?xf32>
  } {loom.facts = {trip_count = array<i64: 0, 16>}, loom.hints = {unroll = [32]}}
  return
}

// -----

// LOOM_STREAM holds for one in-order read; not for two reads, nor for a
// strided one. A parameter the hint does not hold for loses it.
// CHECK-LABEL: func.func @streams
//  CHECK-SAME: (%{{[^:]*}}: memref<?xf32> {loom.stream = ""}, %{{[^:]*}}: memref<?xf32>, %{{[^:]*}}: memref<?xf32>, %
// expected-warning @below {{LOOM_STREAM on 'twice' ignored: the kernel accesses it at 2 places}}
// expected-warning @below {{LOOM_STREAM on 'strided' ignored: an element (line 62) is not at the next element in each iteration}}
func.func @streams(%ok: memref<?xf32> {loom.stream = ""}, %twice: memref<?xf32> {loom.stream = ""}, %strided: memref<?xf32> {loom.stream = ""}, %out: memref<?xf32>, %n: index) attributes {loom.signature = "ok=ptr:f32;twice=ptr:f32;strided=ptr:f32;out=ptr:f32;n=val:i64"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %ok[%i] : memref<?xf32>
    // expected-note @below {{accessed here}}
    %b = memref.load %twice[%i] : memref<?xf32>
    %j = arith.addi %i, %c1 : index
    %c = memref.load %twice[%j] : memref<?xf32>
    %k = arith.muli %i, %c2 : index
    // expected-note @below {{accessed here}}
    %d = memref.load %strided[%k] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    %t = arith.addf %c, %d : f32
    %u = arith.addf %s, %t : f32
    memref.store %u, %out[%i] : memref<?xf32>
  }
  return
}
