// Irreducible control flow: a `goto` into the middle of a loop gives the
// loop two entries. Upstream `--lift-cf-to-scf` structures it anyway (one
// `scf.while` whose header dispatches on the entry taken), so the kernel
// is one graph, with no missed remark, and its results equal the host's on
// emu and sim (cxx-early-exit-computed-goto.cpp has the control flow that
// stays host code).
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// RUN: FileCheck %s --check-prefix=DFG < %t.d/enter_mid.dfg.mlir
// DFG: dataflow.graph
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: enter_mid 1271 1256 0
// CHECK-NEXT: PASS
// REPORT: "name": "enter_mid",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 3
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
int enter_mid(const int *a, int n, int skipFirst) {
  int i = 0, s = 0;
  if (skipFirst)
    goto inside;
  while (i < n) {
    s += a[i];
  inside:
    s += 1;
    ++i;
  }
  return s;
}

static int refEnterMid(const int *a, int n, int skipFirst) {
  int s = 0;
  for (int i = skipFirst ? 1 : 0; i < n; ++i)
    s += a[i] + 1;
  return skipFirst ? s + 1 : s;
}

int main() {
  const int n = 16;
  int a[n];
  for (int i = 0; i < n; ++i)
    a[i] = i * i + (i == 0 ? 15 : 0);
  int bad = 0;
  int e[3] = {enter_mid(a, n, 0), enter_mid(a, n, 1), enter_mid(a, 0, 0)};
  bad += e[0] != refEnterMid(a, n, 0) || e[1] != refEnterMid(a, n, 1) ||
         e[2] != refEnterMid(a, 0, 0);
  std::printf("enter_mid %d %d %d\n", e[0], e[1], e[2]);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
