// REQUIRES: mlir-runner
// RUN: %raise %s | FileCheck %s --check-prefix=RAISED
// RUN: %raise %s | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @swn is the import of
//   int swn(int x, int y) {
//     int r;
//     switch (x) { case -1: r = y + 1; break; case 2: r = y * 3; break;
//                  case 7: r = y - 7; break; case 9: r = y ^ 5; break;
//                  default: r = 0; }
//     return r;
//   }
// (clang -O0 -Xclang -disable-O0-optnone, then opt sroa,early-cse,
// instcombine,simplifycfg,loop-simplify). For y = 10 and
// x = -1, 2, 7, 9, 3, -5 native C returns 11, 30, 3, 15, 0, 0: the negative
// case and a negative default value check the switch's value extension.

// The program that ran is the raised one: an scf.index_switch.
// RAISED-LABEL: func.func @swn
//       RAISED:   scf.index_switch
//   RAISED-NOT:   llvm.switch

//      CHECK: 11
// CHECK-NEXT: 30
// CHECK-NEXT: 3
// CHECK-NEXT: 15
// CHECK-NEXT: 0
// CHECK-NEXT: 0

llvm.func @swn(%arg0: i32 {llvm.noundef}, %arg1: i32 {llvm.noundef}) -> i32 attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.constant(5 : i32) : i32
  %2 = llvm.mlir.constant(-7 : i32) : i32
  %3 = llvm.mlir.constant(3 : i32) : i32
  %4 = llvm.mlir.constant(1 : i32) : i32
  llvm.switch %arg0 : i32, ^bb5(%0 : i32) [
    -1: ^bb1,
    2: ^bb2,
    7: ^bb3,
    9: ^bb4
  ]
^bb1:  // pred: ^bb0
  %5 = llvm.add %arg1, %4 overflow<nsw> : i32
  llvm.br ^bb5(%5 : i32)
^bb2:  // pred: ^bb0
  %6 = llvm.mul %arg1, %3 overflow<nsw> : i32
  llvm.br ^bb5(%6 : i32)
^bb3:  // pred: ^bb0
  %7 = llvm.add %arg1, %2 overflow<nsw> : i32
  llvm.br ^bb5(%7 : i32)
^bb4:  // pred: ^bb0
  %8 = llvm.xor %arg1, %1 : i32
  llvm.br ^bb5(%8 : i32)
^bb5(%9: i32):  // 5 preds: ^bb0, ^bb1, ^bb2, ^bb3, ^bb4
  llvm.return %9 : i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_swn(%x: i32) {
  %y = arith.constant 10 : i32
  %r = llvm.call @swn(%x, %y) : (i32, i32) -> i32
  %w = arith.extsi %r : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %m1 = arith.constant -1 : i32
  %c2 = arith.constant 2 : i32
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %c3 = arith.constant 3 : i32
  %m5 = arith.constant -5 : i32
  call @print_swn(%m1) : (i32) -> ()
  call @print_swn(%c2) : (i32) -> ()
  call @print_swn(%c7) : (i32) -> ()
  call @print_swn(%c9) : (i32) -> ()
  call @print_swn(%c3) : (i32) -> ()
  call @print_swn(%m5) : (i32) -> ()
  return
}
