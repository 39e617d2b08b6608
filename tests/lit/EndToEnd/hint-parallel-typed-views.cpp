// Wrong LOOM_PARALLEL hints whose dependence goes through one array read as
// two types: `std::bit_cast<int>` of a float element is an i32 load of the
// float array after instcombine. A global array accessed so becomes two
// typed views (kernel parameters at one address) and a pointer parameter
// stays an LLVM pointer; in both the analysis compares the two types'
// indices, disproves the hint, keeps the loop sequential and names the
// read at its call in the user's file (not inside <bit>).
//
// A struct read and written through fields of two types (`Acc::count`,
// `Acc::total`) is split into typed views as well; its fields do not
// overlap, so the hint is right and the loop may run in parallel.
//
// The pointer kernel is compiled on its own (WITH_POINTER): kept an LLVM
// pointer, none of it becomes a graph, so it cannot run under
// LOOM_OFFLOAD=mandatory.
//
// RUN: %loom-clangxx -std=c++20 -O2 %s -o %t.exe 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN --implicit-check-not=warning: < %t.err
// RUN: %loom-clangxx -std=c++20 -O2 -DWITH_POINTER -c %s -o %t.o 2> %t.ptr.err
// RUN: FileCheck %s --check-prefixes=WARN,POINTER < %t.ptr.err
// WARN-DAG: hint-parallel-typed-views.cpp:[[@LINE+16]]:3: warning: LOOM_PARALLEL ignored: iteration i reads 'std::bit_cast<int>(g[i - 1])' (line [[@LINE+18]]), written by iteration i - 1 (line [[@LINE+18]]) [-Wloom-hint]
// WARN-DAG: hint-parallel-typed-views.cpp:[[@LINE+17]]:20: note: read here
// POINTER-DAG: hint-parallel-typed-views.cpp:[[@LINE+22]]:3: warning: LOOM_PARALLEL ignored: iteration i reads 'std::bit_cast<int>(o[0])' (line [[@LINE+24]]), written by an earlier iteration (line [[@LINE+24]]; e.g. iteration 0 for i = 1) [-Wloom-hint]
// POINTER-DAG: hint-parallel-typed-views.cpp:[[@LINE+23]]:31: note: read here
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: global 2079.0 struct 272 120.00

#include <loom/loom.h>

#include <bit>
#include <cstdio>

float g[64];

LOOM_ACCEL()
void punned_global(int n) {
  LOOM_PARALLEL()
  for (int i = 1; i < n; ++i)
    g[i] = (float)(std::bit_cast<int>(g[i - 1]) & 0xff) + 1.0f;
}

#ifdef WITH_POINTER
LOOM_ACCEL()
void punned_pointer(float *o, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    o[i] = o[i + 2] + (float)(std::bit_cast<int>(o[0]) & 3);
}
#endif

struct Acc {
  int count[16];
  float total[16];
  int n;
};

LOOM_ACCEL()
void accumulate(Acc &a, const float *x, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i) {
    a.count[i] += 1;
    a.total[i] += x[i];
  }
}

int main() {
  for (int i = 0; i < 64; ++i)
    g[i] = (float)i;
  punned_global(64);
  double globalSum = 0;
  for (int i = 0; i < 64; ++i)
    globalSum += g[i] * (i + 1);

  Acc a = {};
  float x[16];
  for (int i = 0; i < 16; ++i)
    x[i] = i * 0.5f;
  accumulate(a, x, 16);
  accumulate(a, x, 16);
  long counts = 0;
  double totals = 0;
  for (int i = 0; i < 16; ++i) {
    counts += a.count[i] * (i + 1);
    totals += a.total[i];
  }
  std::printf("global %.1f struct %ld %.2f\n", globalSum, counts, totals);
  return 0;
}
