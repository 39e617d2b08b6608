// REQUIRES: mlir-runner
// RUN: %raise %s > %t.raised.mlir
// RUN: FileCheck %s --check-prefix=RAISED < %t.raised.mlir
// RUN: FileCheck %s --check-prefix=OPS < %t.raised.mlir
// RUN: %lower-to-llvm %t.raised.mlir | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-cf --loom-raise-llvm-to-arith=materialize-fmuladd=mul-add --lift-cf-to-scf \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @floatops is the import of
//   float floatops(float x, float y, int k) {
//     float a = fabsf(x) + copysignf(2.0f, y) + sqrtf(fabsf(y));
//     float b = floorf(x) * ceilf(y) - fminf(x, y) + fmaxf(x, y);
//     float c = fmodf(x, 1.5f) - (-y) / 4.0f + truncf(y * 1.5f) + roundf(x);
//     float t = expf(y * 0.5f) + logf(fabsf(x) + 1.0f) +
//               powf(fabsf(y), 1.5f) + sinf(x) * cosf(y) + exp2f(y) +
//               log2f(fabsf(x) + 2.0f);
//     int i = (int)(x * 10.0f);
//     unsigned ui = (unsigned)(fabsf(y) * 3.0f);
//     double d = (double)x * (double)k;
//     float e = (float)d + (float)i + (float)ui;
//     return (x < y ? a : b) + c + e + t + (x != x ? 1.0f : 0.0f);
//   }
// (clang -O0 -fno-math-errno -Xclang -disable-O0-optnone, then opt sroa,
// early-cse,instcombine,simplifycfg,loop-simplify): fabs, copysign, sqrt,
// floor, ceil, minnum, maxnum, fneg, frem, trunc, round, exp, log, pow, sin,
// cos, exp2, log2, fmuladd, fcmp, select and every int/float cast. For
// (x, y, k) = (2.25, 4, 3), (-3.5, -1.25, -2) and (7.75, 0.5, 5) native C
// (x86-64, which does not fuse fmuladd) prints 90.8966, -21.7671 and 148.754
// with %g; the raised program with fmuladd kept or split must print the same.

// The program that ran is the raised one: math ops, no LLVM float compute.
// RAISED-LABEL: func.func @floatops
//   RAISED-NOT:   {{llvm\.(f[a-z]+|sitofp|uitofp|select|intr\.[a-eg-z])}}
//       RAISED:   return

// The raised kernel uses the arith/math/scf forms.
// OPS-LABEL: func.func @floatops
//       OPS:   math.absf
//       OPS:   scf.if
//       OPS:   math.copysign
//       OPS:   math.sqrt
//       OPS:   arith.minnumf
//       OPS:   arith.maxnumf
//       OPS:   math.sin
//       OPS:   math.powf
//       OPS:   arith.remf

//      CHECK: 90.8966
// CHECK-NEXT: -21.7671
// CHECK-NEXT: 148.754

llvm.func @floatops(%arg0: f32 {llvm.noundef}, %arg1: f32 {llvm.noundef}, %arg2: i32 {llvm.noundef}) -> f32 attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(2.000000e+00 : f32) : f32
  %1 = llvm.mlir.constant(1.000000e+01 : f32) : f32
  %2 = llvm.mlir.constant(3.000000e+00 : f32) : f32
  %3 = llvm.mlir.constant(5.000000e-01 : f32) : f32
  %4 = llvm.mlir.constant(1.000000e+00 : f32) : f32
  %5 = llvm.mlir.constant(1.500000e+00 : f32) : f32
  %6 = llvm.mlir.constant(-2.500000e-01 : f32) : f32
  %7 = llvm.mlir.constant(0.000000e+00 : f32) : f32
  %8 = llvm.intr.fabs(%arg0) : (f32) -> f32
  %9 = llvm.intr.fabs(%arg1) : (f32) -> f32
  %10 = llvm.fcmp "olt" %arg0, %arg1 : f32
  llvm.cond_br %10, ^bb1, ^bb2
^bb1:  // pred: ^bb0
  %11 = llvm.intr.copysign(%0, %arg1) : (f32, f32) -> f32
  %12 = llvm.fadd %8, %11 : f32
  %13 = llvm.intr.sqrt(%9) : (f32) -> f32
  %14 = llvm.fadd %12, %13 : f32
  llvm.br ^bb3(%14 : f32)
^bb2:  // pred: ^bb0
  %15 = llvm.intr.floor(%arg0) : (f32) -> f32
  %16 = llvm.intr.ceil(%arg1) : (f32) -> f32
  %17 = llvm.intr.minnum(%arg0, %arg1) : (f32, f32) -> f32
  %18 = llvm.fneg %17 : f32
  %19 = llvm.intr.fmuladd(%15, %16, %18) : (f32, f32, f32) -> f32
  %20 = llvm.intr.maxnum(%arg0, %arg1) : (f32, f32) -> f32
  %21 = llvm.fadd %19, %20 : f32
  llvm.br ^bb3(%21 : f32)
^bb3(%22: f32):  // 2 preds: ^bb1, ^bb2
  %23 = llvm.fpext %arg0 : f32 to f64
  %24 = llvm.sitofp %arg2 : i32 to f64
  %25 = llvm.fmul %23, %24 : f64
  %26 = llvm.fptrunc %25 : f64 to f32
  %27 = llvm.fmul %arg0, %1 : f32
  %28 = llvm.fptosi %27 : f32 to i32
  %29 = llvm.sitofp %28 : i32 to f32
  %30 = llvm.fadd %26, %29 : f32
  %31 = llvm.fmul %9, %2 : f32
  %32 = llvm.fptoui %31 : f32 to i32
  %33 = llvm.uitofp %32 : i32 to f32
  %34 = llvm.fadd %30, %33 : f32
  %35 = llvm.intr.sin(%arg0) : (f32) -> f32
  %36 = llvm.intr.cos(%arg1) : (f32) -> f32
  %37 = llvm.fmul %arg1, %3 : f32
  %38 = llvm.intr.exp(%37) : (f32) -> f32
  %39 = llvm.fadd %8, %4 : f32
  %40 = llvm.intr.log(%39) : (f32) -> f32
  %41 = llvm.fadd %38, %40 : f32
  %42 = llvm.intr.pow(%9, %5) : (f32, f32) -> f32
  %43 = llvm.fadd %41, %42 : f32
  %44 = llvm.intr.fmuladd(%35, %36, %43) : (f32, f32, f32) -> f32
  %45 = llvm.intr.exp2(%arg1) : (f32) -> f32
  %46 = llvm.fadd %44, %45 : f32
  %47 = llvm.fadd %8, %0 : f32
  %48 = llvm.intr.log2(%47) : (f32) -> f32
  %49 = llvm.fadd %46, %48 : f32
  %50 = llvm.frem %arg0, %5 : f32
  %51 = llvm.fmul %arg1, %6 : f32
  %52 = llvm.fsub %50, %51 : f32
  %53 = llvm.fmul %arg1, %5 : f32
  %54 = llvm.intr.trunc(%53) : (f32) -> f32
  %55 = llvm.fadd %52, %54 : f32
  %56 = llvm.intr.round(%arg0) : (f32) -> f32
  %57 = llvm.fadd %55, %56 : f32
  %58 = llvm.fadd %22, %57 : f32
  %59 = llvm.fadd %58, %34 : f32
  %60 = llvm.fadd %59, %49 : f32
  %61 = llvm.fcmp "uno" %arg0, %7 : f32
  %62 = llvm.select %61, %4, %7 : i1, f32
  %63 = llvm.fadd %60, %62 : f32
  llvm.return %63 : f32
}

func.func private @printF32(f32)
func.func private @printNewline()

func.func @print_floatops(%x: f32, %y: f32, %k: i32) {
  %r = llvm.call @floatops(%x, %y, %k) : (f32, f32, i32) -> f32
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %x0 = arith.constant 2.25 : f32
  %y0 = arith.constant 4.0 : f32
  %k0 = arith.constant 3 : i32
  call @print_floatops(%x0, %y0, %k0) : (f32, f32, i32) -> ()
  %x1 = arith.constant -3.5 : f32
  %y1 = arith.constant -1.25 : f32
  %k1 = arith.constant -2 : i32
  call @print_floatops(%x1, %y1, %k1) : (f32, f32, i32) -> ()
  %x2 = arith.constant 7.75 : f32
  %y2 = arith.constant 0.5 : f32
  %k2 = arith.constant 5 : i32
  call @print_floatops(%x2, %y2, %k2) : (f32, f32, i32) -> ()
  return
}
