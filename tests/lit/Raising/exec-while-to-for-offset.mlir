// REQUIRES: mlir-runner
// Loops whose test reads `i + K` (`for (i = lb; i + 5 <= ub; ++i)`) for
// every predicate form loom-raise-while-to-for rewrites, at the edges:
// no iteration, bounds just below, at and above K, and bounds next to the
// type's extremes where `ub - K` would wrap and the bound saturates. Each
// loop returns its trip count, the induction value it exits with and the
// sum of its induction values; the loops as written and after the pass
// must print the same numbers, the ones C computes (simulated with
// arbitrary-precision integers when the test was written).
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for | FileCheck %s --check-prefix=RAISED

// Every loop was raised.
// RAISED-NOT: scf.while

// sle_plus5(0, 0)
// CHECK: {{^}}0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// sle_plus5(0, 4)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// sle_plus5(0, 5)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// sle_plus5(0, 6)
// CHECK-NEXT: 2
// CHECK-NEXT: 2
// CHECK-NEXT: 1
// sle_plus5(0, 9)
// CHECK-NEXT: 5
// CHECK-NEXT: 5
// CHECK-NEXT: 10
// sle_plus5(2147483637, 2147483646)
// CHECK-NEXT: 5
// CHECK-NEXT: 2147483642
// CHECK-NEXT: 2147483603
// sle_plus5(-2147483648, -2147483645)
// CHECK-NEXT: 0
// CHECK-NEXT: -2147483648
// CHECK-NEXT: 0
// sle_plus5(-2147483648, -2147483644)
// CHECK-NEXT: 0
// CHECK-NEXT: -2147483648
// CHECK-NEXT: 0
// sle_plus5(-2147483648, -2147483643)
// CHECK-NEXT: 1
// CHECK-NEXT: -2147483647
// CHECK-NEXT: -2147483648
// sle_plus5_step3(0, 4)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// sle_plus5_step3(0, 5)
// CHECK-NEXT: 1
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// sle_plus5_step3(0, 12)
// CHECK-NEXT: 3
// CHECK-NEXT: 9
// CHECK-NEXT: 9
// sle_plus5_step3(0, 13)
// CHECK-NEXT: 3
// CHECK-NEXT: 9
// CHECK-NEXT: 9
// sle_plus5_step3(2147483630, 2147483646)
// CHECK-NEXT: 4
// CHECK-NEXT: 2147483642
// CHECK-NEXT: -54
// sle_plus5_step3(2147483630, 2147483645)
// CHECK-NEXT: 4
// CHECK-NEXT: 2147483642
// CHECK-NEXT: -54
// ule_plus3(0, 0)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3(0, 1)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3(0, 2)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3(0, 3)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// ule_plus3(0, 4)
// CHECK-NEXT: 2
// CHECK-NEXT: 2
// CHECK-NEXT: 1
// ule_plus3(-6, -2)
// CHECK-NEXT: 2
// CHECK-NEXT: -4
// CHECK-NEXT: -11
// ule_plus3(2147483645, -2147483647)
// CHECK-NEXT: 2
// CHECK-NEXT: 2147483647
// CHECK-NEXT: -5
// ule_plus1(0, 0)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus1(0, 1)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// ule_plus1(-4, -2)
// CHECK-NEXT: 2
// CHECK-NEXT: -2
// CHECK-NEXT: -7
// sle_plus5_i8(118, 126)
// CHECK-NEXT: 4
// CHECK-NEXT: 122
// CHECK-NEXT: -34
// sle_plus5_i8(-128, -125)
// CHECK-NEXT: 0
// CHECK-NEXT: -128
// CHECK-NEXT: 0
// sle_plus5_i8(-128, -124)
// CHECK-NEXT: 0
// CHECK-NEXT: -128
// CHECK-NEXT: 0
// sle_plus5_i8(-128, -123)
// CHECK-NEXT: 1
// CHECK-NEXT: -127
// CHECK-NEXT: -128
// sle_plus5_i8(0, 4)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3_i8(-6, -2)
// CHECK-NEXT: 2
// CHECK-NEXT: -4
// CHECK-NEXT: -11
// ule_plus3_i8(0, 1)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3_i8(0, 2)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ule_plus3_i8(0, 3)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// sge_minus3(10, 5)
// CHECK-NEXT: 3
// CHECK-NEXT: 7
// CHECK-NEXT: 27
// sge_minus3(10, 8)
// CHECK-NEXT: 0
// CHECK-NEXT: 10
// CHECK-NEXT: 0
// sge_minus3(2147483647, 2147483644)
// CHECK-NEXT: 1
// CHECK-NEXT: 2147483646
// CHECK-NEXT: 2147483647
// sge_minus3(2147483647, 2147483645)
// CHECK-NEXT: 0
// CHECK-NEXT: 2147483647
// CHECK-NEXT: 0
// sge_minus3(-2147483643, -2147483647)
// CHECK-NEXT: 2
// CHECK-NEXT: -2147483645
// CHECK-NEXT: 9
// sge_minus3(2147483647, 2147483646)
// CHECK-NEXT: 0
// CHECK-NEXT: 2147483647
// CHECK-NEXT: 0
// sgt_plus2(5, 5)
// CHECK-NEXT: 2
// CHECK-NEXT: 3
// CHECK-NEXT: 9
// sgt_plus2(5, 7)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// sgt_plus2(5, 6)
// CHECK-NEXT: 1
// CHECK-NEXT: 4
// CHECK-NEXT: 5
// sgt_plus2(-2147483645, -2147483646)
// CHECK-NEXT: 3
// CHECK-NEXT: -2147483648
// CHECK-NEXT: -2147483642
// uge_minus2(10, 3)
// CHECK-NEXT: 6
// CHECK-NEXT: 4
// CHECK-NEXT: 45
// uge_minus2(10, 8)
// CHECK-NEXT: 1
// CHECK-NEXT: 9
// CHECK-NEXT: 10
// uge_minus2(10, 9)
// CHECK-NEXT: 0
// CHECK-NEXT: 10
// CHECK-NEXT: 0
// uge_minus2(-1, -3)
// CHECK-NEXT: 1
// CHECK-NEXT: -2
// CHECK-NEXT: -1
// uge_minus2(-1, -2)
// CHECK-NEXT: 0
// CHECK-NEXT: -1
// CHECK-NEXT: 0
// slt_minus2(0, 0)
// CHECK-NEXT: 2
// CHECK-NEXT: 2
// CHECK-NEXT: 1
// slt_minus2(0, 3)
// CHECK-NEXT: 5
// CHECK-NEXT: 5
// CHECK-NEXT: 10
// slt_minus2(2147483642, 2147483645)
// CHECK-NEXT: 5
// CHECK-NEXT: 2147483647
// CHECK-NEXT: 2147483628
// slt_minus2(2147483642, -2147483648)
// CHECK-NEXT: 0
// CHECK-NEXT: 2147483642
// CHECK-NEXT: 0
// ne_plus2(0, 5)
// CHECK-NEXT: 3
// CHECK-NEXT: 3
// CHECK-NEXT: 3
// ne_plus2(0, 2)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ne_plus2(2147483646, -2147483645)
// CHECK-NEXT: 3
// CHECK-NEXT: -2147483647
// CHECK-NEXT: 2147483645

// i + 5 <= ub (the corpus loop)
func.func @sle_plus5(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 5 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k overflow<nsw,nuw> : i32
    %c = arith.cmpi sle, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 5 <= ub by 3
func.func @sle_plus5_step3(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 5 : i32
  %step = arith.constant 3 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k overflow<nsw> : i32
    %c = arith.cmpi sle, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 3 <=u ub
func.func @ule_plus3(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 3 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k overflow<nuw> : i32
    %c = arith.cmpi ule, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nuw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 1 <=u ub
func.func @ule_plus1(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k overflow<nuw> : i32
    %c = arith.cmpi ule, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i8: i + 5 <= ub
func.func @sle_plus5_i8(%lb: i8, %ub: i8) -> (i8, i8, i8) {
  %zero = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %k = arith.constant 5 : i8
  %step = arith.constant 1 : i8
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i8, i8, i8) -> (i8, i8, i8) {
    %d = arith.addi %i, %k overflow<nsw> : i8
    %c = arith.cmpi sle, %d, %ub : i8
    scf.condition(%c) %i, %n, %s : i8, i8, i8
  } do {
  ^bb0(%j: i8, %m: i8, %t: i8):
    %next = arith.addi %j, %step overflow<nsw> : i8
    %m1 = arith.addi %m, %one : i8
    %t1 = arith.addi %t, %j : i8
    scf.yield %next, %m1, %t1 : i8, i8, i8
  }
  return %r#1, %r#0, %r#2 : i8, i8, i8
}

// i8: i + 3 <=u ub
func.func @ule_plus3_i8(%lb: i8, %ub: i8) -> (i8, i8, i8) {
  %zero = arith.constant 0 : i8
  %one = arith.constant 1 : i8
  %k = arith.constant 3 : i8
  %step = arith.constant 1 : i8
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i8, i8, i8) -> (i8, i8, i8) {
    %d = arith.addi %i, %k overflow<nuw> : i8
    %c = arith.cmpi ule, %d, %ub : i8
    scf.condition(%c) %i, %n, %s : i8, i8, i8
  } do {
  ^bb0(%j: i8, %m: i8, %t: i8):
    %next = arith.addi %j, %step overflow<nuw> : i8
    %m1 = arith.addi %m, %one : i8
    %t1 = arith.addi %t, %j : i8
    scf.yield %next, %m1, %t1 : i8, i8, i8
  }
  return %r#1, %r#0, %r#2 : i8, i8, i8
}

// i - 3 >= ub, counting down
func.func @sge_minus3(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 3 : i32
  %step = arith.constant -1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.subi %i, %k overflow<nsw> : i32
    %c = arith.cmpi sge, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 2 > ub, counting down
func.func @sgt_plus2(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 2 : i32
  %step = arith.constant -1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k overflow<nsw> : i32
    %c = arith.cmpi sgt, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i - 2 >=u ub, counting down
func.func @uge_minus2(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 2 : i32
  %step = arith.constant -1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.subi %i, %k overflow<nuw> : i32
    %c = arith.cmpi uge, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nuw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i - 2 < ub
func.func @slt_minus2(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 2 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.subi %i, %k overflow<nsw> : i32
    %c = arith.cmpi slt, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 2 != ub, modulo 2^32
func.func @ne_plus2(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %k = arith.constant 2 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %k : i32
    %c = arith.cmpi ne, %d, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.addi %j, %step : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @show(%a: i64, %b: i64, %c: i64) {
  call @printI64(%a) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @show_i8(%a: i8, %b: i8, %c: i8) {
  %x = arith.extsi %a : i8 to i64
  %y = arith.extsi %b : i8 to i64
  %z = arith.extsi %c : i8 to i64
  call @show(%x, %y, %z) : (i64, i64, i64) -> ()
  return
}

func.func @show_i32(%a: i32, %b: i32, %c: i32) {
  %x = arith.extsi %a : i32 to i64
  %y = arith.extsi %b : i32 to i64
  %z = arith.extsi %c : i32 to i64
  call @show(%x, %y, %z) : (i64, i64, i64) -> ()
  return
}

func.func @main() {
  %lb0 = arith.constant 0 : i32
  %ub0 = arith.constant 0 : i32
  %r0:3 = call @sle_plus5(%lb0, %ub0) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r0#0, %r0#1, %r0#2) : (i32, i32, i32) -> ()
  %lb1 = arith.constant 0 : i32
  %ub1 = arith.constant 4 : i32
  %r1:3 = call @sle_plus5(%lb1, %ub1) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r1#0, %r1#1, %r1#2) : (i32, i32, i32) -> ()
  %lb2 = arith.constant 0 : i32
  %ub2 = arith.constant 5 : i32
  %r2:3 = call @sle_plus5(%lb2, %ub2) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r2#0, %r2#1, %r2#2) : (i32, i32, i32) -> ()
  %lb3 = arith.constant 0 : i32
  %ub3 = arith.constant 6 : i32
  %r3:3 = call @sle_plus5(%lb3, %ub3) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r3#0, %r3#1, %r3#2) : (i32, i32, i32) -> ()
  %lb4 = arith.constant 0 : i32
  %ub4 = arith.constant 9 : i32
  %r4:3 = call @sle_plus5(%lb4, %ub4) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r4#0, %r4#1, %r4#2) : (i32, i32, i32) -> ()
  %lb5 = arith.constant 2147483637 : i32
  %ub5 = arith.constant 2147483646 : i32
  %r5:3 = call @sle_plus5(%lb5, %ub5) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r5#0, %r5#1, %r5#2) : (i32, i32, i32) -> ()
  %lb6 = arith.constant -2147483648 : i32
  %ub6 = arith.constant -2147483645 : i32
  %r6:3 = call @sle_plus5(%lb6, %ub6) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r6#0, %r6#1, %r6#2) : (i32, i32, i32) -> ()
  %lb7 = arith.constant -2147483648 : i32
  %ub7 = arith.constant -2147483644 : i32
  %r7:3 = call @sle_plus5(%lb7, %ub7) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r7#0, %r7#1, %r7#2) : (i32, i32, i32) -> ()
  %lb8 = arith.constant -2147483648 : i32
  %ub8 = arith.constant -2147483643 : i32
  %r8:3 = call @sle_plus5(%lb8, %ub8) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r8#0, %r8#1, %r8#2) : (i32, i32, i32) -> ()
  %lb9 = arith.constant 0 : i32
  %ub9 = arith.constant 4 : i32
  %r9:3 = call @sle_plus5_step3(%lb9, %ub9) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r9#0, %r9#1, %r9#2) : (i32, i32, i32) -> ()
  %lb10 = arith.constant 0 : i32
  %ub10 = arith.constant 5 : i32
  %r10:3 = call @sle_plus5_step3(%lb10, %ub10) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r10#0, %r10#1, %r10#2) : (i32, i32, i32) -> ()
  %lb11 = arith.constant 0 : i32
  %ub11 = arith.constant 12 : i32
  %r11:3 = call @sle_plus5_step3(%lb11, %ub11) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r11#0, %r11#1, %r11#2) : (i32, i32, i32) -> ()
  %lb12 = arith.constant 0 : i32
  %ub12 = arith.constant 13 : i32
  %r12:3 = call @sle_plus5_step3(%lb12, %ub12) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r12#0, %r12#1, %r12#2) : (i32, i32, i32) -> ()
  %lb13 = arith.constant 2147483630 : i32
  %ub13 = arith.constant 2147483646 : i32
  %r13:3 = call @sle_plus5_step3(%lb13, %ub13) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r13#0, %r13#1, %r13#2) : (i32, i32, i32) -> ()
  %lb14 = arith.constant 2147483630 : i32
  %ub14 = arith.constant 2147483645 : i32
  %r14:3 = call @sle_plus5_step3(%lb14, %ub14) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r14#0, %r14#1, %r14#2) : (i32, i32, i32) -> ()
  %lb15 = arith.constant 0 : i32
  %ub15 = arith.constant 0 : i32
  %r15:3 = call @ule_plus3(%lb15, %ub15) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r15#0, %r15#1, %r15#2) : (i32, i32, i32) -> ()
  %lb16 = arith.constant 0 : i32
  %ub16 = arith.constant 1 : i32
  %r16:3 = call @ule_plus3(%lb16, %ub16) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r16#0, %r16#1, %r16#2) : (i32, i32, i32) -> ()
  %lb17 = arith.constant 0 : i32
  %ub17 = arith.constant 2 : i32
  %r17:3 = call @ule_plus3(%lb17, %ub17) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r17#0, %r17#1, %r17#2) : (i32, i32, i32) -> ()
  %lb18 = arith.constant 0 : i32
  %ub18 = arith.constant 3 : i32
  %r18:3 = call @ule_plus3(%lb18, %ub18) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r18#0, %r18#1, %r18#2) : (i32, i32, i32) -> ()
  %lb19 = arith.constant 0 : i32
  %ub19 = arith.constant 4 : i32
  %r19:3 = call @ule_plus3(%lb19, %ub19) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r19#0, %r19#1, %r19#2) : (i32, i32, i32) -> ()
  %lb20 = arith.constant -6 : i32
  %ub20 = arith.constant -2 : i32
  %r20:3 = call @ule_plus3(%lb20, %ub20) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r20#0, %r20#1, %r20#2) : (i32, i32, i32) -> ()
  %lb21 = arith.constant 2147483645 : i32
  %ub21 = arith.constant -2147483647 : i32
  %r21:3 = call @ule_plus3(%lb21, %ub21) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r21#0, %r21#1, %r21#2) : (i32, i32, i32) -> ()
  %lb22 = arith.constant 0 : i32
  %ub22 = arith.constant 0 : i32
  %r22:3 = call @ule_plus1(%lb22, %ub22) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r22#0, %r22#1, %r22#2) : (i32, i32, i32) -> ()
  %lb23 = arith.constant 0 : i32
  %ub23 = arith.constant 1 : i32
  %r23:3 = call @ule_plus1(%lb23, %ub23) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r23#0, %r23#1, %r23#2) : (i32, i32, i32) -> ()
  %lb24 = arith.constant -4 : i32
  %ub24 = arith.constant -2 : i32
  %r24:3 = call @ule_plus1(%lb24, %ub24) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r24#0, %r24#1, %r24#2) : (i32, i32, i32) -> ()
  %lb25 = arith.constant 118 : i8
  %ub25 = arith.constant 126 : i8
  %r25:3 = call @sle_plus5_i8(%lb25, %ub25) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r25#0, %r25#1, %r25#2) : (i8, i8, i8) -> ()
  %lb26 = arith.constant -128 : i8
  %ub26 = arith.constant -125 : i8
  %r26:3 = call @sle_plus5_i8(%lb26, %ub26) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r26#0, %r26#1, %r26#2) : (i8, i8, i8) -> ()
  %lb27 = arith.constant -128 : i8
  %ub27 = arith.constant -124 : i8
  %r27:3 = call @sle_plus5_i8(%lb27, %ub27) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r27#0, %r27#1, %r27#2) : (i8, i8, i8) -> ()
  %lb28 = arith.constant -128 : i8
  %ub28 = arith.constant -123 : i8
  %r28:3 = call @sle_plus5_i8(%lb28, %ub28) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r28#0, %r28#1, %r28#2) : (i8, i8, i8) -> ()
  %lb29 = arith.constant 0 : i8
  %ub29 = arith.constant 4 : i8
  %r29:3 = call @sle_plus5_i8(%lb29, %ub29) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r29#0, %r29#1, %r29#2) : (i8, i8, i8) -> ()
  %lb30 = arith.constant -6 : i8
  %ub30 = arith.constant -2 : i8
  %r30:3 = call @ule_plus3_i8(%lb30, %ub30) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r30#0, %r30#1, %r30#2) : (i8, i8, i8) -> ()
  %lb31 = arith.constant 0 : i8
  %ub31 = arith.constant 1 : i8
  %r31:3 = call @ule_plus3_i8(%lb31, %ub31) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r31#0, %r31#1, %r31#2) : (i8, i8, i8) -> ()
  %lb32 = arith.constant 0 : i8
  %ub32 = arith.constant 2 : i8
  %r32:3 = call @ule_plus3_i8(%lb32, %ub32) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r32#0, %r32#1, %r32#2) : (i8, i8, i8) -> ()
  %lb33 = arith.constant 0 : i8
  %ub33 = arith.constant 3 : i8
  %r33:3 = call @ule_plus3_i8(%lb33, %ub33) : (i8, i8) -> (i8, i8, i8)
  call @show_i8(%r33#0, %r33#1, %r33#2) : (i8, i8, i8) -> ()
  %lb34 = arith.constant 10 : i32
  %ub34 = arith.constant 5 : i32
  %r34:3 = call @sge_minus3(%lb34, %ub34) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r34#0, %r34#1, %r34#2) : (i32, i32, i32) -> ()
  %lb35 = arith.constant 10 : i32
  %ub35 = arith.constant 8 : i32
  %r35:3 = call @sge_minus3(%lb35, %ub35) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r35#0, %r35#1, %r35#2) : (i32, i32, i32) -> ()
  %lb36 = arith.constant 2147483647 : i32
  %ub36 = arith.constant 2147483644 : i32
  %r36:3 = call @sge_minus3(%lb36, %ub36) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r36#0, %r36#1, %r36#2) : (i32, i32, i32) -> ()
  %lb37 = arith.constant 2147483647 : i32
  %ub37 = arith.constant 2147483645 : i32
  %r37:3 = call @sge_minus3(%lb37, %ub37) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r37#0, %r37#1, %r37#2) : (i32, i32, i32) -> ()
  %lb38 = arith.constant -2147483643 : i32
  %ub38 = arith.constant -2147483647 : i32
  %r38:3 = call @sge_minus3(%lb38, %ub38) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r38#0, %r38#1, %r38#2) : (i32, i32, i32) -> ()
  %lb39 = arith.constant 2147483647 : i32
  %ub39 = arith.constant 2147483646 : i32
  %r39:3 = call @sge_minus3(%lb39, %ub39) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r39#0, %r39#1, %r39#2) : (i32, i32, i32) -> ()
  %lb40 = arith.constant 5 : i32
  %ub40 = arith.constant 5 : i32
  %r40:3 = call @sgt_plus2(%lb40, %ub40) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r40#0, %r40#1, %r40#2) : (i32, i32, i32) -> ()
  %lb41 = arith.constant 5 : i32
  %ub41 = arith.constant 7 : i32
  %r41:3 = call @sgt_plus2(%lb41, %ub41) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r41#0, %r41#1, %r41#2) : (i32, i32, i32) -> ()
  %lb42 = arith.constant 5 : i32
  %ub42 = arith.constant 6 : i32
  %r42:3 = call @sgt_plus2(%lb42, %ub42) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r42#0, %r42#1, %r42#2) : (i32, i32, i32) -> ()
  %lb43 = arith.constant -2147483645 : i32
  %ub43 = arith.constant -2147483646 : i32
  %r43:3 = call @sgt_plus2(%lb43, %ub43) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r43#0, %r43#1, %r43#2) : (i32, i32, i32) -> ()
  %lb44 = arith.constant 10 : i32
  %ub44 = arith.constant 3 : i32
  %r44:3 = call @uge_minus2(%lb44, %ub44) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r44#0, %r44#1, %r44#2) : (i32, i32, i32) -> ()
  %lb45 = arith.constant 10 : i32
  %ub45 = arith.constant 8 : i32
  %r45:3 = call @uge_minus2(%lb45, %ub45) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r45#0, %r45#1, %r45#2) : (i32, i32, i32) -> ()
  %lb46 = arith.constant 10 : i32
  %ub46 = arith.constant 9 : i32
  %r46:3 = call @uge_minus2(%lb46, %ub46) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r46#0, %r46#1, %r46#2) : (i32, i32, i32) -> ()
  %lb47 = arith.constant -1 : i32
  %ub47 = arith.constant -3 : i32
  %r47:3 = call @uge_minus2(%lb47, %ub47) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r47#0, %r47#1, %r47#2) : (i32, i32, i32) -> ()
  %lb48 = arith.constant -1 : i32
  %ub48 = arith.constant -2 : i32
  %r48:3 = call @uge_minus2(%lb48, %ub48) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r48#0, %r48#1, %r48#2) : (i32, i32, i32) -> ()
  %lb49 = arith.constant 0 : i32
  %ub49 = arith.constant 0 : i32
  %r49:3 = call @slt_minus2(%lb49, %ub49) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r49#0, %r49#1, %r49#2) : (i32, i32, i32) -> ()
  %lb50 = arith.constant 0 : i32
  %ub50 = arith.constant 3 : i32
  %r50:3 = call @slt_minus2(%lb50, %ub50) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r50#0, %r50#1, %r50#2) : (i32, i32, i32) -> ()
  %lb51 = arith.constant 2147483642 : i32
  %ub51 = arith.constant 2147483645 : i32
  %r51:3 = call @slt_minus2(%lb51, %ub51) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r51#0, %r51#1, %r51#2) : (i32, i32, i32) -> ()
  %lb52 = arith.constant 2147483642 : i32
  %ub52 = arith.constant -2147483648 : i32
  %r52:3 = call @slt_minus2(%lb52, %ub52) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r52#0, %r52#1, %r52#2) : (i32, i32, i32) -> ()
  %lb53 = arith.constant 0 : i32
  %ub53 = arith.constant 5 : i32
  %r53:3 = call @ne_plus2(%lb53, %ub53) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r53#0, %r53#1, %r53#2) : (i32, i32, i32) -> ()
  %lb54 = arith.constant 0 : i32
  %ub54 = arith.constant 2 : i32
  %r54:3 = call @ne_plus2(%lb54, %ub54) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r54#0, %r54#1, %r54#2) : (i32, i32, i32) -> ()
  %lb55 = arith.constant 2147483646 : i32
  %ub55 = arith.constant -2147483645 : i32
  %r55:3 = call @ne_plus2(%lb55, %ub55) : (i32, i32) -> (i32, i32, i32)
  call @show_i32(%r55#0, %r55#1, %r55#2) : (i32, i32, i32) -> ()
  return
}
