// InstructionCore host code run by `loom-emu --entry` (the program
// interpreter of LOOM_BACKEND=emu) and, as the reference, compiled to LLVM
// and JIT-run by mlir-runner: scf.for with iter_args, scf.while,
// scf.index_switch, scf.execute_region, a multi-block function with cf
// branches, math ops, the LLVM memory subset (a constant global table,
// llvm.alloca, getelementptr, load/store) and printf (variadic, through
// libffi) and cos (libm). Both print the same text.
//
// REQUIRES: mlir-runner
// RUN: loom-emu %s --entry=main > %t.emu
// RUN: %lower-to-llvm %s | %run-main > %t.native
// RUN: grep -v '^@main completed$' %t.emu | diff - %t.native
// RUN: FileCheck %s < %t.emu
// CHECK-DAG: abs sum 22
// CHECK-DAG: squares 0 1 4 9 16 25 36 49 count 8
// CHECK-DAG: fib 55 case 200 sqrt 1.414214 cos 0.540302
// CHECK-DAG: @main completed

llvm.mlir.global private constant @table(dense<[4, -7, 9, -2]> : tensor<4xi32>)
    {addr_space = 0 : i32} : !llvm.array<4 x i32>
llvm.mlir.global private constant @fmt_sum("abs sum %d\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @fmt_squares("squares\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @fmt_one(" %d\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @fmt_count(" count %d\0A\00") {addr_space = 0 : i32}
llvm.mlir.global private constant @fmt_last("fib %ld case %d sqrt %.6f cos %.6f\0A\00")
    {addr_space = 0 : i32}
llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func @cos(f64) -> f64

// Fibonacci with a cf loop whose block arguments rotate.
func.func private @fib(%n: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  cf.br ^loop(%c0, %c0, %c1 : i64, i64, i64)
^loop(%i: i64, %a: i64, %b: i64):
  %go = arith.cmpi slt, %i, %n : i64
  cf.cond_br %go, ^body, ^exit
^body:
  %next = arith.addi %a, %b : i64
  %i1 = arith.addi %i, %c1 : i64
  cf.br ^loop(%i1, %b, %next : i64, i64, i64)
^exit:
  return %a : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %fifty = arith.constant 50 : i32
  // Sum of |table[i]| through llvm.load from a constant global.
  %table = llvm.mlir.addressof @table : !llvm.ptr
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %i64 = arith.index_cast %i : index to i64
    %p = llvm.getelementptr %table[0, %i64]
        : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x i32>
    %v = llvm.load %p : !llvm.ptr -> i32
    %a = math.absi %v : i32
    %s = arith.addi %acc, %a : i32
    scf.yield %s : i32
  }
  %fmt_sum = llvm.mlir.addressof @fmt_sum : !llvm.ptr
  %r0 = llvm.call @printf(%fmt_sum, %sum) vararg(!llvm.func<i32 (ptr, ...)>)
      : (!llvm.ptr, i32) -> i32
  // The squares up to 50 into an llvm.alloca buffer, by an scf.while.
  %c8 = llvm.mlir.constant(8 : i64) : i64
  %buf = llvm.alloca %c8 x i32 : (i64) -> !llvm.ptr
  %count = scf.while (%k = %z) : (i32) -> i32 {
    %sq = arith.muli %k, %k : i32
    %go = arith.cmpi sle, %sq, %fifty : i32
    scf.condition(%go) %k : i32
  } do {
  ^bb0(%k: i32):
    %sq = arith.muli %k, %k : i32
    %slot = llvm.getelementptr %buf[%k] : (!llvm.ptr, i32) -> !llvm.ptr, i32
    llvm.store %sq, %slot : i32, !llvm.ptr
    %k1 = arith.addi %k, %one : i32
    scf.yield %k1 : i32
  }
  %fmt_squares = llvm.mlir.addressof @fmt_squares : !llvm.ptr
  %r1 = llvm.call @printf(%fmt_squares) vararg(!llvm.func<i32 (ptr, ...)>)
      : (!llvm.ptr) -> i32
  %fmt_one = llvm.mlir.addressof @fmt_one : !llvm.ptr
  %n = arith.index_cast %count : i32 to index
  scf.for %i = %c0 to %n step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %slot = llvm.getelementptr %buf[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v = llvm.load %slot : !llvm.ptr -> i32
    %r = llvm.call @printf(%fmt_one, %v) vararg(!llvm.func<i32 (ptr, ...)>)
        : (!llvm.ptr, i32) -> i32
  }
  %fmt_count = llvm.mlir.addressof @fmt_count : !llvm.ptr
  %r2 = llvm.call @printf(%fmt_count, %count) vararg(!llvm.func<i32 (ptr, ...)>)
      : (!llvm.ptr, i32) -> i32
  // 8 mod 3 = 2 picks the case whose value an execute_region computes.
  %three = arith.constant 3 : i32
  %m = arith.remsi %count, %three : i32
  %sel = arith.index_cast %m : i32 to index
  %case = scf.index_switch %sel -> i32
  case 2 {
    %v = scf.execute_region -> i32 {
      %c200 = arith.constant 200 : i32
      scf.yield %c200 : i32
    }
    scf.yield %v : i32
  }
  default {
    scf.yield %z : i32
  }
  %ten = arith.constant 10 : i64
  %f = func.call @fib(%ten) : (i64) -> i64
  %two = arith.constant 2.0 : f64
  %root = math.sqrt %two : f64
  %unit = arith.constant 1.0 : f64
  %cos = llvm.call @cos(%unit) : (f64) -> f64
  %fmt_last = llvm.mlir.addressof @fmt_last : !llvm.ptr
  %r3 = llvm.call @printf(%fmt_last, %f, %case, %root, %cos)
      vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i32, f64, f64) -> i32
  return
}
