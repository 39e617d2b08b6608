// A range-based for over an array parameter (`const int (&)[4]`): the loop
// walks the array by a byte offset stepped by the element size. The
// raising proves every offset a whole element, so the array is a memref
// and the loop a graph: nothing of the kernel stays host code (no missed
// remark), and its results equal the host's on emu and sim.
//
// RUN: %loom-clangxx -O2 -Rpass-missed=loom --loom-save-temps=%t.d %s \
// RUN:   -o %t.exe 2>&1 | FileCheck %s --check-prefix=MISSED --allow-empty
// MISSED-NOT: remark:
// The weights are an i32 memref (the signature names the array's element
// type), and no scf op is left outside the graphs.
// RUN: FileCheck %s --check-prefix=DFG < %t.d/weigh.dfg.mlir
// DFG: loom.signature = "v=ptr:i32:const;weights=ptr:i32:const"
// DFG-NOT: {{^ *(%.* = )?scf\.}}
// RUN: env LOOM_BACKEND=host %t.exe > %t.native.txt
// RUN: FileCheck %s < %t.native.txt
// RUN: env LOOM_BACKEND=emu LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory %t.exe | diff - %t.native.txt
// The same outputs on host, emu and sim (mandatory; 1, 2 and 4 workers):
// RUN: %run-everywhere %t.exe | FileCheck %s
// CHECK: weigh 95 8
// CHECK-NEXT: PASS

#include <loom/loom.h>

#include <cstdio>

LOOM_KERNEL("weigh")
int weigh(const int *v, const int (&weights)[4]) {
  int sum = 0;
  LOOM_UNROLL(4)
  for (int w : weights)
    sum += w * v[w];
  return sum;
}

int main() {
  int v[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  const int w[4] = {7, 0, 2, 5}, u[4] = {1, 1, 3, 3};
  int a = weigh(v, w), b = weigh(v, u);
  std::printf("weigh %d %d\n", a, b);
  std::printf("%s\n", a == 95 && b == 8 ? "PASS" : "FAIL");
  return 0;
}
