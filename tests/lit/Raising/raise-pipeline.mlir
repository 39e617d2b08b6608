// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-cf --loom-raise-llvm-to-arith --lift-cf-to-scf --canonicalize | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-cf --loom-raise-llvm-to-arith --lift-cf-to-scf --canonicalize \
// RUN:   | mlir-opt -verify-each --allow-unregistered-dialect --test-scf-uplift-while-to-for \
// RUN:   | FileCheck %s --check-prefix=FOR

// The kernels below are `mlir-translate --import-llvm` of
//
//   void vadd(const float *restrict a, const float *restrict b,
//             float *restrict c, int n) {
//     for (int i = 0; i < n; ++i) c[i] = a[i] + b[i];
//   }
//   float dot(const float *a, const float *b, int n) {
//     float s = 0.0f;
//     for (int i = 0; i < n; ++i) s += a[i] * b[i];
//     return s;
//   }
//   void relu_if(const int *a, int *b, int n) {
//     for (int i = 0; i < n; ++i) { if (a[i] > 0) b[i] = a[i]; else b[i] = 0; }
//   }
//   int sw(int x, int y) {
//     int r;
//     switch (x) { case -1: r = y + 1; break; case 2: r = y * 3; break;
//                  case 7: r = y - 7; break; case 9: r = y ^ 5; break;
//                  default: r = 0; }
//     return r;
//   }
//
// compiled with `clang -O0 -Xclang -disable-O0-optnone` and
// `opt -passes='sroa,early-cse,instcombine,simplifycfg,loop-simplify'`
// (unrotated loops). The upstream lifting gives pre-tested scf.while loops;
// the second RUN line shows that the upstream while->for uplift (a test pass
// of mlir-opt) turns them into scf.for.

// A counted loop with stores becomes an scf.while over the index; nothing of
// the LLVM control flow or arithmetic is left, only memory stays LLVM.
// CHECK-LABEL: func.func @vadd
//  CHECK-SAME:   (%{{.+}}: !llvm.ptr {llvm.noalias, llvm.noundef}
//       CHECK:   scf.while (%[[I:.+]] = %{{.+}}) : (i32) -> i32
//       CHECK:     arith.cmpi slt, %[[I]], %{{.+}} : i32
//       CHECK:     scf.condition
//       CHECK:     arith.addf
//       CHECK:     llvm.store
//       CHECK:     arith.addi %{{.+}}, %{{.+}} overflow<nsw, nuw> : i32
//       CHECK:     scf.yield
//   CHECK-NOT:   {{ cf\.}}
//   CHECK-NOT:   llvm.br
//   CHECK-NOT:   llvm.add
//   FOR-LABEL: func.func @vadd
//         FOR:   scf.for
//     FOR-NOT:   scf.while
#loop_annotation = #llvm.loop_annotation<mustProgress = true>
module attributes {dlti.dl_spec = #dlti.dl_spec<i64 = dense<64> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, "dlti.endianness" = "little">, llvm.target_triple = "x86_64-pc-linux-gnu"} {
  llvm.func @vadd(%arg0: !llvm.ptr {llvm.noalias, llvm.noundef}, %arg1: !llvm.ptr {llvm.noalias, llvm.noundef}, %arg2: !llvm.ptr {llvm.noalias, llvm.noundef}, %arg3: i32 {llvm.noundef}) attributes {dso_local, frame_pointer = #llvm.framePointerKind<all>, no_inline, no_unwind, passthrough = [["min-legal-vector-width", "0"], ["no-trapping-math", "true"], ["stack-protector-buffer-size", "8"], ["target-cpu", "x86-64"]], target_cpu = "x86-64", target_features = #llvm.target_features<["+cmov", "+cx8", "+fxsr", "+mmx", "+sse", "+sse2", "+x87"]>, tune_cpu = "generic", uwtable_kind = #llvm.uwtableKind<async>} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^bb1(%0 : i32)
  ^bb1(%2: i32):  // 2 preds: ^bb0, ^bb2
    %3 = llvm.icmp "slt" %2, %arg3 : i32
    llvm.cond_br %3, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %4 = llvm.zext nneg %2 : i32 to i64
    %5 = llvm.getelementptr inbounds|nuw %arg0[%4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %6 = llvm.load %5 {alignment = 4 : i64} : !llvm.ptr -> f32
    %7 = llvm.getelementptr inbounds|nuw %arg1[%4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %8 = llvm.load %7 {alignment = 4 : i64} : !llvm.ptr -> f32
    %9 = llvm.fadd %6, %8 : f32
    %10 = llvm.getelementptr inbounds|nuw %arg2[%4] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %9, %10 {alignment = 4 : i64} : f32, !llvm.ptr
    %11 = llvm.add %2, %1 overflow<nsw, nuw> : i32
    llvm.br ^bb1(%11 : i32) {loop_annotation = #loop_annotation}
  ^bb3:  // pred: ^bb1
    llvm.return
  }

  // A reduction loop keeps its accumulator as a second while operand; the
  // fmuladd stays LLVM under the default policy.
  // CHECK-LABEL: func.func @dot
  //       CHECK:   %[[R:.+]]:2 = scf.while (%[[S:.+]] = %{{.+}}, %[[I:.+]] = %{{.+}}) : (f32, i32) -> (f32, i32)
  //       CHECK:     llvm.intr.fmuladd
  //       CHECK:     scf.yield
  //       CHECK:   return %[[R]]#0 : f32
  //   CHECK-NOT:   {{ cf\.}}
  //   FOR-LABEL: func.func @dot
  //         FOR:   scf.for {{.+}} iter_args
  //     FOR-NOT:   scf.while
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
    llvm.br ^bb1(%11, %12 : f32, i32) {loop_annotation = #loop_annotation}
  ^bb3:  // pred: ^bb1
    llvm.return %3 : f32
  }

  // An if/else inside the loop becomes an scf.if in the while body.
  // CHECK-LABEL: func.func @relu_if
  //       CHECK:   scf.while
  //       CHECK:     arith.cmpi sgt
  //       CHECK:     scf.if
  //       CHECK:       llvm.store
  //       CHECK:     } else {
  //       CHECK:       llvm.store
  //   CHECK-NOT:   {{ cf\.}}
  //   FOR-LABEL: func.func @relu_if
  //         FOR:   scf.for
  //         FOR:     scf.if
  //     FOR-NOT:   scf.while
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

  // A switch becomes scf.index_switch over the zero-extended value (the
  // case -1 reads as 4294967295, consistent with the zero extension).
  // CHECK-LABEL: func.func @sw
  //  CHECK-SAME:   (%[[X:.+]]: i32 {llvm.noundef}, %{{.+}}: i32 {llvm.noundef}) -> i32
  //       CHECK:   %[[IDX:.+]] = arith.index_castui %[[X]] : i32 to index
  //       CHECK:   scf.index_switch %[[IDX]] -> i32
  //       CHECK:   case 4294967295 {
  //       CHECK:   case 2 {
  //       CHECK:   case 7 {
  //       CHECK:   case 9 {
  //       CHECK:   default {
  //   CHECK-NOT:   {{ cf\.}}
  //   CHECK-NOT:   llvm.switch
  llvm.func @sw(%arg0: i32 {llvm.noundef}, %arg1: i32 {llvm.noundef}) -> i32 attributes {dso_local, no_unwind} {
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
}
