// Kernels in which no spatial region forms get no artifact from the kernel
// compiler: `wait_flag` is one volatile spin loop (the `spin` kernel of
// RaisingCorpus/check-tool.cpp), `hypot_all` calls hypotf, which stays a
// call with no dataflow actor (as in RaisingCorpus/libm-calls.cpp). Their
// artifact is never generated, so LOOM_BACKEND=emu cannot run them:
// - under LOOM_OFFLOAD=mandatory the first launch is an error naming the
//   kernel and the compiler's reason, and nothing runs natively;
// - under the default policy they run natively, and LOOM_REPORT says why.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=emu LOOM_REPORT=%t.json %t.exe | FileCheck %s
// The kernels are listed in registration order, so one check each.
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: FileCheck %s --check-prefix=REPORT-HYPOT < %t.json
// CHECK: h[3] = 5
// CHECK-NEXT: PASS
// REPORT: "name": "wait_flag",
// REPORT-NEXT: "source_location": "{{.*}}emu-no-artifact.cpp:[[#]]:6",
// REPORT-NEXT: "launches": 1,
// REPORT-NEXT: "backend_requested": "emu",
// REPORT-NEXT: "ran_on": {
// REPORT-NEXT: "host": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": false,
// REPORT-NEXT: "reason": "no artifact: no part of the kernel can run on the SpatialCore: no spatial region was formed",
// REPORT-HYPOT: "name": "hypot_all",
// REPORT-HYPOT: "ran_on": {
// REPORT-HYPOT-NEXT: "host": 1
// REPORT-HYPOT-NEXT: },
// REPORT-HYPOT-NEXT: "offloadable": false,
// REPORT-HYPOT-NEXT: "reason": "no artifact: no part of the kernel can run on the SpatialCore: no spatial region was formed",
//
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory \
// RUN:   sh -c '%t.exe; echo "exit code $?"' > %t.mandatory 2>&1
// RUN: FileCheck %s --check-prefix=MANDATORY < %t.mandatory
// MANDATORY: loom: error: kernel 'wait_flag': loom_rt_launch: kernel 'wait_flag' ({{.*}}emu-no-artifact.cpp:[[#]]:6) cannot be offloaded: no artifact: no part of the kernel can run on the SpatialCore: no spatial region was formed
// MANDATORY-NOT: PASS
// MANDATORY: exit code 1
// The second kernel alone, refused for its own reason.
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory \
// RUN:   sh -c '%t.exe hypot; echo "exit code $?"' > %t.hypot 2>&1
// RUN: FileCheck %s --check-prefix=HYPOT < %t.hypot
// HYPOT: loom: error: kernel 'hypot_all': loom_rt_launch: kernel 'hypot_all' ({{.*}}emu-no-artifact.cpp:[[#]]:6) cannot be offloaded: no artifact: no part of the kernel can run on the SpatialCore: no spatial region was formed
// HYPOT-NOT: PASS
// HYPOT: exit code 1

#include <loom/loom.h>

#include <cmath>
#include <cstdio>
#include <cstring>

LOOM_ACCEL()
void wait_flag(volatile int *flag) {
  while (*flag == 0) {
  }
}

LOOM_ACCEL()
void hypot_all(const float *x, const float *y, float *h, int n) {
  for (int i = 0; i < n; ++i)
    h[i] = hypotf(x[i], y[i]);
}

int main(int argc, char **argv) {
  bool onlyHypot = argc > 1 && std::strcmp(argv[1], "hypot") == 0;
  // Set already: the native spin ends at once.
  volatile int flag = 1;
  if (!onlyHypot)
    wait_flag(&flag);
  const int n = 8;
  float x[n], y[n], h[n];
  for (int i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = float(i) + 1.0f;
  }
  x[3] = 3.0f;
  y[3] = 4.0f;
  hypot_all(x, y, h, n);
  std::printf("h[3] = %g\n", h[3]);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok &= h[i] == hypotf(x[i], y[i]);
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
