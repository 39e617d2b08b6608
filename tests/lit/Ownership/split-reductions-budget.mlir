// RUN: loom-opt %s --loom-split-reductions -verify-diagnostics | FileCheck %s

// The split loops of one function add at most 48 operations together. Each
// of these sums costs 3 copies of its 2-operation body, 2 combiners and 6
// of loop overhead (14) with k = 3: the first three take 42, and the fourth
// would need 11 even with k = 2, so it keeps one accumulator. Another
// function starts with the whole budget again.
// CHECK-LABEL: func.func @four_sums
// CHECK-COUNT-3: loom.unrolled = 3
// CHECK-NOT: loom.unrolled
// CHECK-LABEL: func.func @one_sum
// CHECK: loom.unrolled = 3
func.func @four_sums(%a: memref<?xi32>, %n: index) -> (i32, i32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @below {{'+' reduction split into 3 partial accumulators}}
  %s0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  // expected-remark @below {{'+' reduction split into 3 partial accumulators}}
  %s1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  // expected-remark @below {{'+' reduction split into 3 partial accumulators}}
  %s2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  // expected-remark @below {{'+' reduction not split into partial accumulators: two partial accumulators would add about 11 operations to the function's graph, and its split loops may add 48 together (6 are left), so that the graph still fits the fabric}}
  %s3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  return %s0, %s1, %s2, %s3 : i32, i32, i32, i32
}

func.func @one_sum(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  // expected-remark @below {{'+' reduction split into 3 partial accumulators}}
  %s0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  return %s0 : i32
}
