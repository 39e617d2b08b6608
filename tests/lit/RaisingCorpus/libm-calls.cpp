// errno-setting libm calls of both precisions under the default
// -fmath-errno: every call of the table becomes its math op (fmod:
// arith.remf), hypotf stays a call with a remark, and the raised kernel is
// bit-identical to the original calls on inputs that include domain errors
// (log of negatives, acosh below 1, atanh outside [-1, 1]: NaN results).
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d \
// RUN:   -Rpass-analysis=loom 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loom-raise %t.d/libm_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64],f64[64],f32[64],f64[64],i32=64' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64]:range=-1..1,f64[64]:range=-1..1,f32[64],f64[64],i32=64' --seed=4 \
// RUN:   | FileCheck %s --check-prefix=MATCH

#include <loom/loom.h>
#include <math.h>

LOOM_ACCEL()
void libm_mix(const float *x, const double *y, float *out, double *wide,
              int n) {
  for (int i = 0; i < n; ++i) {
    float a = x[i];
    double b = y[i];
    out[i] = tanf(a) + atan2f(a, 0.5f) + erff(a) + erfcf(a) + cbrtf(a) +
             expm1f(a * 0.25f) + log1pf(a) + log10f(a) + log2f(a) + exp2f(a) +
             powf(a, 1.5f) + fmodf(a, 0.75f) + asinf(a) + acosf(a) + atanf(a) +
             sinhf(a) + coshf(a) + tanhf(a) + asinhf(a) + acoshf(a) +
             atanhf(a) + sinf(a) * cosf(a) + logf(a) + hypotf(a, 2.0f);
    wide[i] = tan(b) + atan2(b, -0.5) + erf(b) + cbrt(b) + expm1(b) + log1p(b) +
              log10(b) + pow(b, 3.0) + fmod(b, 0.3) + sqrt(b) + exp(b) +
              sinh(b) + acos(b) + atanh(b);
  }
}

// REMARK-DAG: remark: kernel 'libm_mix': libm call 'tanf' raised to math.tan
// REMARK-DAG: remark: kernel 'libm_mix': libm call 'expm1' raised to math.expm1
// REMARK-DAG: remark: kernel 'libm_mix': libm call 'fmodf' raised to arith.remf
// REMARK-DAG: remark: kernel 'libm_mix': call of 'hypotf' stays a call: not a libm function with an exact math-dialect equivalent

// CHECK-LABEL: func.func @_Z8libm_mixPKfPKdPfPdi(
// CHECK: scf.for
// CHECK-DAG: math.tan %{{.+}} : f32
// CHECK-DAG: math.atan2 %{{.+}}, %{{.+}} : f32
// CHECK-DAG: math.expm1 %{{.+}} : f64
// CHECK-DAG: math.log1p %{{.+}} : f64
// CHECK-DAG: arith.remf %{{.+}}, %{{.+}} : f32
// CHECK-DAG: llvm.call @hypotf(

// EXEC: kernel _Z8libm_mixPKfPKdPfPdi
// EXEC: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 1 llvm.call=1
// EXEC-NEXT: MATCH _Z8libm_mixPKfPKdPfPdi
// MATCH: MATCH _Z8libm_mixPKfPKdPfPdi
