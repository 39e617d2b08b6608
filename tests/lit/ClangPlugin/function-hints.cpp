// Function hints become string attributes of the function (docs/hints.md,
// "IR schema"): "loom.kernel"="<name>", "loom.location"="<file>:<line>:<col>",
// "loom.signature"="<param>=<kind>:<elem>[:const];...", "loom.no_accel",
// "loom.target"="<target>". With --loom-offload=disabled the functions keep
// their symbols, so the attributes are checked where the plugin put them.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=LOC < %t.ll

#include <loom/loom.h>

// CHECK: define dso_local void @_Z5plainPi(ptr noundef %{{.*}}) #[[PLAIN:[0-9]+]]
// LOC: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="plain" "loom.location"="{{.*}}function-hints.cpp:[[@LINE+2]]:6" "loom.signature"="p=ptr:i32" {{.*}}}
LOOM_ACCEL()
void plain(int *p) { p[0] = 1; }

// CHECK: define dso_local void @_Z5namedPf(ptr noundef %{{.*}}) #[[NAMED:[0-9]+]]
// LOC: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="my_kernel" "loom.location"="{{.*}}function-hints.cpp:[[@LINE+2]]:6" {{.*}}}
LOOM_ACCEL("my_kernel")
void named(float *p) { p[0] = 1; }

// LOOM_KERNEL is an alias of LOOM_ACCEL, with and without a name.
// CHECK: define dso_local void @_Z6alias1v() #[[ALIAS1:[0-9]+]]
// LOC: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="alias1" "loom.location"="{{.*}}function-hints.cpp:[[@LINE+2]]:6" {{.*}}}
LOOM_KERNEL()
void alias1() {}
// CHECK: define dso_local void @_Z6alias2v() #[[ALIAS2:[0-9]+]]
// LOC: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="renamed" "loom.location"="{{.*}}function-hints.cpp:[[@LINE+2]]:6" {{.*}}}
LOOM_KERNEL("renamed")
void alias2() {}

// The signature records what opaque pointers lose: element type, constness
// and parameter names; references count as pointers.
// CHECK: define dso_local noundef double @_Z3sigPKfPdRKsxab(ptr noundef %{{.*}}, ptr noundef %{{.*}}, ptr noundef {{.*}}%{{.*}}, i64 noundef %{{.*}}, i8 noundef {{.*}}%{{.*}}, i1 noundef {{.*}}%{{.*}}) #[[SIG:[0-9]+]]
LOOM_ACCEL()
double sig(const float *in, double *out, const short &r, long long n,
           signed char c, bool b) {
  return in[0] + out[0] + r + n + c + b;
}

// CHECK: define dso_local void @_Z7noaccelv() #[[NOACCEL:[0-9]+]]
LOOM_NO_ACCEL
void noaccel() {}

// Targets of code: "spatial", "temporal", "pe[x,y]"; with and without a
// kernel hint next to it, in either order.
// CHECK: define dso_local void @_Z7spatialv() #[[SPATIAL:[0-9]+]]
LOOM_TARGET("spatial")
void spatial() {}
// CHECK: define dso_local void @_Z8temporalv() #[[TEMPORAL:[0-9]+]]
LOOM_ACCEL()
LOOM_TARGET("temporal")
void temporal() {}
// CHECK: define dso_local void @_Z6placedv() #[[PLACED:[0-9]+]]
LOOM_TARGET("pe[3,14]")
LOOM_ACCEL("placed_kernel")
void placed() {}

// Kernel names default to the demangled, qualified name without parameters.
namespace geo {
// CHECK: define dso_local void @_ZN3geo5scaleEPf(ptr noundef %{{.*}}) #[[NS:[0-9]+]]
LOOM_ACCEL()
void scale(float *p) { p[0] *= 2; }
} // namespace geo

template <typename T>
LOOM_ACCEL()
T twice(T x) { return x + x; }
int useTwice() { return twice(1); }

// CHECK: define linkonce_odr dso_local noundef i32 @_Z5twiceIiET_S0_(i32 noundef %{{.*}}) #[[TMPL:[0-9]+]]

// A function without hints gets no loom attribute.
// CHECK: define dso_local void @_Z6normalv() #[[NORMAL:[0-9]+]]
void normal() {}

// CHECK: attributes #[[PLAIN]] = { {{.*}}"loom.kernel"="plain" "loom.location"="{{.*}}function-hints.cpp:{{[0-9]+}}:6" "loom.signature"="p=ptr:i32" {{.*}}}
// CHECK: attributes #[[NAMED]] = { {{.*}}"loom.kernel"="my_kernel" {{.*}}"loom.signature"="p=ptr:f32" {{.*}}}
// CHECK: attributes #[[ALIAS1]] = { {{.*}}"loom.kernel"="alias1" {{.*}}"loom.signature" {{.*}}}
// CHECK: attributes #[[ALIAS2]] = { {{.*}}"loom.kernel"="renamed" {{.*}}}
// CHECK: attributes #[[SIG]] = { {{.*}}"loom.kernel"="sig" {{.*}}"loom.signature"="in=ptr:f32:const;out=ptr:f64;r=ptr:i16:const;n=val:i64;c=val:i8;b=val:i1" {{.*}}}
// CHECK: attributes #[[NOACCEL]] = {
// CHECK-NOT: "loom.kernel"
// CHECK-SAME: "loom.no_accel"
// CHECK: attributes #[[SPATIAL]] = { {{.*}}"loom.target"="spatial" {{.*}}}
// CHECK: attributes #[[TEMPORAL]] = { {{.*}}"loom.kernel"="temporal" {{.*}}"loom.target"="temporal" {{.*}}}
// CHECK: attributes #[[PLACED]] = { {{.*}}"loom.kernel"="placed_kernel" {{.*}}"loom.target"="pe[3,14]" {{.*}}}
// CHECK: attributes #[[NS]] = { {{.*}}"loom.kernel"="geo::scale" {{.*}}}
// A template instance's location is its definition's name.
// CHECK: attributes #[[TMPL]] = { {{.*}}"loom.kernel"="twice<int>" "loom.location"="{{.*}}function-hints.cpp:{{[0-9]+}}:3" "loom.signature"="x=val:i32" {{.*}}}
// CHECK: attributes #[[NORMAL]] = {
// CHECK-NOT: loom.
// CHECK-SAME: }

// The carriers are gone: no annotation survives into the module.
// RUN: FileCheck %s --check-prefix=CLEAN < %t.ll
// CLEAN-NOT: @llvm.global.annotations
// CLEAN-NOT: @llvm.annotation
