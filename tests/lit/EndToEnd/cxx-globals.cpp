// Globals and statics in kernels (issue H, item 2): a small constant table
// (copied into a local array of the graph by the raising), a 256-entry
// constant table and a written namespace-scope array (memory roots bound to
// the program's own objects at every launch), a function-static array and a
// global counter a kernel adds to. The host sees the kernel's writes.
//
// RUN: %loom-clangxx -std=c++20 -O2 -Rpass-missed=loom -Rpass-analysis=loom \
// RUN:   %s -o %t.exe 2>&1 | FileCheck %s --check-prefix=REMARK \
// RUN:   --implicit-check-not=Rpass-missed
// REMARK-DAG: remark: kernel 'popcount8': the global 'kByteBits' is a memory root of the dataflow program, taken at every launch (implicit argument #3)
// REMARK-DAG: remark: kernel 'crc': the global 'kCrcTable' is a memory root of the dataflow program, taken at every launch (implicit argument #2)
// REMARK-DAG: remark: kernel 'accumulate': the global 'gCounter' is a memory root of the dataflow program, taken at every launch
// REMARK-DAG: remark: kernel 'accumulate': the global 'gHistory' is a memory root of the dataflow program, taken at every launch
// A global read as an int and as floats is two memory roots over it.
// REMARK-DAG: remark: kernel 'configured': the global 'gConfig' is a memory root of the dataflow program, taken at every launch (implicit argument #2)
// REMARK-DAG: remark: kernel 'configured': the global 'gConfig' is a memory root of the dataflow program, taken at every launch (implicit argument #3)
// REMARK-DAG: remark: kernel 'smooth': the global 'smooth(float const*, float*, int)::state' is a memory root of the dataflow program, taken at every launch
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: popcount 0
// CHECK-NEXT: popcount8 0
// CHECK-NEXT: crc 0x{{[0-9a-f]+}} 0
// CHECK-NEXT: counter 300 history 0
// CHECK-NEXT: smooth 0
// CHECK-NEXT: configured 0
// CHECK-NEXT: aliased 7 0
// CHECK-NEXT: PASS

#include <loom/loom.h>

#include <array>
#include <cstdint>
#include <cstdio>

static const uint8_t kNibbleBits[16] = {0, 1, 1, 2, 1, 2, 2, 3,
                                        1, 2, 2, 3, 2, 3, 3, 4};

LOOM_ACCEL()
void popcount(const uint8_t *in, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = kNibbleBits[in[i] & 15] + kNibbleBits[in[i] >> 4];
}

// A constant table too large to copy: read in place, as read-only memory.
static constexpr std::array<uint8_t, 256> kByteBits = [] {
  std::array<uint8_t, 256> table{};
  for (int i = 0; i < 256; ++i)
    table[i] = uint8_t(__builtin_popcount(i));
  return table;
}();

LOOM_ACCEL()
void popcount8(const uint8_t *in, int *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = kByteBits[in[i]];
}

static uint32_t kCrcTable[256];

static void initCrcTable() {
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k)
      c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    kCrcTable[i] = c;
  }
}

LOOM_ACCEL()
uint32_t crc(const uint8_t *data, int n) {
  uint32_t c = 0xFFFFFFFFu;
  for (int i = 0; i < n; ++i)
    c = kCrcTable[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

int gCounter = 0;
float gHistory[64];

LOOM_ACCEL()
void accumulate(const float *in, int n) {
  for (int i = 0; i < n; ++i)
    gHistory[i % 64] = in[i] * 0.5f;
  gCounter += n;
}

LOOM_ACCEL()
void smooth(const float *in, float *out, int n) {
  static float state[4] = {0, 0, 0, 0};
  for (int i = 0; i < n; ++i) {
    state[i % 4] = 0.5f * state[i % 4] + in[i];
    out[i] = state[i % 4];
  }
}

// A global is memory read in program order, never a snapshot taken at the
// launch: an argument may point into it.
struct Config {
  int count;
  float scale, bias;
};
Config gConfig = {64, 2.0f, 0.5f};

LOOM_ACCEL()
void configured(const float *in, float *out) {
  for (int i = 0; i < gConfig.count; ++i)
    out[i] = in[i] * gConfig.scale + gConfig.bias;
}

int gTotal = 0;

LOOM_ACCEL()
int addThenRead(int *cell, const int *in, int n) {
  for (int i = 0; i < n; ++i)
    *cell += in[i];
  return gTotal;
}

int main() {
  constexpr int n = 100;
  uint8_t bytes[256];
  int bits[256], bad = 0, total = 0;
  for (int i = 0; i < 256; ++i)
    bytes[i] = uint8_t(i);
  popcount(bytes, bits, 256);
  for (int i = 0; i < 256; ++i)
    bad += bits[i] != __builtin_popcount(i);
  std::printf("popcount %d\n", bad);
  total += bad;
  popcount8(bytes, bits, 256);
  bad = 0;
  for (int i = 0; i < 256; ++i)
    bad += bits[i] != __builtin_popcount(i);
  std::printf("popcount8 %d\n", bad);
  total += bad;

  initCrcTable();
  uint32_t c = crc(bytes, 256), expect = 0xFFFFFFFFu;
  for (int i = 0; i < 256; ++i)
    expect = kCrcTable[(expect ^ bytes[i]) & 0xFF] ^ (expect >> 8);
  expect ^= 0xFFFFFFFFu;
  std::printf("crc 0x%08x %d\n", unsigned(c), c != expect);
  total += c != expect;

  float in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = float(i) - 20.0f;
  for (int round = 0; round < 3; ++round)
    accumulate(in, n);
  bad = 0;
  for (int i = 36; i < 100; ++i)
    bad += gHistory[i % 64] != in[i] * 0.5f;
  std::printf("counter %d history %d\n", gCounter, bad);
  total += gCounter != 300 || bad;

  smooth(in, out, n);
  smooth(in, out, n);
  float state[4] = {0, 0, 0, 0}, expectOut[n];
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < n; ++i) {
      state[i % 4] = 0.5f * state[i % 4] + in[i];
      expectOut[i] = state[i % 4];
    }
  bad = 0;
  for (int i = 0; i < n; ++i)
    bad += out[i] != expectOut[i];
  std::printf("smooth %d\n", bad);
  total += bad;

  gConfig.scale = 3.0f;
  configured(in, out);
  bad = 0;
  for (int i = 0; i < 64; ++i)
    bad += out[i] != in[i] * 3.0f + 0.5f;
  std::printf("configured %d\n", bad);
  total += bad;

  int ones[7] = {1, 1, 1, 1, 1, 1, 1};
  int seen = addThenRead(&gTotal, ones, 7);
  std::printf("aliased %d %d\n", seen, seen != 7 || gTotal != 7);
  total += seen != 7 || gTotal != 7;
  std::printf("%s\n", total == 0 ? "PASS" : "FAIL");
  return total != 0;
}
