// A host scf.for whose body defines many values: the interpreter binds
// each in its frame's value map, which grows (and moves its entries) during
// the first iteration. The loop's bounds and step must still be the ones it
// started with. The interpreter once held references into the map across
// the body and read freed memory (a runaway loop or a wrong trip count,
// depending on what reused the memory); MALLOC_PERTURB_ makes glibc
// overwrite freed memory, so that bug fails this test every time.
//
// RUN: env MALLOC_PERTURB_=165 loom-emu %s --entry=sum --max-steps=1000000 \
// RUN:   | FileCheck %s
// RUN: env MALLOC_PERTURB_=165 loom-sim %s --entry=sum --max-steps=1000000 \
// RUN:   --format=flat | FileCheck %s --check-prefix=SIM
// The trip count is 5 and each iteration adds 1 + 2 + ... + 96 = 4656.
// CHECK: @sum completed
// CHECK-NEXT: result #0: 23280
// SIM: {{^}}23280{{$}}

func.func @sum() -> i64 {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %total = scf.for %i = %c0 to %c5 step %c1 iter_args(%acc = %zero) -> (i64) {
    %k1 = arith.constant 1 : i64
    %s1 = arith.addi %acc, %k1 : i64
    %k2 = arith.constant 2 : i64
    %s2 = arith.addi %s1, %k2 : i64
    %k3 = arith.constant 3 : i64
    %s3 = arith.addi %s2, %k3 : i64
    %k4 = arith.constant 4 : i64
    %s4 = arith.addi %s3, %k4 : i64
    %k5 = arith.constant 5 : i64
    %s5 = arith.addi %s4, %k5 : i64
    %k6 = arith.constant 6 : i64
    %s6 = arith.addi %s5, %k6 : i64
    %k7 = arith.constant 7 : i64
    %s7 = arith.addi %s6, %k7 : i64
    %k8 = arith.constant 8 : i64
    %s8 = arith.addi %s7, %k8 : i64
    %k9 = arith.constant 9 : i64
    %s9 = arith.addi %s8, %k9 : i64
    %k10 = arith.constant 10 : i64
    %s10 = arith.addi %s9, %k10 : i64
    %k11 = arith.constant 11 : i64
    %s11 = arith.addi %s10, %k11 : i64
    %k12 = arith.constant 12 : i64
    %s12 = arith.addi %s11, %k12 : i64
    %k13 = arith.constant 13 : i64
    %s13 = arith.addi %s12, %k13 : i64
    %k14 = arith.constant 14 : i64
    %s14 = arith.addi %s13, %k14 : i64
    %k15 = arith.constant 15 : i64
    %s15 = arith.addi %s14, %k15 : i64
    %k16 = arith.constant 16 : i64
    %s16 = arith.addi %s15, %k16 : i64
    %k17 = arith.constant 17 : i64
    %s17 = arith.addi %s16, %k17 : i64
    %k18 = arith.constant 18 : i64
    %s18 = arith.addi %s17, %k18 : i64
    %k19 = arith.constant 19 : i64
    %s19 = arith.addi %s18, %k19 : i64
    %k20 = arith.constant 20 : i64
    %s20 = arith.addi %s19, %k20 : i64
    %k21 = arith.constant 21 : i64
    %s21 = arith.addi %s20, %k21 : i64
    %k22 = arith.constant 22 : i64
    %s22 = arith.addi %s21, %k22 : i64
    %k23 = arith.constant 23 : i64
    %s23 = arith.addi %s22, %k23 : i64
    %k24 = arith.constant 24 : i64
    %s24 = arith.addi %s23, %k24 : i64
    %k25 = arith.constant 25 : i64
    %s25 = arith.addi %s24, %k25 : i64
    %k26 = arith.constant 26 : i64
    %s26 = arith.addi %s25, %k26 : i64
    %k27 = arith.constant 27 : i64
    %s27 = arith.addi %s26, %k27 : i64
    %k28 = arith.constant 28 : i64
    %s28 = arith.addi %s27, %k28 : i64
    %k29 = arith.constant 29 : i64
    %s29 = arith.addi %s28, %k29 : i64
    %k30 = arith.constant 30 : i64
    %s30 = arith.addi %s29, %k30 : i64
    %k31 = arith.constant 31 : i64
    %s31 = arith.addi %s30, %k31 : i64
    %k32 = arith.constant 32 : i64
    %s32 = arith.addi %s31, %k32 : i64
    %k33 = arith.constant 33 : i64
    %s33 = arith.addi %s32, %k33 : i64
    %k34 = arith.constant 34 : i64
    %s34 = arith.addi %s33, %k34 : i64
    %k35 = arith.constant 35 : i64
    %s35 = arith.addi %s34, %k35 : i64
    %k36 = arith.constant 36 : i64
    %s36 = arith.addi %s35, %k36 : i64
    %k37 = arith.constant 37 : i64
    %s37 = arith.addi %s36, %k37 : i64
    %k38 = arith.constant 38 : i64
    %s38 = arith.addi %s37, %k38 : i64
    %k39 = arith.constant 39 : i64
    %s39 = arith.addi %s38, %k39 : i64
    %k40 = arith.constant 40 : i64
    %s40 = arith.addi %s39, %k40 : i64
    %k41 = arith.constant 41 : i64
    %s41 = arith.addi %s40, %k41 : i64
    %k42 = arith.constant 42 : i64
    %s42 = arith.addi %s41, %k42 : i64
    %k43 = arith.constant 43 : i64
    %s43 = arith.addi %s42, %k43 : i64
    %k44 = arith.constant 44 : i64
    %s44 = arith.addi %s43, %k44 : i64
    %k45 = arith.constant 45 : i64
    %s45 = arith.addi %s44, %k45 : i64
    %k46 = arith.constant 46 : i64
    %s46 = arith.addi %s45, %k46 : i64
    %k47 = arith.constant 47 : i64
    %s47 = arith.addi %s46, %k47 : i64
    %k48 = arith.constant 48 : i64
    %s48 = arith.addi %s47, %k48 : i64
    %k49 = arith.constant 49 : i64
    %s49 = arith.addi %s48, %k49 : i64
    %k50 = arith.constant 50 : i64
    %s50 = arith.addi %s49, %k50 : i64
    %k51 = arith.constant 51 : i64
    %s51 = arith.addi %s50, %k51 : i64
    %k52 = arith.constant 52 : i64
    %s52 = arith.addi %s51, %k52 : i64
    %k53 = arith.constant 53 : i64
    %s53 = arith.addi %s52, %k53 : i64
    %k54 = arith.constant 54 : i64
    %s54 = arith.addi %s53, %k54 : i64
    %k55 = arith.constant 55 : i64
    %s55 = arith.addi %s54, %k55 : i64
    %k56 = arith.constant 56 : i64
    %s56 = arith.addi %s55, %k56 : i64
    %k57 = arith.constant 57 : i64
    %s57 = arith.addi %s56, %k57 : i64
    %k58 = arith.constant 58 : i64
    %s58 = arith.addi %s57, %k58 : i64
    %k59 = arith.constant 59 : i64
    %s59 = arith.addi %s58, %k59 : i64
    %k60 = arith.constant 60 : i64
    %s60 = arith.addi %s59, %k60 : i64
    %k61 = arith.constant 61 : i64
    %s61 = arith.addi %s60, %k61 : i64
    %k62 = arith.constant 62 : i64
    %s62 = arith.addi %s61, %k62 : i64
    %k63 = arith.constant 63 : i64
    %s63 = arith.addi %s62, %k63 : i64
    %k64 = arith.constant 64 : i64
    %s64 = arith.addi %s63, %k64 : i64
    %k65 = arith.constant 65 : i64
    %s65 = arith.addi %s64, %k65 : i64
    %k66 = arith.constant 66 : i64
    %s66 = arith.addi %s65, %k66 : i64
    %k67 = arith.constant 67 : i64
    %s67 = arith.addi %s66, %k67 : i64
    %k68 = arith.constant 68 : i64
    %s68 = arith.addi %s67, %k68 : i64
    %k69 = arith.constant 69 : i64
    %s69 = arith.addi %s68, %k69 : i64
    %k70 = arith.constant 70 : i64
    %s70 = arith.addi %s69, %k70 : i64
    %k71 = arith.constant 71 : i64
    %s71 = arith.addi %s70, %k71 : i64
    %k72 = arith.constant 72 : i64
    %s72 = arith.addi %s71, %k72 : i64
    %k73 = arith.constant 73 : i64
    %s73 = arith.addi %s72, %k73 : i64
    %k74 = arith.constant 74 : i64
    %s74 = arith.addi %s73, %k74 : i64
    %k75 = arith.constant 75 : i64
    %s75 = arith.addi %s74, %k75 : i64
    %k76 = arith.constant 76 : i64
    %s76 = arith.addi %s75, %k76 : i64
    %k77 = arith.constant 77 : i64
    %s77 = arith.addi %s76, %k77 : i64
    %k78 = arith.constant 78 : i64
    %s78 = arith.addi %s77, %k78 : i64
    %k79 = arith.constant 79 : i64
    %s79 = arith.addi %s78, %k79 : i64
    %k80 = arith.constant 80 : i64
    %s80 = arith.addi %s79, %k80 : i64
    %k81 = arith.constant 81 : i64
    %s81 = arith.addi %s80, %k81 : i64
    %k82 = arith.constant 82 : i64
    %s82 = arith.addi %s81, %k82 : i64
    %k83 = arith.constant 83 : i64
    %s83 = arith.addi %s82, %k83 : i64
    %k84 = arith.constant 84 : i64
    %s84 = arith.addi %s83, %k84 : i64
    %k85 = arith.constant 85 : i64
    %s85 = arith.addi %s84, %k85 : i64
    %k86 = arith.constant 86 : i64
    %s86 = arith.addi %s85, %k86 : i64
    %k87 = arith.constant 87 : i64
    %s87 = arith.addi %s86, %k87 : i64
    %k88 = arith.constant 88 : i64
    %s88 = arith.addi %s87, %k88 : i64
    %k89 = arith.constant 89 : i64
    %s89 = arith.addi %s88, %k89 : i64
    %k90 = arith.constant 90 : i64
    %s90 = arith.addi %s89, %k90 : i64
    %k91 = arith.constant 91 : i64
    %s91 = arith.addi %s90, %k91 : i64
    %k92 = arith.constant 92 : i64
    %s92 = arith.addi %s91, %k92 : i64
    %k93 = arith.constant 93 : i64
    %s93 = arith.addi %s92, %k93 : i64
    %k94 = arith.constant 94 : i64
    %s94 = arith.addi %s93, %k94 : i64
    %k95 = arith.constant 95 : i64
    %s95 = arith.addi %s94, %k95 : i64
    %k96 = arith.constant 96 : i64
    %s96 = arith.addi %s95, %k96 : i64
    scf.yield %s96 : i64
  }
  return %total : i64
}
