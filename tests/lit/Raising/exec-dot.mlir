// REQUIRES: mlir-runner
// Raised (fmuladd kept, split, fused), then the unraised LLVM-dialect input,
// each lowered with upstream passes and run; all must print the C result.
// RUN: %raise %s | FileCheck %s --check-prefix=RAISED
// RUN: %raise %s | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-cf --loom-raise-llvm-to-arith=materialize-fmuladd=mul-add --lift-cf-to-scf \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-cf --loom-raise-llvm-to-arith=materialize-fmuladd=fma --lift-cf-to-scf \
// RUN:   | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @dot is the import of
//   float dot(const float *a, const float *b, int n) {
//     float s = 0.0f;
//     for (int i = 0; i < n; ++i) s += a[i] * b[i];
//     return s;
//   }
// (clang -O0 -Xclang -disable-O0-optnone, then opt sroa,early-cse,
// instcombine,simplifycfg,loop-simplify). With a[i] = i and b[i] = i + 1 for
// n = 8, native C prints sum(i * (i + 1)) = 168; every product and partial
// sum is exact in f32, so fused and unfused rounding agree.

// The program that ran is the raised one: a structured loop, no LLVM branch.
// RAISED-LABEL: func.func @dot
//       RAISED:   scf.while
//   RAISED-NOT:   llvm.br
//   RAISED-NOT:   llvm.cond_br

// CHECK: 168

llvm.func @dot(%arg0: !llvm.ptr {llvm.noundef}, %arg1: !llvm.ptr {llvm.noundef}, %arg2: i32 {llvm.noundef}) -> f32 attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(0.000000e+00 : f32) : f32
  %1 = llvm.mlir.constant(0 : i32) : i32
  %2 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%0, %1 : f32, i32)
^bb1(%3: f32, %4: i32):  // 2 preds: ^bb0, ^bb2
  %5 = llvm.icmp "slt" %4, %arg2 : i32
  llvm.cond_br %5, ^bb2, ^bb3
^bb2:  // pred: ^bb1
  %6 = llvm.zext nneg %4 : i32 to i64
  %7 = llvm.getelementptr inbounds|nuw %arg0[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %8 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> f32
  %9 = llvm.getelementptr inbounds|nuw %arg1[%6] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %10 = llvm.load %9 {alignment = 4 : i64} : !llvm.ptr -> f32
  %11 = llvm.intr.fmuladd(%8, %10, %3) : (f32, f32, f32) -> f32
  %12 = llvm.add %4, %2 overflow<nsw, nuw> : i32
  llvm.br ^bb1(%11, %12 : f32, i32)
^bb3:  // pred: ^bb1
  llvm.return %3 : f32
}

func.func private @printF32(f32)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 8 : i32
  %len = arith.constant 8 : i64
  %one = arith.constant 1.0 : f32
  %a = llvm.alloca %len x f32 : (i64) -> !llvm.ptr
  %b = llvm.alloca %len x f32 : (i64) -> !llvm.ptr
  scf.for %i = %c0 to %c8 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %ai = arith.uitofp %i64 : i64 to f32
    %bi = arith.addf %ai, %one : f32
    %pa = llvm.getelementptr %a[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %pb = llvm.getelementptr %b[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %ai, %pa : f32, !llvm.ptr
    llvm.store %bi, %pb : f32, !llvm.ptr
  }
  %r = llvm.call @dot(%a, %b, %n) : (!llvm.ptr, !llvm.ptr, i32) -> f32
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
