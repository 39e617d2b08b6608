// Every loop hint and argument form becomes one entry of exactly that loop's
// !llvm.loop metadata (docs/hints.md, "IR schema"):
//   !{!"loom.<hint>", <args>..., !"<file>:<line>:<col>"}
// Counts are i32 (i64 for a size_t expression) after constant evaluation,
// schedules are lower-cased, the last operand is the hint's own location.
//
// RUN: %loom-clangxx -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=LOC < %t.ll
//
// CHECK forms the association loop -> entry; LOC (matched against the
// metadata, in order) pins each entry's location to its source line.

#include <loom/loom.h>

constexpr int kFactor = 8;
enum Lanes { kLanes = 4 };

// CHECK-LABEL: define dso_local void @{{.*}}par_default
// CHECK: br {{.*}}!llvm.loop ![[PAR_DEFAULT:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_default(int *p, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_degree
// CHECK: br {{.*}}!llvm.loop ![[PAR_DEGREE:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 4, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_degree(int *p, int n) {
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_contiguous
// CHECK: br {{.*}}!llvm.loop ![[PAR_CONTIGUOUS:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 4, !"contiguous", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_contiguous(int *p, int n) {
  LOOM_PARALLEL(4, contiguous)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_interleaved
// CHECK: br {{.*}}!llvm.loop ![[PAR_INTERLEAVED:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 8, !"interleaved", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_interleaved(int *p, int n) {
  LOOM_PARALLEL(8, interleaved)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_upper
// CHECK: br {{.*}}!llvm.loop ![[PAR_UPPER:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 2, !"contiguous", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_upper(int *p, int n) {
  LOOM_PARALLEL(2, CONTIGUOUS)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_title
// CHECK: br {{.*}}!llvm.loop ![[PAR_TITLE:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 2, !"contiguous", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_title(int *p, int n) {
  LOOM_PARALLEL(2, Contiguous)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_upper_il
// CHECK: br {{.*}}!llvm.loop ![[PAR_UPPER_IL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 2, !"interleaved", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_upper_il(int *p, int n) {
  LOOM_PARALLEL(2, INTERLEAVED)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}par_mixed_il
// CHECK: br {{.*}}!llvm.loop ![[PAR_MIXED_IL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 2, !"interleaved", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void par_mixed_il(int *p, int n) {
  LOOM_PARALLEL(2, iNtErLeAvEd)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}no_par
// CHECK: br {{.*}}!llvm.loop ![[NO_PAR:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.no_parallel", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void no_par(int *p, int n) {
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}unroll_default
// CHECK: br {{.*}}!llvm.loop ![[UNROLL_DEFAULT:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.unroll", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void unroll_default(int *p, int n) {
  LOOM_UNROLL()
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}unroll_factor
// CHECK: br {{.*}}!llvm.loop ![[UNROLL_FACTOR:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.unroll", i32 4, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void unroll_factor(int *p, int n) {
  LOOM_UNROLL(4)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}no_unroll
// CHECK: br {{.*}}!llvm.loop ![[NO_UNROLL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.no_unroll", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void no_unroll(int *p, int n) {
  LOOM_NO_UNROLL
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}trip
// CHECK: br {{.*}}!llvm.loop ![[TRIP:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount", i32 100, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void trip(int *p, int n) {
  LOOM_TRIPCOUNT(100)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}trip_range
// CHECK: br {{.*}}!llvm.loop ![[TRIP_RANGE:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount_range", i32 0, i32 64, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void trip_range(int *p, int n) {
  LOOM_TRIPCOUNT_RANGE(0, 64)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}trip_typical
// CHECK: br {{.*}}!llvm.loop ![[TRIP_TYPICAL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount_typical", i32 16, i32 1, i32 64, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void trip_typical(int *p, int n) {
  LOOM_TRIPCOUNT_TYPICAL(16, 1, 64)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}trip_full
// CHECK: br {{.*}}!llvm.loop ![[TRIP_FULL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount_full", i32 16, i32 20, i32 1, i32 64, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void trip_full(int *p, int n) {
  LOOM_TRIPCOUNT_FULL(16, 20, 1, 64)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}trip_equal
// CHECK: br {{.*}}!llvm.loop ![[TRIP_EQUAL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount_full", i32 8, i32 8, i32 8, i32 8, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void trip_equal(int *p, int n) {
  LOOM_TRIPCOUNT_FULL(8, 8, 8, 8)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}cx_constexpr
// CHECK: br {{.*}}!llvm.loop ![[CX_CONSTEXPR:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.unroll", i32 8, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void cx_constexpr(int *p, int n) {
  LOOM_UNROLL(kFactor)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}cx_enum
// CHECK: br {{.*}}!llvm.loop ![[CX_ENUM:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 4, !"interleaved", !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void cx_enum(int *p, int n) {
  LOOM_PARALLEL(kLanes, interleaved)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}cx_sizeof
// CHECK: br {{.*}}!llvm.loop ![[CX_SIZEOF:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount", i64 16, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void cx_sizeof(int *p, int n) {
  LOOM_TRIPCOUNT(sizeof(long long) * 2)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}cx_arith
// CHECK: br {{.*}}!llvm.loop ![[CX_ARITH:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount_range", i32 0, i32 16, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void cx_arith(int *p, int n) {
  LOOM_TRIPCOUNT_RANGE(kLanes - 4, kFactor * 2)
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}cx_paren
// CHECK: br {{.*}}!llvm.loop ![[CX_PAREN:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.unroll", i32 2, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void cx_paren(int *p, int n) {
  LOOM_UNROLL((2))
  for (int i = 0; i < n; ++i) p[i] = i;
}

// A constexpr function call is a constant too, even without optimization.
// CHECK-LABEL: define dso_local void @{{.*}}cx_call
// CHECK: br {{.*}}!llvm.loop ![[CX_CALL:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 8, !"{{.*}}loop-hints.cpp:[[@LINE+3]]:3"}
constexpr int twiceLanes() { return 2 * kLanes; }
void cx_call(int *p, int n) {
  LOOM_PARALLEL(twiceLanes())
  for (int i = 0; i < n; ++i) p[i] = i;
}

// CHECK-LABEL: define dso_local void @{{.*}}kind_while
// CHECK: br {{.*}}!llvm.loop ![[KIND_WHILE:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.parallel", i32 2, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void kind_while(int *p, int n) {
  LOOM_PARALLEL(2)
  while (n > 0) p[--n] = 0;
}

// CHECK-LABEL: define dso_local void @{{.*}}kind_do
// CHECK: br {{.*}}!llvm.loop ![[KIND_DO:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.unroll", i32 2, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void kind_do(int *p, int n) {
  LOOM_UNROLL(2)
  do { p[--n] = 0; } while (n > 0);
}

// CHECK-LABEL: define dso_local void @{{.*}}kind_range
// CHECK: br {{.*}}!llvm.loop ![[KIND_RANGE:[0-9]+]]
// CHECK-NOT: !llvm.loop
// CHECK: ret void
// LOC: ![[#]] = !{!"loom.tripcount", i32 4, !"{{.*}}loop-hints.cpp:[[@LINE+2]]:3"}
void kind_range(int (&arr)[4], int n) {
  LOOM_TRIPCOUNT(4)
  for (int &x : arr) x = n;
}

// A loop without hints keeps its plain loop metadata.
// CHECK-LABEL: define dso_local void @{{.*}}unhinted
// CHECK: br {{.*}}!llvm.loop ![[UNHINTED:[0-9]+]]
void unhinted(int *p, int n) {
  for (int i = 0; i < n; ++i) p[i] = i;
}

// The metadata, in the order of the loops above.
// CHECK: ![[PAR_DEFAULT]] = distinct !{![[PAR_DEFAULT]], {{(![0-9]+, )?}}![[PAR_DEFAULT_H:[0-9]+]]}
// CHECK: ![[PAR_DEFAULT_H]] = !{!"loom.parallel", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_DEGREE]] = distinct !{![[PAR_DEGREE]], {{(![0-9]+, )?}}![[PAR_DEGREE_H:[0-9]+]]}
// CHECK: ![[PAR_DEGREE_H]] = !{!"loom.parallel", i32 4, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_CONTIGUOUS]] = distinct !{![[PAR_CONTIGUOUS]], {{(![0-9]+, )?}}![[PAR_CONTIGUOUS_H:[0-9]+]]}
// CHECK: ![[PAR_CONTIGUOUS_H]] = !{!"loom.parallel", i32 4, !"contiguous", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_INTERLEAVED]] = distinct !{![[PAR_INTERLEAVED]], {{(![0-9]+, )?}}![[PAR_INTERLEAVED_H:[0-9]+]]}
// CHECK: ![[PAR_INTERLEAVED_H]] = !{!"loom.parallel", i32 8, !"interleaved", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_UPPER]] = distinct !{![[PAR_UPPER]], {{(![0-9]+, )?}}![[PAR_UPPER_H:[0-9]+]]}
// CHECK: ![[PAR_UPPER_H]] = !{!"loom.parallel", i32 2, !"contiguous", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_TITLE]] = distinct !{![[PAR_TITLE]], {{(![0-9]+, )?}}![[PAR_TITLE_H:[0-9]+]]}
// CHECK: ![[PAR_TITLE_H]] = !{!"loom.parallel", i32 2, !"contiguous", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_UPPER_IL]] = distinct !{![[PAR_UPPER_IL]], {{(![0-9]+, )?}}![[PAR_UPPER_IL_H:[0-9]+]]}
// CHECK: ![[PAR_UPPER_IL_H]] = !{!"loom.parallel", i32 2, !"interleaved", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[PAR_MIXED_IL]] = distinct !{![[PAR_MIXED_IL]], {{(![0-9]+, )?}}![[PAR_MIXED_IL_H:[0-9]+]]}
// CHECK: ![[PAR_MIXED_IL_H]] = !{!"loom.parallel", i32 2, !"interleaved", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[NO_PAR]] = distinct !{![[NO_PAR]], {{(![0-9]+, )?}}![[NO_PAR_H:[0-9]+]]}
// CHECK: ![[NO_PAR_H]] = !{!"loom.no_parallel", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[UNROLL_DEFAULT]] = distinct !{![[UNROLL_DEFAULT]], {{(![0-9]+, )?}}![[UNROLL_DEFAULT_H:[0-9]+]]}
// CHECK: ![[UNROLL_DEFAULT_H]] = !{!"loom.unroll", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[UNROLL_FACTOR]] = distinct !{![[UNROLL_FACTOR]], {{(![0-9]+, )?}}![[UNROLL_FACTOR_H:[0-9]+]]}
// CHECK: ![[UNROLL_FACTOR_H]] = !{!"loom.unroll", i32 4, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[NO_UNROLL]] = distinct !{![[NO_UNROLL]], {{(![0-9]+, )?}}![[NO_UNROLL_H:[0-9]+]]}
// CHECK: ![[NO_UNROLL_H]] = !{!"loom.no_unroll", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[TRIP]] = distinct !{![[TRIP]], {{(![0-9]+, )?}}![[TRIP_H:[0-9]+]]}
// CHECK: ![[TRIP_H]] = !{!"loom.tripcount", i32 100, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[TRIP_RANGE]] = distinct !{![[TRIP_RANGE]], {{(![0-9]+, )?}}![[TRIP_RANGE_H:[0-9]+]]}
// CHECK: ![[TRIP_RANGE_H]] = !{!"loom.tripcount_range", i32 0, i32 64, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[TRIP_TYPICAL]] = distinct !{![[TRIP_TYPICAL]], {{(![0-9]+, )?}}![[TRIP_TYPICAL_H:[0-9]+]]}
// CHECK: ![[TRIP_TYPICAL_H]] = !{!"loom.tripcount_typical", i32 16, i32 1, i32 64, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[TRIP_FULL]] = distinct !{![[TRIP_FULL]], {{(![0-9]+, )?}}![[TRIP_FULL_H:[0-9]+]]}
// CHECK: ![[TRIP_FULL_H]] = !{!"loom.tripcount_full", i32 16, i32 20, i32 1, i32 64, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[TRIP_EQUAL]] = distinct !{![[TRIP_EQUAL]], {{(![0-9]+, )?}}![[TRIP_EQUAL_H:[0-9]+]]}
// CHECK: ![[TRIP_EQUAL_H]] = !{!"loom.tripcount_full", i32 8, i32 8, i32 8, i32 8, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_CONSTEXPR]] = distinct !{![[CX_CONSTEXPR]], {{(![0-9]+, )?}}![[CX_CONSTEXPR_H:[0-9]+]]}
// CHECK: ![[CX_CONSTEXPR_H]] = !{!"loom.unroll", i32 8, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_ENUM]] = distinct !{![[CX_ENUM]], {{(![0-9]+, )?}}![[CX_ENUM_H:[0-9]+]]}
// CHECK: ![[CX_ENUM_H]] = !{!"loom.parallel", i32 4, !"interleaved", !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_SIZEOF]] = distinct !{![[CX_SIZEOF]], {{(![0-9]+, )?}}![[CX_SIZEOF_H:[0-9]+]]}
// CHECK: ![[CX_SIZEOF_H]] = !{!"loom.tripcount", i64 16, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_ARITH]] = distinct !{![[CX_ARITH]], {{(![0-9]+, )?}}![[CX_ARITH_H:[0-9]+]]}
// CHECK: ![[CX_ARITH_H]] = !{!"loom.tripcount_range", i32 0, i32 16, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_PAREN]] = distinct !{![[CX_PAREN]], {{(![0-9]+, )?}}![[CX_PAREN_H:[0-9]+]]}
// CHECK: ![[CX_PAREN_H]] = !{!"loom.unroll", i32 2, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[CX_CALL]] = distinct !{![[CX_CALL]], {{(![0-9]+, )?}}![[CX_CALL_H:[0-9]+]]}
// CHECK: ![[CX_CALL_H]] = !{!"loom.parallel", i32 8, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[KIND_WHILE]] = distinct !{![[KIND_WHILE]], {{(![0-9]+, )?}}![[KIND_WHILE_H:[0-9]+]]}
// CHECK: ![[KIND_WHILE_H]] = !{!"loom.parallel", i32 2, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[KIND_DO]] = distinct !{![[KIND_DO]], {{(![0-9]+, )?}}![[KIND_DO_H:[0-9]+]]}
// CHECK: ![[KIND_DO_H]] = !{!"loom.unroll", i32 2, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[KIND_RANGE]] = distinct !{![[KIND_RANGE]], {{(![0-9]+, )?}}![[KIND_RANGE_H:[0-9]+]]}
// CHECK: ![[KIND_RANGE_H]] = !{!"loom.tripcount", i32 4, !"{{.*}}loop-hints.cpp:{{[0-9]+}}:3"}
// CHECK: ![[UNHINTED]] = distinct !{![[UNHINTED]], ![[#]]}

// No carrier survives: no annotation call, string or declaration.
// RUN: FileCheck %s --check-prefix=CLEAN < %t.ll
// CLEAN-NOT: llvm.annotation
// CLEAN-NOT: c"loom.
