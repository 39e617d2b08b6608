// REQUIRES: mlir-runner
// Loops with more than one exit, as the device compile imports them: each
// must raise to one structured block (the exit taken carried out of the
// `scf.while` as a flag, an `scf.index_switch` on it after the loop) and
// compute what the unraised input computes, with the poison that lifting
// leaves and with it made zero.
// RUN: %raise %s > %t.raised.mlir
// RUN: FileCheck %s --check-prefix=RAISED < %t.raised.mlir
// RUN: FileCheck %s --check-prefix=POISON < %t.raised.mlir
// RUN: %lower-to-llvm %t.raised.mlir | %run-main | FileCheck %s
// RUN: loom-opt -verify-each --loom-raise-materialize-poison %t.raised.mlir \
// RUN:   > %t.zero.mlir
// RUN: FileCheck %s --check-prefix=ZERO < %t.zero.mlir
// RUN: %lower-to-llvm %t.zero.mlir | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @find is the import of
//   int find(const int *a, int n, int key) {
//     for (int i = 0; i < n; ++i)
//       if (a[i] == key)
//         return i;
//     return -1;
//   }
// @find2 of the same search over rows and columns returning
// `r * 1000 + c`, and @fsm of a switch state machine inside a loop
// (`switch (state) { case 0: ... case 1: ... case 2: ...; default: ... }`,
// counting the sequences 1 2 3). clang's cleanup dispatch after the loop
// (`llvm.switch` with an `llvm.unreachable` default) and the switch of @fsm
// on a state that is only ever 0, 1 or 2 both branch to `llvm.unreachable`;
// @find2 starts its result with `llvm.mlir.undef`. With
// a[i] = (i * 37) % 23 - 5 (64 elements) and in[i] = (i * 5) % 4, native C
// gives find(a, 64, 13) = 21, find(a, 64, 100) = -1, find2(a, 8, 8, 13) =
// 2005, find2(a, 8, 8, 100) = -1, fsm(in, 64) = 16 and fsm(in, 10) = 2.

//      CHECK: 21
// CHECK-NEXT: -1
// CHECK-NEXT: 2005
// CHECK-NEXT: -1
// CHECK-NEXT: 16
// CHECK-NEXT: 2

// One block per function: the exits are structured, nothing dispatches on
// the exit kind after the loop.
// RAISED-LABEL: func.func @find
//       RAISED:   scf.while
//       RAISED:   scf.index_switch
//   RAISED-NOT: {{\^bb[1-9]}}
//   RAISED-NOT: {{ cf\.}}
//   RAISED-NOT:   llvm.unreachable
//       RAISED:   return
// RAISED-LABEL: func.func @find2
//       RAISED:   scf.while
//       RAISED:   scf.while
//   RAISED-NOT: {{\^bb[1-9]}}
//   RAISED-NOT: {{ cf\.}}
//   RAISED-NOT:   llvm.unreachable
//       RAISED:   return
// RAISED-LABEL: func.func @fsm
//       RAISED:   scf.index_switch
//   RAISED-NOT: {{\^bb[1-9]}}
//   RAISED-NOT: {{ cf\.}}
//   RAISED-NOT:   llvm.unreachable
//       RAISED:   return

// Lifting passes poison for the values of the exits not taken, and @find2
// keeps its undef; both become zero.
// POISON: ub.poison
// POISON: llvm.mlir.undef
// ZERO-NOT: ub.poison
// ZERO-NOT: llvm.mlir.undef

llvm.func @find(%arg0: !llvm.ptr {llvm.noundef}, %arg1: i32 {llvm.noundef}, %arg2: i32 {llvm.noundef}) -> (i32 {llvm.noundef}) attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.constant(2 : i32) : i32
  %2 = llvm.mlir.constant(1 : i32) : i32
  %3 = llvm.mlir.constant(-1 : i32) : i32
  llvm.br ^bb1(%0 : i32)
^bb1(%4: i32):  // 2 preds: ^bb0, ^bb3
  %5 = llvm.icmp "slt" %4, %arg1 : i32
  llvm.cond_br %5, ^bb2, ^bb4(%1 : i32)
^bb2:  // pred: ^bb1
  %6 = llvm.zext nneg %4 : i32 to i64
  %7 = llvm.getelementptr inbounds|nuw %arg0[%6] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %8 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> i32
  %9 = llvm.icmp "eq" %8, %arg2 : i32
  llvm.cond_br %9, ^bb4(%2 : i32), ^bb3
^bb3:  // pred: ^bb2
  %10 = llvm.add %4, %2 overflow<nsw, nuw> : i32
  llvm.br ^bb1(%10 : i32)
^bb4(%11: i32):  // 2 preds: ^bb1, ^bb2
  llvm.switch %11 : i32, ^bb7 [
    2: ^bb5,
    1: ^bb6(%4 : i32)
  ]
^bb5:  // pred: ^bb4
  llvm.br ^bb6(%3 : i32)
^bb6(%12: i32):  // 2 preds: ^bb4, ^bb5
  llvm.return %12 : i32
^bb7:  // pred: ^bb4
  llvm.unreachable
}

llvm.func @find2(%arg0: !llvm.ptr {llvm.noundef}, %arg1: i32 {llvm.noundef}, %arg2: i32 {llvm.noundef}, %arg3: i32 {llvm.noundef}) -> (i32 {llvm.noundef}) attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.undef : i32
  %1 = llvm.mlir.constant(0 : i32) : i32
  %2 = llvm.mlir.constant(2 : i32) : i32
  %3 = llvm.mlir.constant(5 : i32) : i32
  %4 = llvm.mlir.constant(1 : i32) : i32
  %5 = llvm.mlir.constant(1000 : i32) : i32
  %6 = llvm.mlir.constant(-1 : i32) : i32
  llvm.br ^bb1(%0, %1 : i32, i32)
^bb1(%7: i32, %8: i32):  // 2 preds: ^bb0, ^bb9
  %9 = llvm.icmp "slt" %8, %arg1 : i32
  llvm.cond_br %9, ^bb2, ^bb10(%7, %2 : i32, i32)
^bb2:  // pred: ^bb1
  llvm.br ^bb3(%1 : i32)
^bb3(%10: i32):  // 2 preds: ^bb2, ^bb6
  %11 = llvm.icmp "slt" %10, %arg2 : i32
  llvm.cond_br %11, ^bb4, ^bb7
^bb4:  // pred: ^bb3
  %12 = llvm.mul %8, %arg2 overflow<nsw> : i32
  %13 = llvm.add %12, %10 overflow<nsw> : i32
  %14 = llvm.sext %13 : i32 to i64
  %15 = llvm.getelementptr inbounds %arg0[%14] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %16 = llvm.load %15 {alignment = 4 : i64} : !llvm.ptr -> i32
  %17 = llvm.icmp "eq" %16, %arg3 : i32
  llvm.cond_br %17, ^bb5, ^bb6
^bb5:  // pred: ^bb4
  %18 = llvm.mul %8, %5 overflow<nsw, nuw> : i32
  %19 = llvm.add %18, %10 overflow<nsw, nuw> : i32
  llvm.br ^bb8(%19, %4 : i32, i32)
^bb6:  // pred: ^bb4
  %20 = llvm.add %10, %4 overflow<nsw, nuw> : i32
  llvm.br ^bb3(%20 : i32)
^bb7:  // pred: ^bb3
  llvm.br ^bb8(%7, %3 : i32, i32)
^bb8(%21: i32, %22: i32):  // 2 preds: ^bb5, ^bb7
  %23 = llvm.icmp "eq" %22, %3 : i32
  llvm.cond_br %23, ^bb9, ^bb10(%21, %22 : i32, i32)
^bb9:  // pred: ^bb8
  %24 = llvm.add %8, %4 overflow<nsw, nuw> : i32
  llvm.br ^bb1(%21, %24 : i32, i32)
^bb10(%25: i32, %26: i32):  // 2 preds: ^bb1, ^bb8
  llvm.switch %26 : i32, ^bb13 [
    2: ^bb11,
    1: ^bb12(%25 : i32)
  ]
^bb11:  // pred: ^bb10
  llvm.br ^bb12(%6 : i32)
^bb12(%27: i32):  // 2 preds: ^bb10, ^bb11
  llvm.return %27 : i32
^bb13:  // pred: ^bb10
  llvm.unreachable
}

llvm.func @fsm(%arg0: !llvm.ptr {llvm.noundef}, %arg1: i32 {llvm.noundef}) -> (i32 {llvm.noundef}) attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(0 : i32) : i32
  %1 = llvm.mlir.constant(1 : i32) : i32
  %2 = llvm.mlir.constant(2 : i32) : i32
  llvm.br ^bb1(%0, %0, %0 : i32, i32, i32)
^bb1(%3: i32, %4: i32, %5: i32):  // 2 preds: ^bb0, ^bb11
  %6 = llvm.icmp "slt" %4, %arg1 : i32
  llvm.cond_br %6, ^bb2, ^bb12
^bb2:  // pred: ^bb1
  %7 = llvm.zext nneg %4 : i32 to i64
  %8 = llvm.getelementptr inbounds|nuw %arg0[%7] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %9 = llvm.load %8 {alignment = 4 : i64} : !llvm.ptr -> i32
  llvm.switch %5 : i32, ^bb10 [
    0: ^bb3,
    1: ^bb4,
    2: ^bb7
  ]
^bb3:  // pred: ^bb2
  %10 = llvm.icmp "eq" %9, %1 : i32
  %11 = llvm.select %10, %1, %5 : i1, i32
  llvm.br ^bb11(%3, %11 : i32, i32)
^bb4:  // pred: ^bb2
  llvm.switch %9 : i32, ^bb5 [
    2: ^bb11(%3, %2 : i32, i32),
    1: ^bb6
  ]
^bb5:  // pred: ^bb4
  llvm.br ^bb11(%3, %0 : i32, i32)
^bb6:  // pred: ^bb4
  llvm.br ^bb11(%3, %5 : i32, i32)
^bb7:  // pred: ^bb2
  llvm.switch %9 : i32, ^bb9 [
    3: ^bb8,
    1: ^bb11(%3, %1 : i32, i32)
  ]
^bb8:  // pred: ^bb7
  %12 = llvm.add %3, %1 overflow<nsw> : i32
  llvm.br ^bb11(%12, %0 : i32, i32)
^bb9:  // pred: ^bb7
  llvm.br ^bb11(%3, %0 : i32, i32)
^bb10:  // pred: ^bb2
  llvm.unreachable
^bb11(%13: i32, %14: i32):  // 7 preds: ^bb3, ^bb4, ^bb5, ^bb6, ^bb7, ^bb8, ^bb9
  %15 = llvm.add %4, %1 overflow<nsw, nuw> : i32
  llvm.br ^bb1(%13, %15, %14 : i32, i32, i32)
^bb12:  // pred: ^bb1
  llvm.return %3 : i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print(%r: i32) {
  %w = arith.extsi %r : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %len = arith.constant 64 : i64
  %c37 = arith.constant 37 : i64
  %c23 = arith.constant 23 : i64
  %c5 = arith.constant 5 : i64
  %c4 = arith.constant 4 : i64
  %a = llvm.alloca %len x i32 : (i64) -> !llvm.ptr
  %in = llvm.alloca %len x i32 : (i64) -> !llvm.ptr
  scf.for %i = %c0 to %c64 step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %m = arith.muli %i64, %c37 : i64
    %r = arith.remsi %m, %c23 : i64
    %v = arith.subi %r, %c5 : i64
    %v32 = arith.trunci %v : i64 to i32
    %pa = llvm.getelementptr %a[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %v32, %pa : i32, !llvm.ptr
    %s = arith.muli %i64, %c5 : i64
    %t = arith.remsi %s, %c4 : i64
    %t32 = arith.trunci %t : i64 to i32
    %pin = llvm.getelementptr %in[%i64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %t32, %pin : i32, !llvm.ptr
  }
  %n = arith.constant 64 : i32
  %eight = arith.constant 8 : i32
  %ten = arith.constant 10 : i32
  %k13 = arith.constant 13 : i32
  %k100 = arith.constant 100 : i32
  %f1 = llvm.call @find(%a, %n, %k13) : (!llvm.ptr, i32, i32) -> i32
  call @print(%f1) : (i32) -> ()
  %f2 = llvm.call @find(%a, %n, %k100) : (!llvm.ptr, i32, i32) -> i32
  call @print(%f2) : (i32) -> ()
  %g1 = llvm.call @find2(%a, %eight, %eight, %k13) : (!llvm.ptr, i32, i32, i32) -> i32
  call @print(%g1) : (i32) -> ()
  %g2 = llvm.call @find2(%a, %eight, %eight, %k100) : (!llvm.ptr, i32, i32, i32) -> i32
  call @print(%g2) : (i32) -> ()
  %s1 = llvm.call @fsm(%in, %n) : (!llvm.ptr, i32) -> i32
  call @print(%s1) : (i32) -> ()
  %s2 = llvm.call @fsm(%in, %ten) : (!llvm.ptr, i32) -> i32
  call @print(%s2) : (i32) -> ()
  return
}
