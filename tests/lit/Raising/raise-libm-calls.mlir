// RUN: loom-opt %s -verify-each --loom-raise-libm-calls | FileCheck %s
// RUN: loom-opt %s --loom-raise-libm-calls -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// f32 and f64 forms of the table become the math op of that name; the call's
// fast-math flags move to the op and the now unused declarations go.
// CHECK-LABEL: func.func @raised
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[D:.+]]: f64, %[[E:.+]]: f64)
//       CHECK:   math.sqrt %[[X]] : f32
//       CHECK:   math.exp %[[X]] fastmath<nnan,contract> : f32
//       CHECK:   math.expm1 %[[X]] : f32
//       CHECK:   math.log1p %[[D]] : f64
//       CHECK:   math.tan %[[D]] : f64
//       CHECK:   math.atan2 %[[X]], %[[Y]] : f32
//       CHECK:   math.powf %[[D]], %[[E]] : f64
//       CHECK:   math.erf %[[X]] : f32
//       CHECK:   math.cbrt %[[D]] : f64
//       CHECK:   math.round %[[X]] : f32
//       CHECK:   math.fma %[[D]], %[[E]], %[[D]] : f64
//       CHECK:   arith.remf %[[X]], %[[Y]] : f32
//   CHECK-NOT:   llvm.call
//       CHECK:   return
// REMARK-DAG: remark: libm call 'sqrtf' raised to math.sqrt (device code does not set errno)
// REMARK-DAG: remark: libm call 'log1p' raised to math.log1p (device code does not set errno)
// REMARK-DAG: remark: libm call 'fmodf' raised to arith.remf (device code does not set errno)
func.func @raised(%x: f32, %y: f32, %d: f64, %e: f64) -> (f32, f32, f32, f64, f64, f32, f64, f32, f64, f32, f64, f32) {
  %0 = llvm.call @sqrtf(%x) : (f32) -> f32
  %1 = llvm.call @expf(%x) {fastmathFlags = #llvm.fastmath<nnan, contract>} : (f32) -> f32
  %2 = llvm.call @expm1f(%x) : (f32) -> f32
  %3 = llvm.call @log1p(%d) : (f64) -> f64
  %4 = llvm.call @tan(%d) : (f64) -> f64
  %5 = llvm.call @atan2f(%x, %y) : (f32, f32) -> f32
  %6 = llvm.call @pow(%d, %e) : (f64, f64) -> f64
  %7 = llvm.call @erff(%x) : (f32) -> f32
  %8 = llvm.call @cbrt(%d) : (f64) -> f64
  %9 = llvm.call @roundf(%x) : (f32) -> f32
  %10 = llvm.call @fma(%d, %e, %d) : (f64, f64, f64) -> f64
  %11 = llvm.call @fmodf(%x, %y) : (f32, f32) -> f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : f32, f32, f32, f64, f64, f32, f64, f32, f64, f32, f64, f32
}
// CHECK-NOT: llvm.func @sqrtf
// CHECK-NOT: llvm.func @fmodf
llvm.func @sqrtf(f32) -> f32
llvm.func @expf(f32) -> f32
llvm.func @expm1f(f32) -> f32
llvm.func @log1p(f64) -> f64
llvm.func @tan(f64) -> f64
llvm.func @atan2f(f32, f32) -> f32
llvm.func @pow(f64, f64) -> f64
llvm.func @erff(f32) -> f32
llvm.func @cbrt(f64) -> f64
llvm.func @roundf(f32) -> f32
llvm.func @fma(f64, f64, f64) -> f64
llvm.func @fmodf(f32, f32) -> f32

// lround/llround and lrint/llrint (f32 and f64, any integer result) round in
// the float type and convert. fmin/fmax calls compute glibc's result, the
// second of two equal zeros: arith.minnumf/maxnumf with the operands
// swapped (the raised op returns its first), or x86's minss/maxss as a
// select when an operand is a constant (an unordered compare when the
// constant is on the left: a NaN right operand gives the left one).
// CHECK-LABEL: func.func @rounding_and_min_max
//  CHECK-SAME:   (%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[D:.+]]: f64)
//       CHECK:   %[[ONE:.+]] = llvm.mlir.constant(1.000000e+00 : f64)
//       CHECK:   %[[R0:.+]] = math.round %[[X]] : f32
//       CHECK:   arith.fptosi %[[R0]] : f32 to i64
//       CHECK:   %[[R1:.+]] = math.round %[[D]] : f64
//       CHECK:   arith.fptosi %[[R1]] : f64 to i64
//       CHECK:   %[[R2:.+]] = math.roundeven %[[X]] : f32
//       CHECK:   arith.fptosi %[[R2]] : f32 to i32
//       CHECK:   %[[R3:.+]] = math.roundeven %[[D]] : f64
//       CHECK:   arith.fptosi %[[R3]] : f64 to i64
//       CHECK:   arith.minnumf %[[Y]], %[[X]] : f32
//       CHECK:   %[[C0:.+]] = arith.cmpf ogt, %[[D]], %[[ONE]] : f64
//       CHECK:   arith.select %[[C0]], %[[D]], %[[ONE]] : f64
//       CHECK:   %[[C1:.+]] = arith.cmpf ult, %[[ONE]], %[[D]] : f64
//       CHECK:   arith.select %[[C1]], %[[ONE]], %[[D]] : f64
//   CHECK-NOT:   llvm.call
//       CHECK:   return
// REMARK-DAG: remark: libm call 'lroundf' raised to math.round and arith.fptosi (device code does not set errno)
// REMARK-DAG: remark: libm call 'llrint' raised to math.roundeven and arith.fptosi (device code does not set errno)
// REMARK-DAG: remark: libm call 'fminf' raised to glibc's fmin (arith.minnumf or a select) (device code does not set errno)
func.func @rounding_and_min_max(%x: f32, %y: f32, %d: f64) -> (i64, i64, i32, i64, f32, f64, f64) {
  %one = llvm.mlir.constant(1.0 : f64) : f64
  %0 = llvm.call @lroundf(%x) : (f32) -> i64
  %1 = llvm.call @llround(%d) : (f64) -> i64
  %2 = llvm.call @lrintf(%x) : (f32) -> i32
  %3 = llvm.call @llrint(%d) : (f64) -> i64
  %4 = llvm.call @fminf(%x, %y) : (f32, f32) -> f32
  %5 = llvm.call @fmax(%d, %one) : (f64, f64) -> f64
  %6 = llvm.call @fmin(%one, %d) : (f64, f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i32, i64, f32, f64, f64
}
llvm.func @lroundf(f32) -> i64
llvm.func @llround(f64) -> i64
llvm.func @lrintf(f32) -> i32
llvm.func @llrint(f64) -> i64
llvm.func @fminf(f32, f32) -> f32
llvm.func @fmax(f64, f64) -> f64
llvm.func @fmin(f64, f64) -> f64

// Calls outside the table, with a signature that is not libm's, of a
// function the module defines, or indirect, stay calls with a remark each.
// CHECK-LABEL: func.func @stays
//       CHECK:   llvm.call @hypotf
//       CHECK:   llvm.call @sqrtl
//       CHECK:   llvm.call @sinf(%{{.+}}) : (f64) -> f64
//       CHECK:   llvm.call @cosf
//       CHECK:   llvm.call %{{.+}}(%{{.+}}) : !llvm.ptr, (f32) -> f32
//       CHECK:   llvm.call @__loom_loop_hints
// REMARK-DAG: remark: call of 'hypotf' stays a call: not a libm function with an exact math-dialect equivalent
// REMARK-DAG: remark: call of 'lround' stays a call: libm 'lround' takes 1 'f64' operand(s) and returns an integer, the call has type '!llvm.func<f64 (f64)>'

// REMARK-DAG: remark: call of 'sqrtl' stays a call: not a libm function with an exact math-dialect equivalent
// REMARK-DAG: remark: call of 'sinf' stays a call: libm 'sinf' takes 1 'f32' operand(s) and returns 'f32', the call has type '!llvm.func<f64 (f64)>'
// REMARK-DAG: remark: call of 'cosf' stays a call: 'cosf' is defined in the module, not taken from libm
// REMARK-DAG: remark: indirect call stays a call: the callee is not known to be a libm function
// REMARK-NOT: __loom_loop_hints
func.func @stays(%x: f32, %y: f32, %l: f80, %d: f64, %fp: !llvm.ptr, %hint: !llvm.ptr) -> (f32, f32, f80, f64, f32, f32, f64) {
  %0 = llvm.call @hypotf(%x, %y) : (f32, f32) -> f32
  %1 = llvm.call @hypotf(%y, %x) : (f32, f32) -> f32
  %2 = llvm.call @sqrtl(%l) : (f80) -> f80
  %3 = llvm.call @sinf(%d) : (f64) -> f64
  %4 = llvm.call @cosf(%x) : (f32) -> f32
  %5 = llvm.call %fp(%x) : !llvm.ptr, (f32) -> f32
  llvm.call @__loom_loop_hints(%hint) : (!llvm.ptr) -> ()
  %6 = llvm.call @lround(%d) : (f64) -> f64
  return %0, %1, %2, %3, %4, %5, %6 : f32, f32, f80, f64, f32, f32, f64
}
// CHECK: llvm.func @hypotf
llvm.func @hypotf(f32, f32) -> f32
llvm.func @sqrtl(f80) -> f80
llvm.func @sinf(f64) -> f64
llvm.func @cosf(%x: f32) -> f32 {
  llvm.return %x : f32
}
llvm.func @__loom_loop_hints(!llvm.ptr)
llvm.func @lround(f64) -> f64
