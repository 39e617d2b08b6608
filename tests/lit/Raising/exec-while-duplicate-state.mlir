// REQUIRES: mlir-runner
// Loops with duplicated loop-carried state (two equal counters, two equal
// accumulators, a do-while stepping two equal values) print the same
// numbers as written and after loom-raise-while-to-for merges the state.
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for 2>/dev/null \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=RAISED

// Every duplicate was merged: each loop carries one value.
// RAISED-LABEL: func.func @two_counters(
// RAISED: scf.for {{.*}} iter_args(%{{[^,]+}}) -> (i32)
// RAISED: return %[[I:[^,]+]], %[[I]], %{{.+}} :
// RAISED-LABEL: func.func @twice_stepped(
// RAISED: %[[P:.+]] = scf.while ({{[^,]+}}) : (i32) -> i32
// RAISED: %[[P1:.+]] = arith.addi %[[P]]
// RAISED-NEXT: return %[[P1]], %[[P1]] :
// RAISED-LABEL: func.func @accumulators(
// RAISED: %[[S:.+]] = scf.for {{.*}} iter_args(%{{[^,]+}}) -> (i32)
// RAISED: return %[[S]], %[[S]], %{{.+}} :

// two_counters(10), (0), (7): i, j and the sum of j / 2
// CHECK: {{^}}10
// CHECK-NEXT: 10
// CHECK-NEXT: 10
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 8
// CHECK-NEXT: 8
// CHECK-NEXT: 6
// twice_stepped(3, 5), (0, 1): both values after stepping by 3 until > n
// CHECK-NEXT: 6
// CHECK-NEXT: 6
// CHECK-NEXT: 3
// CHECK-NEXT: 3
// accumulators(5): s, t and s - t
// CHECK-NEXT: 15
// CHECK-NEXT: 15
// CHECK-NEXT: 0

// for (i = 0, j = 0; i < n; i += 2, j += 2) s += j / 2; returns i, j, s.
func.func @two_counters(%n: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %r:3 = scf.while (%i = %c0, %j = %c0, %s = %c0)
      : (i32, i32, i32) -> (i32, i32, i32) {
    %t = arith.cmpi slt, %i, %n : i32
    scf.condition(%t) %i, %j, %s : i32, i32, i32
  } do {
  ^bb0(%x: i32, %y: i32, %acc: i32):
    %half = arith.divsi %y, %c2 : i32
    %acc1 = arith.addi %acc, %half : i32
    %x1 = arith.addi %x, %c2 overflow<nsw> : i32
    %y1 = arith.addi %y, %c2 overflow<nsw> : i32
    scf.yield %x1, %y1, %acc1 : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

// do { p += 3; q += 3; } while (p <= n) from %start.
func.func @twice_stepped(%start: i32, %n: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %r:2 = scf.while (%p = %start, %q = %start) : (i32, i32) -> (i32, i32) {
    %p1 = arith.addi %p, %c3 : i32
    %q1 = arith.addi %q, %c3 : i32
    %t = arith.cmpi sle, %p1, %n : i32
    scf.condition(%t) %p1, %q1 : i32, i32
  } do {
  ^bb0(%x: i32, %y: i32):
    scf.yield %x, %y : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// s and t both sum a[0..n) = 1..n read from a loop that writes nothing
// (`s += v; t = w + t`, the commutative add taking its operands swapped).
func.func @accumulators(%a: memref<?xi32>, %n: index) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r:3 = scf.while (%i = %c0, %s = %zero, %t = %zero)
      : (index, i32, i32) -> (index, i32, i32) {
    %c = arith.cmpi ult, %i, %n : index
    scf.condition(%c) %i, %s, %t : index, i32, i32
  } do {
  ^bb0(%i2: index, %s2: i32, %t2: i32):
    %v = memref.load %a[%i2] : memref<?xi32>
    %w = memref.load %a[%i2] : memref<?xi32>
    %s3 = arith.addi %s2, %v : i32
    %t3 = arith.addi %w, %t2 : i32
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %s3, %t3 : index, i32, i32
  }
  %d = arith.subi %r#1, %r#2 : i32
  return %r#1, %r#2, %d : i32, i32, i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c10 = arith.constant 10 : i32
  %c0 = arith.constant 0 : i32
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c1 = arith.constant 1 : i32
  %a:3 = call @two_counters(%c10) : (i32) -> (i32, i32, i32)
  call @show(%a#0) : (i32) -> ()
  call @show(%a#1) : (i32) -> ()
  call @show(%a#2) : (i32) -> ()
  %b:3 = call @two_counters(%c0) : (i32) -> (i32, i32, i32)
  call @show(%b#0) : (i32) -> ()
  call @show(%b#1) : (i32) -> ()
  call @show(%b#2) : (i32) -> ()
  %c:3 = call @two_counters(%c7) : (i32) -> (i32, i32, i32)
  call @show(%c#0) : (i32) -> ()
  call @show(%c#1) : (i32) -> ()
  call @show(%c#2) : (i32) -> ()
  %d:2 = call @twice_stepped(%c3, %c5) : (i32, i32) -> (i32, i32)
  call @show(%d#0) : (i32) -> ()
  call @show(%d#1) : (i32) -> ()
  %e:2 = call @twice_stepped(%c0, %c1) : (i32, i32) -> (i32, i32)
  call @show(%e#0) : (i32) -> ()
  call @show(%e#1) : (i32) -> ()
  %n = arith.constant 5 : index
  %buf = memref.alloca(%n) : memref<?xi32>
  %ci0 = arith.constant 0 : index
  %ci1 = arith.constant 1 : index
  scf.for %k = %ci0 to %n step %ci1 {
    %k1 = arith.addi %k, %ci1 : index
    %kv = arith.index_cast %k1 : index to i32
    memref.store %kv, %buf[%k] : memref<?xi32>
  }
  %f:3 = call @accumulators(%buf, %n) : (memref<?xi32>, index) -> (i32, i32, i32)
  call @show(%f#0) : (i32) -> ()
  call @show(%f#1) : (i32) -> ()
  call @show(%f#2) : (i32) -> ()
  return
}
