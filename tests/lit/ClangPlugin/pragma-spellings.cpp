// Every macro has a `#pragma loom <hint>(<args>)` equivalent (and
// `_Pragma("loom ...")` where a directive cannot go, e.g. in a parameter
// list). A hint without arguments may omit the parentheses. The IR is the
// same as for the macros; a pragma hint's location is its hint name.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// RUN: FileCheck %s --check-prefix=LOC < %t.ll
// RUN: FileCheck %s --check-prefix=ATTR < %t.ll

// The loop-hint carrier is declared by the header, which pragma users
// include as well.
#include <loom/loom.h>

// CHECK-DAG: @_ZL3lut = internal constant [2 x i32] [i32 1, i32 2], align 4, !loom.hints ![[ROM:[0-9]+]]
#pragma loom target("rom")
static const int lut[2] = {1, 2};
// CHECK-DAG: @far = dso_local global [8 x float] zeroinitializer, align 16, !loom.hints ![[FAR:[0-9]+]]
#pragma loom target("extmemory")
float far[8];

// ATTR: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="k_paren" "loom.location"="{{.*}}pragma-spellings.cpp:[[@LINE+2]]:6" {{.*}}}
#pragma loom accel()
void k_paren(int *p) { p[0] = lut[0]; }

// ATTR: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="k_bare" "loom.location"="{{.*}}pragma-spellings.cpp:[[@LINE+2]]:6" {{.*}}}
#pragma loom accel
void k_bare(int *p) { p[0] = lut[1]; }

// ATTR: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="pragma_named" "loom.location"="{{.*}}pragma-spellings.cpp:[[@LINE+3]]:6" {{.*}}"loom.target"="temporal" {{.*}}}
#pragma loom accel("pragma_named")
#pragma loom target("temporal")
void k_named(int *p) { p[0] = 2; }

// ATTR: attributes #{{[0-9]+}} = { {{.*}}"loom.no_accel" {{.*}}}
#pragma loom no_accel
void host_only(int *p) { p[0] = 3; }

// ATTR: attributes #{{[0-9]+}} = { {{.*}}"loom.target"="pe[0,7]" {{.*}}}
#pragma loom target("pe[0,7]")
void placed(int *p) { p[0] = 4; }

// CHECK-LABEL: define dso_local void @_Z6paramsPKfPiS1_f(
// CHECK-SAME: ptr noundef "loom.stream" %{{[0-9]+}}, ptr noundef "loom.memory_bank"="4,cyclic" %{{[0-9]+}}, ptr noundef "loom.target"="extmemory" %{{[0-9]+}}, float noundef "loom.reduce"="max" %{{[0-9]+}})
void params(_Pragma("loom stream") const float *in,
            _Pragma("loom memory_bank(4, cyclic)") int *banks,
            _Pragma("loom target(\"extmemory\")") int *ext,
            _Pragma("loom reduce(max)") float best) {
  banks[0] = ext[0] = int(in[0] + best + far[0]);
}

// CHECK-LABEL: define dso_local noundef i32 @_Z5loopsPii(
// CHECK: alloca i32, align 4, !loom.hints ![[SUM:[0-9]+]]
// CHECK: alloca [16 x i32], align 16, !loom.hints ![[BANK:[0-9]+]]
// CHECK: alloca [4 x i32], align 16, !loom.hints ![[FIFO:[0-9]+]]
int loops(int *p, int n) {
#pragma loom reduce(+)
  int sum = 0;
#pragma loom memory_bank(2, block)
  int bank[16];
#pragma loom stream
  int fifo[4];
  // LOC: !{!"loom.parallel", i32 4, !"interleaved", !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
  // LOC: !{!"loom.unroll", i32 2, !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
  // LOC: !{!"loom.tripcount", i32 16, !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
#pragma loom parallel(4, Interleaved)
#pragma loom unroll(2)
#pragma loom tripcount(16)
  for (int i = 0; i < 16; ++i)
    bank[i] = p[i];
  // LOC: !{!"loom.parallel", !"{{.*}}pragma-spellings.cpp:[[@LINE+2]]:14"}
  // LOC: !{!"loom.tripcount_range", i32 1, i32 8, !"{{.*}}pragma-spellings.cpp:[[@LINE+2]]:14"}
#pragma loom parallel
#pragma loom tripcount_range(1, 8)
  for (int i = 0; i < n; ++i)
    sum += bank[i];
  // LOC: !{!"loom.no_parallel", !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
  // LOC: !{!"loom.no_unroll", !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
  // LOC: !{!"loom.tripcount_typical", i32 2, i32 1, i32 4, !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
#pragma loom no_parallel
#pragma loom no_unroll
#pragma loom tripcount_typical(2, 1, 4)
  while (n-- > 0)
    fifo[n & 3] = n;
  // LOC: !{!"loom.unroll", !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:3"}
  // LOC: !{!"loom.tripcount_full", i32 3, i32 3, i32 1, i32 9, !"{{.*}}pragma-spellings.cpp:[[@LINE+3]]:14"}
  int k = 0;
  _Pragma("loom unroll()")
#pragma loom tripcount_full(3, 3, 1, 9)
  do {
    ++k;
  } while (k < 3);
  return sum + fifo[0] + k;
}

// !loom.hints is a tuple of hint tuples (one per hint on the variable).
// CHECK-DAG: ![[ROM]] = !{![[ROM_1:[0-9]+]]}
// CHECK-DAG: ![[ROM_1]] = !{!"target", !"rom"}
// CHECK-DAG: ![[FAR]] = !{![[FAR_1:[0-9]+]]}
// CHECK-DAG: ![[FAR_1]] = !{!"target", !"extmemory"}
// CHECK-DAG: ![[SUM]] = !{![[SUM_1:[0-9]+]]}
// CHECK-DAG: ![[SUM_1]] = !{!"reduce", !"+"}
// CHECK-DAG: ![[BANK]] = !{![[BANK_1:[0-9]+]]}
// CHECK-DAG: ![[BANK_1]] = !{!"memory_bank", !"2", !"block"}
// CHECK-DAG: ![[FIFO]] = !{![[FIFO_1:[0-9]+]]}
// CHECK-DAG: ![[FIFO_1]] = !{!"stream"}
