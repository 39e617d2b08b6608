// REQUIRES: mlir-runner
// Each loop returns its trip count, the induction value it exits with and
// the sum of its induction values, on inputs at the edges: no iteration,
// steps that overshoot the bound, unsigned bounds across the sign bit,
// counting down to INT_MIN, counting modulo 2^32. The loops as written and
// after loom-raise-while-to-for must print the same numbers, the ones C
// computes.
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-while-to-for | FileCheck %s --check-prefix=RAISED

// Every loop was raised.
// RAISED-NOT: scf.while

// slt_step3(0, 10)
// CHECK: {{^}}4
// CHECK-NEXT: 12
// CHECK-NEXT: 18
// slt_step3(5, 5)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// slt_step3(7, 2)
// CHECK-NEXT: 0
// CHECK-NEXT: 7
// CHECK-NEXT: 0
// slt_step3(-10, -1)
// CHECK-NEXT: 3
// CHECK-NEXT: -1
// CHECK-NEXT: -21
// sle_step1(0, 0)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// sle_step1(3, 1)
// CHECK-NEXT: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// sle_step1(-5, 5)
// CHECK-NEXT: 11
// CHECK-NEXT: 6
// CHECK-NEXT: 0
// ult_step1(2147483646, -2147483646)
// CHECK-NEXT: 4
// CHECK-NEXT: -2147483646
// CHECK-NEXT: -2
// ult_step1(5, 3)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// ult_step1(0, 4)
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// ult_i64(9223372036854775806, -9223372036854775806)
// CHECK-NEXT: 4
// CHECK-NEXT: -9223372036854775806
// CHECK-NEXT: -2
// ult_i64(5, 3)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// sgt_down1(5, -1)
// CHECK-NEXT: 6
// CHECK-NEXT: -1
// CHECK-NEXT: 15
// sgt_down1(-2147483646, -2147483648)
// CHECK-NEXT: 2
// CHECK-NEXT: -2147483648
// CHECK-NEXT: 3
// sgt_down1(-3, 0)
// CHECK-NEXT: 0
// CHECK-NEXT: -3
// CHECK-NEXT: 0
// sge_down2(10, 3)
// CHECK-NEXT: 4
// CHECK-NEXT: 2
// CHECK-NEXT: 28
// sge_down2(3, 3)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 3
// sge_down2(2, 3)
// CHECK-NEXT: 0
// CHECK-NEXT: 2
// CHECK-NEXT: 0
// ugt_down1(3, 0)
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 6
// ugt_down1(-2147483647, 2147483646)
// CHECK-NEXT: 3
// CHECK-NEXT: 2147483646
// CHECK-NEXT: -2147483648
// ugt_down1(0, 5)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// ne_wrap(2147483646, -2147483647)
// CHECK-NEXT: 3
// CHECK-NEXT: -2147483647
// CHECK-NEXT: 2147483645
// ne_wrap(5, 5)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// ne_wrap(-2, 1)
// CHECK-NEXT: 3
// CHECK-NEXT: 1
// CHECK-NEXT: -3
// ne_nsw(0, 4)
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// ne_nsw(-3, -3)
// CHECK-NEXT: 0
// CHECK-NEXT: -3
// CHECK-NEXT: 0
// sgt_i64(3, 0)
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 6
// sgt_i64(-9223372036854775806, -9223372036854775808)
// CHECK-NEXT: 2
// CHECK-NEXT: -9223372036854775808
// CHECK-NEXT: 3
// do_next(0, 4)
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// do_next(0, 0)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// do_next(0, -5)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// do_old(0, 3)
// CHECK-NEXT: 4
// CHECK-NEXT: 4
// CHECK-NEXT: 6
// do_old(0, -2)
// CHECK-NEXT: 1
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// do_next_step4(0, 2)
// CHECK-NEXT: 1
// CHECK-NEXT: 4
// CHECK-NEXT: 0
// do_next_step4(0, 13)
// CHECK-NEXT: 4
// CHECK-NEXT: 16
// CHECK-NEXT: 24
// offset3(0, 10)
// CHECK-NEXT: 7
// CHECK-NEXT: 7
// CHECK-NEXT: 21
// offset3(5, 5)
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// offset3(0, -2147483647)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// offset3(-2147483648, -2147483646)
// CHECK-NEXT: 0
// CHECK-NEXT: -2147483648
// CHECK-NEXT: 0
// or_offset(0, 10)
// CHECK-NEXT: 5
// CHECK-NEXT: 10
// CHECK-NEXT: 20
// or_offset(0, 11)
// CHECK-NEXT: 5
// CHECK-NEXT: 10
// CHECK-NEXT: 20
// or_offset(0, 1)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// or_offset(0, -2147483648)
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0

// i < ub, step 3
func.func @slt_step3(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 3 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi slt, %i, %ub : i32
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

// i <= ub, step 1
func.func @sle_step1(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi sle, %i, %ub : i32
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

// unsigned i < ub across the sign bit
func.func @ult_step1(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi ult, %i, %ub : i32
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

// 64-bit unsigned i < ub across the sign bit
func.func @ult_i64(%lb: i64, %ub: i64) -> (i64, i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %step = arith.constant 1 : i64
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i64, i64, i64) -> (i64, i64, i64) {
    %c = arith.cmpi ult, %i, %ub : i64
    scf.condition(%c) %i, %n, %s : i64, i64, i64
  } do {
  ^bb0(%j: i64, %m: i64, %t: i64):
    %next = arith.addi %j, %step : i64
    %m1 = arith.addi %m, %one : i64
    %t1 = arith.addi %t, %j : i64
    scf.yield %next, %m1, %t1 : i64, i64, i64
  }
  return %r#1, %r#0, %r#2 : i64, i64, i64
}

// i > ub, step -1
func.func @sgt_down1(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant -1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi sgt, %i, %ub : i32
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

// i >= ub, step -2
func.func @sge_down2(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 2 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi sge, %i, %ub : i32
    scf.condition(%c) %i, %n, %s : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    %next = arith.subi %j, %step overflow<nsw> : i32
    %m1 = arith.addi %m, %one : i32
    %t1 = arith.addi %t, %j : i32
    scf.yield %next, %m1, %t1 : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// unsigned i > ub, step -1
func.func @ugt_down1(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant -1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi ugt, %i, %ub : i32
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

// i != ub counting modulo 2^32
func.func @ne_wrap(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi ne, %i, %ub : i32
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

// i != ub with nsw
func.func @ne_nsw(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %c = arith.cmpi ne, %i, %ub : i32
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

// 64-bit i > ub, step -1
func.func @sgt_i64(%lb: i64, %ub: i64) -> (i64, i64, i64) {
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %step = arith.constant -1 : i64
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i64, i64, i64) -> (i64, i64, i64) {
    %c = arith.cmpi sgt, %i, %ub : i64
    scf.condition(%c) %i, %n, %s : i64, i64, i64
  } do {
  ^bb0(%j: i64, %m: i64, %t: i64):
    %next = arith.addi %j, %step overflow<nsw> : i64
    %m1 = arith.addi %m, %one : i64
    %t1 = arith.addi %t, %j : i64
    scf.yield %next, %m1, %t1 : i64, i64, i64
  }
  return %r#1, %r#0, %r#2 : i64, i64, i64
}

// do { } while (++i < ub)
func.func @do_next(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %next = arith.addi %i, %step overflow<nsw> : i32
    %m1 = arith.addi %n, %one : i32
    %s1 = arith.addi %s, %i : i32
    %c = arith.cmpi slt, %next, %ub : i32
    scf.condition(%c) %next, %m1, %s1 : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    scf.yield %j, %m, %t : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// do { } while (i++ < ub)
func.func @do_old(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %next = arith.addi %i, %step overflow<nsw> : i32
    %m1 = arith.addi %n, %one : i32
    %s1 = arith.addi %s, %i : i32
    %c = arith.cmpi slt, %i, %ub : i32
    scf.condition(%c) %next, %m1, %s1 : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    scf.yield %j, %m, %t : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// do { } while ((i += 4) < ub)
func.func @do_next_step4(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %step = arith.constant 4 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %next = arith.addi %i, %step overflow<nsw> : i32
    %m1 = arith.addi %n, %one : i32
    %s1 = arith.addi %s, %i : i32
    %c = arith.cmpi slt, %next, %ub : i32
    scf.condition(%c) %next, %m1, %s1 : i32, i32, i32
  } do {
  ^bb0(%j: i32, %m: i32, %t: i32):
    scf.yield %j, %m, %t : i32, i32, i32
  }
  return %r#1, %r#0, %r#2 : i32, i32, i32
}

// i + 3 < ub (nsw), from lb
func.func @offset3(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %step = arith.constant 1 : i32
  %r:3 = scf.while (%i = %lb, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.addi %i, %three overflow<nsw> : i32
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

// (i | 1) < ub for even i from 0 by 2
func.func @or_offset(%lb: i32, %ub: i32) -> (i32, i32, i32) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %three = arith.constant 3 : i32
  %step = arith.constant 2 : i32
  %r:3 = scf.while (%i = %zero, %n = %zero, %s = %zero) : (i32, i32, i32) -> (i32, i32, i32) {
    %d = arith.ori %i, %one : i32
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

func.func private @printI64(i64)

func.func private @printNewline()



func.func @show32(%a: i32, %b: i32, %c: i32) {
  %x = arith.extsi %a : i32 to i64
  %y = arith.extsi %b : i32 to i64
  %z = arith.extsi %c : i32 to i64
  call @show64(%x, %y, %z) : (i64, i64, i64) -> ()
  return
}

func.func @show64(%a: i64, %b: i64, %c: i64) {
  call @printI64(%a) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%b) : (i64) -> ()
  call @printNewline() : () -> ()
  call @printI64(%c) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}



func.func @main() {

  %lb0 = arith.constant 0 : i32
  %ub0 = arith.constant 10 : i32
  %r0:3 = call @slt_step3(%lb0, %ub0) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r0#0, %r0#1, %r0#2) : (i32, i32, i32) -> ()

  %lb1 = arith.constant 5 : i32
  %ub1 = arith.constant 5 : i32
  %r1:3 = call @slt_step3(%lb1, %ub1) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r1#0, %r1#1, %r1#2) : (i32, i32, i32) -> ()

  %lb2 = arith.constant 7 : i32
  %ub2 = arith.constant 2 : i32
  %r2:3 = call @slt_step3(%lb2, %ub2) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r2#0, %r2#1, %r2#2) : (i32, i32, i32) -> ()

  %lb3 = arith.constant -10 : i32
  %ub3 = arith.constant -1 : i32
  %r3:3 = call @slt_step3(%lb3, %ub3) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r3#0, %r3#1, %r3#2) : (i32, i32, i32) -> ()

  %lb4 = arith.constant 0 : i32
  %ub4 = arith.constant 0 : i32
  %r4:3 = call @sle_step1(%lb4, %ub4) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r4#0, %r4#1, %r4#2) : (i32, i32, i32) -> ()

  %lb5 = arith.constant 3 : i32
  %ub5 = arith.constant 1 : i32
  %r5:3 = call @sle_step1(%lb5, %ub5) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r5#0, %r5#1, %r5#2) : (i32, i32, i32) -> ()

  %lb6 = arith.constant -5 : i32
  %ub6 = arith.constant 5 : i32
  %r6:3 = call @sle_step1(%lb6, %ub6) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r6#0, %r6#1, %r6#2) : (i32, i32, i32) -> ()

  %lb7 = arith.constant 2147483646 : i32
  %ub7 = arith.constant -2147483646 : i32
  %r7:3 = call @ult_step1(%lb7, %ub7) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r7#0, %r7#1, %r7#2) : (i32, i32, i32) -> ()

  %lb8 = arith.constant 5 : i32
  %ub8 = arith.constant 3 : i32
  %r8:3 = call @ult_step1(%lb8, %ub8) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r8#0, %r8#1, %r8#2) : (i32, i32, i32) -> ()

  %lb9 = arith.constant 0 : i32
  %ub9 = arith.constant 4 : i32
  %r9:3 = call @ult_step1(%lb9, %ub9) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r9#0, %r9#1, %r9#2) : (i32, i32, i32) -> ()

  %lb10 = arith.constant 9223372036854775806 : i64
  %ub10 = arith.constant -9223372036854775806 : i64
  %r10:3 = call @ult_i64(%lb10, %ub10) : (i64, i64) -> (i64, i64, i64)
  call @show64(%r10#0, %r10#1, %r10#2) : (i64, i64, i64) -> ()

  %lb11 = arith.constant 5 : i64
  %ub11 = arith.constant 3 : i64
  %r11:3 = call @ult_i64(%lb11, %ub11) : (i64, i64) -> (i64, i64, i64)
  call @show64(%r11#0, %r11#1, %r11#2) : (i64, i64, i64) -> ()

  %lb12 = arith.constant 5 : i32
  %ub12 = arith.constant -1 : i32
  %r12:3 = call @sgt_down1(%lb12, %ub12) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r12#0, %r12#1, %r12#2) : (i32, i32, i32) -> ()

  %lb13 = arith.constant -2147483646 : i32
  %ub13 = arith.constant -2147483648 : i32
  %r13:3 = call @sgt_down1(%lb13, %ub13) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r13#0, %r13#1, %r13#2) : (i32, i32, i32) -> ()

  %lb14 = arith.constant -3 : i32
  %ub14 = arith.constant 0 : i32
  %r14:3 = call @sgt_down1(%lb14, %ub14) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r14#0, %r14#1, %r14#2) : (i32, i32, i32) -> ()

  %lb15 = arith.constant 10 : i32
  %ub15 = arith.constant 3 : i32
  %r15:3 = call @sge_down2(%lb15, %ub15) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r15#0, %r15#1, %r15#2) : (i32, i32, i32) -> ()

  %lb16 = arith.constant 3 : i32
  %ub16 = arith.constant 3 : i32
  %r16:3 = call @sge_down2(%lb16, %ub16) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r16#0, %r16#1, %r16#2) : (i32, i32, i32) -> ()

  %lb17 = arith.constant 2 : i32
  %ub17 = arith.constant 3 : i32
  %r17:3 = call @sge_down2(%lb17, %ub17) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r17#0, %r17#1, %r17#2) : (i32, i32, i32) -> ()

  %lb18 = arith.constant 3 : i32
  %ub18 = arith.constant 0 : i32
  %r18:3 = call @ugt_down1(%lb18, %ub18) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r18#0, %r18#1, %r18#2) : (i32, i32, i32) -> ()

  %lb19 = arith.constant -2147483647 : i32
  %ub19 = arith.constant 2147483646 : i32
  %r19:3 = call @ugt_down1(%lb19, %ub19) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r19#0, %r19#1, %r19#2) : (i32, i32, i32) -> ()

  %lb20 = arith.constant 0 : i32
  %ub20 = arith.constant 5 : i32
  %r20:3 = call @ugt_down1(%lb20, %ub20) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r20#0, %r20#1, %r20#2) : (i32, i32, i32) -> ()

  %lb21 = arith.constant 2147483646 : i32
  %ub21 = arith.constant -2147483647 : i32
  %r21:3 = call @ne_wrap(%lb21, %ub21) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r21#0, %r21#1, %r21#2) : (i32, i32, i32) -> ()

  %lb22 = arith.constant 5 : i32
  %ub22 = arith.constant 5 : i32
  %r22:3 = call @ne_wrap(%lb22, %ub22) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r22#0, %r22#1, %r22#2) : (i32, i32, i32) -> ()

  %lb23 = arith.constant -2 : i32
  %ub23 = arith.constant 1 : i32
  %r23:3 = call @ne_wrap(%lb23, %ub23) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r23#0, %r23#1, %r23#2) : (i32, i32, i32) -> ()

  %lb24 = arith.constant 0 : i32
  %ub24 = arith.constant 4 : i32
  %r24:3 = call @ne_nsw(%lb24, %ub24) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r24#0, %r24#1, %r24#2) : (i32, i32, i32) -> ()

  %lb25 = arith.constant -3 : i32
  %ub25 = arith.constant -3 : i32
  %r25:3 = call @ne_nsw(%lb25, %ub25) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r25#0, %r25#1, %r25#2) : (i32, i32, i32) -> ()

  %lb26 = arith.constant 3 : i64
  %ub26 = arith.constant 0 : i64
  %r26:3 = call @sgt_i64(%lb26, %ub26) : (i64, i64) -> (i64, i64, i64)
  call @show64(%r26#0, %r26#1, %r26#2) : (i64, i64, i64) -> ()

  %lb27 = arith.constant -9223372036854775806 : i64
  %ub27 = arith.constant -9223372036854775808 : i64
  %r27:3 = call @sgt_i64(%lb27, %ub27) : (i64, i64) -> (i64, i64, i64)
  call @show64(%r27#0, %r27#1, %r27#2) : (i64, i64, i64) -> ()

  %lb28 = arith.constant 0 : i32
  %ub28 = arith.constant 4 : i32
  %r28:3 = call @do_next(%lb28, %ub28) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r28#0, %r28#1, %r28#2) : (i32, i32, i32) -> ()

  %lb29 = arith.constant 0 : i32
  %ub29 = arith.constant 0 : i32
  %r29:3 = call @do_next(%lb29, %ub29) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r29#0, %r29#1, %r29#2) : (i32, i32, i32) -> ()

  %lb30 = arith.constant 0 : i32
  %ub30 = arith.constant -5 : i32
  %r30:3 = call @do_next(%lb30, %ub30) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r30#0, %r30#1, %r30#2) : (i32, i32, i32) -> ()

  %lb31 = arith.constant 0 : i32
  %ub31 = arith.constant 3 : i32
  %r31:3 = call @do_old(%lb31, %ub31) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r31#0, %r31#1, %r31#2) : (i32, i32, i32) -> ()

  %lb32 = arith.constant 0 : i32
  %ub32 = arith.constant -2 : i32
  %r32:3 = call @do_old(%lb32, %ub32) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r32#0, %r32#1, %r32#2) : (i32, i32, i32) -> ()

  %lb33 = arith.constant 0 : i32
  %ub33 = arith.constant 2 : i32
  %r33:3 = call @do_next_step4(%lb33, %ub33) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r33#0, %r33#1, %r33#2) : (i32, i32, i32) -> ()

  %lb34 = arith.constant 0 : i32
  %ub34 = arith.constant 13 : i32
  %r34:3 = call @do_next_step4(%lb34, %ub34) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r34#0, %r34#1, %r34#2) : (i32, i32, i32) -> ()

  %lb35 = arith.constant 0 : i32
  %ub35 = arith.constant 10 : i32
  %r35:3 = call @offset3(%lb35, %ub35) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r35#0, %r35#1, %r35#2) : (i32, i32, i32) -> ()

  %lb36 = arith.constant 5 : i32
  %ub36 = arith.constant 5 : i32
  %r36:3 = call @offset3(%lb36, %ub36) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r36#0, %r36#1, %r36#2) : (i32, i32, i32) -> ()

  %lb37 = arith.constant 0 : i32
  %ub37 = arith.constant -2147483647 : i32
  %r37:3 = call @offset3(%lb37, %ub37) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r37#0, %r37#1, %r37#2) : (i32, i32, i32) -> ()

  %lb38 = arith.constant -2147483648 : i32
  %ub38 = arith.constant -2147483646 : i32
  %r38:3 = call @offset3(%lb38, %ub38) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r38#0, %r38#1, %r38#2) : (i32, i32, i32) -> ()

  %lb39 = arith.constant 0 : i32
  %ub39 = arith.constant 10 : i32
  %r39:3 = call @or_offset(%lb39, %ub39) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r39#0, %r39#1, %r39#2) : (i32, i32, i32) -> ()

  %lb40 = arith.constant 0 : i32
  %ub40 = arith.constant 11 : i32
  %r40:3 = call @or_offset(%lb40, %ub40) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r40#0, %r40#1, %r40#2) : (i32, i32, i32) -> ()

  %lb41 = arith.constant 0 : i32
  %ub41 = arith.constant 1 : i32
  %r41:3 = call @or_offset(%lb41, %ub41) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r41#0, %r41#1, %r41#2) : (i32, i32, i32) -> ()

  %lb42 = arith.constant 0 : i32
  %ub42 = arith.constant -2147483648 : i32
  %r42:3 = call @or_offset(%lb42, %ub42) : (i32, i32) -> (i32, i32, i32)
  call @show32(%r42#0, %r42#1, %r42#2) : (i32, i32, i32) -> ()

  return
}
