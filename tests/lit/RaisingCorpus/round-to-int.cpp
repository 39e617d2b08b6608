// rounding to an integer: under the default -fmath-errno lroundf, llround,
// lrintf and llrint are libm calls (they may set errno), under
// -fno-math-errno clang emits llvm.intr.lround / llround / lrint / llrint;
// both raise to math.round (halfway cases away from zero) or math.roundeven
// (the default rounding mode) followed by arith.fptosi. loom-raise-check
// runs the original (glibc's functions, or the intrinsics' x86-64 code) and
// the raised kernel on values on a grid of 1/64, halfway cases included,
// and the emulator against both.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d \
// RUN:   -Rpass-analysis=loom 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loom-raise %t.d/round_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/round_mix.ll --kernel=_Z9round_mixPKfPKdPlPxi \
// RUN:   --args='f32[64]:range=-40..40,f64[64]:range=-40..40,i64[128],i64[128],i32=64' \
// RUN:   --emu | FileCheck %s --check-prefix=EXEC
// RUN: rm -rf %t.ne.d && %loom-clangxx -O2 -fno-math-errno -c %s -o %t.ne.o --loom-save-temps=%t.ne.d
// RUN: loom-raise %t.ne.d/round_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.ne.d/round_mix.ll --kernel=_Z9round_mixPKfPKdPlPxi \
// RUN:   --args='f32[64]:range=-40..40,f64[64]:range=-40..40,i64[128],i64[128],i32=64' \
// RUN:   --seed=4 --emu | FileCheck %s --check-prefix=EXEC

#include <loom/loom.h>

#include <cmath>

LOOM_ACCEL()
void round_mix(const float *x, const double *y, long *l, long long *ll, int n) {
  for (int i = 0; i < n; ++i) {
    l[2 * i] = std::lround(x[i]);
    l[2 * i + 1] = std::lrint(x[i]);
    ll[2 * i] = std::llround(y[i]);
    ll[2 * i + 1] = std::llrint(y[i]);
  }
}

// CHECK-LABEL: func.func @_Z9round_mixPKfPKdPlPxi(
// CHECK: scf.for
// CHECK:   %[[R0:.+]] = math.round %{{.+}} : f32
// CHECK:   arith.fptosi %[[R0]] : f32 to i64
// CHECK:   %[[R1:.+]] = math.roundeven %{{.+}} : f32
// CHECK:   arith.fptosi %[[R1]] : f32 to i64
// CHECK:   %[[R2:.+]] = math.round %{{.+}} : f64
// CHECK:   arith.fptosi %[[R2]] : f64 to i64
// CHECK:   %[[R3:.+]] = math.roundeven %{{.+}} : f64
// CHECK:   arith.fptosi %[[R3]] : f64 to i64
// CHECK-NOT: llvm.call
// CHECK-NOT: llvm.intr

// REMARK-DAG: remark: kernel 'round_mix': libm call 'lroundf' raised to math.round and arith.fptosi (device code does not set errno)
// REMARK-DAG: remark: kernel 'round_mix': libm call 'llrint' raised to math.roundeven and arith.fptosi (device code does not set errno)

// EXEC: kernel _Z9round_mixPKfPKdPlPxi
// EXEC: other llvm ops: 0
// EXEC-NEXT: MATCH _Z9round_mixPKfPKdPlPxi
// EXEC-NEXT: EMU-MATCH _Z9round_mixPKfPKdPlPxi
