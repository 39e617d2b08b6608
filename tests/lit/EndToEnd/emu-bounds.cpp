// Bounds of pointer arguments on the emu backend (docs/runtime.md, "Bounds
// of pointer arguments"). The compiler derives, per pointer parameter, the
// element indices the kernel accesses as an expression of its integer
// arguments; the runtime evaluates it at each launch and binds the caller's
// array with exactly that extent, so every access is bounds-checked.
//
// - emu_stencil reads in[i-1 .. i+1] for i in [1, n-1) and writes out[i]:
//   `in` is bound with n elements, `out` with n-1 (index 0 is never
//   written, n-1 neither);
// - emu_rows writes a[i * cols + j]: rows * cols elements, a product of two
//   arguments;
// - emu_gather reads x[idx[i]]: the index is data, so `x` stays unchecked
//   (a remark at compile time, `"checked": false` in the report) while
//   `idx` and `y` are checked;
// - emu_stencil with n = 1 runs no iteration: both pointers are bound with
//   no element and the launch succeeds, as the native loop does nothing.
//
// What this cannot detect: the bound comes from the kernel's own code, so a
// caller that passes arrays shorter than the kernel reads is not caught
// (emu reads past them as the native code does). What it detects is an
// access of the emulated program outside the range the source accesses (a
// miscompile or a manifest that does not match the artifact, see
// tests/unit/Runtime/EmuBoundsTest.cpp); every run below passing under
// LOOM_OFFLOAD=mandatory with checked arguments shows the derived bounds are
// not too small.
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
//
// REMARK-DAG: remark: kernel 'emu_stencil': argument 'in' (#0) is bounds-checked: its element indices lie in (hull {{.+}}) where %2 = 'n' [-Rpass-analysis=loom]
// REMARK-DAG: remark: kernel 'emu_stencil': argument 'out' (#1) is bounds-checked: its element indices lie in (zext 32 (for 1 (add 32 %2 -1))) where %2 = 'n' [-Rpass-analysis=loom]
// REMARK-DAG: remark: kernel 'emu_rows': argument 'a' (#0) is bounds-checked: its element indices lie in (add 32 (mul 32 (for 0 %1) %2) (for 0 %2)) where %1 = 'rows', %2 = 'cols' [-Rpass-analysis=loom]
// REMARK-DAG: remark: kernel 'emu_gather': argument 'x' (#0) is not bounds-checked: the index of 'memref.load' {{.*}}cannot be bounded: it depends on a value loaded from memory by 'memref.load' {{.*}}(a data-dependent index) [-Rpass-analysis=loom]
// REMARK-DAG: remark: kernel 'emu_gather': argument 'idx' (#1) is bounds-checked: its element indices lie in (zext 32 (for 0 %3)) where %3 = 'n' [-Rpass-analysis=loom]
//
// CHECK: stencil out[1] = 3 out[8] = 24 rows a[11] = 5 gather y[3] = 7
// CHECK-NEXT: PASS
//
// REPORT: "name": "emu_gather",
// REPORT: "pointer_arguments": [
// REPORT-NEXT: {
// REPORT-NEXT: "index": 0,
// REPORT-NEXT: "name": "x",
// REPORT-NEXT: "checked": false,
// REPORT-NEXT: "reason": "the index of 'memref.load' {{.*}}a data-dependent index)"
// REPORT: "name": "idx",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 4
// REPORT: "name": "y",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 4
// REPORT: "name": "emu_rows",
// REPORT: "name": "a",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 12
// REPORT: "name": "emu_stencil",
// REPORT: "name": "in",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 10
// REPORT: "name": "out",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 9
// REPORT: "name": "in",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 0
// REPORT: "name": "out",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "extent": 0

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void emu_stencil(const float *in, float *out, int n) {
  for (int i = 1; i < n - 1; ++i)
    out[i] = in[i - 1] + in[i] + in[i + 1];
}

LOOM_ACCEL()
void emu_rows(float *a, int rows, int cols) {
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      a[i * cols + j] = float(i + j);
}

LOOM_ACCEL()
void emu_gather(const float *x, const int *idx, float *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[idx[i]];
}

int main() {
  const int n = 10;
  float in[n], out[n], want[n];
  for (int i = 0; i < n; ++i) {
    in[i] = float(i);
    out[i] = want[i] = -1.0f;
  }
  emu_stencil(in, out, n);
  for (int i = 1; i < n - 1; ++i)
    want[i] = in[i - 1] + in[i] + in[i + 1];
  // No iteration: nothing is accessed, nothing changes.
  emu_stencil(in, out, 1);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += out[i] != want[i];

  float a[12];
  emu_rows(a, 3, 4);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      errors += a[i * 4 + j] != float(i + j);

  float x[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  int idx[4] = {6, 0, 3, 7};
  float y[4];
  emu_gather(x, idx, y, 4);
  for (int i = 0; i < 4; ++i)
    errors += y[i] != x[idx[i]];

  std::printf("stencil out[1] = %g out[8] = %g rows a[11] = %g gather y[3] = "
              "%g\n",
              out[1], out[8], a[11], y[3]);
  std::printf("%s\n", errors ? "FAIL" : "PASS");
  return errors ? 1 : 0;
}
