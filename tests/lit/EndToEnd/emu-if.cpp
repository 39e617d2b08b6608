// A loop with an if on the emu backend: elements above a limit are copied,
// the others scaled, and the kernel returns how many it kept (an int
// carried through the loop). Checked against a native reference.
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
// CHECK: kept 6 of 16
// CHECK-NEXT: PASS
// REPORT: "name": "emu_clip",
// REPORT: "launches": 1,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
int emu_clip(const int *in, int *out, int limit, int n) {
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    if (in[i] > limit) {
      out[i] = in[i];
      ++kept;
    } else {
      out[i] = in[i] * 3 - 1;
    }
  }
  return kept;
}

static int reference(const int *in, int *out, int limit, int n) {
  int kept = 0;
  for (int i = 0; i < n; ++i) {
    if (in[i] > limit) {
      out[i] = in[i];
      ++kept;
    } else {
      out[i] = in[i] * 3 - 1;
    }
  }
  return kept;
}

int main() {
  const int n = 16;
  int in[n], out[n], want[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 7) % 11 - 3;
  int kept = emu_clip(in, out, 3, n);
  int wantKept = reference(in, want, 3, n);
  bool ok = kept == wantKept;
  for (int i = 0; i < n; ++i)
    ok = ok && out[i] == want[i];
  std::printf("kept %d of %d\n", kept, n);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
