// REQUIRES: mlir-runner
// RUN: %raise %s > %t.raised.mlir
// RUN: FileCheck %s --check-prefix=RAISED < %t.raised.mlir
// RUN: FileCheck %s --check-prefix=OPS < %t.raised.mlir
// RUN: %lower-to-llvm %t.raised.mlir | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// @intops is the import of
//   int intops(int x, int y, unsigned u) {
//     int q = x / y, r = x % y;
//     unsigned uq = u / 3u, ur = u % 7u;
//     int s = (x << 3) ^ (y >> 1) ^ (int)(u >> 2);
//     int m = x > y ? x : y;
//     unsigned um = u < 100u ? u : 100u;
//     int a = abs(x - 50);
//     int c = __builtin_clz(u | 1) + __builtin_ctz(u | 256) +
//             __builtin_popcount(u);
//     long long w = (long long)x * 1000003LL;
//     short t = (short)w;
//     return q + r + (int)uq + (int)ur + s + m + (int)um + a + c + t +
//            (int)(w >> 7);
//   }
// (clang -O0 -Xclang -disable-O0-optnone, then opt sroa,early-cse,
// instcombine,simplifycfg,loop-simplify): signed and unsigned division and
// remainder, shifts, xor/or, icmp + select, abs, ctlz/cttz/ctpop, sext and
// trunc. For (x, y, u) = (123, 7, 40), (-77, 3, 1000), (5000, -9, 3) and
// (-1, 2, 0xF0F0) native C returns 951520, -597092, 39043467 and -19452.

// The program that ran is the raised one: no LLVM integer computation left.
// RAISED-LABEL: func.func @intops
//   RAISED-NOT:   {{llvm\.(add|sub|mul|sdiv|udiv|srem|urem|shl|lshr|ashr|xor|or|and|icmp|select|sext|zext|trunc|intr|mlir\.constant)}}
//       RAISED:   return

// The raised kernel uses the arith/math/scf forms.
// OPS-LABEL: func.func @intops
//       OPS:   arith.divsi
//       OPS:   math.absi
//       OPS:   math.ctlz
//       OPS:   math.cttz
//       OPS:   math.ctpop

//      CHECK: 951520
// CHECK-NEXT: -597092
// CHECK-NEXT: 39043467
// CHECK-NEXT: -19452

llvm.func @intops(%arg0: i32 {llvm.noundef}, %arg1: i32 {llvm.noundef}, %arg2: i32 {llvm.noundef}) -> i32 attributes {dso_local, no_unwind} {
  %0 = llvm.mlir.constant(100 : i32) : i32
  %1 = llvm.mlir.constant(3 : i32) : i32
  %2 = llvm.mlir.constant(1 : i32) : i32
  %3 = llvm.mlir.constant(2 : i32) : i32
  %4 = llvm.mlir.constant(7 : i32) : i32
  %5 = llvm.mlir.constant(-50 : i32) : i32
  %6 = llvm.mlir.constant(256 : i32) : i32
  %7 = llvm.mlir.constant(1000003 : i64) : i64
  %8 = llvm.mlir.constant(7 : i64) : i64
  %9 = llvm.icmp "sgt" %arg0, %arg1 : i32
  %10 = llvm.select %9, %arg0, %arg1 : i1, i32
  %11 = llvm.icmp "ult" %arg2, %0 : i32
  %12 = llvm.select %11, %arg2, %0 : i1, i32
  %13 = llvm.shl %arg0, %1 : i32
  %14 = llvm.ashr %arg1, %2 : i32
  %15 = llvm.xor %13, %14 : i32
  %16 = llvm.lshr %arg2, %3 : i32
  %17 = llvm.xor %15, %16 : i32
  %18 = llvm.urem %arg2, %4 : i32
  %19 = llvm.udiv %arg2, %1 : i32
  %20 = llvm.srem %arg0, %arg1 : i32
  %21 = llvm.sdiv %arg0, %arg1 : i32
  %22 = llvm.add %arg0, %5 overflow<nsw> : i32
  %23 = "llvm.intr.abs"(%22) <{is_int_min_poison = true}> : (i32) -> i32
  %24 = llvm.or %arg2, %2 : i32
  %25 = "llvm.intr.ctlz"(%24) <{is_zero_poison = true}> : (i32) -> i32
  %26 = llvm.or %arg2, %6 : i32
  %27 = "llvm.intr.cttz"(%26) <{is_zero_poison = true}> : (i32) -> i32
  %28 = llvm.add %25, %27 overflow<nsw, nuw> : i32
  %29 = llvm.intr.ctpop(%arg2) : (i32) -> i32
  %30 = llvm.add %28, %29 overflow<nsw, nuw> : i32
  %31 = llvm.sext %arg0 : i32 to i64
  %32 = llvm.mul %31, %7 overflow<nsw> : i64
  %33 = llvm.trunc %32 : i64 to i16
  %34 = llvm.add %21, %20 overflow<nsw> : i32
  %35 = llvm.add %34, %19 overflow<nsw> : i32
  %36 = llvm.add %35, %18 overflow<nsw> : i32
  %37 = llvm.add %36, %17 overflow<nsw> : i32
  %38 = llvm.add %37, %10 overflow<nsw> : i32
  %39 = llvm.add %38, %12 overflow<nsw> : i32
  %40 = llvm.add %39, %23 overflow<nsw> : i32
  %41 = llvm.add %40, %30 overflow<nsw> : i32
  %42 = llvm.sext %33 : i16 to i32
  %43 = llvm.add %41, %42 overflow<nsw> : i32
  %44 = llvm.lshr %32, %8 : i64
  %45 = llvm.trunc %44 : i64 to i32
  %46 = llvm.add %43, %45 overflow<nsw> : i32
  llvm.return %46 : i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_intops(%x: i32, %y: i32, %u: i32) {
  %r = llvm.call @intops(%x, %y, %u) : (i32, i32, i32) -> i32
  %w = arith.extsi %r : i32 to i64
  call @printI64(%w) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}

func.func @main() {
  %x0 = arith.constant 123 : i32
  %y0 = arith.constant 7 : i32
  %u0 = arith.constant 40 : i32
  call @print_intops(%x0, %y0, %u0) : (i32, i32, i32) -> ()
  %x1 = arith.constant -77 : i32
  %y1 = arith.constant 3 : i32
  %u1 = arith.constant 1000 : i32
  call @print_intops(%x1, %y1, %u1) : (i32, i32, i32) -> ()
  %x2 = arith.constant 5000 : i32
  %y2 = arith.constant -9 : i32
  %u2 = arith.constant 3 : i32
  call @print_intops(%x2, %y2, %u2) : (i32, i32, i32) -> ()
  %x3 = arith.constant -1 : i32
  %y3 = arith.constant 2 : i32
  %u3 = arith.constant 61680 : i32
  call @print_intops(%x3, %y3, %u3) : (i32, i32, i32) -> ()
  return
}
