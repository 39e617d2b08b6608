// Default kernel names are unique within a translation unit: kernels whose
// default names would collide (overloads, and the candidate loops of
// overloads) get the parameter list appended; a default name without a
// collision, and an explicit name, are kept as they are (two equal explicit
// names are the runtime's to report).
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll

#include <loom/loom.h>

// CHECK-DAG: define dso_local noundef i32 @_Z4overi({{.*}}) #[[OVER_INT:[0-9]+]]
// CHECK-DAG: define dso_local noundef float @_Z4overf({{.*}}) #[[OVER_FLOAT:[0-9]+]]
// CHECK-DAG: define dso_local noundef i32 @_Z6singlei({{.*}}) #[[SINGLE:[0-9]+]]
// CHECK-DAG: define dso_local noundef i32 @_Z5namedi({{.*}}) #[[NAMED:[0-9]+]]
// CHECK-DAG: define dso_local noundef double @_Z5namedd({{.*}}) #[[NAMED2:[0-9]+]]
// CHECK-DAG: define internal void @_Z4fillPii.loom.region({{.*}}) #[[FILL_INT:[0-9]+]]
// CHECK-DAG: define internal void @_Z4fillPfi.loom.region({{.*}}) #[[FILL_FLOAT:[0-9]+]]
LOOM_ACCEL()
int over(int x) { return x + 1; }
LOOM_ACCEL()
float over(float x) { return x * 2; }
LOOM_ACCEL()
int single(int x) { return x; }
LOOM_ACCEL("named")
int named(int x) { return x; }
LOOM_ACCEL()
double named(double x) { return x; }

void fill(int *p, int n) {
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    p[i] = i;
}
void fill(float *p, int n) {
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    p[i] = 1.0f;
}

// CHECK-DAG: attributes #[[OVER_INT]] = { {{.*}}"loom.kernel"="over(int)"
// CHECK-DAG: attributes #[[OVER_FLOAT]] = { {{.*}}"loom.kernel"="over(float)"
// CHECK-DAG: attributes #[[SINGLE]] = { {{.*}}"loom.kernel"="single"
// An explicit name stays; a default name that collides with it gets the
// parameter list.
// CHECK-DAG: attributes #[[NAMED]] = { {{.*}}"loom.kernel"="named"
// CHECK-DAG: attributes #[[NAMED2]] = { {{.*}}"loom.kernel"="named(double)"
// CHECK-DAG: attributes #[[FILL_INT]] = { {{.*}}"loom.kernel"="fill(int*, int).loop0"
// CHECK-DAG: attributes #[[FILL_FLOAT]] = { {{.*}}"loom.kernel"="fill(float*, int).loop0"
