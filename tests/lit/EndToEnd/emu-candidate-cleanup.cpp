// A candidate loop in a function with exception-handling cleanups (main owns
// a std::vector, so it has a personality function and landing pads). The
// outlined loop has neither invokes nor landing pads, so it gets no
// personality; with one, the device compiler kept the kernel on the host
// ("it has a personality function"). Now the loop runs on the emulator.
//
// RUN: rm -rf %t.dir
// RUN: %loom-clangxx -O2 -c %s -o %t.o --loom-save-temps=%t.dir
// RUN: FileCheck %s --check-prefix=IR < %t.dir/main.loop0.ll
// IR: define internal void @main.loom.region(
// IR-NOT: personality
// IR-SAME: {
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
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
// CHECK: sum = 2016
// CHECK-NEXT: PASS
// REPORT: "name": "main.loop0",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 1
// REPORT-NEXT: },
// REPORT-NEXT: "offloadable": true

#include <loom/loom.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<int> values(64);
  for (int i = 0; i < 64; ++i)
    values[i] = i;
  int local[64], sum = 0;
  for (int i = 0; i < 64; ++i)
    local[i] = values[i];
#pragma loom candidate
  for (int i = 0; i < 64; ++i)
    sum += local[i];
  std::printf("sum = %d\n%s\n", sum, sum == 2016 ? "PASS" : "FAIL");
  return sum == 2016 ? 0 : 1;
}
