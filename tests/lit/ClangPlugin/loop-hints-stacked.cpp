// Stacked loop hints all land, in source order, in the !llvm.loop node of the
// one loop they precede; nested and neighbouring loops keep their own (or no)
// Loom entries.
//
// RUN: %loom-clangxx -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=LOC < %t.ll

#include <loom/loom.h>

// CHECK-LABEL: define dso_local void @_Z5stackPii(
// CHECK: br {{.*}}!llvm.loop ![[STACK:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 4, !"interleaved", !"{{.*}}loop-hints-stacked.cpp:[[@LINE+6]]:3"}
// LOC: ![[#]] = !{!"loom.unroll", i32 2, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+6]]:3"}
// LOC: ![[#]] = !{!"loom.tripcount", i32 64, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+6]]:3"}
// LOC: ![[#]] = !{!"loom.tripcount_range", i32 1, i32 128, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+6]]:3"}
// LOC: ![[#]] = !{!"loom.tripcount_typical", i32 64, i32 1, i32 128, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+6]]:3"}
void stack(int *p, int n) {
  LOOM_PARALLEL(4, interleaved)
  LOOM_UNROLL(2)
  LOOM_TRIPCOUNT(64)
  LOOM_TRIPCOUNT_RANGE(1, 128)
  LOOM_TRIPCOUNT_TYPICAL(64, 1, 128)
  for (int i = 0; i < n; ++i)
    p[i] = i;
}

// The negative hints stack with each other and with a trip count; the
// macro and the pragma spelling mix.
// CHECK-LABEL: define dso_local void @_Z9negativesPii(
// CHECK: br {{.*}}!llvm.loop ![[NEG:[0-9]+]]
// LOC: ![[#]] = !{!"loom.no_parallel", !"{{.*}}loop-hints-stacked.cpp:[[@LINE+4]]:3"}
// LOC: ![[#]] = !{!"loom.no_unroll", !"{{.*}}loop-hints-stacked.cpp:[[@LINE+4]]:14"}
// LOC: ![[#]] = !{!"loom.tripcount_full", i32 10, i32 12, i32 1, i32 99, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+4]]:3"}
void negatives(int *p, int n) {
  LOOM_NO_PARALLEL
#pragma loom no_unroll
  LOOM_TRIPCOUNT_FULL(10, 12, 1, 99)
  while (n-- > 0)
    p[n] = n;
}

// Nested loops: each hint goes to the loop right after it. Clang emits the
// inner latch first.
// CHECK-LABEL: define dso_local void @_Z6nestedPii(
// CHECK: br {{.*}}!llvm.loop ![[INNER1:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[OUTER1:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[INNER2:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[OUTER2:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[INNER3:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[OUTER3:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
void nested(int *p, int n) {
  // Outer hinted only.
  // LOC: ![[#]] = !{!"loom.parallel", i32 2, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:3"}
  LOOM_PARALLEL(2)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      p[i * n + j] = 0;
  // Inner hinted only.
  // LOC: ![[#]] = !{!"loom.unroll", i32 8, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+2]]:5"}
  for (int i = 0; i < n; ++i) {
    LOOM_UNROLL(8)
    for (int j = 0; j < n; ++j)
      p[i * n + j] = 1;
  }
  // Both hinted, differently (the inner entry comes first in the metadata).
  // LOC: ![[#]] = !{!"loom.tripcount", i32 3, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+4]]:5"}
  // LOC: ![[#]] = !{!"loom.no_parallel", !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:3"}
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i) {
    LOOM_TRIPCOUNT(3)
    for (int j = 0; j < 3; ++j)
      p[i * 3 + j] = 2;
  }
}

// Neighbouring loops, hint only on the second; and a hinted loop that is
// the body of an if, of a lambda, and of a switch case.
// CHECK-LABEL: define dso_local void @_Z9neighbourPii(
// CHECK: br {{.*}}!llvm.loop ![[FIRST:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[SECOND:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[UNDER_IF:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[IN_CASE:[0-9]+]]
// CHECK: ret void
void neighbour(int *p, int n) {
  for (int i = 0; i < n; ++i)
    p[i] = 0;
  // LOC: ![[#]] = !{!"loom.unroll", i32 3, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:3"}
  LOOM_UNROLL(3)
  for (int i = 0; i < n; ++i)
    p[i] += 1;
  // LOC: ![[#]] = !{!"loom.parallel", i32 5, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+2]]:5"}
  if (n > 4)
    LOOM_PARALLEL(5)
    for (int i = 0; i < n; ++i)
      p[i] += 2;
  switch (n) {
  case 7:
    // LOC: ![[#]] = !{!"loom.tripcount", i32 7, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:5"}
    LOOM_TRIPCOUNT(7)
    for (int i = 0; i < 7; ++i)
      p[i] = 7;
    break;
  default:
    break;
  }
}

// CHECK-LABEL: define {{.*}}lambda
// CHECK: br {{.*}}!llvm.loop ![[IN_LAMBDA:[0-9]+]]
void lambda(int *p, int n) {
  auto fill = [&](int v) {
    // LOC: ![[#]] = !{!"loom.parallel", i32 6, !"contiguous", !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:5"}
    LOOM_PARALLEL(6, contiguous)
    for (int i = 0; i < n; ++i)
      p[i] = v;
  };
  fill(3);
}

// Clang's own loop pragmas may stand between the Loom hints and the loop:
// the loop gets both.
// CHECK-LABEL: define {{.*}}withClangPragma
// CHECK: br {{.*}}!llvm.loop ![[WITH_CLANG:[0-9]+]]
void withClangPragma(int *p, int n) {
  // LOC: ![[#]] = !{!"loom.parallel", i32 4, !"{{.*}}loop-hints-stacked.cpp:[[@LINE+1]]:3"}
  LOOM_PARALLEL(4)
#pragma clang loop unroll(disable)
  for (int i = 0; i < n; ++i)
    p[i] = i;
}

// CHECK: ![[STACK]] = distinct !{![[STACK]], ![[MP:[0-9]+]], ![[S1:[0-9]+]], ![[S2:[0-9]+]], ![[S3:[0-9]+]], ![[S4:[0-9]+]], ![[S5:[0-9]+]]}
// CHECK: ![[S1]] = !{!"loom.parallel", i32 4, !"interleaved", !{{.*}}}
// CHECK: ![[S2]] = !{!"loom.unroll", i32 2, !{{.*}}}
// CHECK: ![[S3]] = !{!"loom.tripcount", i32 64, !{{.*}}}
// CHECK: ![[S4]] = !{!"loom.tripcount_range", i32 1, i32 128, !{{.*}}}
// CHECK: ![[S5]] = !{!"loom.tripcount_typical", i32 64, i32 1, i32 128, !{{.*}}}
// CHECK: ![[NEG]] = distinct !{![[NEG]], ![[MP]], ![[N1:[0-9]+]], ![[N2:[0-9]+]], ![[N3:[0-9]+]]}
// CHECK: ![[N1]] = !{!"loom.no_parallel", !{{.*}}}
// CHECK: ![[N2]] = !{!"loom.no_unroll", !{{.*}}}
// CHECK: ![[N3]] = !{!"loom.tripcount_full", i32 10, i32 12, i32 1, i32 99, !{{.*}}}
// CHECK: ![[INNER1]] = distinct !{![[INNER1]], ![[MP]]}
// CHECK: ![[OUTER1]] = distinct !{![[OUTER1]], ![[MP]], ![[O1:[0-9]+]]}
// CHECK: ![[O1]] = !{!"loom.parallel", i32 2, !{{.*}}}
// CHECK: ![[INNER2]] = distinct !{![[INNER2]], ![[MP]], ![[I2:[0-9]+]]}
// CHECK: ![[I2]] = !{!"loom.unroll", i32 8, !{{.*}}}
// CHECK: ![[OUTER2]] = distinct !{![[OUTER2]], ![[MP]]}
// CHECK: ![[INNER3]] = distinct !{![[INNER3]], ![[MP]], ![[I3:[0-9]+]]}
// CHECK: ![[I3]] = !{!"loom.tripcount", i32 3, !{{.*}}}
// CHECK: ![[OUTER3]] = distinct !{![[OUTER3]], ![[MP]], ![[O3:[0-9]+]]}
// CHECK: ![[O3]] = !{!"loom.no_parallel", !{{.*}}}
// CHECK: ![[FIRST]] = distinct !{![[FIRST]], ![[MP]]}
// CHECK: ![[SECOND]] = distinct !{![[SECOND]], ![[MP]], ![[SEC:[0-9]+]]}
// CHECK: ![[SEC]] = !{!"loom.unroll", i32 3, !{{.*}}}
// CHECK: ![[UNDER_IF]] = distinct !{![[UNDER_IF]], ![[MP]], ![[UIF:[0-9]+]]}
// CHECK: ![[UIF]] = !{!"loom.parallel", i32 5, !{{.*}}}
// CHECK: ![[IN_CASE]] = distinct !{![[IN_CASE]], ![[MP]], ![[ICASE:[0-9]+]]}
// CHECK: ![[ICASE]] = !{!"loom.tripcount", i32 7, !{{.*}}}
// CHECK: ![[IN_LAMBDA]] = distinct !{![[IN_LAMBDA]], ![[MP]], ![[ILAM:[0-9]+]]}
// CHECK: ![[ILAM]] = !{!"loom.parallel", i32 6, !"contiguous", !{{.*}}}
// CHECK: ![[WITH_CLANG]] = distinct !{![[WITH_CLANG]], ![[MP]], ![[DISABLE:[0-9]+]], ![[WC:[0-9]+]]}
// CHECK: ![[DISABLE]] = !{!"llvm.loop.unroll.disable"}
// CHECK: ![[WC]] = !{!"loom.parallel", i32 4, !{{.*}}}
