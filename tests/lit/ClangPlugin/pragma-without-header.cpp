// The `#pragma loom` spelling needs no header, for loop hints too: the
// loop-hint carrier is a clang builtin, not a declared function.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o - %s \
// RUN:   | FileCheck %s
// And C, with loom-clang.
// RUN: %loom-clang --loom-offload=disabled -O0 -S -emit-llvm -o - -x c %s \
// RUN:   | FileCheck %s

// CHECK: define dso_local void @{{.*}}fill{{.*}}(
// CHECK: br {{.*}}!llvm.loop ![[LOOP:[0-9]+]]
// CHECK: ![[LOOP]] = distinct !{![[LOOP]], {{.*}}![[PAR:[0-9]+]], ![[TRIP:[0-9]+]]}
// CHECK: ![[PAR]] = !{!"loom.parallel", i32 4, !"{{.*}}pragma-without-header.cpp:[[@LINE+4]]:14"}
// CHECK: ![[TRIP]] = !{!"loom.tripcount_range", i32 1, i32 64, !"{{.*}}pragma-without-header.cpp:[[@LINE+4]]:14"}
void fill(int *p, int n) {
  int i;
#pragma loom parallel(4)
#pragma loom tripcount_range(1, 64)
  for (i = 0; i < n; ++i)
    p[i] = i;
}
