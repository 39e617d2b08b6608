// Parameter and variable hints (docs/hints.md, "IR schema"):
//   parameter             -> parameter attribute "loom.<hint>"="<args,...>"
//   local variable        -> !loom.hints !{!{!"<hint>", !"<arg>", ...}, ...} on its alloca
//   namespace-scope object -> !loom.hints !{!{!"<hint>", !"<arg>", ...}, ...} on the global
// Integer arguments are rendered in decimal after constant evaluation.
//
// RUN: %loom-clangxx --loom-offload=disabled -O0 -S -emit-llvm -o %t.ll %s
// RUN: FileCheck %s < %t.ll

#include <loom/loom.h>

enum { kBanks = 4 };
constexpr int kWide = 16;

// CHECK-DAG: @big = dso_local global [1024 x i32] zeroinitializer, align 16, !loom.hints ![[EXTMEM:[0-9]+]]{{$}}
LOOM_TARGET("extmemory") int big[1024];
// CHECK-DAG: @_ZL5table = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16, !loom.hints ![[ROM:[0-9]+]]{{$}}
LOOM_TARGET("rom") static const int table[4] = {1, 2, 3, 4};
// Several hints on one global: one tuple with one entry per hint, in source
// order (equal entries are shared).
// CHECK-DAG: @banked = dso_local global [64 x i32] zeroinitializer, align 16, !loom.hints ![[BANKED:[0-9]+]]{{$}}
LOOM_TARGET("extmemory") LOOM_MEMORY_BANK(8, block) int banked[64];

// CHECK-LABEL: define dso_local void @_Z6paramsPKiPiS1_S1_S1_S1_S0_S1_(
// CHECK-SAME: ptr noundef "loom.stream" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.memory_bank"="4" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.memory_bank"="2,cyclic" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.memory_bank"="16,block" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.memory_bank"="4" "loom.stream" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.target"="extmemory" %{{[0-9]+}},
// CHECK-SAME: ptr noundef "loom.target"="rom" %{{[0-9]+}},
// CHECK-SAME: ptr noundef %{{[0-9]+}})
void params(LOOM_STREAM const int *in,
            LOOM_MEMORY_BANK(4) int *a,
            LOOM_MEMORY_BANK(2, cyclic) int *b,
            LOOM_MEMORY_BANK(kWide, block) int *c,
            LOOM_STREAM LOOM_MEMORY_BANK(kBanks) int *d,
            LOOM_TARGET("extmemory") int *e,
            LOOM_TARGET("rom") const int *f,
            int *plain) {
  a[0] = in[0] + b[0] + c[0] + d[0] + e[0] + f[0] + plain[0] + big[0] +
         table[0] + banked[0];
}

// Every reduction operator, on scalar parameters (including a reference).
// CHECK-LABEL: define dso_local void @_Z7reducesiifdjjjRi(
// CHECK-SAME: i32 noundef "loom.reduce"="+" %{{[0-9]+}},
// CHECK-SAME: i32 noundef "loom.reduce"="*" %{{[0-9]+}},
// CHECK-SAME: float noundef "loom.reduce"="min" %{{[0-9]+}},
// CHECK-SAME: double noundef "loom.reduce"="max" %{{[0-9]+}},
// CHECK-SAME: i32 noundef "loom.reduce"="&" %{{[0-9]+}},
// CHECK-SAME: i32 noundef "loom.reduce"="|" %{{[0-9]+}},
// CHECK-SAME: i32 noundef "loom.reduce"="^" %{{[0-9]+}},
// CHECK-SAME: ptr noundef nonnull align 4 dereferenceable(4) "loom.reduce"="+" %{{[0-9]+}})
void reduces(LOOM_REDUCE(+) int s, LOOM_REDUCE(*) int p,
             LOOM_REDUCE(min) float lo, LOOM_REDUCE(max) double hi,
             LOOM_REDUCE(&) unsigned x, LOOM_REDUCE("|") unsigned y,
             LOOM_REDUCE(^) unsigned z, LOOM_REDUCE(+) int &r) {
  r = s + p + int(lo + hi) + int(x | y | z);
}

// Locals: the metadata sits on the variable's alloca.
// CHECK-LABEL: define dso_local noundef i32 @_Z6localsv(
// CHECK: alloca i32, align 4, !loom.hints ![[LSUM:[0-9]+]]{{$}}
// CHECK: alloca float, align 4, !loom.hints ![[LMUL:[0-9]+]]{{$}}
// CHECK: alloca i32, align 4, !loom.hints ![[LOR:[0-9]+]]{{$}}
// CHECK: alloca [64 x i32], align 16, !loom.hints ![[LBANK:[0-9]+]]{{$}}
// CHECK: alloca [32 x float], align 16, !loom.hints ![[LBLOCK:[0-9]+]]{{$}}
// CHECK: alloca [8 x i32], align 16, !loom.hints ![[LSTREAM:[0-9]+]]{{$}}
// Several hints on one local: all kept, in source order.
// CHECK: alloca [8 x i32], align 16, !loom.hints ![[LBOTH:[0-9]+]]{{$}}
// CHECK: alloca i32, align 4{{$}}
// CHECK: ret i32
int locals() {
  LOOM_REDUCE(+) int sum = 0;
  LOOM_REDUCE(*) float prod = 1;
  LOOM_REDUCE(|) int bits = 0;
  LOOM_MEMORY_BANK(kBanks * 2) int bank[64];
  LOOM_MEMORY_BANK(2, block) float blocked[32];
  LOOM_STREAM int fifo[8];
  LOOM_STREAM LOOM_MEMORY_BANK(2) int both[8];
  int plain = 3;
  bank[0] = fifo[0] = both[0] = plain;
  blocked[0] = prod;
  return sum + bank[0] + bits + int(blocked[0]);
}

// CHECK-DAG: ![[EXTMEM]] = !{![[EXTMEM_1:[0-9]+]]}
// CHECK-DAG: ![[EXTMEM_1]] = !{!"target", !"extmemory"}
// CHECK-DAG: ![[ROM]] = !{![[ROM_1:[0-9]+]]}
// CHECK-DAG: ![[ROM_1]] = !{!"target", !"rom"}
// CHECK-DAG: ![[BANKED]] = !{![[EXTMEM_1]], ![[GBANK:[0-9]+]]}
// CHECK-DAG: ![[GBANK]] = !{!"memory_bank", !"8", !"block"}
// CHECK-DAG: ![[LSUM]] = !{![[LSUM_1:[0-9]+]]}
// CHECK-DAG: ![[LSUM_1]] = !{!"reduce", !"+"}
// CHECK-DAG: ![[LMUL]] = !{![[LMUL_1:[0-9]+]]}
// CHECK-DAG: ![[LMUL_1]] = !{!"reduce", !"*"}
// CHECK-DAG: ![[LOR]] = !{![[LOR_1:[0-9]+]]}
// CHECK-DAG: ![[LOR_1]] = !{!"reduce", !"|"}
// CHECK-DAG: ![[LBANK]] = !{![[LBANK_1:[0-9]+]]}
// CHECK-DAG: ![[LBANK_1]] = !{!"memory_bank", !"8"}
// CHECK-DAG: ![[LBLOCK]] = !{![[LBLOCK_1:[0-9]+]]}
// CHECK-DAG: ![[LBLOCK_1]] = !{!"memory_bank", !"2", !"block"}
// CHECK-DAG: ![[LSTREAM]] = !{![[LSTREAM_1:[0-9]+]]}
// CHECK-DAG: ![[LSTREAM_1]] = !{!"stream"}
// CHECK-DAG: ![[LBOTH]] = !{![[LSTREAM_1]], ![[LBANK2:[0-9]+]]}
// CHECK-DAG: ![[LBANK2]] = !{!"memory_bank", !"2"}

// No llvm.var.annotation call or loom global annotation survives.
// RUN: FileCheck %s --check-prefix=CLEAN < %t.ll
// CLEAN-NOT: call void @llvm.var.annotation
// CLEAN-NOT: @llvm.global.annotations
