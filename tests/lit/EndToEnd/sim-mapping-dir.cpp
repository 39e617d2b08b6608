// LOOM_MAPPING_DIR on the sim backend: every graph mapped is written as its
// configuration JSON (which loom-fabric verifies against the fabric it names)
// and its SVG picture, named <kernel>.<graph> (<kernel>.noalias.<graph> for
// the graph of the kernel's no-alias program, which a launch with disjoint
// arguments maps: docs/runtime.md, "Aliasing checked at launch"); the
// directory is created when missing. A directory that cannot be made is a warning and the run still
// computes the right result on the simulator. Without LOOM_MAPPING_DIR
// nothing is written.
//
// RUN: rm -rf %t.dir %t.file && %loom-clangxx -O2 %s -o %t.exe
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory \
// RUN:   LOOM_MAPPING_DIR=%t.dir/pictures LOOM_REPORT=%t.json %t.exe \
// RUN:   | FileCheck %s
// CHECK: PASS
// RUN: FileCheck %s --check-prefix=REPORT < %t.json
// REPORT: "name": "sim_scale",
// REPORT: "ran_on": {
// REPORT-NEXT: "sim": 2
// RUN: ls %t.dir/pictures | FileCheck %s --check-prefix=FILES
// FILES: sim_scale._{{.*}}.json
// FILES-NEXT: sim_scale._{{.*}}.svg
// FILES-NEXT: sim_scale.noalias.{{.*}}.json
// FILES-NEXT: sim_scale.noalias.{{.*}}_g0.svg
// The no-alias program's dense thread runs on 4 copies of its graph side
// by side (docs/runtime.md, "Lanes"), written beside it:
// FILES-NEXT: sim_scale.noalias.{{.*}}_lanes4.json
// FILES-NEXT: sim_scale.noalias.{{.*}}_lanes4.svg
// FILES-NOT: {{.}}
// RUN: loom-fabric --check-mapping %t.dir/pictures/sim_scale._*.json
// RUN: loom-fabric --check-mapping %t.dir/pictures/sim_scale.noalias.*_g0.json
// RUN: loom-fabric --check-mapping %t.dir/pictures/sim_scale.noalias.*_lanes4.json
// RUN: cat %t.dir/pictures/sim_scale.*.svg | FileCheck %s --check-prefix=SVG
// SVG: <svg
// SVG: </svg>
//
// RUN: touch %t.file
// RUN: env LOOM_BACKEND=sim LOOM_OFFLOAD=mandatory \
// RUN:   LOOM_MAPPING_DIR=%t.file/sub %t.exe 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: loom: warning: LOOM_MAPPING_DIR: cannot create
// UNWRITABLE-SAME: '{{.*}}.file/sub':
// UNWRITABLE: PASS

#include <loom/loom.h>

#include <cstdio>

LOOM_ACCEL()
void sim_scale(const int *in, int *out, int factor, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * factor + 1;
}

int main() {
  const int n = 40;
  int in[n], out[n];
  for (int i = 0; i < n; ++i)
    in[i] = i - 7;
  int failures = 0;
  const int factors[] = {3, -2};
  for (int f = 0; f < 2; ++f) {
    int factor = factors[f];
    sim_scale(in, out, factor, n);
    for (int i = 0; i < n; ++i)
      failures += out[i] != in[i] * factor + 1;
  }
  std::puts(failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
