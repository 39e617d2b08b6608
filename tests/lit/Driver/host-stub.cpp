// The host side of a kernel (docs/driver.md, "How a kernel call runs"): the
// native body becomes the internal fallback __loom_host.<symbol>; a stub
// under the original symbol packs pointers to the arguments and calls
// loom_rt_kernel_call(&descriptor, args, &result); every call goes to the
// stub. Each kernel has a constant loom_kernel_desc_t (runtime/include/loom/
// loomrt.h) and the module registers them all from a constructor.
//
// RUN: %loom-clangxx -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o - %s \
// RUN:   | FileCheck %s --check-prefix=DISABLED

#include <loom/loom.h>

// Argument descriptors: {name, kind (0 scalar, 1 pointer), type (element type
// for pointers: 1 i1, 3 i16, 4 i32, 5 i64, 6 f32, 7 f64), flags (1 const,
// 2 stream, 4 unsigned, 16 read-only), reserved, extent, unchecked reason}.
// Both pointers of dot are only read, at i in [0, n): the bounds expression
// (docs/runtime.md) over argument #2; scalars have neither.
// CHECK-DAG: @__loom.k0.args = private constant [3 x %struct.loom_arg_desc_t] [%struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 1, i32 6, i32 19, i32 0, ptr @[[A_EXTENT:[^,]+]], ptr null }, %struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 1, i32 6, i32 17, i32 0, ptr @[[B_EXTENT:[^,]+]], ptr null }, %struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 0, i32 4, i32 0, i32 0, ptr null, ptr null }]
// CHECK-DAG: @[[A_EXTENT]] = private unnamed_addr constant [21 x i8] c"(zext 32 (for 0 %2))\00"
// CHECK-DAG: @[[B_EXTENT]] = private unnamed_addr constant [21 x i8] c"(zext 32 (for 0 %2))\00"
// CHECK-DAG: @[[X_EXTENT:__loom.k1.extent[^ ]*]] = private unnamed_addr constant [11 x i8] c"(for 0 %1)\00"
// CHECK-DAG: @__loom.k0.name = private unnamed_addr constant [4 x i8] c"dot\00"
// CHECK-DAG: @__loom.k0.symbol = private unnamed_addr constant [14 x i8] c"_Z3dotPKfS0_i\00"
// CHECK-DAG: @__loom.k0.location = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}host-stub.cpp:[[#DOT_LINE:]]:7\00"
// CHECK-DAG: @__loom.k0.hints = private unnamed_addr constant [{{[0-9]+}} x i8] c"{\22loops\22:[{\22args\22:[\22+\22],\22hint\22:\22reduce\22},{\22args\22:[4],\22hint\22:\22parallel\22,\22location\22:\22{{.*}}host-stub.cpp:{{[0-9]+}}:3\22}],\22params\22:[{\22name\22:\22a\22,\22stream\22:\22\22},{\22name\22:\22b\22},{\22name\22:\22n\22}]}\00"
// CHECK-DAG: @__loom.k0.artifact = private unnamed_addr constant [[[#DOT_SIZE:]] x i8] c"{{.*}}dataflow.graph{{.+}}\00"
// CHECK-DAG: @__loom.k0.sha256 = private unnamed_addr constant [65 x i8] c"{{[0-9a-f]+}}\00"
// CHECK-DAG: @__loom.k1.args = private constant [4 x %struct.loom_arg_desc_t] [%struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 1, i32 7, i32 0, i32 0, ptr @[[X_EXTENT]], ptr null }, %struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 0, i32 5, i32 0, i32 0, ptr null, ptr null }, %struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 0, i32 3, i32 4, i32 0, ptr null, ptr null }, %struct.loom_arg_desc_t { ptr @{{[^,]+}}, i32 0, i32 1, i32 4, i32 0, ptr null, ptr null }]
// CHECK-DAG: @__loom.k1.name = private unnamed_addr constant [13 x i8] c"scale_kernel\00"
// CHECK-DAG: @__loom.k1.hints = private unnamed_addr constant [{{[0-9]+}} x i8] c"{\22loops\22:[],\22params\22:[{\22name\22:\22x\22},{\22name\22:\22n\22},{\22name\22:\22k\22},{\22name\22:\22neg\22}],\22target\22:\22temporal\22}\00"
//
// The kernel table: {name, symbol, location, fallback, return type, #args,
// args, hints, artifact, artifact size, artifact sha256, split program
// count, split programs, no-alias program, reason}. Both kernels compile
// to dataflow programs: the artifact (its size excludes the terminating NUL)
// and digest are set, the reason is null; each has one loop, which its
// split programs take apart (docs/compiler.md, "Graph splitting"): four
// for scale, eight for dot, whose LOOM_REDUCE(+) sum loom-split-reductions
// splits into 8 partial sums (a main loop and a remainder loop).
// Neither has a no-alias program: dot only reads its two pointers, scale
// has one.
// CHECK-DAG: @__loom.kernels = internal constant [2 x %struct.loom_kernel_desc_t] [%struct.loom_kernel_desc_t { ptr @__loom.k0.name, ptr @__loom.k0.symbol, ptr @__loom.k0.location, ptr @__loom_host._Z3dotPKfS0_i, i32 6, i32 3, ptr @__loom.k0.args, ptr @__loom.k0.hints, ptr @__loom.k0.artifact, i64 [[#DOT_SIZE - 1]], ptr @__loom.k0.sha256, i32 8, ptr @__loom.k0.splits, ptr null, ptr null }, %struct.loom_kernel_desc_t { ptr @__loom.k1.name, ptr @__loom.k1.symbol, ptr @__loom.k1.location, ptr @__loom_host._Z5scalePdxtb, i32 0, i32 4, ptr @__loom.k1.args, ptr @__loom.k1.hints, ptr @__loom.k1.artifact, i64 {{[0-9]+}}, ptr @__loom.k1.sha256, i32 4, ptr @__loom.k1.splits, ptr null, ptr null }]
// CHECK-DAG: @__loom.module = internal constant %struct.loom_module_desc_t { i32 4, i32 2, ptr @__loom.kernels, ptr @__loom.source }
// CHECK-DAG: @__loom.source = private unnamed_addr constant [{{[0-9]+}} x i8] c"{{.*}}host-stub.cpp\00"
// CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__loom.register_module, ptr null }]

// The fallback keeps the body, the loop metadata and the hint attributes.
// CHECK-LABEL: define internal noundef float @__loom_host._Z3dotPKfS0_i(
// CHECK-SAME: ptr noundef "loom.stream" %{{[0-9]+}}, ptr noundef %{{[0-9]+}}, i32 noundef %{{[0-9]+}}) #[[DOT_FALLBACK:[0-9]+]]
// CHECK: fmul
// CHECK: br {{.*}}!llvm.loop
// CHECK: ret float
// DISABLED-LABEL: define dso_local noundef float @_Z3dotPKfS0_i(
// DISABLED: fmul
LOOM_ACCEL()
float dot(LOOM_STREAM const float *a, const float *b, int n) {
  LOOM_REDUCE(+) float s = 0;
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i)
    s += a[i] * b[i];
  return s;
}

// CHECK-LABEL: define internal void @__loom_host._Z5scalePdxtb(
LOOM_ACCEL("scale_kernel")
LOOM_TARGET("temporal")
void scale(double *x, long long n, unsigned short k, bool neg) {
  for (long long i = 0; i < n; ++i)
    x[i] *= neg ? -k : k;
}

// Callers call the stub, under the kernel's own symbol.
// CHECK-LABEL: define dso_local noundef float @_Z3usePKf(
// CHECK: call noundef float @_Z3dotPKfS0_i(
// DISABLED-LABEL: define dso_local noundef float @_Z3usePKf(
// DISABLED: call noundef float @_Z3dotPKfS0_i(
float use(const float *a) { return dot(a, a, 4); }

// CHECK-LABEL: define dso_local noundef float @_Z3dotPKfS0_i(
// CHECK-SAME: ptr noundef {{.*}}%[[A:[0-9]+]], ptr noundef %[[B:[0-9]+]], i32 noundef %[[N:[0-9]+]]) #[[STUB:[0-9]+]]
// The stack slots come first: an argument slot each, the result, the array.
// CHECK: %[[SA:[0-9]+]] = alloca ptr
// CHECK: %[[SB:[0-9]+]] = alloca ptr
// CHECK: %[[SN:[0-9]+]] = alloca i32
// CHECK: %[[RET:[0-9]+]] = alloca float
// CHECK: %[[ARGS:[0-9]+]] = alloca [3 x ptr]
// CHECK: store ptr %[[A]], ptr %[[SA]]
// CHECK: store ptr %[[SA]], ptr
// CHECK: store ptr %[[B]], ptr %[[SB]]
// CHECK: store ptr %[[SB]], ptr
// CHECK: store i32 %[[N]], ptr %[[SN]]
// CHECK: store ptr %[[SN]], ptr
// CHECK: call void @loom_rt_kernel_call(ptr @__loom.kernels, ptr %[[ARGS]], ptr %[[RET]])
// CHECK: %[[R:[0-9]+]] = load float, ptr %[[RET]]
// CHECK: ret float %[[R]]

// A void kernel passes no result slot; its descriptor is the second entry.
// CHECK-LABEL: define dso_local void @_Z5scalePdxtb(
// CHECK: call void @loom_rt_kernel_call(ptr getelementptr inbounds ([2 x %struct.loom_kernel_desc_t], ptr @__loom.kernels, i32 0, i32 1), ptr %{{[0-9]+}}, ptr null)
// CHECK: ret void

// CHECK-LABEL: define internal void @__loom.register_module()
// CHECK: call i32 @loom_rt_register_module(ptr @__loom.module)

// The fallback keeps the kernel's name and hints; the stub has none of them.
// CHECK: attributes #[[DOT_FALLBACK]] = { {{.*}}"loom.{{kernel|fallback}}"="dot" "loom.location"="{{.*}}host-stub.cpp:[[#DOT_LINE]]:7" "loom.signature"="a=ptr:f32:const;b=ptr:f32:const;n=val:i32" {{.*}}}
// CHECK: attributes #[[STUB]] = {
// CHECK-NOT: loom.
// CHECK-SAME: }

// With --loom-offload=disabled there is no stub, no descriptor, no
// registration: the kernels are plain functions.
// DISABLED-NOT: loom_rt_kernel_call
// DISABLED-NOT: __loom_host.
// DISABLED-NOT: @llvm.global_ctors
