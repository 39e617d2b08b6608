// REQUIRES: mlir-runner
// Differential: value semantics through lowered graphs. Integer division,
// remainder, floor/ceil division, shifts, min/max, truncation and extension,
// wrapping multiplication and a wrapping hash; float arithmetic, libm
// functions and f32/f64 conversions compared bit for bit (--format=bits
// prints each float's bit pattern, as @main does after arith.bitcast).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=INT,FLOAT
// RUN: %kernel-to-dfg %s 2>/dev/null > %t.dfg.mlir
// RUN: FileCheck %s --check-prefix=SIG < %t.dfg.mlir
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order (the SIG lines).
// RUN: loom-emu %t.dfg.mlir --graph=intops_t0_g0 --format=flat --drain --values=6,0,1,12,2,3,4,5,6,7,8,9,10,11,31,17 --memory='i32[6]=7,-7,2147483647,-2147483648,100000,255' --memory='i32[6]=2,2,-3,5,70000,-1' --memory='i32[72]' --memory='i32[1]' | FileCheck %s --check-prefix=INT
// RUN: echo '{"values":[6,0,1,12,2,3,4,5,6,7,8,9,10,11,31,17],"memories":[{"type":"i32","shape":[6],"data":[7,-7,2147483647,-2147483648,100000,255]},{"type":"i32","shape":[6],"data":[2,2,-3,5,70000,-1]},{"type":"i32","shape":[72]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=intops_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=INT
// RUN: loom-emu %t.dfg.mlir --graph=fops_t0_g0 --format=bits --drain --values=5,0,1,16,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0.000000e+00,0.000000e+00,1.100000e+00,3.000000e+00 --memory='f32[5]=0.1,-2.5,3e10,1e-40,7' --memory='f64[5]=0.3,-1e300,2.5,0,1e-5' --memory='f32[80]' --memory='f32[1]' --memory='f64[1]' | FileCheck %s --check-prefix=FLOAT
// (No loom-sim run of @fops_t0_g0: the mapper cannot route @fops_t0_g0 on cgra-8x8 (a link carries 3 values on 2 channels).)

// SIG-DAG: dataflow.graph.launch @intops_t0_g0 deps(%{{.+}}) values(%arg3, %c0, %c1, %c12, %c2, %c3, %c4, %c5, %c6, %c7, %c8, %c9, %c10, %c11, %c31_i32, %c17_i32 : index, index, index, index, index, index, index, index, index, index, index, index, index, index, i32, i32) memories(%arg0, %arg1, %arg2, %{{.+}} : memref<?xi32>, memref<?xi32>, memref<?xi32>, memref<1xi32>)
// SIG-DAG: dataflow.graph.launch @fops_t0_g0 deps(%{{.+}}) values(%arg3, %c0, %c1, %c16, %c2, %c3, %c4, %c5, %c6, %c7, %c8, %c9, %c10, %c11, %c12, %c13, %c14, %c15, %cst, %cst_0, %cst_1, %cst_2 : index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, index, f32, f64, f32, f32) memories(%arg0, %arg1, %arg2, %{{.+}}, %{{.+}} : memref<?xf32>, memref<?xf64>, memref<?xf32>, memref<1xf32>, memref<1xf64>)

// a, b, the 72 results (q r fd cd shl shrsi shrui maxsi minui extsi(trunci)
// select xor per element) and the hash:
// INT: 7
// INT-NEXT: -7
// INT-NEXT: 2147483647
// INT-NEXT: -2147483648
// INT-NEXT: 100000
// INT-NEXT: 255
// INT-NEXT: 2
// INT-NEXT: 2
// INT-NEXT: -3
// INT-NEXT: 5
// INT-NEXT: 70000
// INT-NEXT: -1
// INT-NEXT: 3
// INT-NEXT: 1
// INT-NEXT: 3
// INT-NEXT: 4
// INT-NEXT: 28
// INT-NEXT: 1
// INT-NEXT: 1
// INT-NEXT: 7
// INT-NEXT: 2
// INT-NEXT: 7
// INT-NEXT: 1
// INT-NEXT: 13
// INT-NEXT: -3
// INT-NEXT: -1
// INT-NEXT: -4
// INT-NEXT: -3
// INT-NEXT: -28
// INT-NEXT: -2
// INT-NEXT: 1073741822
// INT-NEXT: 2
// INT-NEXT: 2
// INT-NEXT: -7
// INT-NEXT: -1
// INT-NEXT: -20
// INT-NEXT: -715827882
// INT-NEXT: 1
// INT-NEXT: -715827883
// INT-NEXT: -715827882
// INT-NEXT: -536870912
// INT-NEXT: 3
// INT-NEXT: 3
// INT-NEXT: 2147483647
// INT-NEXT: 2147483647
// INT-NEXT: -1
// INT-NEXT: -715827882
// INT-NEXT: -2147483620
// INT-NEXT: -429496729
// INT-NEXT: -3
// INT-NEXT: -429496730
// INT-NEXT: -429496729
// INT-NEXT: 0
// INT-NEXT: -67108864
// INT-NEXT: 67108864
// INT-NEXT: 5
// INT-NEXT: 5
// INT-NEXT: 0
// INT-NEXT: -3
// INT-NEXT: -2147483647
// INT-NEXT: 1
// INT-NEXT: 30000
// INT-NEXT: 1
// INT-NEXT: 2
// INT-NEXT: -2036334592
// INT-NEXT: 1
// INT-NEXT: 1
// INT-NEXT: 100000
// INT-NEXT: 70000
// INT-NEXT: -96
// INT-NEXT: 30000
// INT-NEXT: -1589934586
// INT-NEXT: -255
// INT-NEXT: 0
// INT-NEXT: -255
// INT-NEXT: -255
// INT-NEXT: -2147483648
// INT-NEXT: 0
// INT-NEXT: 0
// INT-NEXT: 255
// INT-NEXT: 255
// INT-NEXT: -1
// INT-NEXT: -255
// INT-NEXT: -247
// INT-NEXT: 513872184

// out[12 i + k] holds the k-th result for element i; the iter_arg is a
// wrapping hash of every element.
func.func @intops(%a: memref<?xi32>, %b: memref<?xi32>, %out: memref<?xi32>, %n: index) -> i32 attributes {loom.kernel = "intops"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c0_i = arith.constant 0 : index
  %c1_i = arith.constant 1 : index
  %c2_i = arith.constant 2 : index
  %c3_i = arith.constant 3 : index
  %c4_i = arith.constant 4 : index
  %c5_i = arith.constant 5 : index
  %c6_i = arith.constant 6 : index
  %c7_i = arith.constant 7 : index
  %c8_i = arith.constant 8 : index
  %c9_i = arith.constant 9 : index
  %c10_i = arith.constant 10 : index
  %c11_i = arith.constant 11 : index
  %k31 = arith.constant 31 : i32
  %h0 = arith.constant 17 : i32
  %h = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %h0) -> i32 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %q = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %fd = arith.floordivsi %x, %y : i32
    %cd = arith.ceildivsi %x, %y : i32
    %amt = arith.andi %y, %k31 : i32
    %sl = arith.shli %x, %amt : i32
    %sr = arith.shrsi %x, %amt : i32
    %su = arith.shrui %x, %amt : i32
    %mx = arith.maxsi %x, %y : i32
    %mn = arith.minui %x, %y : i32
    %t8 = arith.trunci %x : i32 to i8
    %e8 = arith.extsi %t8 : i8 to i32
    %lt = arith.cmpi ult, %x, %y : i32
    %sel = arith.select %lt, %q, %r : i32
    %pc = math.ctpop %x : i32
    %m = arith.muli %x, %y : i32
    %xr = arith.xori %m, %pc : i32
    %h1 = arith.muli %acc, %k31 : i32
    %h2 = arith.addi %h1, %xr : i32
    %base = arith.muli %i, %c12 : index
    %o0 = arith.addi %base, %c0_i : index
    memref.store %q, %out[%o0] : memref<?xi32>
    %o1 = arith.addi %base, %c1_i : index
    memref.store %r, %out[%o1] : memref<?xi32>
    %o2 = arith.addi %base, %c2_i : index
    memref.store %fd, %out[%o2] : memref<?xi32>
    %o3 = arith.addi %base, %c3_i : index
    memref.store %cd, %out[%o3] : memref<?xi32>
    %o4 = arith.addi %base, %c4_i : index
    memref.store %sl, %out[%o4] : memref<?xi32>
    %o5 = arith.addi %base, %c5_i : index
    memref.store %sr, %out[%o5] : memref<?xi32>
    %o6 = arith.addi %base, %c6_i : index
    memref.store %su, %out[%o6] : memref<?xi32>
    %o7 = arith.addi %base, %c7_i : index
    memref.store %mx, %out[%o7] : memref<?xi32>
    %o8 = arith.addi %base, %c8_i : index
    memref.store %mn, %out[%o8] : memref<?xi32>
    %o9 = arith.addi %base, %c9_i : index
    memref.store %e8, %out[%o9] : memref<?xi32>
    %o10 = arith.addi %base, %c10_i : index
    memref.store %sel, %out[%o10] : memref<?xi32>
    %o11 = arith.addi %base, %c11_i : index
    memref.store %xr, %out[%o11] : memref<?xi32>
    scf.yield %h2 : i32
  }
  return %h : i32
}

// Bit patterns of a, b, the 80 f32 results and the two sums:
// FLOAT: 1036831949
// FLOAT-NEXT: -1071644672
// FLOAT-NEXT: 1356825718
// FLOAT-NEXT: 71362
// FLOAT-NEXT: 1088421888
// FLOAT-NEXT: 4599075939470750515
// FLOAT-NEXT: -128383115725867620
// FLOAT-NEXT: 4612811918334230528
// FLOAT-NEXT: 0
// FLOAT-NEXT: 4532020583610935537
// FLOAT-NEXT: 1038174127
// FLOAT-NEXT: 1051316138
// FLOAT-NEXT: 1023969417
// FLOAT-NEXT: 1065637549
// FLOAT-NEXT: -1072872450
// FLOAT-NEXT: 1036787388
// FLOAT-NEXT: 1064163136
// FLOAT-NEXT: 1051427986
// FLOAT-NEXT: 0
// FLOAT-NEXT: 1077999518
// FLOAT-NEXT: 1065549290
// FLOAT-NEXT: -1068773988
// FLOAT-NEXT: 1065269400
// FLOAT-NEXT: 1022739088
// FLOAT-NEXT: 1022739088
// FLOAT-NEXT: 1051316138
// FLOAT-NEXT: -1070596096
// FLOAT-NEXT: 1070875541
// FLOAT-NEXT: -1084926635
// FLOAT-NEXT: 1054770088
// FLOAT-NEXT: 1065450532
// FLOAT-NEXT: -1082355007
// FLOAT-NEXT: 1054629790
// FLOAT-NEXT: 1081046816
// FLOAT-NEXT: -1069547520
// FLOAT-NEXT: 1058693042
// FLOAT-NEXT: 1057991894
// FLOAT-NEXT: 1069207208
// FLOAT-NEXT: -1085466689
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: -1076608107
// FLOAT-NEXT: 1358290562
// FLOAT-NEXT: 1211197122
// FLOAT-NEXT: 1343554297
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: 1103217177
// FLOAT-NEXT: 1065353216
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: 1635916465
// FLOAT-NEXT: 1358290562
// FLOAT-NEXT: 918074888
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: 1108067417
// FLOAT-NEXT: -1108525516
// FLOAT-NEXT: 1368109770
// FLOAT-NEXT: 1368109770
// FLOAT-NEXT: 1211197122
// FLOAT-NEXT: 78498
// FLOAT-NEXT: 507911445
// FLOAT-NEXT: 23787
// FLOAT-NEXT: 1065353216
// FLOAT-NEXT: -1028127706
// FLOAT-NEXT: 71362
// FLOAT-NEXT: 1065353216
// FLOAT-NEXT: 507911445
// FLOAT-NEXT: 0
// FLOAT-NEXT: 1621452394
// FLOAT-NEXT: 1065353216
// FLOAT-NEXT: -1023099559
// FLOAT-NEXT: 1065353216
// FLOAT-NEXT: 0
// FLOAT-NEXT: 0
// FLOAT-NEXT: 507911445
// FLOAT-NEXT: 1089889895
// FLOAT-NEXT: 1076991937
// FLOAT-NEXT: 1075139925
// FLOAT-NEXT: 1092943618
// FLOAT-NEXT: 1073914715
// FLOAT-NEXT: 1065353188
// FLOAT-NEXT: 1122642011
// FLOAT-NEXT: 1100537250
// FLOAT-NEXT: 1088421888
// FLOAT-NEXT: 1052279570
// FLOAT-NEXT: 1084310807
// FLOAT-NEXT: 1077704848
// FLOAT-NEXT: 1061224381
// FLOAT-NEXT: 949144823
// FLOAT-NEXT: 1088421888
// FLOAT-NEXT: 1076991937
// FLOAT-NEXT: 2139095040
// FLOAT-NEXT: 4760507783115686304

// out[16 i + k] holds the k-th f32 result for element i; the iter_args sum
// exp(x / 3) in f32 and sin(b[i]) * x in f64, in source order.
func.func @fops(%a: memref<?xf32>, %b: memref<?xf64>, %out: memref<?xf32>, %n: index) -> (f32, f64) attributes {loom.kernel = "fops"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c0_i = arith.constant 0 : index
  %c1_i = arith.constant 1 : index
  %c2_i = arith.constant 2 : index
  %c3_i = arith.constant 3 : index
  %c4_i = arith.constant 4 : index
  %c5_i = arith.constant 5 : index
  %c6_i = arith.constant 6 : index
  %c7_i = arith.constant 7 : index
  %c8_i = arith.constant 8 : index
  %c9_i = arith.constant 9 : index
  %c10_i = arith.constant 10 : index
  %c11_i = arith.constant 11 : index
  %c12_i = arith.constant 12 : index
  %c13_i = arith.constant 13 : index
  %c14_i = arith.constant 14 : index
  %c15_i = arith.constant 15 : index
  %z32 = arith.constant 0.0 : f32
  %z64 = arith.constant 0.0 : f64
  %k = arith.constant 1.1 : f32
  %three = arith.constant 3.0 : f32
  %s32, %s64 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z32, %acc2 = %z64) -> (f32, f64) {
    %x = memref.load %a[%i] : memref<?xf32>
    %d = memref.load %b[%i] : memref<?xf64>
    %y = arith.mulf %x, %k : f32
    %ay = math.absf %y : f32
    %sq = math.sqrt %ay : f32
    %w = arith.divf %x, %three : f32
    %ex = math.exp %w : f32
    %lg = math.log %ay : f32
    %th = math.tanh %x : f32
    %p = math.powf %ay, %w : f32
    %fm = math.fma %x, %w, %sq : f32
    %fl = math.floor %y : f32
    %rs = math.rsqrt %ay : f32
    %e2 = math.exp2 %w : f32
    %l2 = math.log2 %ay : f32
    %cs = math.cos %x : f32
    %xe = arith.extf %x : f32 to f64
    %dd = arith.mulf %d, %xe : f64
    %tr = arith.truncf %dd : f64 to f32
    %mxn = arith.maximumf %tr, %fl : f32
    %d32 = arith.truncf %d : f64 to f32
    %cp = math.copysign %sq, %d32 : f32
    %sn = math.sin %d : f64
    %sx = arith.mulf %sn, %xe : f64
    %sum = arith.addf %acc, %ex : f32
    %sum2 = arith.addf %acc2, %sx : f64
    %base = arith.muli %i, %c16 : index
    %o0 = arith.addi %base, %c0_i : index
    memref.store %y, %out[%o0] : memref<?xf32>
    %o1 = arith.addi %base, %c1_i : index
    memref.store %sq, %out[%o1] : memref<?xf32>
    %o2 = arith.addi %base, %c2_i : index
    memref.store %w, %out[%o2] : memref<?xf32>
    %o3 = arith.addi %base, %c3_i : index
    memref.store %ex, %out[%o3] : memref<?xf32>
    %o4 = arith.addi %base, %c4_i : index
    memref.store %lg, %out[%o4] : memref<?xf32>
    %o5 = arith.addi %base, %c5_i : index
    memref.store %th, %out[%o5] : memref<?xf32>
    %o6 = arith.addi %base, %c6_i : index
    memref.store %p, %out[%o6] : memref<?xf32>
    %o7 = arith.addi %base, %c7_i : index
    memref.store %fm, %out[%o7] : memref<?xf32>
    %o8 = arith.addi %base, %c8_i : index
    memref.store %fl, %out[%o8] : memref<?xf32>
    %o9 = arith.addi %base, %c9_i : index
    memref.store %rs, %out[%o9] : memref<?xf32>
    %o10 = arith.addi %base, %c10_i : index
    memref.store %e2, %out[%o10] : memref<?xf32>
    %o11 = arith.addi %base, %c11_i : index
    memref.store %l2, %out[%o11] : memref<?xf32>
    %o12 = arith.addi %base, %c12_i : index
    memref.store %cs, %out[%o12] : memref<?xf32>
    %o13 = arith.addi %base, %c13_i : index
    memref.store %tr, %out[%o13] : memref<?xf32>
    %o14 = arith.addi %base, %c14_i : index
    memref.store %mxn, %out[%o14] : memref<?xf32>
    %o15 = arith.addi %base, %c15_i : index
    memref.store %cp, %out[%o15] : memref<?xf32>
    scf.yield %sum, %sum2 : f32, f64
  }
  return %s32, %s64 : f32, f64
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_i64(%v: i64) {
  func.call @printI64(%v) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print_i32(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  func.call @print_i64(%w) : (i64) -> ()
  return
}

func.func @print_f32_bits(%v: f32) {
  %b = arith.bitcast %v : f32 to i32
  func.call @print_i32(%b) : (i32) -> ()
  return
}

func.func @print_i32s(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi32>
    func.call @print_i32(%x) : (i32) -> ()
  }
  return
}

func.func @print_f32s_bits(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xf32>
    func.call @print_f32_bits(%x) : (f32) -> ()
  }
  return
}

func.func @print_f64s_bits(%m: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xf64>
    %b = arith.bitcast %x : f64 to i64
    func.call @print_i64(%b) : (i64) -> ()
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c72 = arith.constant 72 : index
  %c80 = arith.constant 80 : index

  %a = memref.alloc(%c6) : memref<?xi32>
  %b = memref.alloc(%c6) : memref<?xi32>
  %out = memref.alloc(%c72) : memref<?xi32>
  %a0 = arith.constant 7 : i32
  %a1 = arith.constant -7 : i32
  %a2 = arith.constant 2147483647 : i32
  %a3 = arith.constant -2147483648 : i32
  %a4 = arith.constant 100000 : i32
  %a5 = arith.constant 255 : i32
  memref.store %a0, %a[%c0] : memref<?xi32>
  memref.store %a1, %a[%c1] : memref<?xi32>
  memref.store %a2, %a[%c2] : memref<?xi32>
  memref.store %a3, %a[%c3] : memref<?xi32>
  memref.store %a4, %a[%c4] : memref<?xi32>
  memref.store %a5, %a[%c5] : memref<?xi32>
  %b0 = arith.constant 2 : i32
  %b2 = arith.constant -3 : i32
  %b3 = arith.constant 5 : i32
  %b4 = arith.constant 70000 : i32
  %b5 = arith.constant -1 : i32
  memref.store %b0, %b[%c0] : memref<?xi32>
  memref.store %b0, %b[%c1] : memref<?xi32>
  memref.store %b2, %b[%c2] : memref<?xi32>
  memref.store %b3, %b[%c3] : memref<?xi32>
  memref.store %b4, %b[%c4] : memref<?xi32>
  memref.store %b5, %b[%c5] : memref<?xi32>
  %h = func.call @intops(%a, %b, %out, %c6) : (memref<?xi32>, memref<?xi32>, memref<?xi32>, index) -> i32
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()
  func.call @print_i32s(%out) : (memref<?xi32>) -> ()
  func.call @print_i32(%h) : (i32) -> ()

  %fa = memref.alloc(%c5) : memref<?xf32>
  %fb = memref.alloc(%c5) : memref<?xf64>
  %fout = memref.alloc(%c80) : memref<?xf32>
  %x0 = arith.constant 0.1 : f32
  %x1 = arith.constant -2.5 : f32
  %x2 = arith.constant 3.0e10 : f32
  %x3 = arith.constant 1.0e-40 : f32
  %x4 = arith.constant 7.0 : f32
  memref.store %x0, %fa[%c0] : memref<?xf32>
  memref.store %x1, %fa[%c1] : memref<?xf32>
  memref.store %x2, %fa[%c2] : memref<?xf32>
  memref.store %x3, %fa[%c3] : memref<?xf32>
  memref.store %x4, %fa[%c4] : memref<?xf32>
  %d0 = arith.constant 0.3 : f64
  %d1 = arith.constant -1.0e300 : f64
  %d2 = arith.constant 2.5 : f64
  %d3 = arith.constant 0.0 : f64
  %d4 = arith.constant 1.0e-5 : f64
  memref.store %d0, %fb[%c0] : memref<?xf64>
  memref.store %d1, %fb[%c1] : memref<?xf64>
  memref.store %d2, %fb[%c2] : memref<?xf64>
  memref.store %d3, %fb[%c3] : memref<?xf64>
  memref.store %d4, %fb[%c4] : memref<?xf64>
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c80 step %c1 {
    memref.store %z, %fout[%i] : memref<?xf32>
  }
  %s32, %s64 = func.call @fops(%fa, %fb, %fout, %c5) : (memref<?xf32>, memref<?xf64>, memref<?xf32>, index) -> (f32, f64)
  func.call @print_f32s_bits(%fa) : (memref<?xf32>) -> ()
  func.call @print_f64s_bits(%fb) : (memref<?xf64>) -> ()
  func.call @print_f32s_bits(%fout) : (memref<?xf32>) -> ()
  func.call @print_f32_bits(%s32) : (f32) -> ()
  %b64 = arith.bitcast %s64 : f64 to i64
  func.call @print_i64(%b64) : (i64) -> ()
  return
}
