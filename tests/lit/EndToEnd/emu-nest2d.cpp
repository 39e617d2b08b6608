// A 2-D loop nest on the emu backend: a transpose-and-scale of a non-square
// matrix, with both bounds passed at run time. Checked against a native
// reference.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: t[0][0] = 0 t[4][2] = 54 t[6][4] = 102
// CHECK-NEXT: PASS
// REPORT: "name": "emu_transpose",
// REPORT: "launches": 1,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

constexpr int R = 5, C = 7;

LOOM_ACCEL()
void emu_transpose(const int *m, int *t, int rows, int cols, int scale) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      t[j * rows + i] = m[i * cols + j] * scale;
}

static void reference(const int *m, int *t, int rows, int cols, int scale) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      t[j * rows + i] = m[i * cols + j] * scale;
}

int main() {
  int m[R * C], t[C * R], want[C * R];
  for (int i = 0; i < R * C; ++i)
    m[i] = i;
  emu_transpose(m, t, R, C, 3);
  reference(m, want, R, C, 3);
  bool ok = true;
  for (int i = 0; i < R * C; ++i)
    ok = ok && t[i] == want[i];
  std::printf("t[0][0] = %d t[4][2] = %d t[6][4] = %d\n", t[0], t[4 * R + 2],
              t[6 * R + 4]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
