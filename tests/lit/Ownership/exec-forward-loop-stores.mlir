// REQUIRES: mlir-runner
// RUN: loom-opt %s --loom-forward-loop-stores 2>/dev/null | FileCheck %s --check-prefix=FWD
// RUN: loom-opt %s --loom-forward-loop-stores 2>/dev/null | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// The forwarded kernels compute what the original ones do, for trip counts
// 0, 1, 2, 3 and 10 (below, at and above the distance):
// - @distance_one: out[i] = out[i - 1] + in[i], i = 4 .. 4 + t;
// - @distance_two: out[i] = 2 * out[i - 4] - in[i], i = 5, 7, .. (step 2,
//   so out[i - 4] is what iteration k - 2 stored), t iterations;
// - @unsigned_two: the same with an unsigned comparison, from i = 6.
// Every buffer is printed whole, so the elements the loops must not touch
// are checked too.
// FWD-COUNT-3: iter_args

// CHECK: [1,  4,  7,  10,  13,  16,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  14,  16,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  14,  19,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  14,  19,  25,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  14,  19,  25,  32,  40,  49,  59,  70,  82,  95,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  16,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  3,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  3,  19,  13,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  3,  19,  13,  25,  -3,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  3,  19,  13,  25,  -3,  31,  15,  37,  -19,  43,  15,  49,  -55,  55,  11,  61,  -131,  67,  -1]
// CHECK: [1,  4,  7,  10,  13,  16,  19,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  16,  8,  22,  25,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  16,  8,  22,  18,  28,  31,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  16,  8,  22,  18,  28,  6,  34,  37,  40,  43,  46,  49,  52,  55,  58,  61,  64,  67,  70]
// CHECK: [1,  4,  7,  10,  13,  16,  8,  22,  18,  28,  6,  34,  24,  40,  -2,  46,  32,  52,  -22,  58,  44,  64,  -66,  70]


func.func @distance_one(%out: memref<?xi32>, %in: memref<?xi32>, %lb: i32, %ub: i32) {
  %c1 = arith.constant 1 : i32
  scf.for %i = %lb to %ub step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    %im1 = arith.subi %i, %c1 : i32
    %xm1 = arith.index_cast %im1 : i32 to index
    %p = memref.load %out[%xm1] : memref<?xi32>
    %v = memref.load %in[%x] : memref<?xi32>
    %s = arith.addi %p, %v : i32
    memref.store %s, %out[%x] : memref<?xi32>
  }
  return
}

func.func @distance_two(%out: memref<?xi32>, %in: memref<?xi32>, %lb: index, %ub: index) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2 : i32
  scf.for %i = %lb to %ub step %c2 {
    %v = memref.load %in[%i] : memref<?xi32>
    %b = arith.subi %i, %c4 : index
    %p = memref.load %out[%b] : memref<?xi32>
    %d = arith.muli %p, %two : i32
    %s = arith.subi %d, %v : i32
    memref.store %s, %out[%i] : memref<?xi32>
  }
  return
}

func.func @unsigned_two(%out: memref<?xi32>, %in: memref<?xi32>, %lb: i32, %ub: i32) {
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %two = arith.constant 2 : i32
  scf.for unsigned %i = %lb to %ub step %c2 : i32 {
    %x = arith.index_castui %i : i32 to index
    %v = memref.load %in[%x] : memref<?xi32>
    %b = arith.subi %i, %c4 : i32
    %y = arith.index_castui %b : i32 to index
    %p = memref.load %out[%y] : memref<?xi32>
    %d = arith.muli %p, %two : i32
    %s = arith.subi %d, %v : i32
    memref.store %s, %out[%x] : memref<?xi32>
  }
  return
}

func.func private @printMemrefI32(memref<*xi32>)

// Fills out[k] = 3k + 1 and in[k] = k.
func.func @fill(%out: memref<24xi32>, %in: memref<24xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %three = arith.constant 3 : i32
  %one = arith.constant 1 : i32
  scf.for %k = %c0 to %c24 step %c1 {
    %k32 = arith.index_cast %k : index to i32
    %m = arith.muli %k32, %three : i32
    %o = arith.addi %m, %one : i32
    memref.store %o, %out[%k] : memref<24xi32>
    memref.store %k32, %in[%k] : memref<24xi32>
  }
  return
}

// Runs kernel `which` (0, 1, 2) for `trip` iterations and prints out.
func.func @run(%which: index, %trip: index) {
  %out = memref.alloca() : memref<24xi32>
  %in = memref.alloca() : memref<24xi32>
  call @fill(%out, %in) : (memref<24xi32>, memref<24xi32>) -> ()
  %o = memref.cast %out : memref<24xi32> to memref<?xi32>
  %n = memref.cast %in : memref<24xi32> to memref<?xi32>
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %span = arith.muli %trip, %c2 : index
  scf.index_switch %which
  case 0 {
    %ub = arith.addi %trip, %c4 : index
    %lb32 = arith.index_cast %c4 : index to i32
    %ub32 = arith.index_cast %ub : index to i32
    func.call @distance_one(%o, %n, %lb32, %ub32) : (memref<?xi32>, memref<?xi32>, i32, i32) -> ()
    scf.yield
  }
  case 1 {
    %ub = arith.addi %span, %c5 : index
    func.call @distance_two(%o, %n, %c5, %ub) : (memref<?xi32>, memref<?xi32>, index, index) -> ()
    scf.yield
  }
  default {
    %ub = arith.addi %span, %c6 : index
    %lb32 = arith.index_cast %c6 : index to i32
    %ub32 = arith.index_cast %ub : index to i32
    func.call @unsigned_two(%o, %n, %lb32, %ub32) : (memref<?xi32>, memref<?xi32>, i32, i32) -> ()
    scf.yield
  }
  %u = memref.cast %out : memref<24xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t0 = arith.constant 0 : index
  %t2 = arith.constant 2 : index
  %t10 = arith.constant 10 : index
  scf.for %w = %c0 to %c3 step %c1 {
    func.call @run(%w, %t0) : (index, index) -> ()
    func.call @run(%w, %c1) : (index, index) -> ()
    func.call @run(%w, %t2) : (index, index) -> ()
    func.call @run(%w, %c3) : (index, index) -> ()
    func.call @run(%w, %t10) : (index, index) -> ()
  }
  return
}
