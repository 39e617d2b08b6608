// Hints in templates: a count or a type that depends on a template parameter
// is checked and lowered per instantiation, not in the template itself; a bad
// instantiation is an error (a type that does not fit: a warning) at the hint.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: not %loom-clangxx -fsyntax-only -DBAD %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD --implicit-check-not=error:

#include <loom/loom.h>

constexpr int lanes() { return 2; }

// CHECK-LABEL: define weak_odr dso_local void @_Z8unrolledILi4EEvPii(
// CHECK: br {{.*}}!llvm.loop ![[U4:[0-9]+]]
// CHECK-LABEL: define linkonce_odr dso_local void @_Z8unrolledILi8EEvPii(
// CHECK: br {{.*}}!llvm.loop ![[U8:[0-9]+]]
template <int N> void unrolled(int *p, int n) {
  // BAD: templates.cpp:[[@LINE+1]]:3: error: argument 1 of hint 'unroll' must be a positive integer, got 0
  LOOM_UNROLL(N)
  // BAD: templates.cpp:[[@LINE+1]]:3: error: argument 2 of hint 'tripcount_range' must be a positive integer, got 0
  LOOM_TRIPCOUNT_RANGE(N, lanes() * N)
  for (int i = 0; i < n; ++i) p[i] = i;
}
template void unrolled<4>(int *, int);
void useEight(int *p) { unrolled<8>(p, 8); }

// CHECK-LABEL: define weak_odr dso_local noundef float @_Z6bankedILi2EfET0_PS0_(
// CHECK-SAME: ptr noundef "loom.memory_bank"="2" %{{[0-9]+}})
// CHECK: alloca float, align 4, !loom.hints ![[SUM:[0-9]+]]
template <int B, typename T> T banked(LOOM_MEMORY_BANK(B) T *p) {
  // BAD: templates.cpp:[[@LINE+1]]:3: warning: LOOM_REDUCE needs a scalar accumulator; 's' has type 'Pair'; the hint is ignored [-Wloom-hint]
  LOOM_REDUCE(+) T s = T();
  s = s + p[0];
  return s;
}
template float banked<2, float>(float *);

// CHECK: ![[U4]] = distinct !{![[U4]], ![[#]], ![[U4A:[0-9]+]], ![[U4B:[0-9]+]]}
// CHECK: ![[U4A]] = !{!"loom.unroll", i32 4, !"{{.*}}templates.cpp:20:3"}
// CHECK: ![[U4B]] = !{!"loom.tripcount_range", i32 4, i32 8, !"{{.*}}templates.cpp:22:3"}
// CHECK: ![[U8]] = distinct !{![[U8]], ![[#]], ![[U8A:[0-9]+]], ![[U8B:[0-9]+]]}
// CHECK: ![[U8A]] = !{!"loom.unroll", i32 8, !"{{.*}}templates.cpp:20:3"}
// CHECK: ![[U8B]] = !{!"loom.tripcount_range", i32 8, i32 16, !"{{.*}}templates.cpp:22:3"}
// CHECK: ![[SUM]] = !{![[#]]}

#ifdef BAD
struct Pair {
  int a, b;
  Pair operator+(const Pair &) const { return *this; }
};
template void unrolled<0>(int *, int);
template Pair banked<2, Pair>(Pair *);
#endif
