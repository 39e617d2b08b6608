// Kernels with `__restrict__` pointers on the emu backend, under
// LOOM_OFFLOAD=mandatory: each restrict parameter is an alias partition of
// its own (the remark names them), so a running sum's loads of `in` do not
// wait on its stores to `out`. The second kernel mixes a restrict pointer
// with two plain ones that the caller binds to one array: those stay in one
// conservative partition and their accesses stay ordered. Both results are
// compared with the same loops run natively outside any kernel.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe -Rpass-analysis=loom 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
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
// REMARK-DAG: remark: kernel 'emu_scan': spatial region '{{.+}}' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias) [-Rpass-analysis=loom]
// REMARK-DAG: remark: kernel 'emu_mix': spatial region '{{.+}}' orders memory in 2 alias partitions: {parameter 1, parameter 2} (may alias: no no-alias evidence), {parameter 0} (noalias) [-Rpass-analysis=loom]
// CHECK: scan[99] = 4950 mix[63] = 190
// CHECK-NEXT: PASS
// REPORT: "name": "emu_mix",
// REPORT: "emu": 2
// REPORT: "name": "emu_scan",
// REPORT: "emu": 1

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void emu_scan(const int *__restrict__ in, int *__restrict__ out, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    sum += in[i];
    out[i] = sum;
  }
}

LOOM_ACCEL()
void emu_mix(const int *__restrict__ w, const int *p, int *q, int n) {
  for (int i = 0; i < n; ++i)
    q[i + 1] = p[i] + w[i];
}

static void scanReference(const int *in, int *out, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i) {
    sum += in[i];
    out[i] = sum;
  }
}

static void mixReference(const int *w, const int *p, int *q, int n) {
  for (int i = 0; i < n; ++i)
    q[i + 1] = p[i] + w[i];
}

int main() {
  const int n = 100, m = 64;
  int in[n], out[n], outWant[n];
  for (int i = 0; i < n; ++i) {
    in[i] = i;
    out[i] = outWant[i] = -1;
  }
  emu_scan(in, out, n);
  scanReference(in, outWant, n);

  // Apart, then with p and q one array: q[i + 1] = q[i] + w[i].
  int w[m], p[m + 1], q[m + 1], pWant[m + 1], qWant[m + 1];
  int s[m + 1], sWant[m + 1];
  for (int i = 0; i <= m; ++i) {
    if (i < m)
      w[i] = i % 7;
    p[i] = pWant[i] = i;
    q[i] = qWant[i] = 0;
    s[i] = sWant[i] = 1;
  }
  emu_mix(w, p, q, m);
  mixReference(w, pWant, qWant, m);
  emu_mix(w, s, s, m);
  mixReference(w, sWant, sWant, m);

  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += out[i] != outWant[i];
  for (int i = 0; i <= m; ++i)
    errors += p[i] != pWant[i] || q[i] != qWant[i] || s[i] != sWant[i];
  std::printf("scan[99] = %d mix[63] = %d\n", out[99], s[63]);
  std::printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
