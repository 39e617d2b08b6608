// REQUIRES: mlir-runner
// RUN: %raise %s | FileCheck %s --check-prefix=RAISED
// RUN: %raise %s | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @relu_if is the import of
//   void relu_if(const int *a, int *b, int n) {
//     for (int i = 0; i < n; ++i) { if (a[i] > 0) b[i] = a[i]; else b[i] = 0; }
//   }
// (clang -O0 -Xclang -disable-O0-optnone, then opt sroa,early-cse,
// instcombine,simplifycfg,loop-simplify). On a = {3, -2, 0, 7, -9, 1} native
// C writes b = {3, 0, 0, 7, 0, 1}; the raised and the unraised program must
// both print that.

// The program that ran is the raised one: an scf.if inside an scf.while.
// RAISED-LABEL: func.func @relu_if
//       RAISED:   scf.while
//       RAISED:     scf.if
//   RAISED-NOT:   llvm.cond_br

//      CHECK: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 7
// CHECK-NEXT: 0
// CHECK-NEXT: 1

#loop_annotation = #llvm.loop_annotation<mustProgress = true>
llvm.func @relu_if(%arg0: !llvm.ptr {llvm.noundef}, %arg1: !llvm.ptr {llvm.noundef}, %arg2: i32 {llvm.noundef}) attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.constant(1 : i32) : i32
  llvm.br ^bb1(%0 : i32)
^bb1(%2: i32):  // 2 preds: ^bb0, ^bb5
  %3 = llvm.icmp "slt" %2, %arg2 : i32
  llvm.cond_br %3, ^bb2, ^bb6
^bb2:  // pred: ^bb1
  %4 = llvm.zext nneg %2 : i32 to i64
  %5 = llvm.getelementptr inbounds|nuw %arg0[%4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %6 = llvm.load %5 {alignment = 4 : i64} : !llvm.ptr -> i32
  %7 = llvm.icmp "sgt" %6, %0 : i32
  llvm.cond_br %7, ^bb3, ^bb4
^bb3:  // pred: ^bb2
  %8 = llvm.getelementptr inbounds|nuw %arg1[%4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %6, %8 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.br ^bb5
^bb4:  // pred: ^bb2
  %9 = llvm.getelementptr inbounds|nuw %arg1[%4] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %0, %9 {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.br ^bb5
^bb5:  // 2 preds: ^bb3, ^bb4
  %10 = llvm.add %2, %1 overflow<nsw, nuw> : i32
  llvm.br ^bb1(%10 : i32) {loop_annotation = #loop_annotation}
^bb6:  // pred: ^bb1
  llvm.return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %n = arith.constant 6 : i32
  %len = arith.constant 6 : i64
  %a = llvm.alloca %len x i32 : (i64) -> !llvm.ptr
  %b = llvm.alloca %len x i32 : (i64) -> !llvm.ptr
  %input = arith.constant dense<[3, -2, 0, 7, -9, 1]> : vector<6xi32>
  llvm.store %input, %a : vector<6xi32>, !llvm.ptr
  llvm.call @relu_if(%a, %b, %n) : (!llvm.ptr, !llvm.ptr, i32) -> ()
  scf.for %i = %c0 to %c6 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %pb = llvm.getelementptr %b[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    %v = llvm.load %pb : !llvm.ptr -> i32
    %w = arith.extsi %v : i32 to i64
    func.call @printI64(%w) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
