// The textbook merge with __restrict pointers: its two tail loops are
// proven parallel and become threads, and the first loop (a while loop
// whose two cursors advance by a data-dependent choice) becomes a rank-0
// thread of its own, so no part of the kernel runs on the host. The
// cursors it leaves bound the tail loops; they come back to the host
// through one-element slots. A loop around a parallel loop still stays
// host code (the host launches the inner loop's threads from it), and
// -Rpass-missed=loom says so at the loop.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED \
// RUN:   --implicit-check-not=remark:
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// MISSED: emu-merge-restrict.cpp:[[@LINE+41]]:3: remark: kernel 'relax': loop 'scf.for' stays host code of kernel 'relax(float*, int, int)': it contains a parallel loop, whose threads the host launches from it [-Rpass-missed=loom]
// No scf op is left in merge's program outside its graphs.
// RUN: FileCheck %s --check-prefix=DFG < %t.d/merge_restrict.dfg.mlir
// DFG-COUNT-3: dataflow.thread private
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | FileCheck %s
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.txt %t.sim.txt
// CHECK: merged 0 1 1 2 3 3 5 6 7 8 9 9 12
// CHECK-NEXT: relaxed 1.875 2 2.125 2.25 2.375
// CHECK-NEXT: PASS
// REPORT: "name": "merge_restrict",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 2
// REPORT-NEXT: },

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void merge_restrict(const int *__restrict a, int na, const int *__restrict b,
                    int nb, int *__restrict out) {
  int i = 0, j = 0, k = 0;
  while (i < na && j < nb) {
    if (a[i] <= b[j])
      out[k++] = a[i++];
    else
      out[k++] = b[j++];
  }
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

LOOM_ACCEL()
void relax(float *__restrict x, int n, int steps) {
  for (int s = 0; s < steps; ++s)
    for (int i = 0; i < n; ++i)
      x[i] = x[i] * 0.5f + 1.0f;
}

int main() {
  const int a[] = {0, 1, 3, 5, 7, 9, 12}, b[] = {1, 2, 3, 6, 8, 9};
  int out[13], empty[6];
  merge_restrict(a, 7, b, 6, out);
  merge_restrict(a, 0, b, 6, empty);
  bool ok = true;
  std::printf("merged");
  for (int k = 0; k < 13; ++k) {
    std::printf(" %d", out[k]);
    ok = ok && (k == 0 || out[k - 1] <= out[k]);
  }
  for (int k = 0; k < 6; ++k)
    ok = ok && empty[k] == b[k];
  float x[5] = {1, 2, 3, 4, 5};
  relax(x, 5, 3);
  std::printf("\nrelaxed");
  for (float v : x)
    std::printf(" %g", v);
  std::printf("\n%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
