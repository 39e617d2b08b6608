// Lanes (docs/runtime.md, "Lanes"): the sim backend places copies of a
// dense thread's graph side by side and streams the instances through
// them. On cgra-8x8 a loop of two loads and a store gets 4 copies (its
// memory interfaces' bound, 8 requests per cycle, is reached there); a
// LOOM_PARALLEL(2) caps it at 2, LOOM_LANES caps every kernel, and a
// time-multiplexed fabric keeps one copy. 1003 instances leave a remainder
// of 3 that runs on the graph itself. Every run equals the native one.
//
// RUN: %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=host %t.exe > %t.host.txt
// RUN: FileCheck %s < %t.host.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_REPORT=%t.json %t.exe | diff - %t.host.txt
// RUN: FileCheck %s --check-prefix=AUTO < %t.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_LANES=1 LOOM_REPORT=%t.one.json %t.exe | diff - %t.host.txt
// RUN: FileCheck %s --check-prefix=ONE < %t.one.json
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory LOOM_FABRIC=cgra-8x8-temporal LOOM_REPORT=%t.temporal.json %t.exe | diff - %t.host.txt
// RUN: FileCheck %s --check-prefix=ONE < %t.temporal.json
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.host.txt
// A lane count that is not a positive integer fails every sim launch:
// RUN: env LOOM_BACKEND=sim LOOM_LANES=0 not %t.exe 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: env LOOM_BACKEND=emu LOOM_LANES=0 %t.exe | diff - %t.host.txt
//
// CHECK: c[0] = 2950 c[1002] = 6958
// CHECK-NEXT: d[0] = 2100 d[1002] = -6918
// CHECK-NEXT: PASS
//
// AUTO: "name": "lanes_add",
// AUTO: "loop": "pipelined instances",
// AUTO-NEXT: "iterations": 1003,
// AUTO: "physical_bound": 2.66
// AUTO-NEXT: "lanes": 4
// AUTO: "name": "lanes_capped",
// AUTO: "loop": "pipelined instances",
// AUTO-NEXT: "iterations": 1003,
// AUTO: "lanes": 2
//
// ONE: "name": "lanes_add",
// ONE: "loop": "pipelined instances",
// ONE-NEXT: "iterations": 1003,
// ONE: "lanes": 1
// ONE: "name": "lanes_capped",
// ONE: "lanes": 1
//
// BAD: LOOM_LANES='0' is not a lane count: expected a positive integer

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void lanes_add(const int *__restrict a, const int *__restrict b,
               int *__restrict c, int n) {
  LOOM_PARALLEL()
  for (int i = 0; i < n; ++i)
    c[i] = a[i] + 3 * b[i];
}

LOOM_ACCEL()
void lanes_capped(const int *__restrict a, int *__restrict d, int n) {
  LOOM_PARALLEL(2)
  for (int i = 0; i < n; ++i)
    d[i] = 2 * a[i] + 100 - 7 * i;
}

int main() {
  const int n = 1003;
  static int a[n], b[n], c[n], d[n];
  for (int i = 0; i < n; ++i) {
    a[i] = 7 * i - 50;
    b[i] = 1000 - i;
  }
  lanes_add(a, b, c, n);
  lanes_capped(b, d, n);
  bool ok = true;
  for (int i = 0; i < n; ++i)
    ok = ok && c[i] == a[i] + 3 * b[i] && d[i] == 2 * b[i] + 100 - 7 * i;
  std::printf("c[0] = %d c[%d] = %d\n", c[0], n - 1, c[n - 1]);
  std::printf("d[0] = %d d[%d] = %d\n", d[0], n - 1, d[n - 1]);
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
