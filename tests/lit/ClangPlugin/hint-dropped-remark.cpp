// A loop hint whose loop is no loop any more after code generation (here:
// its body always leaves on the first iteration) cannot be attached to
// anything: it is dropped with a -Rpass-missed=loom
// remark at the hint, and the program still compiles.
//
// RUN: %loom-clangxx -O0 -S -emit-llvm -o %t.ll -Rpass-missed=loom %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// RUN: FileCheck %s < %t.ll
// The one loom.unroll entry is g's: join's hint did not move to its loop.
// RUN: grep -c '"loom.unroll"' %t.ll | FileCheck %s --check-prefix=ONE
// ONE: {{^}}1{{$}}
// No remark without the flag.
// RUN: %loom-clangxx -O0 -c -o /dev/null %s 2>&1 | count 0

#include <loom/loom.h>

void f(int *p) {
  // REMARK: hint-dropped-remark.cpp:[[@LINE+1]]:3: remark: loop hint 'parallel' dropped: the statement it precedes is not a loop after code generation [-Rpass-missed=loom]
  LOOM_PARALLEL(2)
  for (int i = 0; i < 8; ++i) {
    p[i] = 0;
    break;
  }
  // REMARK: hint-dropped-remark.cpp:[[@LINE+1]]:3: remark: loop hint 'tripcount' dropped: the statement it precedes is not a loop after code generation [-Rpass-missed=loom]
  LOOM_TRIPCOUNT(3)
  while (true) {
    p[1] = 2;
    return;
  }
}

// The statement after a never-repeating loop is no part of it: a hint never
// moves on to the next loop.
void join(int *p, int n) {
  if (n > 3)
    goto next;
  // REMARK: hint-dropped-remark.cpp:[[@LINE+1]]:3: remark: loop hint 'unroll' dropped: the statement it precedes is not a loop after code generation [-Rpass-missed=loom]
  LOOM_UNROLL(2)
  while (true) {
    p[0] = 1;
    break;
  }
next:
  for (int i = 0; i < 8; ++i)
    p[i] += 1;
}

void g(int *p) {
  // A real loop next to them keeps its hint.
  LOOM_UNROLL(4)
  for (int i = 0; i < 8; ++i)
    p[i] += 1;
}

// CHECK-LABEL: define dso_local void @_Z1gPi(
// CHECK: br {{.*}}!llvm.loop ![[LOOP:[0-9]+]]
// CHECK-NOT: loom.parallel
// CHECK-NOT: loom.tripcount
// CHECK: ![[LOOP]] = distinct {{.*}}, ![[UNROLL:[0-9]+]]}
// CHECK: ![[UNROLL]] = !{!"loom.unroll", i32 4, !"{{.*}}hint-dropped-remark.cpp:{{[0-9]+}}:3"}
// CHECK-NOT: loom.parallel
// CHECK-NOT: loom.tripcount
