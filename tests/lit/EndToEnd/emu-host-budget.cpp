// Host code (InstructionCore) that never ends on the emu backend: the fill
// loop of `fill_then_wait` becomes a graph, the wait on a volatile flag
// stays host code (InstructionCore code of a rank-0 thread of its own, next
// to the fill loop's thread). If nobody sets the flag, the native
// kernel spins forever; on emu the interpreter counts the ops of host code
// against LOOM_EMU_MAX_STEPS and stops the launch with an error naming the
// kernel and the loop. `timeout` turns a hang into a failure: a killed run
// prints no error, so FileCheck fails.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_EMU_MAX_STEPS=20000 \
// RUN:   sh -c 'timeout 120 %t.exe spin; echo "exit code $?"' > %t.spin 2>&1
// RUN: FileCheck %s --check-prefix=SPIN < %t.spin
// The location is the loop's line in the artifact, the file
// --loom-save-temps writes as fill_then_wait.dfg.mlir.
// SPIN: loom: error: kernel 'fill_then_wait': loom_rt_launch: kernel 'fill_then_wait' on emu: thread '{{.+}}' instance (): host code exceeded its step budget of 20000 ops (LOOM_EMU_MAX_STEPS) in the 'scf.while' loop at fill_then_wait.dfg.mlir:[[#]]:[[#]]
// SPIN-NOT: PASS
// SPIN: exit code 1
//
// With the flag set the same kernel ends on emu, within the budget, and
// its output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_EMU_MAX_STEPS=20000 \
// RUN:   LOOM_REPORT=%t.json %t.exe > %t.emu
// RUN: diff %t.native %t.emu
// RUN: FileCheck %s --check-prefix=DONE < %t.emu
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// DONE: a[0] = 0
// DONE-NEXT: a[63] = 189
// DONE-NEXT: PASS
// REPORT: "name": "fill_then_wait",
// REPORT: "ran_on": {
// REPORT-NEXT: "emu": 1
//
// A value that is not a positive count fails every launch, like a bad
// LOOM_WORKERS.
// RUN: env LOOM_BACKEND=emu LOOM_EMU_MAX_STEPS=0 \
// RUN:   sh -c '%t.exe; echo "exit code $?"' > %t.bad 2>&1
// RUN: FileCheck %s --check-prefix=BAD < %t.bad
// The same program on the cycle simulator (the default backend): its
// output equals the native run's.
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.sim.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe > %t.sim.txt
// RUN: diff %t.native.sim.txt %t.sim.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | diff %t.native -
// BAD: loom: error: kernel 'fill_then_wait': loom_rt_launch: kernel 'fill_then_wait': LOOM_EMU_MAX_STEPS='0' is not a step count: expected a positive integer below 2^64
// BAD: exit code 1

#include <loom/loom.h>

#include <cstdio>
#include <cstring>

LOOM_ACCEL()
void fill_then_wait(int *a, int n, volatile int *flag) {
  for (int i = 0; i < n; ++i)
    a[i] = 3 * i;
  while (*flag == 0) {
  }
}

int main(int argc, char **argv) {
  const int n = 64;
  int a[n];
  // "spin": nobody ever sets the flag.
  volatile int flag = argc > 1 && std::strcmp(argv[1], "spin") == 0 ? 0 : 1;
  fill_then_wait(a, n, &flag);
  std::printf("a[0] = %d\na[63] = %d\n", a[0], a[63]);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok &= a[i] == 3 * i;
  std::printf(ok ? "PASS\n" : "FAIL\n");
  return ok ? 0 : 1;
}
