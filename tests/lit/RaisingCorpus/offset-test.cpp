// loops whose test reads `i + K`: `for (int i = lb; i + 5 <= n; ++i)` tests
// `i + 5` computed with nsw, which loom-raise-while-to-for turns into
// `i < max(n, INT_MIN + 4) - 4`; the runs compare the raised kernel with
// the LLVM IR for n = 0, K - 1, K, K + 1, a start above n, bounds next to
// INT_MAX (the last test reads INT_MAX) and next to INT_MIN (where n - 4
// would wrap and the bound saturates). Unsigned `i + 3` may wrap in C++
// (it has no nuw), so the unsigned loop stays a while loop, with a remark
// naming the predicate and the missing flag, and still runs correctly.
//
// RUN: rm -rf %t.d && %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.d
// RUN: loom-raise %t.d/mark_windows.ll | FileCheck %s
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=0,i32=20' | FileCheck %s --check-prefix=EXEC
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=0,i32=0' --seed=2 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=0,i32=4' --seed=3 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=0,i32=5' --seed=4 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=0,i32=6' --seed=5 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=7,i32=2' --seed=6 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=2147483627,i32=2147483646' --seed=7 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=-2147483648,i32=-2147483645' --seed=9 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=-2147483648,i32=-2147483644' --seed=10 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=-2147483648,i32=-2147483643' --seed=11 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows.ll --kernel=_Z12mark_windowsPKiPiii \
// RUN:   --args='i32[32],i32[32],i32=-2147483648,i32=-2147483630' --seed=12 | FileCheck %s --check-prefix=MATCH
// RUN: loom-raise-check %t.d/mark_windows_u.ll --kernel=_Z14mark_windows_uPKjPjjj \
// RUN:   --args='i32[32],i32[32],i32=0,i32=20' 2>&1 | FileCheck %s --check-prefix=UNSIGNED

#include <loom/loom.h>

LOOM_ACCEL()
void mark_windows(const int *in, int *out, int lb, int n) {
  for (int i = lb; i + 5 <= n; ++i)
    out[i - lb] = in[i - lb] + i;
}

LOOM_ACCEL()
void mark_windows_u(const unsigned *in, unsigned *out, unsigned lb,
                    unsigned n) {
  for (unsigned i = lb; i + 3 <= n; ++i)
    out[i - lb] = in[i - lb] + i;
}

// CHECK-LABEL: func.func @_Z12mark_windowsPKiPiii(
// CHECK-SAME: %[[LB:[^:]+]]: i32 {{.*}}, %[[N:[^:]+]]: i32
// CHECK-DAG: %[[C4:.+]] = arith.constant 4 : i32
// CHECK-DAG: %[[MIN4:.+]] = arith.constant -2147483644 : i32
// CHECK: %[[SAT:.+]] = arith.maxsi %[[N]], %[[MIN4]] : i32
// CHECK: %[[UB:.+]] = arith.subi %[[SAT]], %[[C4]] : i32
// CHECK: scf.for %{{.+}} = %[[LB]] to %[[UB]] step %{{.+}} : i32 {
// CHECK-NOT: scf.while

// EXEC-NOT: remark
// EXEC: kernel _Z12mark_windowsPKiPiii
// EXEC: scf.for: 1
// EXEC-NEXT: scf.while: 0
// EXEC-NEXT: cf branches: 0
// EXEC-NEXT: llvm memory ops: 0
// EXEC-NEXT: other llvm ops: 0
// EXEC-NEXT: MATCH _Z12mark_windowsPKiPiii
// MATCH: MATCH _Z12mark_windowsPKiPiii

// UNSIGNED: remark: loop stays scf.while: the test compares `iv + 3` with 'ule' but the arith.addi computing it has no nuw flag, so it may wrap around
// UNSIGNED: kernel _Z14mark_windows_uPKjPjjj
// UNSIGNED: scf.for: 0
// UNSIGNED-NEXT: scf.while: 1
// UNSIGNED: MATCH _Z14mark_windows_uPKjPjjj
