// Candidate loops that use pointer variables of their function: a pointer
// parameter, a pointer kept in a local variable, a size parameter. The loop
// only reads these variables, so the outlined kernel receives their values
// (one load in front of the loop) rather than their addresses, and the
// device compiler sees the data pointers themselves: the loops run on the
// emulator. Before, the kernel had to load its data pointer from memory and
// stayed on the host ("accessed as !llvm.ptr").
//
// Variables the loop writes (`cursor` below), or whose address escapes
// (`escaped`), are still passed by address; the program's results are the
// same either way.
//
// RUN: %loom-clangxx -O2 -Rpass-analysis=loom %s -o %t.exe 2> %t.remarks
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// REMARK-NOT: 'scale.loop0': pointer argument
// REMARK: kernel 'scale.loop0': spatial region
// REMARK-NOT: 'fromVector.loop0': pointer argument
// REMARK: kernel 'fromVector.loop0': spatial region
//
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=emu LOOM_REPORT=%t.json %t.exe | diff %t.host.txt -
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=sim LOOM_REPORT=%t.sim.json %t.exe | diff %t.host.txt -
// CHECK: scale 0 3 6 189
// CHECK-NEXT: vector 1 2 3 64
// CHECK-NEXT: cursor 5 6 7
// CHECK-NEXT: escaped 9 9 9
// CHECK-NEXT: PASS
// REPORT: "name": "fromVector.loop0",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT: "name": "scale.loop0",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 1

#include <loom/loom.h>

#include <cstdio>
#include <vector>

void scale(const int *in, int *out, int n, int factor) {
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * factor;
}

void fromVector(std::vector<int> &v) {
  int *data = v.data();
  int size = static_cast<int>(v.size());
#pragma loom candidate
  for (int i = 0; i < size; ++i)
    data[i] = i + 1;
}

void writeCursor(int *out, int n) {
  int *cursor = out;
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    *cursor++ = i + 5;
}

static void observe(int **where) { (void)where; }

void writeEscaped(int *out, int n) {
  int *escaped = out;
  observe(&escaped);
#pragma loom candidate
  for (int i = 0; i < n; ++i)
    escaped[i] = 9;
}

int main() {
  int in[64], out[64], cursor[3], escaped[3];
  for (int i = 0; i < 64; ++i)
    in[i] = i;
  scale(in, out, 64, 3);
  std::vector<int> v(64);
  fromVector(v);
  writeCursor(cursor, 3);
  writeEscaped(escaped, 3);
  std::printf("scale %d %d %d %d\n", out[0], out[1], out[2], out[63]);
  std::printf("vector %d %d %d %d\n", v[0], v[1], v[2], v[63]);
  std::printf("cursor %d %d %d\n", cursor[0], cursor[1], cursor[2]);
  std::printf("escaped %d %d %d\n", escaped[0], escaped[1], escaped[2]);
  bool ok = out[63] == 189 && v[63] == 64 && cursor[2] == 7 && escaped[2] == 9;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
