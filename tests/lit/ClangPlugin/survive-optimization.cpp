// Hint metadata survives the host optimization pipeline: loop entries stay
// in the !llvm.loop node of the (vectorized, unrolled) loop next to LLVM's
// own entries, function and parameter attributes stay on the kernel's native
// body (renamed __loom_host.<symbol> by the offload stub, see
// Driver/host-stub.cpp), and the device IR saved with --loom-save-temps is
// taken before any optimization. The device IR has source locations
// without -g (what -Rpass would give: no debug sections); the host module
// loses them again, as if clang had compiled it.
//
// RUN: %loom-clangxx -O2 -S -emit-llvm -o %t.O2.ll %s
// RUN: FileCheck %s < %t.O2.ll
// RUN: FileCheck %s --check-prefix=LOC < %t.O2.ll
// RUN: %loom-clangxx -O1 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %loom-clangxx -O3 -S -emit-llvm -o - %s | FileCheck %s
// RUN: %loom-clangxx -Os -S -emit-llvm -o - %s | FileCheck %s
// RUN: rm -rf %t.dir
// RUN: %loom-clangxx -O2 -c -o /dev/null --loom-save-temps=%t.dir %s
// RUN: FileCheck %s --check-prefix=DEVICE < %t.dir/saxpy.ll
// RUN: FileCheck %s --check-prefix=DEVICE-LOC < %t.dir/saxpy.ll
// RUN: FileCheck %s --check-prefix=HOST-LOC < %t.O2.ll
// RUN: %loom-clangxx -O2 -c -o %t.o %s
// RUN: llvm-readelf -S %t.o | FileCheck %s --check-prefix=OBJECT

#include <loom/loom.h>

// CHECK-LABEL: define internal void @__loom_host._Z5saxpyPKfPffi(
// CHECK-SAME: ptr {{.*}}"loom.stream" %{{[0-9]+}}, ptr {{.*}}"loom.memory_bank"="4" %{{[0-9]+}}, float {{.*}}) #[[SAXPY:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[SAXPY_LOOP:[0-9]+]]
// DEVICE: define dso_local void @_Z5saxpyPKfPffi(ptr noundef "loom.stream" %{{[0-9]+}}, ptr noundef "loom.memory_bank"="4" %{{[0-9]+}}, {{.*}}) #[[DEV:[0-9]+]]
// DEVICE: br {{.*}}!llvm.loop ![[DEV_LOOP:[0-9]+]]
LOOM_ACCEL()
void saxpy(LOOM_STREAM const float *x, LOOM_MEMORY_BANK(4) float *y, float a,
           int n) {
  // LOC: ![[#]] = !{!"loom.parallel", i32 4, !"interleaved", !"{{.*}}survive-optimization.cpp:[[@LINE+2]]:3"}
  // LOC: ![[#]] = !{!"loom.tripcount", i32 1024, !"{{.*}}survive-optimization.cpp:[[@LINE+2]]:3"}
  LOOM_PARALLEL(4, interleaved)
  LOOM_TRIPCOUNT(1024)
  for (int i = 0; i < n; ++i)
    // DEVICE-LOC: store float %{{.*}}, !dbg ![[STORE:[0-9]+]]
    // DEVICE-LOC: ![[STORE]] = !DILocation(line: [[@LINE+1]], column:
    y[i] += a * x[i];
}

// CHECK-LABEL: define dso_local void @_Z4hostPii(
// CHECK: br {{.*}}!llvm.loop ![[UNROLL_LOOP:[0-9]+]]
// CHECK: br {{.*}}!llvm.loop ![[NOPAR_LOOP:[0-9]+]]
void host(int *p, int n) {
  // LOC: ![[#]] = !{!"loom.unroll", i32 4, !"{{.*}}survive-optimization.cpp:[[@LINE+1]]:3"}
  LOOM_UNROLL(4)
  for (int i = 0; i < n; ++i)
    p[i] = p[i] * 3 + 1;
  // LOC: ![[#]] = !{!"loom.no_parallel", !"{{.*}}survive-optimization.cpp:[[@LINE+1]]:3"}
  LOOM_NO_PARALLEL
  for (int i = 0; i < n; ++i)
    p[i] = p[i] ^ n;
}

// CHECK: define dso_local noundef i32 @_Z2h2i(i32 noundef %{{[0-9]+}}) {{.*}}#[[H2:[0-9]+]]
LOOM_NO_ACCEL
LOOM_TARGET("temporal")
int h2(int x) { return x * 7; }

// CHECK: attributes #[[SAXPY]] = { {{.*}}"loom.{{kernel|fallback}}"="saxpy" "loom.location"="{{.*}}survive-optimization.cpp:{{[0-9]+}}:6" "loom.signature"="x=ptr:f32:const;y=ptr:f32;a=val:f32;n=val:i32" {{.*}}}
// CHECK: attributes #[[H2]] = { {{.*}}"loom.no_accel" "loom.target"="temporal" {{.*}}}
// Each loop keeps its Loom entries among whatever LLVM adds (unroll.disable
// at -O1, isvectorized at -O2, ...).
// CHECK-DAG: ![[PAR:[0-9]+]] = !{!"loom.parallel", i32 4, !"interleaved", !{{.*}}}
// CHECK-DAG: ![[TRIP:[0-9]+]] = !{!"loom.tripcount", i32 1024, !{{.*}}}
// CHECK-DAG: ![[UNR:[0-9]+]] = !{!"loom.unroll", i32 4, !{{.*}}}
// CHECK-DAG: ![[NOPAR:[0-9]+]] = !{!"loom.no_parallel", !{{.*}}}
// CHECK-DAG: ![[SAXPY_LOOP]] = distinct !{![[SAXPY_LOOP]], {{.*}}![[PAR]], ![[TRIP]]{{[,}]}}
// CHECK-DAG: ![[UNROLL_LOOP]] = distinct !{![[UNROLL_LOOP]], {{.*}}![[UNR]]{{[,}]}}
// CHECK-DAG: ![[NOPAR_LOOP]] = distinct !{![[NOPAR_LOOP]], {{.*}}![[NOPAR]]{{[,}]}}

// DEVICE: attributes #[[DEV]] = { {{.*}}"loom.kernel"="saxpy" {{.*}}}
// DEVICE: ![[DEV_LOOP]] = distinct !{![[DEV_LOOP]], {{.*}}![[DEV_PAR:[0-9]+]], ![[DEV_TRIP:[0-9]+]]}
// DEVICE: ![[DEV_PAR]] = !{!"loom.parallel", i32 4, !"interleaved", !{{.*}}}
// DEVICE: ![[DEV_TRIP]] = !{!"loom.tripcount", i32 1024, !{{.*}}}

// HOST-LOC-NOT: !dbg
// HOST-LOC-NOT: !DILocation
// OBJECT: .text
// OBJECT-NOT: .debug_
