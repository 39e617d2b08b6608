// A merge of two sorted arrays: a while loop whose two indices advance by
// data-dependent choice, then two tail loops. The device preparation's
// instcombine does not reach a fixpoint in one iteration on this kernel; it
// used to verify the fixpoint and abort the whole compile ("did not reach a
// fixpoint"), now it compiles like clang's own pipelines do, and the kernel
// runs on the emulator with the native result.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same program on the cycle simulator (the default backend): its
// output equals the native run's. Not under mandatory offload: the mapper cannot route emu_merge's graph on cgra-8x8 (a link
// carries 3 values on 2 channels), so that kernel runs on the emulator
// (the launch decision says why).
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: merged 0 1 1 2 3 3 5 6 7 8 9 9 12
// CHECK-NEXT: PASS
// REPORT: "name": "emu_merge",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 2
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void emu_merge(const int *a, int na, const int *b, int nb, int *out) {
  int i = 0, j = 0, k = 0;
  while (i < na && j < nb) {
    if (b[j] < a[i])
      out[k++] = b[j++];
    else
      out[k++] = a[i++];
  }
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

int main() {
  const int a[] = {0, 1, 3, 5, 7, 9, 12}, b[] = {1, 2, 3, 6, 8, 9};
  int out[13], empty[6];
  emu_merge(a, 7, b, 6, out);
  emu_merge(a, 0, b, 6, empty);
  bool ok = true;
  std::printf("merged");
  for (int k = 0; k < 13; ++k) {
    std::printf(" %d", out[k]);
    ok = ok && (k == 0 || out[k - 1] <= out[k]);
  }
  for (int k = 0; k < 6; ++k)
    ok = ok && empty[k] == b[k];
  std::printf("\n%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
