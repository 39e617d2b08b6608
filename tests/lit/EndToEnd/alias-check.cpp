// Kernels whose pointer parameters may overlap (no __restrict) also embed
// a no-alias program, compiled as if they could not; each launch compares
// the byte ranges the arguments access and runs the no-alias program when
// no written range overlaps another, the ordered one otherwise
// (docs/runtime.md, "Aliasing checked at launch"). axpy and pair_sum are
// called with disjoint and with overlapping arguments: every output equals
// the native loops' on host, emu and sim, the remark says the check
// exists, the report says which program ran and why, and on sim the
// disjoint axpy streams its 1024 iterations at about one per cycle (the
// ordered one carries them one after the other). A tampered no-alias
// artifact makes the kernel corrupt.
//
// RUN: rm -rf %t.temps
// RUN: %loom-clangxx -O2 %s -o %t.exe -Rpass-analysis=loom \
// RUN:   --loom-save-temps=%t.temps --loom-report=%t.compile.json 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: ls %t.temps | FileCheck %s --check-prefix=TEMPS
// RUN: FileCheck %s --check-prefix=COMPILE < %t.compile.json
// RUN: %run-everywhere %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.emu.json \
// RUN:   %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.emu.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.sim.json \
// RUN:   %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.sim.json
// RUN: FileCheck %s --check-prefix=RATE < %t.sim.json
//
// The no-alias program of axpy with one multiplication turned into an
// addition: its digest no longer matches, whatever the arguments.
// RUN: %loom-clangxx -O2 -S -emit-llvm %s -o %t.ll
// RUN: sed '/^@__loom.k0.noalias = /s/arith.mulf/arith.addf/' %t.ll \
// RUN:   > %t.tampered.ll
// RUN: not cmp -s %t.ll %t.tampered.ll
// RUN: %loom-clangxx -O2 %t.tampered.ll -o %t.tampered.exe
// RUN: not env LOOM_OFFLOAD=mandatory %t.tampered.exe 2> %t.tampered.txt
// RUN: FileCheck %s --check-prefix=TAMPERED < %t.tampered.txt
//
// REMARK: remark: kernel 'axpy': arguments 'x' (#0) and 'y' (#1) may overlap, so each launch compares the ranges they access: the kernel's no-alias program runs when no written range overlaps another, the ordered one otherwise [-Rpass-analysis=loom]
// REMARK: remark: kernel 'pair_sum': arguments 'a' (#0) and 'b' (#1) may overlap, so each launch compares the ranges they access: the kernel's no-alias program runs when no written range overlaps another, the ordered one otherwise [-Rpass-analysis=loom]
// TEMPS: axpy.dfg.mlir
// TEMPS: axpy.noalias.dfg.mlir
// TEMPS: pair_sum.noalias.dfg.mlir
// COMPILE: "name": "axpy",
// COMPILE-NEXT: "noalias_program": true,
// COMPILE: "name": "pair_sum",
// COMPILE-NEXT: "noalias_program": true,
//
// CHECK: axpy apart 119833.5
// CHECK-NEXT: axpy overlapping 167095.5
// CHECK-NEXT: pair_sum apart 94974.0
// CHECK-NEXT: pair_sum b = a + 1 12264280.0
// CHECK-NEXT: pair_sum b = a - 1 95919.0
// CHECK-NEXT: PASS
//
// REPORT: "name": "axpy",
// REPORT: "alias_check": {
// REPORT-NEXT: "ran": "noalias",
// REPORT-NEXT: "why": "x [0, 4096) and y [4096, 8192) do not overlap"
// REPORT: "alias_check": {
// REPORT-NEXT: "ran": "ordered",
// REPORT-NEXT: "why": "x [0, 4096) overlaps y [2048, 6144)"
// REPORT: "name": "pair_sum",
// REPORT: "alias_check": {
// REPORT-NEXT: "ran": "noalias",
// REPORT-NEXT: "why": "a [0, 4100) and b [4400, 8496) do not overlap"
// REPORT: "alias_check": {
// REPORT-NEXT: "ran": "ordered",
// REPORT-NEXT: "why": "a [0, 4100) overlaps b [4, 4100)"
// REPORT: "alias_check": {
// REPORT-NEXT: "ran": "ordered",
// REPORT-NEXT: "why": "a [4, 4104) overlaps b [0, 4096)"
//
// The disjoint axpy's 1024 iterations are pipelined instances at 0.9 or
// more per cycle; the overlapping one's are iterations of one carry.
// RATE: "name": "axpy",
// RATE: "loop": "pipelined instances",
// RATE-NEXT: "iterations": 1024,
// RATE-NEXT: "cycles":
// RATE-NEXT: "iterations_per_cycle": {{0\.9[0-9]*|[1-9](\.[0-9]*)?}},
// RATE: "ran": "noalias",
// RATE: "loop": "'dataflow.carry' at axpy.dfg.mlir:{{[0-9]+}}:{{[0-9]+}}",
// RATE-NEXT: "iterations": 1024,
// RATE: "ran": "ordered",
//
// TAMPERED: loom: error: kernel 'axpy': loom_rt_launch: kernel 'axpy' ({{.+}}alias-check.cpp:{{[0-9]+}}:6) cannot be offloaded: corrupt no-alias artifact: its SHA-256 is {{[0-9a-f]+}} but the descriptor expects {{[0-9a-f]+}}

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void axpy(const float *x, float *y, float a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

LOOM_ACCEL()
void pair_sum(const float *a, float *b, int n) {
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + a[i + 1];
}

static void axpyReference(const float *x, float *y, float a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

static void pairSumReference(const float *a, float *b, int n) {
  for (int i = 0; i < n; ++i)
    b[i] = a[i] + a[i + 1];
}

constexpr int kSize = 3000, kN = 1024;
static float buf[kSize], want[kSize];

static void fill() {
  for (int i = 0; i < kSize; ++i)
    buf[i] = want[i] = static_cast<float>(i % 97) * 0.5f;
}

/// Counts the elements that differ from the native loops' and prints a
/// checksum of `buf`.
static int compare(const char *what) {
  int errors = 0;
  double sum = 0;
  for (int i = 0; i < kSize; ++i) {
    errors += buf[i] != want[i];
    sum += buf[i];
  }
  std::printf("%s %.1f\n", what, sum);
  return errors;
}

int main() {
  int errors = 0;
  // Apart: x [0, 4096) and y [4096, 8192) bytes.
  fill();
  axpy(buf, buf + kN, 2.0f, kN);
  axpyReference(want, want + kN, 2.0f, kN);
  errors += compare("axpy apart");
  // y half a vector after x: y[i] is x[i + 512], written before it is read.
  fill();
  axpy(buf, buf + kN / 2, 2.0f, kN);
  axpyReference(want, want + kN / 2, 2.0f, kN);
  errors += compare("axpy overlapping");

  // Apart, then b one element after a: b[i] = a[i + 1], which the next
  // iteration reads; then b one before a.
  fill();
  pair_sum(buf, buf + 1100, kN);
  pairSumReference(want, want + 1100, kN);
  errors += compare("pair_sum apart");
  fill();
  pair_sum(buf, buf + 1, kN);
  pairSumReference(want, want + 1, kN);
  errors += compare("pair_sum b = a + 1");
  fill();
  pair_sum(buf + 1, buf, kN);
  pairSumReference(want + 1, want, kN);
  errors += compare("pair_sum b = a - 1");

  std::printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
