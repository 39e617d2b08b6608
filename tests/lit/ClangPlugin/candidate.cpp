// `#pragma loom candidate` before a function definition marks it as a kernel
// like LOOM_ACCEL(); before a loop it outlines the loop into a new internal
// function "<function symbol>.loom.region[.N]" that is a kernel named
// "<function>.loop<ordinal>", located at the pragma's hint name.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=ATTR < %t.ll
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -o /dev/null \
// RUN:   -Rpass-analysis=loom %s 2>&1 | FileCheck %s --check-prefix=REMARK

#include <loom/loom.h>

// CHECK: define dso_local void @_Z5wholePii({{.*}}) #[[WHOLE:[0-9]+]]
// ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="whole" "loom.location"="{{.*}}candidate.cpp:[[@LINE+2]]:6" "loom.signature"="p=ptr:i32;n=val:i32" {{.*}}}
#pragma loom candidate
void whole(int *p, int n) {
  for (int i = 0; i < n; ++i)
    p[i] = i;
}

// A candidate function may also carry other function hints.
// ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="cand_target" {{.*}}"loom.target"="spatial" {{.*}}}
#pragma loom candidate
LOOM_TARGET("spatial")
void cand_target(int *p) { p[0] = 0; }

// Two candidate loops in one function: ordinals 0 and 1, in source order;
// the loop in between is not outlined.
// CHECK-LABEL: define dso_local noundef i32 @_Z8twoloopsPii(
// CHECK: call void @_Z8twoloopsPii.loom.region(
// CHECK: br {{.*}}!llvm.loop
// CHECK: call void @_Z8twoloopsPii.loom.region.{{[0-9]+}}(
// CHECK: ret i32
int twoloops(int *p, int n) {
  int s = 0;
  // ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="twoloops.loop0" "loom.location"="{{.*}}candidate.cpp:[[@LINE+2]]:14" {{.*}}}
  // REMARK: candidate.cpp:[[@LINE+1]]:14: remark: loop outlined into kernel 'twoloops.loop0' [-Rpass-analysis=loom]
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    p[i] = i * 2;
  for (int i = 0; i < n; ++i)
    s += p[i];
  // ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="twoloops.loop1" "loom.location"="{{.*}}candidate.cpp:[[@LINE+2]]:14" {{.*}}}
  // REMARK: candidate.cpp:[[@LINE+1]]:14: remark: loop outlined into kernel 'twoloops.loop1' [-Rpass-analysis=loom]
#pragma loom candidate
  while (n > 0)
    s += p[--n];
  return s;
}

// A candidate loop may carry loop hints; they stay on the outlined loop.
// The macro-free _Pragma spelling works too.
// CHECK-LABEL: define dso_local void @_Z6hintedPfi(
// CHECK: call void @_Z6hintedPfi.loom.region(
// CHECK-NOT: !llvm.loop
// CHECK: ret void
void hinted(float *x, int n) {
  // ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="hinted.loop0" "loom.location"="{{.*}}candidate.cpp:[[@LINE+1]]:3" {{.*}}}
  _Pragma("loom candidate")
  LOOM_PARALLEL(4)
  LOOM_TRIPCOUNT(32)
  for (int i = 0; i < n; ++i)
    x[i] *= 2.0f;
}

// A candidate loop in main, using main's locals.
// CHECK-LABEL: define dso_local noundef i32 @main(
// CHECK: call void @main.loom.region(
int main() {
  int a[8];
  // ATTR: attributes #[[#]] = { {{.*}}"loom.kernel"="main.loop0" "loom.location"="{{.*}}candidate.cpp:[[@LINE+1]]:14" {{.*}}}
#pragma loom candidate
  for (int i = 0; i < 8; ++i)
    a[i] = i;
  return a[7] - 7;
}

// The outlined functions carry the kernel attributes, and the hints of the
// loop they contain.
// CHECK: define internal void @_Z8twoloopsPii.loom.region({{.*}}) #[[LOOP0:[0-9]+]]
// CHECK: define internal void @_Z8twoloopsPii.loom.region.{{[0-9]+}}({{.*}}) #[[LOOP1:[0-9]+]]
// CHECK: define internal void @_Z6hintedPfi.loom.region({{.*}}) #[[HINTED:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[HINTED_LOOP:[0-9]+]]
// CHECK: define internal void @main.loom.region({{.*}}) #[[MAINLOOP:[0-9]+]]
// CHECK: attributes #[[WHOLE]] = { {{.*}}"loom.kernel"="whole"
// CHECK: attributes #[[LOOP0]] = { {{.*}}"loom.kernel"="twoloops.loop0"
// CHECK: attributes #[[LOOP1]] = { {{.*}}"loom.kernel"="twoloops.loop1"
// CHECK: attributes #[[HINTED]] = { {{.*}}"loom.kernel"="hinted.loop0"
// CHECK: attributes #[[MAINLOOP]] = { {{.*}}"loom.kernel"="main.loop0"
// CHECK: ![[HINTED_LOOP]] = distinct !{![[HINTED_LOOP]], ![[#]], ![[HP:[0-9]+]], ![[HT:[0-9]+]]}
// CHECK: ![[HP]] = !{!"loom.parallel", i32 4, !"{{.*}}candidate.cpp:{{[0-9]+}}:3"}
// CHECK: ![[HT]] = !{!"loom.tripcount", i32 32, !"{{.*}}candidate.cpp:{{[0-9]+}}:3"}
