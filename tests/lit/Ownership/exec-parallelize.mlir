// REQUIRES: mlir-runner
// RUN: loom-opt %s --loom-parallelize-loops 2>/dev/null | FileCheck %s --check-prefix=PAR
// RUN: loom-opt %s --loom-parallelize-loops 2>/dev/null | %forall-to-loops | %lower-to-llvm | %run-main | FileCheck %s
// RUN: %lower-to-llvm %s | %run-main | FileCheck %s

// The parallelized kernel computes what the sequential one does:
// b[i] = 2 * a[i] + 1 on a = {0, 1, 2, 3, 4, 5}.
// PAR: scf.forall

// CHECK: [1,  3,  5,  7,  9,  11]

func.func @kernel(%a: memref<?xf32> {llvm.noalias}, %b: memref<?xf32> {llvm.noalias}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = arith.index_cast %i : i32 to index
    %v = memref.load %a[%x] : memref<?xf32>
    %m = arith.mulf %v, %two : f32
    %w = arith.addf %m, %one : f32
    memref.store %w, %b[%x] : memref<?xf32>
  }
  return
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %a = memref.alloca() : memref<6xf32>
  %b = memref.alloca() : memref<6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    %i32 = arith.index_cast %i : index to i32
    %f = arith.sitofp %i32 : i32 to f32
    memref.store %f, %a[%i] : memref<6xf32>
  }
  %ad = memref.cast %a : memref<6xf32> to memref<?xf32>
  %bd = memref.cast %b : memref<6xf32> to memref<?xf32>
  %n = arith.constant 6 : i32
  call @kernel(%ad, %bd, %n) : (memref<?xf32>, memref<?xf32>, i32) -> ()
  %u = memref.cast %b : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
