// REQUIRES: mlir-runner
// RUN: loom-opt %s --loom-split-reductions 2>/dev/null | FileCheck %s --check-prefix=SPLIT
// RUN: loom-opt %s --loom-split-reductions 2>/dev/null | %lower-to-llvm | %run-main | FileCheck %s
// RUN: loom-opt %s --loom-split-reductions=partial-accumulators=3 2>/dev/null | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// The split kernels compute what the sequential ones do, for ranges of 0,
// 1, k - 1, k, k + 1 and more iterations (k = 3 for '+' and 'min', 4 for
// '*', 5 for float '+', and 3), a negative range (ub < lb), a negative
// lower bound, a step of 2, an unsigned loop and a loop that also carries
// a recurrence. Every reduction of this file is split, into k derived from
// its combiner (the longest ring of the loop):
// SPLIT: loom.unrolled = 3 : i64
// SPLIT: loom.unrolled = 3 : i64
// SPLIT: loom.unrolled = 4 : i64
// SPLIT: loom.unrolled = 5 : i64
// SPLIT: loom.unrolled = 3 : i64
// SPLIT-NOT: loom.unrolled

// @sum_i32 over (0,0) (0,1) (0,5) (0,6) (0,7) (-8,13) (5,2) (3,3):
// CHECK: [0,  -2,  8,  2,  3,  -8,  0,  0]
// @min_step2 over (0,0) (0,1) (0,11) (0,12) (0,13) (1,22) (9,2) (4,16):
// CHECK: [100,  -6,  -6,  -6,  -6,  -6,  100,  -4]
// @mul_xor_chained, the product of a[i] | 1 (it wraps), the xor, then the
// recurrence 3^n:
// CHECK: [1,  -1,  35,  -175,  -175,  -706920421,  1,  1]
// CHECK: [0,  -2,  2,  -8,  -7,  2,  0,  0]
// CHECK: [1,  3,  243,  729,  2187,  1870418611,  1,  1]
// @fsum_reassoc:
// CHECK: [0,  -3,  -6,  -4.5,  -6,  -3.5,  0,  0]
// @umax_unsigned over (0,0) (0,1) (0,5) (0,6) (0,7) (2,20) (5,2) (3,3),
// printed signed (-1 is the largest unsigned value):
// CHECK: [0,  -6,  -4,  -4,  -3,  -1,  0,  0]

func.func @sum_i32(%a: memref<?xi32>, %lb: i32, %ub: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %z = arith.constant 0 : i32
  %s = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (i32) : i32 {
    %j = arith.addi %i, %c8 : i32
    %x = arith.index_cast %j : i32 to index
    %v = memref.load %a[%x] : memref<?xi32>
    %t = arith.addi %acc, %v overflow<nsw> : i32
    scf.yield %t : i32
  }
  return %s : i32
}

func.func @min_step2(%a: memref<?xi32>, %lb: index, %ub: index) -> i32 {
  %c2 = arith.constant 2 : index
  %init = arith.constant 100 : i32
  %s = scf.for %i = %lb to %ub step %c2 iter_args(%acc = %init) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %t = arith.minsi %v, %acc : i32
    scf.yield %t : i32
  }
  return %s : i32
}

func.func @mul_xor_chained(%a: memref<?xi32>, %lb: i32, %ub: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %z = arith.constant 0 : i32
  %r:3 = scf.for %i = %lb to %ub step %c1 iter_args(%p = %c1, %x = %z, %q = %c1) -> (i32, i32, i32) : i32 {
    %j = arith.addi %i, %c8 : i32
    %ix = arith.index_cast %j : i32 to index
    %v = memref.load %a[%ix] : memref<?xi32>
    %odd = arith.ori %v, %c1 : i32
    %np = arith.muli %p, %odd overflow<nsw> : i32
    %nx = arith.xori %v, %x : i32
    %nq = arith.muli %q, %c3 : i32
    scf.yield %np, %nx, %nq : i32, i32, i32
  }
  return %r#0, %r#1, %r#2 : i32, i32, i32
}

func.func @fsum_reassoc(%a: memref<?xf32>, %lb: index, %ub: index) -> f32 {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v fastmath<reassoc> : f32
    scf.yield %t : f32
  }
  return %s : f32
}

func.func @umax_unsigned(%a: memref<?xi32>, %lb: i32, %ub: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %s = scf.for unsigned %i = %lb to %ub step %c1 iter_args(%acc = %z) -> (i32) : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %a[%x] : memref<?xi32>
    %t = arith.maxui %acc, %v : i32
    scf.yield %t : i32
  }
  return %s : i32
}

memref.global "private" constant @lbs : memref<8xi32> = dense<[0, 0, 0, 0, 0, -8, 5, 3]>
memref.global "private" constant @ubs : memref<8xi32> = dense<[0, 1, 5, 6, 7, 13, 2, 3]>
memref.global "private" constant @lbs2 : memref<8xi32> = dense<[0, 0, 0, 0, 0, 1, 9, 4]>
memref.global "private" constant @ubs2 : memref<8xi32> = dense<[0, 1, 11, 12, 13, 22, 2, 16]>
memref.global "private" constant @ubsu : memref<8xi32> = dense<[0, 1, 5, 6, 7, 20, 2, 3]>
memref.global "private" constant @lbsu : memref<8xi32> = dense<[0, 0, 0, 0, 0, 2, 5, 3]>

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %c7i = arith.constant 7 : i32
  %c13i = arith.constant 13 : i32
  %c6i = arith.constant 6 : i32
  %half = arith.constant 0.5 : f32
  // a[i] = (7 * i) % 13 - 6 (index i 23 is -1); f[i] = a[i] / 2.
  %a = memref.alloca() : memref<24xi32>
  %f = memref.alloca() : memref<24xf32>
  scf.for %i = %c0 to %c24 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %m = arith.muli %i32, %c7i : i32
    %r = arith.remsi %m, %c13i : i32
    %v = arith.subi %r, %c6i : i32
    memref.store %v, %a[%i] : memref<24xi32>
    %fv = arith.sitofp %v : i32 to f32
    %fh = arith.mulf %fv, %half : f32
    memref.store %fh, %f[%i] : memref<24xf32>
  }
  %ad = memref.cast %a : memref<24xi32> to memref<?xi32>
  %fd = memref.cast %f : memref<24xf32> to memref<?xf32>
  %lbs = memref.get_global @lbs : memref<8xi32>
  %ubs = memref.get_global @ubs : memref<8xi32>
  %lbs2 = memref.get_global @lbs2 : memref<8xi32>
  %ubs2 = memref.get_global @ubs2 : memref<8xi32>
  %ubsu = memref.get_global @ubsu : memref<8xi32>
  %lbsu = memref.get_global @lbsu : memref<8xi32>
  %sums = memref.alloca() : memref<8xi32>
  %mins = memref.alloca() : memref<8xi32>
  %muls = memref.alloca() : memref<8xi32>
  %xors = memref.alloca() : memref<8xi32>
  %recs = memref.alloca() : memref<8xi32>
  %fsums = memref.alloca() : memref<8xf32>
  %umaxs = memref.alloca() : memref<8xi32>
  scf.for %k = %c0 to %c8 step %c1 {
    %lb = memref.load %lbs[%k] : memref<8xi32>
    %ub = memref.load %ubs[%k] : memref<8xi32>
    %s = func.call @sum_i32(%ad, %lb, %ub) : (memref<?xi32>, i32, i32) -> i32
    memref.store %s, %sums[%k] : memref<8xi32>
    %p:3 = func.call @mul_xor_chained(%ad, %lb, %ub) : (memref<?xi32>, i32, i32) -> (i32, i32, i32)
    memref.store %p#0, %muls[%k] : memref<8xi32>
    memref.store %p#1, %xors[%k] : memref<8xi32>
    memref.store %p#2, %recs[%k] : memref<8xi32>
    %lb2i = memref.load %lbs2[%k] : memref<8xi32>
    %ub2i = memref.load %ubs2[%k] : memref<8xi32>
    %lb2 = arith.index_cast %lb2i : i32 to index
    %ub2 = arith.index_cast %ub2i : i32 to index
    %m = func.call @min_step2(%ad, %lb2, %ub2) : (memref<?xi32>, index, index) -> i32
    memref.store %m, %mins[%k] : memref<8xi32>
    %lbu = memref.load %lbsu[%k] : memref<8xi32>
    %ubu = memref.load %ubsu[%k] : memref<8xi32>
    %lbf = arith.index_cast %lbu : i32 to index
    %ubf = arith.index_cast %ubu : i32 to index
    %fs = func.call @fsum_reassoc(%fd, %lbf, %ubf) : (memref<?xf32>, index, index) -> f32
    memref.store %fs, %fsums[%k] : memref<8xf32>
    %u = func.call @umax_unsigned(%ad, %lbu, %ubu) : (memref<?xi32>, i32, i32) -> i32
    memref.store %u, %umaxs[%k] : memref<8xi32>
  }
  %u0 = memref.cast %sums : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u0) : (memref<*xi32>) -> ()
  %u1 = memref.cast %mins : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
  %u2 = memref.cast %muls : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
  %u3 = memref.cast %xors : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u3) : (memref<*xi32>) -> ()
  %u4 = memref.cast %recs : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u4) : (memref<*xi32>) -> ()
  %u5 = memref.cast %fsums : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u5) : (memref<*xf32>) -> ()
  %u6 = memref.cast %umaxs : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u6) : (memref<*xi32>) -> ()
  return
}
