// What stays host code in a C++ kernel, and says so (issue H, items 1 and
// 3): a call that cannot be inlined (recursion, a function defined in
// another translation unit, a call through a function pointer) and a
// pointer loaded inside the loop (pointer chasing through `float **`). Each
// remark names the construct in source terms (demangled) and the reason;
// the kernels still run, natively, with the right result on every backend.
// A null pointer whose launch accesses nothing runs on the fabric, and an
// access through it is a run-time error naming the kernel, not a crash.
//
// RUN: echo "namespace geo { int external(int x) { return x * 11; } }" > %t.ext.cpp
// RUN: %loom-clangxx -O2 -Rpass-missed=loom %s %t.ext.cpp -o %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK
// REMARK: cxx-host-code.cpp:[[@LINE+38]]:14: remark: kernel 'recursive': call to 'fib(int)' stays host code: it is recursive [-Rpass-missed=loom]
// REMARK: remark: kernel 'recursive': loop 'scf.for' stays InstructionCore code of thread @{{.+}}: 'llvm.call' of 'fib(int)' has no dataflow actor
// REMARK: cxx-host-code.cpp:[[@LINE+42]]:14: remark: kernel 'callsExternal': call to 'geo::external(int)' stays host code: its definition is not in this translation unit [-Rpass-missed=loom]
// REMARK: cxx-host-code.cpp:[[@LINE+47]]:14: remark: kernel 'callsPointer': an indirect call stays host code: it is a call through a function pointer [-Rpass-missed=loom]
// REMARK: remark: kernel 'rowsSum': loop 'scf.for' stays InstructionCore code of thread @{{.+}}: 'llvm.load' of a pointer (pointer chasing, e.g. 'rows[i]' of a 'float **'; a pointer loaded in the kernel is no memory root) has no dataflow actor
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt 2>&1
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu %t.exe 2>&1 | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim %t.exe 2>&1 | diff - %t.native.txt
// CHECK: recursive 21
// CHECK-NEXT: external 88
// CHECK-NEXT: pointer 88
// CHECK-NEXT: rows 21
// CHECK-NEXT: empty 0
// A kernel that keeps host code is refused under LOOM_OFFLOAD=mandatory.
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory not %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MANDATORY
// MANDATORY: loom: error: kernel 'recursive': loom_rt_launch: kernel 'recursive' ({{.*}}cxx-host-code.cpp:{{[0-9]+}}:6) cannot be offloaded: no artifact: no part of the kernel can run on the SpatialCore
// An access through a null pointer on the fabric is an error.
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory not %t.exe null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NULL
// NULL: empty 0
// NULL-NEXT: loom: error: kernel 'fill': loom_rt_launch: kernel 'fill' on emu: {{.*}}out-of-bounds store at index [{{[0-2]}}] of memory input #0 with extents [0]

#include <loom/loom.h>

#include <cstdio>
#include <cstring>

namespace geo {
int external(int x);
} // namespace geo

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

LOOM_ACCEL()
void recursive(const int *a, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = fib(a[i]);
}

LOOM_ACCEL()
void callsExternal(const int *a, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = geo::external(a[i]);
}

LOOM_ACCEL()
void callsPointer(int (*f)(int), const int *a, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = f(a[i]);
}

LOOM_ACCEL()
float rowsSum(float **rows, int r, int c) {
  float sum = 0;
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      sum += rows[i][j];
  return sum;
}

LOOM_ACCEL()
void fill(int *p, int n) {
  for (int i = 0; i < n; ++i)
    p[i] = i;
}

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "null") == 0) {
    fill(nullptr, 0);
    std::printf("empty 0\n");
    std::fflush(stdout);
    fill(nullptr, 3);
    return 0;
  }
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
  recursive(a, out, 8);
  std::printf("recursive %d\n", out[7]);
  callsExternal(a, out, 8);
  std::printf("external %d\n", out[7]);
  callsPointer(geo::external, a, out, 8);
  std::printf("pointer %d\n", out[7]);
  float r0[3] = {1, 2, 3}, r1[3] = {4, 5, 6};
  float *rows[2] = {r0, r1};
  std::printf("rows %g\n", rowsSum(rows, 2, 3));
  fill(nullptr, 0);
  std::printf("empty 0\n");
  return 0;
}
