// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-arith | FileCheck %s
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-arith=materialize-fmuladd=mul-add | FileCheck %s --check-prefix=MULADD
// RUN: loom-opt %s -verify-each --loom-raise-llvm-to-arith=materialize-fmuladd=fma | FileCheck %s --check-prefix=FMA
// RUN: not loom-opt %s --loom-raise-llvm-to-arith=materialize-fmuladd=fused 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: option 'materialize-fmuladd' must be 'keep', 'mul-add' or 'fma', got 'fused'

// add/sub/mul/shl keep nsw/nuw as arith overflow flags.
// CHECK-LABEL: func.func @overflow_flags
//  CHECK-SAME:   (%[[A:.+]]: i32, %[[B:.+]]: i32)
//       CHECK:   arith.addi %[[A]], %[[B]] overflow<nsw> : i32
//       CHECK:   arith.subi %[[A]], %[[B]] overflow<nuw> : i32
//       CHECK:   arith.muli %[[A]], %[[B]] overflow<nsw, nuw> : i32
//       CHECK:   arith.shli %[[A]], %[[B]] overflow<nsw> : i32
//       CHECK:   arith.addi %[[A]], %[[B]] : i32
//   CHECK-NOT:   llvm.
func.func @overflow_flags(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32) {
  %0 = llvm.add %a, %b overflow<nsw> : i32
  %1 = llvm.sub %a, %b overflow<nuw> : i32
  %2 = llvm.mul %a, %b overflow<nsw, nuw> : i32
  %3 = llvm.shl %a, %b overflow<nsw> : i32
  %4 = llvm.add %a, %b : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, i32, i32
}

// Division and right shifts keep `exact`; remainders have no flag.
// CHECK-LABEL: func.func @division_and_shifts
//       CHECK:   arith.divsi %{{.+}}, %{{.+}} exact : i64
//       CHECK:   arith.divui %{{.+}}, %{{.+}} : i64
//       CHECK:   arith.remsi %{{.+}}, %{{.+}} : i64
//       CHECK:   arith.remui %{{.+}}, %{{.+}} : i64
//       CHECK:   arith.shrui %{{.+}}, %{{.+}} exact : i64
//       CHECK:   arith.shrsi %{{.+}}, %{{.+}} : i64
//   CHECK-NOT:   llvm.
func.func @division_and_shifts(%a: i64, %b: i64) -> (i64, i64, i64, i64, i64, i64) {
  %0 = llvm.sdiv exact %a, %b : i64
  %1 = llvm.udiv %a, %b : i64
  %2 = llvm.srem %a, %b : i64
  %3 = llvm.urem %a, %b : i64
  %4 = llvm.lshr exact %a, %b : i64
  %5 = llvm.ashr %a, %b : i64
  return %0, %1, %2, %3, %4, %5 : i64, i64, i64, i64, i64, i64
}

// Bitwise ops raise; `or disjoint` drops the flag (it only adds poison).
// CHECK-LABEL: func.func @bitwise
//       CHECK:   arith.andi %{{.+}}, %{{.+}} : i8
//       CHECK:   arith.ori %{{.+}}, %{{.+}} : i8
//       CHECK:   arith.xori %{{.+}}, %{{.+}} : i8
//   CHECK-NOT:   llvm.
func.func @bitwise(%a: i8, %b: i8) -> (i8, i8, i8) {
  %0 = llvm.and %a, %b : i8
  %1 = llvm.or disjoint %a, %b : i8
  %2 = llvm.xor %a, %b : i8
  return %0, %1, %2 : i8, i8, i8
}

// Every icmp predicate maps to the arith.cmpi predicate of the same name.
// CHECK-LABEL: func.func @icmp_predicates
//       CHECK:   arith.cmpi eq
//       CHECK:   arith.cmpi ne
//       CHECK:   arith.cmpi slt
//       CHECK:   arith.cmpi sle
//       CHECK:   arith.cmpi sgt
//       CHECK:   arith.cmpi sge
//       CHECK:   arith.cmpi ult
//       CHECK:   arith.cmpi ule
//       CHECK:   arith.cmpi ugt
//       CHECK:   arith.cmpi uge
//   CHECK-NOT:   llvm.icmp
func.func @icmp_predicates(%a: i16, %b: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = llvm.icmp "eq" %a, %b : i16
  %1 = llvm.icmp "ne" %a, %b : i16
  %2 = llvm.icmp "slt" %a, %b : i16
  %3 = llvm.icmp "sle" %a, %b : i16
  %4 = llvm.icmp "sgt" %a, %b : i16
  %5 = llvm.icmp "sge" %a, %b : i16
  %6 = llvm.icmp "ult" %a, %b : i16
  %7 = llvm.icmp "ule" %a, %b : i16
  %8 = llvm.icmp "ugt" %a, %b : i16
  %9 = llvm.icmp "uge" %a, %b : i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// Every fcmp predicate maps in order; fast-math flags are kept.
// CHECK-LABEL: func.func @fcmp_predicates
//       CHECK:   arith.cmpf false, %{{.+}}, %{{.+}} fastmath<nnan> : f32
//       CHECK:   arith.cmpf oeq
//       CHECK:   arith.cmpf ogt
//       CHECK:   arith.cmpf oge
//       CHECK:   arith.cmpf olt
//       CHECK:   arith.cmpf ole
//       CHECK:   arith.cmpf one
//       CHECK:   arith.cmpf ord
//       CHECK:   arith.cmpf ueq
//       CHECK:   arith.cmpf ugt
//       CHECK:   arith.cmpf uge
//       CHECK:   arith.cmpf ult
//       CHECK:   arith.cmpf ule
//       CHECK:   arith.cmpf une
//       CHECK:   arith.cmpf uno
//       CHECK:   arith.cmpf true
//   CHECK-NOT:   llvm.fcmp
func.func @fcmp_predicates(%a: f32, %b: f32) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %0 = llvm.fcmp "_false" %a, %b {fastmathFlags = #llvm.fastmath<nnan>} : f32
  %1 = llvm.fcmp "oeq" %a, %b : f32
  %2 = llvm.fcmp "ogt" %a, %b : f32
  %3 = llvm.fcmp "oge" %a, %b : f32
  %4 = llvm.fcmp "olt" %a, %b : f32
  %5 = llvm.fcmp "ole" %a, %b : f32
  %6 = llvm.fcmp "one" %a, %b : f32
  %7 = llvm.fcmp "ord" %a, %b : f32
  %8 = llvm.fcmp "ueq" %a, %b : f32
  %9 = llvm.fcmp "ugt" %a, %b : f32
  %10 = llvm.fcmp "uge" %a, %b : f32
  %11 = llvm.fcmp "ult" %a, %b : f32
  %12 = llvm.fcmp "ule" %a, %b : f32
  %13 = llvm.fcmp "une" %a, %b : f32
  %14 = llvm.fcmp "uno" %a, %b : f32
  %15 = llvm.fcmp "_true" %a, %b : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// Float arithmetic keeps its fast-math flags, bit by bit.
// CHECK-LABEL: func.func @float_arith
//  CHECK-SAME:   (%[[X:.+]]: f64, %[[Y:.+]]: f64)
//       CHECK:   arith.addf %[[X]], %[[Y]] fastmath<fast> : f64
//       CHECK:   arith.subf %[[X]], %[[Y]] fastmath<nnan,ninf> : f64
//       CHECK:   arith.mulf %[[X]], %[[Y]] fastmath<contract> : f64
//       CHECK:   arith.divf %[[X]], %[[Y]] fastmath<arcp,afn> : f64
//       CHECK:   arith.remf %[[X]], %[[Y]] fastmath<reassoc,nsz> : f64
//       CHECK:   arith.negf %[[X]] : f64
//   CHECK-NOT:   llvm.
func.func @float_arith(%x: f64, %y: f64) -> (f64, f64, f64, f64, f64, f64) {
  %0 = llvm.fadd %x, %y {fastmathFlags = #llvm.fastmath<fast>} : f64
  %1 = llvm.fsub %x, %y {fastmathFlags = #llvm.fastmath<nnan, ninf>} : f64
  %2 = llvm.fmul %x, %y {fastmathFlags = #llvm.fastmath<contract>} : f64
  %3 = llvm.fdiv %x, %y {fastmathFlags = #llvm.fastmath<arcp, afn>} : f64
  %4 = llvm.frem %x, %y {fastmathFlags = #llvm.fastmath<nsz, reassoc>} : f64
  %5 = llvm.fneg %x : f64
  return %0, %1, %2, %3, %4, %5 : f64, f64, f64, f64, f64, f64
}

// select of integers and floats raises; its fast-math flags are dropped.
// CHECK-LABEL: func.func @select
//       CHECK:   arith.select %{{.+}}, %{{.+}}, %{{.+}} : i32
//       CHECK:   arith.select %{{.+}}, %{{.+}}, %{{.+}} : f32
//   CHECK-NOT:   llvm.select
func.func @select(%c: i1, %a: i32, %b: i32, %x: f32, %y: f32) -> (i32, f32) {
  %0 = llvm.select %c, %a, %b : i1, i32
  %1 = llvm.select %c, %x, %y {fastmathFlags = #llvm.fastmath<nnan>} : i1, f32
  return %0, %1 : i32, f32
}

// Integer casts; trunc keeps nsw/nuw, zext nneg drops the flag.
// CHECK-LABEL: func.func @int_casts
//       CHECK:   arith.extsi %{{.+}} : i32 to i64
//       CHECK:   arith.extui %{{.+}} : i32 to i64
//       CHECK:   arith.trunci %{{.+}} overflow<nuw> : i64 to i16
//   CHECK-NOT:   llvm.
func.func @int_casts(%a: i32, %w: i64) -> (i64, i64, i16) {
  %0 = llvm.sext %a : i32 to i64
  %1 = llvm.zext nneg %a : i32 to i64
  %2 = llvm.trunc %w overflow<nuw> : i64 to i16
  return %0, %1, %2 : i64, i64, i16
}

// Int/float conversions, float extension/truncation and same-width bitcasts.
// CHECK-LABEL: func.func @float_casts
//       CHECK:   arith.sitofp %{{.+}} : i32 to f32
//       CHECK:   arith.uitofp %{{.+}} : i32 to f64
//       CHECK:   arith.fptosi %{{.+}} : f32 to i32
//       CHECK:   arith.fptoui %{{.+}} : f32 to i64
//       CHECK:   arith.extf %{{.+}} : f32 to f64
//       CHECK:   arith.truncf %{{.+}} : f64 to f32
//       CHECK:   arith.bitcast %{{.+}} : f32 to i32
//       CHECK:   arith.bitcast %{{.+}} : i32 to f32
//   CHECK-NOT:   llvm.
func.func @float_casts(%a: i32, %x: f32, %d: f64) -> (f32, f64, i32, i64, f64, f32, i32, f32) {
  %0 = llvm.sitofp %a : i32 to f32
  %1 = llvm.uitofp nneg %a : i32 to f64
  %2 = llvm.fptosi %x : f32 to i32
  %3 = llvm.fptoui %x : f32 to i64
  %4 = llvm.fpext %x : f32 to f64
  %5 = llvm.fptrunc %d : f64 to f32
  %6 = llvm.bitcast %x : f32 to i32
  %7 = llvm.bitcast %a : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f64, i32, i64, f64, f32, i32, f32
}

// Scalar constants and llvm.mlir.zero become arith.constant.
// CHECK-LABEL: func.func @constants
//       CHECK:   arith.constant 42 : i32
//       CHECK:   arith.constant true
//       CHECK:   arith.constant 2.500000e+00 : f32
//       CHECK:   arith.constant 0 : i64
//       CHECK:   arith.constant 0.000000e+00 : f64
//   CHECK-NOT:   llvm.mlir
func.func @constants() -> (i32, i1, f32, i64, f64) {
  %0 = llvm.mlir.constant(42 : i32) : i32
  %1 = llvm.mlir.constant(true) : i1
  %2 = llvm.mlir.constant(2.5 : f32) : f32
  %3 = llvm.mlir.zero : i64
  %4 = llvm.mlir.zero : f64
  return %0, %1, %2, %3, %4 : i32, i1, f32, i64, f64
}

// Integer min/max intrinsics become arith min/max.
// CHECK-LABEL: func.func @int_min_max
//       CHECK:   arith.maxsi
//       CHECK:   arith.minsi
//       CHECK:   arith.maxui
//       CHECK:   arith.minui
//   CHECK-NOT:   llvm.intr
func.func @int_min_max(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = llvm.intr.smax(%a, %b) : (i32, i32) -> i32
  %1 = llvm.intr.smin(%a, %b) : (i32, i32) -> i32
  %2 = llvm.intr.umax(%a, %b) : (i32, i32) -> i32
  %3 = llvm.intr.umin(%a, %b) : (i32, i32) -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// Float min/max intrinsics become the arith op of the same NaN semantics.
// CHECK-LABEL: func.func @float_min_max
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f32)
//       CHECK:   arith.maxnumf %[[X]], %[[Y]] fastmath<nsz> : f32
//       CHECK:   arith.minnumf %[[X]], %[[Y]] : f32
//       CHECK:   arith.maximumf
//       CHECK:   arith.minimumf
//   CHECK-NOT:   llvm.intr
func.func @float_min_max(%x: f32, %y: f32) -> (f32, f32, f32, f32) {
  %0 = llvm.intr.maxnum(%x, %y) {fastmathFlags = #llvm.fastmath<nsz>} : (f32, f32) -> f32
  %1 = llvm.intr.minnum(%x, %y) : (f32, f32) -> f32
  %2 = llvm.intr.maximum(%x, %y) : (f32, f32) -> f32
  %3 = llvm.intr.minimum(%x, %y) : (f32, f32) -> f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}

// maxnum/minnum with an operand x86-64 knows not to be a NaN (a constant,
// or nnan on the op) become x86's maxss/minss(d, s) = d > s ? d : s, which
// returns s on equal zeros: s is the right operand, or the left one when
// that is the constant. A NaN constant is no such operand; under nsz the
// sign of a zero does not matter and the arith op stays.
// CHECK-LABEL: func.func @min_max_num_with_a_known_operand
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f64)
//   CHECK-DAG:   %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[NAN:.+]] = arith.constant 0x7FC00000 : f32
//   CHECK-DAG:   %[[ONE:.+]] = arith.constant 1.000000e+00 : f64
//       CHECK:   %[[C0:.+]] = arith.cmpf ogt, %[[X]], %[[ZERO]] : f32
//       CHECK:   arith.select %[[C0]], %[[X]], %[[ZERO]] : f32
//       CHECK:   %[[C1:.+]] = arith.cmpf olt, %[[Y]], %[[ONE]] : f64
//       CHECK:   arith.select %[[C1]], %[[Y]], %[[ONE]] : f64
//       CHECK:   arith.maxnumf %[[X]], %[[NAN]] : f32
//       CHECK:   %[[C3:.+]] = arith.cmpf olt, %[[X]], %[[ZERO]] : f32
//       CHECK:   arith.select %[[C3]], %[[X]], %[[ZERO]] : f32
//       CHECK:   %[[C4:.+]] = arith.cmpf ogt, %[[Y]], %[[Y]] fastmath<nnan> : f64
//       CHECK:   arith.select %[[C4]], %[[Y]], %[[Y]] : f64
//       CHECK:   arith.minnumf %[[X]], %[[ZERO]] fastmath<fast> : f32
//   CHECK-NOT:   llvm.intr
func.func @min_max_num_with_a_known_operand(%x: f32, %y: f64) -> (f32, f64, f32, f32, f64, f32) {
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  %one = llvm.mlir.constant(1.0 : f64) : f64
  %nan = llvm.mlir.constant(0x7FC00000 : f32) : f32
  %0 = llvm.intr.maxnum(%x, %zero) : (f32, f32) -> f32
  %1 = llvm.intr.minnum(%y, %one) : (f64, f64) -> f64
  %2 = llvm.intr.maxnum(%x, %nan) : (f32, f32) -> f32
  %3 = llvm.intr.minnum(%zero, %x) : (f32, f32) -> f32
  %4 = llvm.intr.maxnum(%y, %y) {fastmathFlags = #llvm.fastmath<nnan>} : (f64, f64) -> f64
  %5 = llvm.intr.minnum(%x, %zero) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32) -> f32
  return %0, %1, %2, %3, %4, %5 : f32, f64, f32, f32, f64, f32
}

// lround/llround round halfway cases away from zero, lrint/llrint to even
// (the default rounding mode), each followed by the conversion to the
// integer result.
// CHECK-LABEL: func.func @round_to_int
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f64)
//       CHECK:   %[[R0:.+]] = math.round %[[X]] : f32
//       CHECK:   arith.fptosi %[[R0]] : f32 to i64
//       CHECK:   %[[R1:.+]] = math.round %[[Y]] : f64
//       CHECK:   arith.fptosi %[[R1]] : f64 to i64
//       CHECK:   %[[R2:.+]] = math.roundeven %[[X]] : f32
//       CHECK:   arith.fptosi %[[R2]] : f32 to i32
//       CHECK:   %[[R3:.+]] = math.roundeven %[[Y]] : f64
//       CHECK:   arith.fptosi %[[R3]] : f64 to i64
//   CHECK-NOT:   llvm.intr
func.func @round_to_int(%x: f32, %y: f64) -> (i64, i64, i32, i64) {
  %0 = llvm.intr.lround(%x) : (f32) -> i64
  %1 = llvm.intr.llround(%y) : (f64) -> i64
  %2 = llvm.intr.lrint(%x) : (f32) -> i32
  %3 = llvm.intr.llrint(%y) : (f64) -> i64
  return %0, %1, %2, %3 : i64, i64, i32, i64
}

// Unsigned saturation clamps the second operand: a + umin(b, ~a) and
// a - umin(a, b).
// CHECK-LABEL: func.func @unsigned_saturation
//  CHECK-SAME:   (%[[A:.+]]: i8, %[[B:.+]]: i8)
//       CHECK:   %[[ONES:.+]] = arith.constant -1 : i8
//       CHECK:   %[[NOTA:.+]] = arith.xori %[[A]], %[[ONES]] : i8
//       CHECK:   %[[ROOM:.+]] = arith.minui %[[B]], %[[NOTA]] : i8
//       CHECK:   arith.addi %[[A]], %[[ROOM]] : i8
//       CHECK:   %[[TAKE:.+]] = arith.minui %[[B]], %[[A]] : i8
//       CHECK:   arith.subi %[[A]], %[[TAKE]] : i8
//   CHECK-NOT:   llvm.intr
func.func @unsigned_saturation(%a: i8, %b: i8) -> (i8, i8) {
  %0 = llvm.intr.uadd.sat(%a, %b) : (i8, i8) -> i8
  %1 = llvm.intr.usub.sat(%a, %b) : (i8, i8) -> i8
  return %0, %1 : i8, i8
}

// Signed saturation clamps the second operand to the bound on a's side of
// zero: a + (a < 0 ? smax(b, MIN - a) : smin(b, MAX - a)), and for the
// difference a - (a < 0 ? smin(b, a - MIN) : smax(b, a - MAX)).
// CHECK-LABEL: func.func @signed_saturation
//  CHECK-SAME:   (%[[A:.+]]: i16, %[[B:.+]]: i16)
//   CHECK-DAG:   %[[ZERO:.+]] = arith.constant 0 : i16
//   CHECK-DAG:   %[[MIN:.+]] = arith.constant -32768 : i16
//   CHECK-DAG:   %[[MAX:.+]] = arith.constant 32767 : i16
//       CHECK:   %[[NEG:.+]] = arith.cmpi slt, %[[A]], %[[ZERO]] : i16
//       CHECK:   %[[LO:.+]] = arith.subi %[[MIN]], %[[A]] : i16
//       CHECK:   %[[DOWN:.+]] = arith.maxsi %[[B]], %[[LO]] : i16
//       CHECK:   %[[HI:.+]] = arith.subi %[[MAX]], %[[A]] : i16
//       CHECK:   %[[UP:.+]] = arith.minsi %[[B]], %[[HI]] : i16
//       CHECK:   %[[SEL:.+]] = arith.select %[[NEG]], %[[DOWN]], %[[UP]] : i16
//       CHECK:   arith.addi %[[A]], %[[SEL]] : i16
//       CHECK:   arith.subi %[[A]], %{{.+}} : i16
//       CHECK:   arith.minsi
//       CHECK:   arith.subi %[[A]], %{{.+}} : i16
//       CHECK:   arith.maxsi
//       CHECK:   arith.select
//       CHECK:   arith.subi %[[A]], %{{.+}} : i16
//   CHECK-NOT:   llvm.intr
func.func @signed_saturation(%a: i16, %b: i16) -> (i16, i16) {
  %0 = llvm.intr.sadd.sat(%a, %b) : (i16, i16) -> i16
  %1 = llvm.intr.ssub.sat(%a, %b) : (i16, i16) -> i16
  return %0, %1 : i16, i16
}

// Each field read of an overflow intrinsic becomes its arithmetic: the
// result, and the overflow bit from comparisons (add/sub) or from the
// product in twice the width (mul). The intrinsic is left dead.
// CHECK-LABEL: func.func @with_overflow
//  CHECK-SAME:   (%[[A:.+]]: i32, %[[B:.+]]: i32, %[[C:.+]]: i64, %[[D:.+]]: i64)
//       CHECK:   %[[S:.+]] = arith.addi %[[A]], %[[B]] : i32
//       CHECK:   %[[SA:.+]] = arith.addi %[[A]], %[[B]] : i32
//       CHECK:   %[[BELOW:.+]] = arith.cmpi slt, %[[SA]], %[[A]] : i32
//       CHECK:   %[[NEGB:.+]] = arith.cmpi slt, %[[B]], %{{.+}} : i32
//       CHECK:   %[[SOV:.+]] = arith.xori %[[BELOW]], %[[NEGB]] : i1
//       CHECK:   %[[UA:.+]] = arith.addi %[[A]], %[[B]] : i32
//       CHECK:   %[[UOV:.+]] = arith.cmpi ult, %[[UA]], %[[A]] : i32
//       CHECK:   %[[SUBOV:.+]] = arith.cmpi sgt, %[[B]], %{{.+}} : i32
//       CHECK:   %[[USUBOV:.+]] = arith.cmpi ult, %[[A]], %[[B]] : i32
//       CHECK:   %[[WA:.+]] = arith.extui %[[C]] : i64 to i128
//       CHECK:   %[[WB:.+]] = arith.extui %[[D]] : i64 to i128
//       CHECK:   %[[P:.+]] = arith.muli %[[WA]], %[[WB]] : i128
//       CHECK:   %[[UMAX:.+]] = arith.constant 18446744073709551615 : i128
//       CHECK:   %[[UMOV:.+]] = arith.cmpi ugt, %[[P]], %[[UMAX]] : i128
//       CHECK:   %[[SP:.+]] = arith.muli %{{.+}}, %{{.+}} : i128
//       CHECK:   %[[SR:.+]] = arith.trunci %[[SP]] : i128 to i64
//       CHECK:   %[[SX:.+]] = arith.extsi %[[SR]] : i64 to i128
//       CHECK:   %[[SMOV:.+]] = arith.cmpi ne, %[[SX]], %[[SP]] : i128
//   CHECK-NOT:   llvm.extractvalue
//       CHECK:   return %[[S]], %[[SOV]], %[[UOV]], %{{.+}}, %[[USUBOV]], %[[UMOV]], %[[SMOV]]
func.func @with_overflow(%a: i32, %b: i32, %c: i64, %d: i64) -> (i32, i1, i1, i1, i1, i1, i1) {
  %sadd = "llvm.intr.sadd.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %0 = llvm.extractvalue %sadd[0] : !llvm.struct<(i32, i1)>
  %1 = llvm.extractvalue %sadd[1] : !llvm.struct<(i32, i1)>
  %uadd = "llvm.intr.uadd.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %2 = llvm.extractvalue %uadd[1] : !llvm.struct<(i32, i1)>
  %ssub = "llvm.intr.ssub.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %3 = llvm.extractvalue %ssub[1] : !llvm.struct<(i32, i1)>
  %usub = "llvm.intr.usub.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %4 = llvm.extractvalue %usub[1] : !llvm.struct<(i32, i1)>
  %umul = "llvm.intr.umul.with.overflow"(%c, %d) : (i64, i64) -> !llvm.struct<(i64, i1)>
  %5 = llvm.extractvalue %umul[1] : !llvm.struct<(i64, i1)>
  %smul = "llvm.intr.smul.with.overflow"(%c, %d) : (i64, i64) -> !llvm.struct<(i64, i1)>
  %6 = llvm.extractvalue %smul[1] : !llvm.struct<(i64, i1)>
  return %0, %1, %2, %3, %4, %5, %6 : i32, i1, i1, i1, i1, i1, i1
}

// Unary float intrinsics become the math op that lowers back to them.
// CHECK-LABEL: func.func @float_unary_intrinsics
//       CHECK:   math.absf %{{.+}} fastmath<ninf> : f32
//       CHECK:   math.sqrt
//       CHECK:   math.exp
//       CHECK:   math.exp2
//       CHECK:   math.log
//       CHECK:   math.log2
//       CHECK:   math.log10
//       CHECK:   math.sin
//       CHECK:   math.cos
//       CHECK:   math.floor
//       CHECK:   math.ceil
//       CHECK:   math.trunc
//       CHECK:   math.round
//       CHECK:   math.roundeven
//   CHECK-NOT:   llvm.intr
func.func @float_unary_intrinsics(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %0 = llvm.intr.fabs(%x) {fastmathFlags = #llvm.fastmath<ninf>} : (f32) -> f32
  %1 = llvm.intr.sqrt(%x) : (f32) -> f32
  %2 = llvm.intr.exp(%x) : (f32) -> f32
  %3 = llvm.intr.exp2(%x) : (f32) -> f32
  %4 = llvm.intr.log(%x) : (f32) -> f32
  %5 = llvm.intr.log2(%x) : (f32) -> f32
  %6 = llvm.intr.log10(%x) : (f32) -> f32
  %7 = llvm.intr.sin(%x) : (f32) -> f32
  %8 = llvm.intr.cos(%x) : (f32) -> f32
  %9 = llvm.intr.floor(%x) : (f32) -> f32
  %10 = llvm.intr.ceil(%x) : (f32) -> f32
  %11 = llvm.intr.trunc(%x) : (f32) -> f32
  %12 = llvm.intr.round(%x) : (f32) -> f32
  %13 = llvm.intr.roundeven(%x) : (f32) -> f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32
}

// copysign, pow and fma become math ops with their fast-math flags.
// CHECK-LABEL: func.func @float_multi_operand_intrinsics
//       CHECK:   math.copysign %{{.+}}, %{{.+}} : f64
//       CHECK:   math.powf %{{.+}}, %{{.+}} fastmath<afn> : f64
//       CHECK:   math.fma %{{.+}}, %{{.+}}, %{{.+}} fastmath<contract> : f64
//   CHECK-NOT:   llvm.intr
func.func @float_multi_operand_intrinsics(%x: f64, %y: f64, %z: f64) -> (f64, f64, f64) {
  %0 = llvm.intr.copysign(%x, %y) : (f64, f64) -> f64
  %1 = llvm.intr.pow(%x, %y) {fastmathFlags = #llvm.fastmath<afn>} : (f64, f64) -> f64
  %2 = llvm.intr.fma(%x, %y, %z) {fastmathFlags = #llvm.fastmath<contract>} : (f64, f64, f64) -> f64
  return %0, %1, %2 : f64, f64, f64
}

// abs and the bit counts become math ops; their poison immediates drop.
// CHECK-LABEL: func.func @int_intrinsics
//       CHECK:   math.absi %{{.+}} : i32
//       CHECK:   math.ctlz %{{.+}} : i32
//       CHECK:   math.cttz %{{.+}} : i32
//       CHECK:   math.ctpop %{{.+}} : i32
//   CHECK-NOT:   llvm.intr
func.func @int_intrinsics(%a: i32) -> (i32, i32, i32, i32) {
  %0 = "llvm.intr.abs"(%a) <{is_int_min_poison = true}> : (i32) -> i32
  %1 = "llvm.intr.ctlz"(%a) <{is_zero_poison = false}> : (i32) -> i32
  %2 = "llvm.intr.cttz"(%a) <{is_zero_poison = true}> : (i32) -> i32
  %3 = llvm.intr.ctpop(%a) : (i32) -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// fmuladd stays by default; mul-add splits it, fma fuses it, both keeping
// the fast-math flags.
// CHECK-LABEL: func.func @fmuladd_policy
//       CHECK:   llvm.intr.fmuladd
//  MULADD-LABEL: func.func @fmuladd_policy
//  MULADD-SAME:    (%[[A:.+]]: f32, %[[B:.+]]: f32, %[[C:.+]]: f32)
//       MULADD:   %[[M:.+]] = arith.mulf %[[A]], %[[B]] fastmath<nnan> : f32
//       MULADD:   arith.addf %[[M]], %[[C]] fastmath<nnan> : f32
//   MULADD-NOT:   llvm.intr.fmuladd
//     FMA-LABEL: func.func @fmuladd_policy
//           FMA:   math.fma %{{.+}}, %{{.+}}, %{{.+}} fastmath<nnan> : f32
//       FMA-NOT:   llvm.intr.fmuladd
func.func @fmuladd_policy(%a: f32, %b: f32, %c: f32) -> f32 {
  %0 = llvm.intr.fmuladd(%a, %b, %c) {fastmathFlags = #llvm.fastmath<nnan>} : (f32, f32, f32) -> f32
  return %0 : f32
}

// Ops inside an llvm.func raise too (the pass does not need func.func).
// CHECK-LABEL: llvm.func @raises_inside_llvm_func
//       CHECK:   arith.addi
//       CHECK:   llvm.return
llvm.func @raises_inside_llvm_func(%a: i32) -> i32 {
  %0 = llvm.add %a, %a : i32
  llvm.return %0 : i32
}

// Vector forms stay LLVM: only scalar forms are raised.
// CHECK-LABEL: func.func @keeps_vectors
//       CHECK:   llvm.add %{{.+}}, %{{.+}} : vector<4xi32>
//       CHECK:   llvm.fmul %{{.+}}, %{{.+}} : vector<4xf32>
//       CHECK:   llvm.icmp "slt" %{{.+}}, %{{.+}} : vector<4xi32>
//       CHECK:   llvm.intr.smax(%{{.+}}, %{{.+}}) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
//       CHECK:   llvm.sext %{{.+}} : vector<4xi32> to vector<4xi64>
//       CHECK:   llvm.mlir.constant(dense<1> : vector<4xi32>) : vector<4xi32>
func.func @keeps_vectors(%a: vector<4xi32>, %x: vector<4xf32>) -> (vector<4xi32>, vector<4xf32>, vector<4xi1>, vector<4xi32>, vector<4xi64>, vector<4xi32>) {
  %0 = llvm.add %a, %a : vector<4xi32>
  %1 = llvm.fmul %x, %x : vector<4xf32>
  %2 = llvm.icmp "slt" %a, %a : vector<4xi32>
  %3 = llvm.intr.smax(%a, %a) : (vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  %4 = llvm.sext %a : vector<4xi32> to vector<4xi64>
  %5 = llvm.mlir.constant(dense<1> : vector<4xi32>) : vector<4xi32>
  return %0, %1, %2, %3, %4, %5 : vector<4xi32>, vector<4xf32>, vector<4xi1>, vector<4xi32>, vector<4xi64>, vector<4xi32>
}

// Pointer comparisons, pointer selects and pointer/int casts stay LLVM.
// CHECK-LABEL: func.func @keeps_pointers
//       CHECK:   llvm.icmp "eq" %{{.+}}, %{{.+}} : !llvm.ptr
//       CHECK:   llvm.select %{{.+}}, %{{.+}}, %{{.+}} : i1, !llvm.ptr
//       CHECK:   llvm.ptrtoint %{{.+}} : !llvm.ptr to i64
//       CHECK:   llvm.mlir.zero : !llvm.ptr
func.func @keeps_pointers(%p: !llvm.ptr, %q: !llvm.ptr) -> (i1, !llvm.ptr, i64, !llvm.ptr) {
  %0 = llvm.icmp "eq" %p, %q : !llvm.ptr
  %1 = llvm.select %0, %p, %q : i1, !llvm.ptr
  %2 = llvm.ptrtoint %p : !llvm.ptr to i64
  %3 = llvm.mlir.zero : !llvm.ptr
  return %0, %1, %2, %3 : i1, !llvm.ptr, i64, !llvm.ptr
}

// Saturating shifts, an overflow intrinsic whose struct is used whole,
// freeze and bit reversal have no exact arith/math equivalent and stay LLVM
// (llvm.intr.bitreverse is itself a dataflow actor).
// CHECK-LABEL: func.func @keeps_inexact
//       CHECK:   llvm.intr.sshl.sat
//       CHECK:   "llvm.intr.sadd.with.overflow"
//       CHECK:   llvm.freeze
//       CHECK:   llvm.intr.bitreverse
func.func @keeps_inexact(%a: i32, %b: i32) -> (i32, !llvm.struct<(i32, i1)>, i32, i32) {
  %0 = llvm.intr.sshl.sat(%a, %b) : (i32, i32) -> i32
  %2 = "llvm.intr.sadd.with.overflow"(%a, %b) : (i32, i32) -> !llvm.struct<(i32, i1)>
  %3 = llvm.freeze %a : i32
  %5 = llvm.intr.bitreverse(%a) : (i32) -> i32
  return %0, %2, %3, %5 : i32, !llvm.struct<(i32, i1)>, i32, i32
}

// The trigonometric and hyperbolic intrinsics clang emits under
// -fno-math-errno become their math ops (fast-math flags kept); rint and
// nearbyint round to even in LLVM's default floating-point environment.
// CHECK-LABEL: func.func @trig_and_rint
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f64)
//       CHECK:   math.tan %[[X]] fastmath<afn> : f32
//       CHECK:   math.asin %[[Y]] : f64
//       CHECK:   math.acos %[[X]] : f32
//       CHECK:   math.atan %[[Y]] : f64
//       CHECK:   math.atan2 %[[X]], %[[X]] : f32
//       CHECK:   math.sinh %[[Y]] : f64
//       CHECK:   math.cosh %[[X]] : f32
//       CHECK:   math.tanh %[[Y]] : f64
//       CHECK:   math.roundeven %[[X]] : f32
//       CHECK:   math.roundeven %[[Y]] : f64
//   CHECK-NOT:   llvm.intr
func.func @trig_and_rint(%x: f32, %y: f64) -> (f32, f64, f32, f64, f32, f64, f32, f64, f32, f64) {
  %0 = llvm.intr.tan(%x) {fastmathFlags = #llvm.fastmath<afn>} : (f32) -> f32
  %1 = llvm.intr.asin(%y) : (f64) -> f64
  %2 = llvm.intr.acos(%x) : (f32) -> f32
  %3 = llvm.intr.atan(%y) : (f64) -> f64
  %4 = llvm.intr.atan2(%x, %x) : (f32, f32) -> f32
  %5 = llvm.intr.sinh(%y) : (f64) -> f64
  %6 = llvm.intr.cosh(%x) : (f32) -> f32
  %7 = llvm.intr.tanh(%y) : (f64) -> f64
  %8 = llvm.intr.rint(%x) : (f32) -> f32
  %9 = llvm.intr.nearbyint(%y) : (f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f64, f32, f64, f32, f64, f32, f64, f32, f64
}

// Funnel shifts: the amount modulo the width (a mask for 2^k widths, remui
// otherwise), and the spilled word shifted by one and then by N - 1 - s so
// no shift reaches the width (amount 0 gives `a` for fshl, `b` for fshr).
// An i1 funnel shift is its first (fshl) or second (fshr) operand. Vector
// forms stay LLVM. RaisingCorpus/rotate.cpp checks the values by execution.
// CHECK-LABEL: func.func @funnel_shifts
//  CHECK-SAME:   (%[[A:.+]]: i32, %[[B:.+]]: i32, %[[C:.+]]: i32, %[[X:.+]]: i24, %[[V:.+]]: vector<2xi8>, %[[P:.+]]: i1, %[[Q:.+]]: i1)
//   CHECK-DAG:   %[[C31:.+]] = arith.constant 31 : i32
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : i32
//       CHECK:   %[[S:.+]] = arith.andi %[[C]], %[[C31]] : i32
//       CHECK:   %[[T:.+]] = arith.subi %[[C31]], %[[S]] : i32
//       CHECK:   %[[HI:.+]] = arith.shli %[[A]], %[[S]] : i32
//       CHECK:   %[[H:.+]] = arith.shrui %[[B]], %[[C1]] : i32
//       CHECK:   %[[LO:.+]] = arith.shrui %[[H]], %[[T]] : i32
//       CHECK:   arith.ori %[[HI]], %[[LO]] : i32
//       CHECK:   %[[S2:.+]] = arith.andi %[[C]], %{{.+}} : i32
//       CHECK:   %[[T2:.+]] = arith.subi %{{.+}}, %[[S2]] : i32
//       CHECK:   %[[LO2:.+]] = arith.shrui %[[B]], %[[S2]] : i32
//       CHECK:   %[[D:.+]] = arith.shli %[[A]], %{{.+}} : i32
//       CHECK:   %[[HI2:.+]] = arith.shli %[[D]], %[[T2]] : i32
//       CHECK:   arith.ori %[[LO2]], %[[HI2]] : i32
//       CHECK:   %[[C24:.+]] = arith.constant 24 : i24
//       CHECK:   arith.remui %[[X]], %[[C24]] : i24
//       CHECK:   llvm.intr.fshl(%[[V]], %[[V]], %[[V]])
//   CHECK-NOT:   llvm.intr.fsh
//       CHECK:   return %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[P]], %[[Q]] :
func.func @funnel_shifts(%a: i32, %b: i32, %c: i32, %x: i24, %v: vector<2xi8>, %p: i1, %q: i1) -> (i32, i32, i24, vector<2xi8>, i1, i1) {
  %0 = llvm.intr.fshl(%a, %b, %c) : (i32, i32, i32) -> i32
  %1 = llvm.intr.fshr(%a, %b, %c) : (i32, i32, i32) -> i32
  %2 = llvm.intr.fshl(%x, %x, %x) : (i24, i24, i24) -> i24
  %3 = llvm.intr.fshl(%v, %v, %v) : (vector<2xi8>, vector<2xi8>, vector<2xi8>) -> vector<2xi8>
  %4 = llvm.intr.fshl(%p, %q, %q) : (i1, i1, i1) -> i1
  %5 = llvm.intr.fshr(%p, %q, %p) : (i1, i1, i1) -> i1
  return %0, %1, %2, %3, %4, %5 : i32, i32, i24, vector<2xi8>, i1, i1
}

// Constants in a global initializer stay LLVM: only function bodies raise.
// CHECK-LABEL: llvm.mlir.global internal constant @keeps_global_init
//       CHECK:   llvm.mlir.constant(7 : i32) : i32
llvm.mlir.global internal constant @keeps_global_init() : i32 {
  %0 = llvm.mlir.constant(7 : i32) : i32
  llvm.return %0 : i32
}
