// errno-setting libm calls of both precisions under the default
// -fmath-errno: every call of the table becomes its math op (fmod:
// arith.remf), hypotf stays a call with a remark, and the raised kernel is
// bit-identical to the original calls on inputs that include domain errors
// (log of negatives, acosh below 1, atanh outside [-1, 1]: NaN results);
// rintf/nearbyintf (intrinsics even under -fmath-errno) become
// math.roundeven.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d \
// RUN:   -Rpass-analysis=loom 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: loom-raise %t.d/libm_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64],f64[64],f32[2048],f64[1024],i32=64' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64]:range=-1..1,f64[64]:range=-1..1,f32[2048],f64[1024],i32=64' --seed=4 \
// RUN:   | FileCheck %s --check-prefix=MATCH
// hypotf stays a call, which has no dataflow actor: the kernel forms no
// spatial region, so there is no dataflow program to run on the emulator.
// RUN: not loom-raise-check %t.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64],f64[64],f32[2048],f64[1024],i32=64' --emu | FileCheck %s --check-prefix=EMU
// EMU: MATCH _Z8libm_mixPKfPKdPfPdi
// EMU-NEXT: EMU-UNSUPPORTED _Z8libm_mixPKfPKdPfPdi: not lowered: no part of the kernel can run on the SpatialCore: no spatial region was formed (first blocker: loop 'scf.for' stays InstructionCore code of thread @{{.+}}: 'llvm.call' of 'hypotf' has no dataflow actor)
// With -fno-math-errno clang emits intrinsics for tan/asin/.../tanh, rint
// and nearbyint instead; they raise to the same ops and match too.
// RUN: rm -rf %t.ne.d && %loom-clangxx -O2 -fno-math-errno -c %s -o %t.ne.o --loom-save-temps=%t.ne.d
// RUN: loom-raise %t.ne.d/libm_mix.ll | FileCheck %s
// RUN: loom-raise-check %t.ne.d/libm_mix.ll --kernel=_Z8libm_mixPKfPKdPfPdi \
// RUN:   --args='f32[64],f64[64],f32[2048],f64[1024],i32=64' | FileCheck %s --check-prefix=EXEC

#include <loom/loom.h>
#include <math.h>

LOOM_ACCEL()
void libm_mix(const float *x, const double *y, float *out, double *wide,
              int n) {
  // One output slot per function: a NaN result is compared as the function
  // produced it (a sum of several NaNs would keep either one's sign, which
  // LLVM leaves unspecified).
  for (int i = 0; i < n; ++i) {
    float a = x[i];
    double b = y[i];
    float *o = out + 32 * i;
    o[0] = tanf(a);
    o[1] = atan2f(a, 0.5f);
    o[2] = erff(a);
    o[3] = erfcf(a);
    o[4] = cbrtf(a);
    o[5] = expm1f(a * 0.25f);
    o[6] = log1pf(a);
    o[7] = log10f(a);
    o[8] = log2f(a);
    o[9] = exp2f(a);
    o[10] = powf(a, 1.5f);
    o[11] = fmodf(a, 0.75f);
    o[12] = asinf(a);
    o[13] = acosf(a);
    o[14] = atanf(a);
    o[15] = sinhf(a);
    o[16] = coshf(a);
    o[17] = tanhf(a);
    o[18] = asinhf(a);
    o[19] = acoshf(a);
    o[20] = atanhf(a);
    o[21] = sinf(a) * cosf(a);
    o[22] = logf(a);
    o[23] = hypotf(a, 2.0f);
    o[24] = rintf(a * 3.5f);
    o[25] = nearbyintf(a * 2.5f);
    double *w = wide + 16 * i;
    w[0] = tan(b);
    w[1] = atan2(b, -0.5);
    w[2] = erf(b);
    w[3] = cbrt(b);
    w[4] = expm1(b);
    w[5] = log1p(b);
    w[6] = log10(b);
    w[7] = pow(b, 3.0);
    w[8] = fmod(b, 0.3);
    w[9] = sqrt(b);
    w[10] = exp(b);
    w[11] = sinh(b);
    w[12] = acos(b);
    w[13] = atanh(b);
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
// CHECK-DAG: math.roundeven %{{.+}} : f32
// CHECK-DAG: llvm.call @hypotf(

// EXEC: kernel _Z8libm_mixPKfPKdPfPdi
// EXEC: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 1 llvm.call=1
// EXEC-NEXT: MATCH _Z8libm_mixPKfPKdPfPdi
// MATCH: MATCH _Z8libm_mixPKfPKdPfPdi
