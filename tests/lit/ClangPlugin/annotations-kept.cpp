// The hint lowering consumes only Loom's own carriers: a program's other
// annotate attributes stay in @llvm.global.annotations and
// @llvm.var.annotation, and no Loom carrier is left behind.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll
// The strings of Loom's carriers go with them.
// RUN: FileCheck %s --check-prefix=GONE < %t.ll
// GONE-NOT: c"loom.
// GONE-NOT: c"+\00"
// GONE-NOT: @llvm.annotation

#include <loom/loom.h>

// CHECK-DAG: @[[LOCAL:[.a-z0-9]+]] = private unnamed_addr constant [6 x i8] c"local\00", section "llvm.metadata"
// CHECK-DAG: @[[OTHER:[.a-z0-9]+]] = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
// CHECK-DAG: @[[MINE:[.a-z0-9]+]] = private unnamed_addr constant [5 x i8] c"mine\00", section "llvm.metadata"
// CHECK-DAG: @llvm.global.annotations = appending global [2 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @counter, ptr @[[OTHER]], {{.*}} }, { ptr, ptr, ptr, i32, ptr } { ptr @_Z6kernelPi, ptr @[[MINE]], {{.*}} }]

// CHECK-LABEL: define dso_local void @_Z6kernelPi(
// CHECK: %[[SUM:[0-9]+]] = alloca i32, align 4, !loom.hints !{{[0-9]+}}
// CHECK: call void @llvm.var.annotation.p0.p0(ptr %[[SUM]], ptr @[[LOCAL]],
// CHECK-NOT: call void @llvm.var.annotation
// CHECK-NOT: call {{.*}}@llvm.annotation
// CHECK: ret void
__attribute__((annotate("mine"))) LOOM_ACCEL()
void kernel(int *p) {
  __attribute__((annotate("local"))) LOOM_REDUCE(+) int sum = 0;
  LOOM_UNROLL(2)
  for (int i = 0; i < 4; ++i)
    sum += p[i];
  p[0] = sum;
}

__attribute__((annotate("other"))) int counter;

// CHECK: attributes #{{[0-9]+}} = { {{.*}}"loom.kernel"="kernel"
