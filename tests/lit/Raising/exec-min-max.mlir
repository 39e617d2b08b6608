// REQUIRES: mlir-runner
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-arith --loom-raise-libm-calls > %t.raised.mlir
// RUN: FileCheck %s --check-prefix=RAISED < %t.raised.mlir
// RUN: %lower-to-llvm %t.raised.mlir | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @minmax is what clang emits for
//   fminf(a, b), fmaxf(a, b), fmin((double)a, (double)b), fminf(a, 0.0f),
//       fmaxf(-0.0f, a)   (calls that stay calls, e.g. under -fno-builtin:
//       glibc is called)
//   __builtin_fminf(a, 0.0f), __builtin_fmaxf(a, -0.0f)    (llvm.minnum /
//       maxnum with a constant right operand)
// and prints the bits of the seven results. glibc returns the second
// operand of equal zeros and the first of two quiet NaNs; x86-64 code for
// minnum with a constant right operand returns the constant on a tie. The
// raised forms are arith.minnumf/maxnumf and, where an operand is a
// constant, compare and select. For (a, b) =
// (0, -0), (-0, 0), (NaN, 1), (1, NaN), (NaN, -NaN) native C (x86-64,
// glibc 2.36) prints the lines checked below; the raised program, whose
// min/max ops lower back to llvm.minnum/maxnum, prints the same.

// RAISED-LABEL: func.func @minmax
//   RAISED-NOT:   llvm.call @f{{min|max}}
//   RAISED-NOT:   llvm.intr.m
//       RAISED:   return

//      CHECK: 2147483648 2147483648 9223372036854775808 0 0 0 2147483648
// CHECK-NEXT: 0 0 0 0 2147483648 0 2147483648
// CHECK-NEXT: 1065353216 1065353216 4607182418800017408 0 2147483648 0 2147483648
// CHECK-NEXT: 1065353216 1065353216 4607182418800017408 0 1065353216 0 1065353216
// CHECK-NEXT: 2143289344 2143289344 9221120237041090560 0 2147483648 0 2147483648

llvm.func @fminf(f32, f32) -> f32
llvm.func @fmaxf(f32, f32) -> f32
llvm.func @fmin(f64, f64) -> f64

func.func @minmax(%a: f32, %b: f32) -> (f32, f32, f64, f32, f32, f32, f32) {
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  %negzero = llvm.mlir.constant(-0.0 : f32) : f32
  %0 = llvm.call @fminf(%a, %b) : (f32, f32) -> f32
  %1 = llvm.call @fmaxf(%a, %b) : (f32, f32) -> f32
  %wa = llvm.fpext %a : f32 to f64
  %wb = llvm.fpext %b : f32 to f64
  %2 = llvm.call @fmin(%wa, %wb) : (f64, f64) -> f64
  %3 = llvm.call @fminf(%a, %zero) : (f32, f32) -> f32
  %4 = llvm.call @fmaxf(%negzero, %a) : (f32, f32) -> f32
  %5 = llvm.intr.minnum(%a, %zero) : (f32, f32) -> f32
  %6 = llvm.intr.maxnum(%a, %negzero) : (f32, f32) -> f32
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f64, f32, f32, f32, f32
}

func.func private @printU64(i64)
func.func private @printString(!llvm.ptr)
func.func private @printNewline()
llvm.mlir.global internal constant @space(" \00") {addr_space = 0 : i32} : !llvm.array<2 x i8>

func.func @print32(%v: f32) {
  %bits = arith.bitcast %v : f32 to i32
  %wide = arith.extui %bits : i32 to i64
  call @printU64(%wide) : (i64) -> ()
  %space = llvm.mlir.addressof @space : !llvm.ptr
  call @printString(%space) : (!llvm.ptr) -> ()
  return
}

func.func @show(%a: f32, %b: f32) {
  %r:7 = call @minmax(%a, %b) : (f32, f32) -> (f32, f32, f64, f32, f32, f32, f32)
  call @print32(%r#0) : (f32) -> ()
  call @print32(%r#1) : (f32) -> ()
  %bits = arith.bitcast %r#2 : f64 to i64
  call @printU64(%bits) : (i64) -> ()
  %space = llvm.mlir.addressof @space : !llvm.ptr
  call @printString(%space) : (!llvm.ptr) -> ()
  call @print32(%r#3) : (f32) -> ()
  call @print32(%r#4) : (f32) -> ()
  call @print32(%r#5) : (f32) -> ()
  %last = arith.bitcast %r#6 : f32 to i32
  %wide = arith.extui %last : i32 to i64
  call @printU64(%wide) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %one = arith.constant 1.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %negnan = arith.constant 0xFFC00000 : f32
  call @show(%zero, %negzero) : (f32, f32) -> ()
  call @show(%negzero, %zero) : (f32, f32) -> ()
  call @show(%nan, %one) : (f32, f32) -> ()
  call @show(%one, %nan) : (f32, f32) -> ()
  call @show(%nan, %negnan) : (f32, f32) -> ()
  return
}
