// Control flow that stays host code: a computed `goto` (`goto *table[op]`,
// a GNU extension) takes the address of labels, which no `func.func` can
// have, so the function stays in the LLVM dialect and the kernel is not
// offloaded, with a remark saying why. It still runs, on the host, under
// the default offload policy, and gives the native result.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom %s -o %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSED
// MISSED: cxx-early-exit-computed-goto.cpp:[[@LINE+19]]:5: remark: kernel 'dispatch': function 'dispatch(int const*, int)' stays in the LLVM dialect: its symbol is used by 'llvm.blockaddress'; only direct, non-variadic llvm.call uses convert [-Rpass-missed=loom]
// MISSED: remark: kernel 'dispatch' is not offloaded: no part of the kernel can run on the SpatialCore: no spatial region was formed [-Rpass-missed=loom]
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_REPORT=%t.json %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// CHECK: dispatch 20
// CHECK-NEXT: PASS
// REPORT: "name": "dispatch",
// REPORT: "ran_on": {
// REPORT-NEXT: "host": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": false

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
int dispatch(const int *ops, int n) {
  static void *table[] = {&&add, &&twice, &&done};
  int acc = 0, pc = 0;
  goto *table[ops[pc]];
add:
  acc += 1;
  if (++pc >= n)
    return acc;
  goto *table[ops[pc]];
twice:
  acc *= 2;
  if (++pc >= n)
    return acc;
  goto *table[ops[pc]];
done:
  return acc;
}

int main() {
  // 1, 2, 4, 5, 10, 20, then op 2 stops.
  int ops[8] = {0, 0, 1, 0, 1, 1, 2, 0};
  int d = dispatch(ops, 8);
  std::printf("dispatch %d\n", d);
  std::printf("%s\n", d == 20 ? "PASS" : "FAIL");
  return d == 20 ? 0 : 1;
}
