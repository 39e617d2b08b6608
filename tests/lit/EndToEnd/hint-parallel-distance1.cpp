// A wrong LOOM_PARALLEL on a prefix sum: iteration i reads out[i - 1],
// which iteration i - 1 writes (a dependence of distance 1 through
// memory). The dependence analysis disproves the hint: the compile warns at
// the hint and the loop stays sequential, so the program prints the native
// results on host, emu and sim (LOOM_OFFLOAD=mandatory, LOOM_WORKERS=1, 2
// and 4).
//
// The warning is a remark of -Rpass-analysis=loom until the driver reports
// it as a clang warning; the pattern accepts both.
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// WARN-DAG: hint-parallel-distance1.cpp:[[@LINE+11]]:{{[0-9]+}}: {{(warning|remark)}}: {{(kernel '.*': )?}}LOOM_PARALLEL ignored: iteration i reads 'out[i - 1]' (line 25), written by iteration i - 1 (line 25) [-Wloom-hint]
// WARN-DAG: remark: kernel 'prefix_sum': loop stays sequential: iteration i reads 'out[i - 1]' (line 25), written by iteration i - 1 (line 25)
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: out[1] = -11 out[31] = 1264 checksum = f756e190

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void prefix_sum(int *out, const int *in, int n) {
  LOOM_PARALLEL()
  for (int i = 1; i < n; ++i)
    out[i] = out[i - 1] + in[i];
}

int main() {
  const int n = 32;
  int in[n], out[n];
  for (int i = 0; i < n; ++i) {
    in[i] = i * 3 - 7;
    out[i] = 0;
  }
  out[0] = in[0];
  prefix_sum(out, in, n);
  unsigned sum = 0;
  for (int i = 0; i < n; ++i)
    sum = sum * 31u + unsigned(out[i]);
  std::printf("out[1] = %d out[31] = %d checksum = %08x\n", out[1], out[31],
              sum);
  return 0;
}

// The run report and the compile report say why the loop ran in order.
// RUN: env LOOM_REPORT=%t.report.json %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.report.json
// REPORT: "hint_warnings": [
// REPORT-NEXT: {
// REPORT-NEXT: "location": "{{.*}}hint-parallel-distance1.cpp:23:3",
// REPORT-NEXT: "message": "LOOM_PARALLEL ignored: iteration i reads 'out[i - 1]' (line 25), written by iteration i - 1 (line 25)"
// RUN: %loom-clangxx -O2 -c %s -o %t.o --loom-report=%t.compile.json 2> /dev/null
// RUN: FileCheck %s --check-prefix=COMPILE < %t.compile.json
// COMPILE: "hint_warnings": [
// COMPILE-NEXT: {
// COMPILE-NEXT: "location": "{{.*}}hint-parallel-distance1.cpp:23:3",
