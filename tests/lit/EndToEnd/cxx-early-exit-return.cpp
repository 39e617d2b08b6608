// `return` from inside loops: a search loop, an early return from a doubly
// nested loop, and a void kernel that returns after storing part of its
// output. Raising carries the exit taken out of each `scf.while` as a flag
// and dispatches on it with an `scf.index_switch` after the loop, so every
// kernel is one graph: no missed remark, no scf op left outside the graphs,
// and the results equal the host's on emu and sim.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// RUN: FileCheck %s --check-prefix=DFG < %t.d/find.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/find2.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/fill_until.dfg.mlir
// DFG: dataflow.graph
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: FileCheck %s --check-prefix=NO-HOST < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: find 21 -1 -1
// CHECK-NEXT: find2 2005 -1 6
// CHECK-NEXT: fill_until 1 42 -1
// CHECK-NEXT: PASS
// Every kernel ran on the emulator each time it was launched.
// NO-HOST-NOT: "host":
// REPORT: "name": "fill_until",
// REPORT: "emu": 2
// REPORT: "name": "find",
// REPORT: "emu": 3
// REPORT: "name": "find2",
// REPORT: "emu": 3

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
int find(const int *a, int n, int key) {
  for (int i = 0; i < n; ++i)
    if (a[i] == key)
      return i;
  return -1;
}

LOOM_ACCEL()
int find2(const int *a, int rows, int cols, int key) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (a[r * cols + c] == key)
        return r * 1000 + c;
  return -1;
}

// Stores before the exit stay; the element after it is never written.
LOOM_ACCEL()
void fill_until(const int *a, int *out, int n, int stop) {
  for (int i = 0; i < n; ++i) {
    out[i] = a[i] * 3;
    if (a[i] == stop)
      return;
    out[i] += 1;
  }
}

static int refFind(const int *a, int n, int key) {
  for (int i = 0; i < n; ++i)
    if (a[i] == key)
      return i;
  return -1;
}

static int refFind2(const int *a, int rows, int cols, int key) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (a[r * cols + c] == key)
        return r * 1000 + c;
  return -1;
}

static void refFillUntil(const int *a, int *out, int n, int stop) {
  for (int i = 0; i < n; ++i) {
    out[i] = a[i] * 3;
    if (a[i] == stop)
      return;
    out[i] += 1;
  }
}

int main() {
  const int n = 64;
  int a[n], out[n], refOut[n];
  for (int i = 0; i < n; ++i) {
    a[i] = (i * 37) % 23 - 5;
    out[i] = refOut[i] = -1;
  }
  int bad = 0;
  int f[3] = {find(a, n, 13), find(a, n, 100), find(a, 0, 13)};
  bad += f[0] != refFind(a, n, 13) || f[1] != refFind(a, n, 100) ||
         f[2] != refFind(a, 0, 13);
  int g[3] = {find2(a, 8, 8, 13), find2(a, 8, 8, 100), find2(a, 1, 8, 10)};
  bad += g[0] != refFind2(a, 8, 8, 13) || g[1] != refFind2(a, 8, 8, 100) ||
         g[2] != refFind2(a, 1, 8, 10);
  // a[3] == 14 stops the first call at element 3; the second runs through.
  fill_until(a, out, n, 14);
  refFillUntil(a, refOut, n, 14);
  fill_until(a, out + 32, 16, 1000);
  refFillUntil(a, refOut + 32, 16, 1000);
  for (int i = 0; i < n; ++i)
    bad += out[i] != refOut[i];
  std::printf("find %d %d %d\n", f[0], f[1], f[2]);
  std::printf("find2 %d %d %d\n", g[0], g[1], g[2]);
  std::printf("fill_until %d %d %d\n", out[2], out[3], out[4]);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
