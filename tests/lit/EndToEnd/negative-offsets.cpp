// Kernels that index before their pointer argument: legal C through a
// pointer into the middle or the end of an array. The bounds derivation
// gives each such argument a range that starts below zero, the runtime binds
// it from that many elements before the pointer, and every access is
// checked against it (docs/runtime.md, "Bounds of pointer arguments"):
//
// - reverse_copy reads end[-i] for i in [0, n): indices [-(n - 1), 0];
// - smooth reads mid[i - 1 .. i + 1] for i in [-r + 1, r): [-r, r];
// - differences reads q[i - 1] and q[i] with q = p - 1: [-1, n - 1];
// - backwards walks a pointer down from `end` (`--p`);
// - flip_rows reads last[-r * cols + c], a 2-D walk from the last row;
// - gather reads center[offset[i]] with negative offsets: the index is data,
//   so `center` stays unchecked and the simulator addresses memory before
//   the pointer without a bound.
//
// Each used to crash the default sim backend (a negative position picked a
// memory bank below zero) or ran unchecked on emu.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: %run-everywhere %t.exe | FileCheck %s
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.sim.json \
// RUN:   %t.exe > /dev/null
// RUN: FileCheck %s --check-prefix=REPORT < %t.sim.json
//
// CHECK: reverse 520625 smooth 16718.0 diff 59622 back -116795 flip 67650 gather 7250.00
//
// The launch log lists the kernels by name.
// REPORT: "name": "backwards",
// REPORT: "name": "end",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "first_index": -69,
// REPORT-NEXT: "extent": 70
// REPORT: "name": "differences",
// REPORT: "name": "p",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "first_index": -1,
// REPORT-NEXT: "extent": 39
// REPORT: "name": "flip_rows",
// REPORT: "name": "last",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "first_index": -25,
// REPORT-NEXT: "extent": 30
// REPORT: "name": "gather",
// REPORT: "name": "center",
// REPORT-NEXT: "checked": false,
// REPORT: "name": "reverse_copy",
// REPORT: "name": "end",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "first_index": -49,
// REPORT-NEXT: "extent": 50
// REPORT: "name": "smooth",
// REPORT: "name": "mid",
// REPORT-NEXT: "checked": true,
// REPORT-NEXT: "first_index": -30,
// REPORT-NEXT: "extent": 61

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void reverse_copy(const int *end, int *o, int n) {
  for (int i = 0; i < n; ++i)
    o[i] = end[-i];
}

LOOM_ACCEL()
void smooth(const float *mid, float *out, int r) {
  for (int i = -r + 1; i < r; ++i)
    out[i + r] = mid[i - 1] + mid[i] + mid[i + 1];
}

LOOM_ACCEL()
void differences(const int *p, int *o, int n) {
  const int *q = p - 1;
  for (int i = 1; i <= n; ++i)
    o[i - 1] = p[i - 1] - q[i - 1] + q[i];
}

LOOM_ACCEL()
long backwards(const short *end, int n) {
  long s = 0;
  const short *p = end;
  for (int i = 0; i < n; ++i) {
    s += *p * (i + 1);
    --p;
  }
  return s;
}

LOOM_ACCEL()
void flip_rows(const int *last, int *out, int rows, int cols) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[r * cols + c] = last[-r * cols + c];
}

LOOM_ACCEL()
void gather(const float *center, const int *offset, float *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = center[offset[i]] * 2.0f;
}

int main() {
  int squares[50], reversed[50];
  for (int i = 0; i < 50; ++i)
    squares[i] = i * i;
  reverse_copy(squares + 49, reversed, 50);
  long reverseSum = 0;
  for (int i = 0; i < 50; ++i)
    reverseSum += (long)reversed[i] * (i + 1);

  float wave[64], smoothed[64] = {};
  for (int i = 0; i < 64; ++i)
    wave[i] = (float)(i % 7);
  smooth(wave + 32, smoothed, 30);
  double smoothSum = 0;
  for (int i = 0; i < 64; ++i)
    smoothSum += smoothed[i] * (i + 1);

  int steps[40], diffs[40];
  for (int i = 0; i < 40; ++i)
    steps[i] = i * 3 + (i & 1);
  differences(steps + 1, diffs, 38);
  long diffSum = 0;
  for (int i = 0; i < 38; ++i)
    diffSum += (long)diffs[i] * (i + 1);

  short ramp[70];
  for (int i = 0; i < 70; ++i)
    ramp[i] = (short)(i * 11 - 300);
  long back = backwards(ramp + 69, 70);

  int grid[30], flipped[30];
  for (int i = 0; i < 30; ++i)
    grid[i] = i * i - 7;
  flip_rows(grid + 25, flipped, 6, 5);
  long flipSum = 0;
  for (int i = 0; i < 30; ++i)
    flipSum += (long)flipped[i] * (i + 1);

  float line[41], gathered[30];
  int offsets[30];
  for (int i = 0; i < 41; ++i)
    line[i] = i * 0.5f - 3.0f;
  for (int i = 0; i < 30; ++i)
    offsets[i] = (i * 7) % 41 - 20;
  gather(line + 20, offsets, gathered, 30);
  double gatherSum = 0;
  for (int i = 0; i < 30; ++i)
    gatherSum += gathered[i] * (i + 1);

  std::printf("reverse %ld smooth %.1f diff %ld back %ld flip %ld gather "
              "%.2f\n",
              reverseSum, smoothSum, diffSum, back, flipSum, gatherSum);
  return 0;
}
