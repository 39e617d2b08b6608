// `switch` state machines inside loops: a recognizer whose state is only
// ever 0, 1 or 2, so the optimizer makes the switch's default
// `unreachable` (an edge raising drops), and an interpreter that returns
// from inside the switch, from two cases, besides the loop's normal exit.
// Both are one graph each (no missed remark) and their results equal the
// host's on emu and sim.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// RUN: FileCheck %s --check-prefix=IMPORT < %t.d/count_123.llvm.mlir
// IMPORT: llvm.switch
// IMPORT: llvm.unreachable
// RUN: FileCheck %s --check-prefix=DFG < %t.d/count_123.dfg.mlir
// RUN: FileCheck %s --check-prefix=DFG < %t.d/interpret.dfg.mlir
// DFG: dataflow.graph
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json \
// RUN:   %t.exe | diff - %t.native.txt
// RUN: FileCheck %s --check-prefix=NO-HOST < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: count_123 16 2
// CHECK-NEXT: interpret 62 -6 31 16
// CHECK-NEXT: PASS
// NO-HOST-NOT: "host":

#include <loom/loom.h>

#include <cstdio>

// Counts the subsequences 1 2 3 (the state is only ever 0, 1 or 2).
LOOM_ACCEL()
int count_123(const int *in, int n) {
  int state = 0, count = 0;
  for (int i = 0; i < n; ++i) {
    int c = in[i];
    switch (state) {
    case 0:
      if (c == 1)
        state = 1;
      break;
    case 1:
      if (c == 2)
        state = 2;
      else if (c != 1)
        state = 0;
      break;
    case 2:
      if (c == 3) {
        ++count;
        state = 0;
      } else if (c == 1) {
        state = 1;
      } else {
        state = 0;
      }
      break;
    default:
      state = 0;
    }
  }
  return count;
}

// 0: add one, 1: double, 2: stop once above 50, 3: stop with the negated
// accumulator, anything else: subtract one.
LOOM_ACCEL()
int interpret(const int *prog, int n) {
  int acc = 0;
  for (int pc = 0; pc < n; ++pc) {
    switch (prog[pc]) {
    case 0:
      acc += 1;
      break;
    case 1:
      acc *= 2;
      break;
    case 2:
      if (acc > 50)
        return acc;
      break;
    case 3:
      return -acc;
    default:
      acc -= 1;
      break;
    }
  }
  return acc;
}

// The same machine as a transition table.
static int refCount123(const int *in, int n) {
  // next[state][symbol is 1, 2, 3, other]
  static const int next[3][4] = {{1, 0, 0, 0}, {1, 2, 0, 0}, {1, 0, 0, 0}};
  int state = 0, count = 0;
  for (int i = 0; i < n; ++i) {
    int symbol = in[i] >= 1 && in[i] <= 3 ? in[i] - 1 : 3;
    count += state == 2 && symbol == 2;
    state = next[state][symbol];
  }
  return count;
}

static int refInterpret(const int *prog, int n) {
  int acc = 0;
  for (int pc = 0; pc < n; ++pc) {
    int op = prog[pc];
    if (op == 3)
      return -acc;
    if (op == 2 && acc > 50)
      return acc;
    acc = op == 0 ? acc + 1 : op == 1 ? acc * 2 : op == 2 ? acc : acc - 1;
  }
  return acc;
}

int main() {
  const int n = 64;
  int in[n];
  for (int i = 0; i < n; ++i)
    in[i] = (i * 5) % 4;
  int prog[16] = {0, 0, 1, 1, 1, 2, 4, 1, 0, 2, 1, 2, 0, 3, 0, 0};
  int progB[8] = {0, 1, 1, 4, 0, 0, 0, 3};
  int bad = 0;
  int c[2] = {count_123(in, n), count_123(in, 10)};
  bad += c[0] != refCount123(in, n) || c[1] != refCount123(in, 10);
  int r[4] = {interpret(prog, 16), interpret(progB, 8), interpret(prog, 9),
              interpret(prog, 5)};
  bad += r[0] != refInterpret(prog, 16) || r[1] != refInterpret(progB, 8) ||
         r[2] != refInterpret(prog, 9) || r[3] != refInterpret(prog, 5);
  std::printf("count_123 %d %d\n", c[0], c[1]);
  std::printf("interpret %d %d %d %d\n", r[0], r[1], r[2], r[3]);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
