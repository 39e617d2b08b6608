// Stack arrays on the emu backend: a FIR whose shift register is a
// zero-initialized local array (llvm.intr.memset), a per-block staging
// array inside a loop, a local 4x4 tile, and a staging array inside a
// LOOM_PARALLEL loop (one array per thread instance), and a constant table
// read in place (a local copy of the global). Each kernel's local
// array becomes a memref.alloca hoisted into its thread and bound to the
// graph as a memory input; the emu run must print what the native run
// prints.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe > %t.emu.txt
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.emu.txt
// RUN: diff %t.emu.txt %t.host.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same program on the cycle simulator (the default backend): its
// output equals the native run's. Not under mandatory offload: the mapper does not place emu_tile_transpose's graph on cgra-8x8
// within its 10 s budget, so that kernel runs on the emulator
// (the launch decision says why).
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: fir: out[0] = 0.5 out[5] = 3.45 out[19] = 16.3
// CHECK-NEXT: reverse: out[0] = 14 out[9] = 28 out[23] = 32
// CHECK-NEXT: tile: out[1] = 8 out[4] = 2 out[31] = 62
// CHECK-NEXT: parallel: out[0] = 3 out[6] = 6 out[11] = 10
// CHECK-NEXT: table: out[0] = 0 out[5] = 45 out[13] = 13
// CHECK-NEXT: PASS
// REPORT: "name": "emu_fir",
// REPORT: "emu": 1
// REPORT: "name": "emu_parallel_rows",
// REPORT: "emu": 1
// REPORT: "name": "emu_reverse_blocks",
// REPORT: "emu": 1
// REPORT: "name": "emu_tile_transpose",
// REPORT: "emu": 1
// REPORT: "name": "emu_weigh",
// REPORT: "emu": 1

#include <loom/loom.h>

#include <cstdio>

constexpr int N = 20, Blocks = 3, Tiles = 2;

LOOM_ACCEL()
void emu_fir(const float *in, const float *coef, float *out, int n) {
  float shift[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < n; ++i) {
    for (int t = 7; t > 0; --t)
      shift[t] = shift[t - 1];
    shift[0] = in[i];
    float acc = 0.0f;
    for (int t = 0; t < 8; ++t)
      acc += shift[t] * coef[t];
    out[i] = acc;
  }
}

LOOM_ACCEL()
void emu_reverse_blocks(const int *in, int *out, int blocks) {
  for (int b = 0; b < blocks; ++b) {
    int tmp[8];
    for (int j = 0; j < 8; ++j)
      tmp[j] = in[b * 8 + j];
    for (int j = 0; j < 8; ++j)
      out[b * 8 + j] = tmp[7 - j] * 2;
  }
}

LOOM_ACCEL()
void emu_tile_transpose(const int *a, int *out, int tiles) {
  for (int b = 0; b < tiles; ++b) {
    int t[4][4];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        t[i][j] = a[b * 16 + i * 4 + j];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        out[b * 16 + i * 4 + j] = t[j][i] * 2;
  }
}

LOOM_ACCEL()
void emu_parallel_rows(const int *in, int *out, int blocks) {
  LOOM_PARALLEL()
  for (int b = 0; b < blocks; ++b) {
    int tmp[4];
    for (int j = 0; j < 4; ++j)
      tmp[j] = in[b * 4 + j];
    for (int j = 0; j < 4; ++j)
      out[b * 4 + j] = tmp[3 - j] + b;
  }
}

LOOM_ACCEL()
void emu_weigh(const int *in, int *out, int n) {
  const int c[6] = {3, 1, 4, 1, 5, 9};
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * c[i % 6];
}

// Native references, written without local arrays.
static float firReference(const float *in, const float *coef, int i) {
  float acc = 0.0f;
  for (int t = 0; t < 8; ++t)
    acc += (i - t >= 0 ? in[i - t] : 0.0f) * coef[t];
  return acc;
}

int main() {
  float in[N], coef[8], out[N];
  for (int i = 0; i < N; ++i)
    in[i] = 0.25f * static_cast<float>(i + 2);
  for (int t = 0; t < 8; ++t)
    coef[t] = t % 2 == 0 ? 1.0f : -0.1f;
  emu_fir(in, coef, out, N);
  bool ok = true;
  for (int i = 0; i < N; ++i)
    ok = ok && out[i] == firReference(in, coef, i);
  std::printf("fir: out[0] = %g out[5] = %g out[19] = %g\n", out[0], out[5],
              out[19]);

  int values[Blocks * 8], reversed[Blocks * 8];
  for (int i = 0; i < Blocks * 8; ++i)
    values[i] = i;
  emu_reverse_blocks(values, reversed, Blocks);
  for (int i = 0; i < Blocks * 8; ++i)
    ok = ok && reversed[i] == 2 * ((i / 8) * 8 + 7 - i % 8);
  std::printf("reverse: out[0] = %d out[9] = %d out[23] = %d\n", reversed[0],
              reversed[9], reversed[23]);

  int tiles[Tiles * 16], transposed[Tiles * 16];
  for (int i = 0; i < Tiles * 16; ++i)
    tiles[i] = i;
  emu_tile_transpose(tiles, transposed, Tiles);
  for (int b = 0; b < Tiles; ++b)
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        ok = ok &&
             transposed[b * 16 + i * 4 + j] == 2 * tiles[b * 16 + j * 4 + i];
  std::printf("tile: out[1] = %d out[4] = %d out[31] = %d\n", transposed[1],
              transposed[4], transposed[31]);
  int rows[12], rowsOut[12];
  for (int i = 0; i < 12; ++i)
    rows[i] = i;
  emu_parallel_rows(rows, rowsOut, 3);
  for (int i = 0; i < 12; ++i)
    ok = ok && rowsOut[i] == (i / 4) * 4 + 3 - i % 4 + i / 4;
  std::printf("parallel: out[0] = %d out[6] = %d out[11] = %d\n", rowsOut[0],
              rowsOut[6], rowsOut[11]);
  int weights[14], weighed[14];
  const int table[6] = {3, 1, 4, 1, 5, 9};
  for (int i = 0; i < 14; ++i)
    weights[i] = i;
  emu_weigh(weights, weighed, 14);
  for (int i = 0; i < 14; ++i)
    ok = ok && weighed[i] == i * table[i % 6];
  std::printf("table: out[0] = %d out[5] = %d out[13] = %d\n", weighed[0],
              weighed[5], weighed[13]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
