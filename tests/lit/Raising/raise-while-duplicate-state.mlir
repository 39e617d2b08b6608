// Loop-carried values that hold equal values in every iteration are merged
// by loom-raise-while-to-for; upstream canonicalization alone keeps them
// (it merges only state fed the same SSA value by every predecessor).
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for 2>/dev/null | FileCheck %s
// RUN: mlir-opt %s --canonicalize | FileCheck %s --check-prefix=UPSTREAM

// Two counters with one init and the same step (`++i, j += 2` written
// twice): the counted-loop matcher sees one induction variable.
// CHECK-LABEL: func.func @two_counters(
// CHECK-SAME: %[[N:[^:]+]]: i32, %[[A:[^:]+]]: memref<?xi32>)
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %[[N]] step %{{.+}} : i32 {
// CHECK-NEXT: %[[IDX:.+]] = arith.index_cast %[[I]]
// CHECK-NEXT: memref.store %[[I]], %[[A]][%[[IDX]]]
// CHECK-NEXT: }
// CHECK: return %[[R:.+]], %[[R]] : i32, i32
// UPSTREAM-LABEL: func.func @two_counters(
// UPSTREAM: scf.while ({{.*}}, {{.*}}) : (i32, i32) -> (i32, i32)
func.func @two_counters(%n: i32, %a: memref<?xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r:2 = scf.while (%i = %c0, %j = %c0) : (i32, i32) -> (i32, i32) {
    %t = arith.cmpi slt, %i, %n : i32
    scf.condition(%t) %i, %j : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    %idx = arith.index_cast %y : i32 to index
    memref.store %x, %a[%idx] : memref<?xi32>
    %x1 = arith.addi %x, %c2 overflow<nsw> : i32
    %y1 = arith.addi %y, %c2 overflow<nsw> : i32
    scf.yield %x1, %y1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// A data-dependent loop (it stays scf.while) whose before region steps two
// equal values and forwards both: the before arguments, the after
// arguments and the results are merged.
// CHECK-LABEL: func.func @before_region_duplicates(
// CHECK: %[[R:.+]] = scf.while (%[[P:.+]] = %{{.+}}) : (index) -> index {
// CHECK-NEXT: %[[P1:.+]] = arith.addi %[[P]], %[[ONE:.+]] : index
// CHECK-NEXT: %[[V:.+]] = memref.load %{{.+}}[%[[P1]]]
// CHECK-NEXT: %[[T:.+]] = arith.cmpi ne, %[[V]], %{{.+}} : i32
// CHECK-NEXT: scf.condition(%[[T]]) %[[P]] : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[Q:.+]]: index):
// CHECK-NEXT: %[[Q1:.+]] = arith.addi %[[Q]], %[[ONE]] : index
// CHECK-NEXT: memref.store %{{.+}}, %{{.+}}[%[[Q1]]]
// CHECK-NEXT: scf.yield %[[Q1]] : index
// CHECK: %[[R1:.+]] = arith.addi %[[R]], %[[ONE]] : index
// CHECK-NEXT: return %[[R1]], %[[R1]] : index, index
// UPSTREAM-LABEL: func.func @before_region_duplicates(
// UPSTREAM: scf.while ({{.*}}, {{.*}}) : (index, index) -> (index, index)
func.func @before_region_duplicates(%a: memref<?xi32>, %start: index)
    -> (index, index) {
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %r:2 = scf.while (%p = %start, %q = %start) : (index, index) -> (index, index) {
    %p1 = arith.addi %p, %c1 : index
    %q1 = arith.addi %q, %c1 : index
    %v = memref.load %a[%p1] : memref<?xi32>
    %t = arith.cmpi ne, %v, %c0_i32 : i32
    scf.condition(%t) %p1, %q1 : index, index
  } do {
  ^bb0(%x: index, %y: index):
    memref.store %c0_i32, %a[%y] : memref<?xi32>
    scf.yield %x, %y : index, index
  }
  return %r#0, %r#1 : index, index
}

// Two accumulators with one init and the same update from a read, in a
// loop that writes no memory: the read gives the same value to both.
// CHECK-LABEL: func.func @read_only_accumulators(
// CHECK: scf.for {{.*}} iter_args(%[[S:.+]] = %{{.+}}) -> (f32)
// CHECK-NOT: iter_args
// CHECK: return
func.func @read_only_accumulators(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r:3 = scf.while (%i = %c0, %s = %zero, %t = %zero)
      : (index, f32, f32) -> (index, f32, f32) {
    %c = arith.cmpi ult, %i, %n : index
    scf.condition(%c) %i, %s, %t : index, f32, f32
  } do {
  ^bb0(%i2: index, %s2: f32, %t2: f32):
    %v = memref.load %a[%i2] : memref<?xf32>
    %w = memref.load %a[%i2] : memref<?xf32>
    %s3 = arith.addf %s2, %v : f32
    %t3 = arith.addf %t2, %w : f32
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %s3, %t3 : index, f32, f32
  }
  %d = arith.subf %r#1, %r#2 : f32
  return %d : f32
}

// A commutative update with its operands swapped (`s += w; t = w + t`).
// CHECK-LABEL: func.func @commuted_update(
// CHECK: %[[R:.+]] = scf.while ({{[^,]+}}) : (i32) -> i32
// CHECK: return %[[R]], %[[R]] : i32, i32
// UPSTREAM-LABEL: func.func @commuted_update(
// UPSTREAM: scf.while ({{.*}}, {{.*}}) : (i32, i32) -> (i32, i32)
func.func @commuted_update(%a: memref<?xi32>, %w: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %r:2 = scf.while (%s = %zero, %t = %zero) : (i32, i32) -> (i32, i32) {
    %v = memref.load %a[%c0] : memref<?xi32>
    %c = arith.cmpi slt, %s, %v : i32
    scf.condition(%c) %s, %t : i32, i32
  } do {
  ^bb0(%s2: i32, %t2: i32):
    %s3 = arith.addi %s2, %w : i32
    %t3 = arith.addi %w, %t2 : i32
    %s4 = arith.muli %s3, %s3 : i32
    %t4 = arith.muli %t3, %t3 : i32
    scf.yield %s4, %t4 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// Not merged: the inits differ.
// CHECK-LABEL: func.func @different_inits(
// CHECK: scf.while ({{.*}}, {{.*}}) : (index, index) -> (index, index)
func.func @different_inits(%a: memref<?xi32>, %start: index, %other: index)
    -> (index, index) {
  %c1 = arith.constant 1 : index
  %c0_i32 = arith.constant 0 : i32
  %r:2 = scf.while (%p = %start, %q = %other) : (index, index) -> (index, index) {
    %v = memref.load %a[%p] : memref<?xi32>
    %t = arith.cmpi ne, %v, %c0_i32 : i32
    scf.condition(%t) %p, %q : index, index
  } do {
  ^bb0(%x: index, %y: index):
    memref.store %c0_i32, %a[%y] : memref<?xi32>
    %x1 = arith.addi %x, %c1 : index
    %y1 = arith.addi %y, %c1 : index
    scf.yield %x1, %y1 : index, index
  }
  return %r#0, %r#1 : index, index
}

// Not merged: the updates differ (a different step, then different
// overflow flags, which make one of the values poison on overflow).
// CHECK-LABEL: func.func @different_updates(
// CHECK: scf.while ({{.*}}, {{.*}}, {{.*}}) : (index, index, index)
func.func @different_updates(%a: memref<?xi32>, %start: index)
    -> (index, index, index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0_i32 = arith.constant 0 : i32
  %r:3 = scf.while (%p = %start, %q = %start, %u = %start)
      : (index, index, index) -> (index, index, index) {
    %v = memref.load %a[%p] : memref<?xi32>
    %t = arith.cmpi ne, %v, %c0_i32 : i32
    scf.condition(%t) %p, %q, %u : index, index, index
  } do {
  ^bb0(%x: index, %y: index, %z: index):
    memref.store %c0_i32, %a[%y] : memref<?xi32>
    memref.store %c0_i32, %a[%z] : memref<?xi32>
    %x1 = arith.addi %x, %c1 : index
    %y1 = arith.addi %y, %c2 : index
    %z1 = arith.addi %z, %c1 overflow<nuw> : index
    scf.yield %x1, %y1, %z1 : index, index, index
  }
  return %r#0, %r#1, %r#2 : index, index, index
}

// Not merged: equal inits and updates, but the loop writes memory between
// the two reads the updates depend on.
// CHECK-LABEL: func.func @reads_across_a_write(
// CHECK: scf.while ({{.*}}, {{.*}}, {{.*}}) : (index, i32, i32)
func.func @reads_across_a_write(%a: memref<?xi32>, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r:3 = scf.while (%i = %c0, %s = %zero, %t = %zero)
      : (index, i32, i32) -> (index, i32, i32) {
    %v = memref.load %a[%c0] : memref<?xi32>
    %c = arith.cmpi ne, %v, %zero : i32
    scf.condition(%c) %i, %s, %t : index, i32, i32
  } do {
  ^bb0(%i2: index, %s2: i32, %t2: i32):
    %v = memref.load %a[%i2] : memref<?xi32>
    %s3 = arith.addi %s2, %v : i32
    memref.store %s3, %a[%i2] : memref<?xi32>
    %w = memref.load %a[%i2] : memref<?xi32>
    %t3 = arith.addi %t2, %w : i32
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %s3, %t3 : index, i32, i32
  }
  return %r#1, %r#2 : i32, i32
}
