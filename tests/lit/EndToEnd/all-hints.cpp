// Every hint form of <loom/loom.h> in one program. With loom-clang++ the
// hints are validated and carried into the IR and the kernels run through
// the runtime; with g++ or a plain clang++ the header turns every macro into
// nothing and the program is ordinary C++. All builds print the same.
//
// RUN: %loom-clangxx -O2 -Wall -Wextra -Werror %s -o %t.loom.exe
// RUN: %loom-clangxx -O0 %s -o %t.loom0.exe
// RUN: g++ -O2 -Wall -Wextra -Wno-unknown-pragmas -Werror -I%loom_src_root/hints-header/include %s -o %t.gxx.exe
// RUN: %clangxx -O2 -Wall -Wextra -Wno-unknown-pragmas -Werror -I%loom_src_root/hints-header/include %s -o %t.clang.exe
// RUN: %t.gxx.exe > %t.gxx.txt
// RUN: FileCheck %s < %t.gxx.txt
// RUN: %t.loom.exe | diff - %t.gxx.txt
// RUN: %t.loom0.exe | diff - %t.gxx.txt
// RUN: env LOOM_BACKEND=host %t.loom.exe | diff - %t.gxx.txt
// RUN: %t.clang.exe | diff - %t.gxx.txt
// CHECK: vadd 30
// CHECK-NEXT: reductions 36 40320 1 8 0 15 8
// CHECK-NEXT: loops 120 120 120 120 120 120 120 120 120 120 120 120 120 120
// CHECK-NEXT: targets 10 20 30 46
// CHECK-NEXT: candidates 28 140
// CHECK-NEXT: PASS
//
// The loom-clang++ build really launched the kernels: one report entry per
// kernel, none of them for the LOOM_NO_ACCEL function.
// RUN: env LOOM_REPORT=%t.json %t.loom.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT-DAG: "name": "accel_default",
// REPORT-DAG: "name": "accel_named",
// REPORT-DAG: "name": "kernel_default",
// REPORT-DAG: "name": "kernel_named",
// REPORT-DAG: "name": "on_spatial",
// REPORT-DAG: "name": "on_temporal",
// REPORT-DAG: "name": "on_pe",
// REPORT-DAG: "name": "candidate_function",
// REPORT-DAG: "name": "main.loop0",
// REPORT-NOT: host_only
// RUN: env LOOM_REPORT=%t.json %t.loom.exe > /dev/null
// (Kernel entries only: the launch logs of offloaded kernels name their
// pointer arguments too.)
// RUN: grep -c '^      "name"' %t.json | FileCheck %s --check-prefix=COUNT
// COUNT: 9
//
// Under the emulator the output equals the native run's. All nine kernels
// run as dataflow programs: accel_named and kernel_default call printf (and
// putchar) from their InstructionCore code, which the emu interpreter calls
// through libffi. Two workers run the LOOM_PARALLEL loops' instances
// concurrently.
// RUN: env LOOM_BACKEND=emu LOOM_WORKERS=2 LOOM_REPORT=%t.emu.json %t.loom.exe | diff - %t.gxx.txt
// RUN: FileCheck %s --check-prefix=EMU-REPORT < %t.emu.json
// EMU-REPORT: "name": "accel_default",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "accel_named",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "candidate_function",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "kernel_default",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "kernel_named",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "main.loop0",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "on_pe",
// EMU-REPORT: "emu": 2
// EMU-REPORT: "name": "on_spatial",
// EMU-REPORT: "emu": 1
// EMU-REPORT: "name": "on_temporal",
// EMU-REPORT: "emu": 1
// EMU-REPORT-NOT: "host": 1
// Mandatory offload is satisfied by every kernel.
// RUN: env LOOM_BACKEND=emu LOOM_WORKERS=2 LOOM_OFFLOAD=mandatory %t.loom.exe | diff - %t.gxx.txt
// The same program on the cycle simulator (the default backend), under
// mandatory offload: its output equals the native run's. kernel_default's
// sequential loops next to its parallel ones form one graph, which the
// mapper cannot route on cgra-8x8 (a link would carry 3 values on 2
// channels), so that kernel runs its split program: one graph per loop,
// launched in sequence (docs/compiler.md, "Graph splitting").
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.sim.json %t.loom.exe | diff - %t.gxx.txt
// RUN: FileCheck %s --check-prefix=SIM-REPORT < %t.sim.json
// SIM-REPORT: "name": "accel_default",
// SIM-REPORT: "sim": 1
// SIM-REPORT: "name": "kernel_default",
// SIM-REPORT: "sim": 1
// SIM-REPORT: "split_graphs": 17,
// SIM-REPORT-NEXT: "split_reason": "graph @{{.+}} cannot be mapped on cgra-8x8: cannot route
// SIM-REPORT: "name": "kernel_named",
// SIM-REPORT: "sim": 1

#include <loom/loom.h>

#include <cstdio>

// ---- function hints --------------------------------------------------------

LOOM_ACCEL()
void accel_default(LOOM_STREAM const int *a, LOOM_STREAM const int *b, int *c,
                   int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + b[i];
}

LOOM_ACCEL("accel_named")
int accel_body(LOOM_MEMORY_BANK(4) const int *v,
               LOOM_REDUCE(+) int start, int n) {
  LOOM_REDUCE(+) int s = start;
  LOOM_REDUCE(*) int p = 1;
  LOOM_REDUCE(min) int lo = v[0];
  LOOM_REDUCE(max) int hi = v[0];
  LOOM_REDUCE(&) int all = -1;
  LOOM_REDUCE(|) int any = 0;
  LOOM_REDUCE("|") int any2 = 0;
  LOOM_REDUCE(^) int x = 0;
  for (int i = 0; i < n; ++i) {
    s += v[i];
    p *= v[i];
    lo = v[i] < lo ? v[i] : lo;
    hi = v[i] > hi ? v[i] : hi;
    all &= v[i];
    any |= v[i];
    any2 |= v[i];
    x ^= v[i];
  }
  std::printf("reductions %d %d %d %d %d %d %d\n", s, p, lo, hi, all,
              any | any2, x);
  return s;
}

LOOM_KERNEL()
int kernel_default(LOOM_MEMORY_BANK(2, cyclic) int *a,
                   LOOM_MEMORY_BANK(2, block) int *b, int n) {
  // Every loop hint form, each on its own loop; all loops compute the same
  // sum so the output is easy to check.
  // The LOOM_PARALLEL loops promise independent iterations, so each writes
  // one element per iteration; their sums are taken by a sequential loop.
  int r[14] = {};
  int t[5][64];
  n = n < 64 ? n : 64;
  LOOM_PARALLEL(4)
  for (int i = 0; i < n; ++i) t[0][i] = a[i];
  LOOM_PARALLEL(4, contiguous)
  for (int i = 0; i < n; ++i) t[1][i] = a[i];
  LOOM_PARALLEL(4, interleaved)
  for (int i = 0; i < n; ++i) t[2][i] = a[i];
  LOOM_PARALLEL(2, CONTIGUOUS)
  for (int i = 0; i < n; ++i) t[3][i] = a[i];
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i) r[4] += a[i];
  LOOM_UNROLL()
  for (int i = 0; i < n; ++i) r[5] += a[i];
  LOOM_UNROLL(4)
  for (int i = 0; i < n; ++i) r[6] += a[i];
  LOOM_NO_UNROLL
  for (int i = 0; i < n; ++i) r[7] += a[i];
  LOOM_TRIPCOUNT(16)
  for (int i = 0; i < n; ++i) r[8] += a[i];
  LOOM_TRIPCOUNT_RANGE(1, 64)
  for (int i = 0; i < n; ++i) r[9] += a[i];
  LOOM_TRIPCOUNT_TYPICAL(16, 1, 64)
  for (int i = 0; i < n; ++i) r[10] += a[i];
  LOOM_TRIPCOUNT_FULL(16, 16, 1, 64)
  for (int i = 0; i < n; ++i) r[11] += a[i];
  // Stacked hints, a while loop and a do loop.
  LOOM_PARALLEL(8, Interleaved)
  LOOM_UNROLL(2)
  LOOM_TRIPCOUNT(16)
  LOOM_TRIPCOUNT_RANGE(16, 16)
  for (int i = 0; i < n; ++i) t[4][i] = a[i];
  for (int i = 0; i < n; ++i) {
    r[0] += t[0][i];
    r[1] += t[1][i];
    r[2] += t[2][i];
    r[3] += t[3][i];
    r[12] += t[4][i];
  }
  int i = 0;
  LOOM_NO_PARALLEL
  LOOM_NO_UNROLL
  while (i < n) r[13] += b[i++];
  int j = 0;
  LOOM_TRIPCOUNT(16)
  do {
    b[j] += 0;
  } while (++j < n);
  std::printf("loops");
  for (int k = 0; k < 14; ++k)
    std::printf(" %d", r[k]);
  std::printf("\n");
  return r[0];
}

LOOM_KERNEL("kernel_named")
void kernel_body(int *out, int v) { *out = v; }

LOOM_NO_ACCEL
int host_only(int v) { return v; }

LOOM_TARGET("spatial")
LOOM_ACCEL("on_spatial")
int spatial(int v) { return v; }

LOOM_ACCEL("on_temporal")
LOOM_TARGET("temporal")
int temporal(int v) { return 2 * v; }

LOOM_TARGET("pe[1,2]")
LOOM_KERNEL("on_pe")
int pe(LOOM_TARGET("rom") const int *table, LOOM_TARGET("extmemory") int *mem) {
  return table[2] + mem[0];
}

LOOM_TARGET("rom") const int kTable[4] = {10, 20, 30, 40};
LOOM_TARGET("extmemory") int gMemory[4] = {16, 0, 0, 0};

#pragma loom candidate
int candidate_function(const int *v, int n) {
  int s = 0;
  for (int k = 0; k < n; ++k)
    s += v[k];
  return s;
}

int main() {
  int a[16], b[16], c[16];
  for (int i = 0; i < 16; ++i) {
    a[i] = i;
    b[i] = i;
  }
  accel_default(a, b, c, 16);
  std::printf("vadd %d\n", c[15]);
  bool ok = c[15] == 30;

  int v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  ok = ok && accel_body(v, 0, 8) == 36;
  ok = ok && kernel_default(a, b, 16) == 120;

  int out = 0;
  kernel_body(&out, host_only(10));
  std::printf("targets %d %d %d %d\n", out, spatial(20), temporal(15),
              pe(kTable, gMemory));
  ok = ok && out == 10 && pe(kTable, gMemory) == 46;

  int squares[8], total = 0;
#pragma loom candidate
  for (int i = 0; i < 8; ++i)
    squares[i] = i * i;
  for (int i = 0; i < 8; ++i)
    total += squares[i];
  std::printf("candidates %d %d\n", candidate_function(v, 7), total);
  ok = ok && total == 140;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
