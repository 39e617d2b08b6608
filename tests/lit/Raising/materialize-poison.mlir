// RUN: loom-opt %s -verify-each --loom-raise-materialize-poison | FileCheck %s

// Scalar and vector poison become the zero of their type, in place, also
// inside regions.
// CHECK-LABEL: func.func @poison_becomes_zero
//  CHECK-DAG:   %[[I:.+]] = arith.constant 0 : i32
//  CHECK-DAG:   %[[X:.+]] = arith.constant 0 : index
//  CHECK-DAG:   %[[F:.+]] = arith.constant 0.000000e+00 : f32
//  CHECK-DAG:   %[[V:.+]] = arith.constant dense<0> : vector<4xi16>
//      CHECK:   scf.if
//      CHECK:     %[[D:.+]] = arith.constant 0.000000e+00 : f64
//      CHECK:     scf.yield %[[D]] : f64
//  CHECK-NOT:   ub.poison
//      CHECK:   return %[[I]], %[[X]], %[[F]], %[[V]], %{{.+}}
func.func @poison_becomes_zero(%c: i1, %d: f64)
    -> (i32, index, f32, vector<4xi16>, f64) {
  %i = ub.poison : i32
  %x = ub.poison : index
  %f = ub.poison : f32
  %v = ub.poison : vector<4xi16>
  %r = scf.if %c -> f64 {
    %p = ub.poison : f64
    scf.yield %p : f64
  } else {
    scf.yield %d : f64
  }
  return %i, %x, %f, %v, %r : i32, index, f32, vector<4xi16>, f64
}

// LLVM undef and poison of scalar type (what sroa leaves as the first value
// of a variable assigned only in a loop) become zero too.
// CHECK-LABEL: func.func @llvm_undef_becomes_zero
//  CHECK-DAG:   %[[U:.+]] = arith.constant 0 : i64
//  CHECK-DAG:   %[[P:.+]] = arith.constant 0.000000e+00 : f16
//  CHECK-NOT:   llvm.mlir
//      CHECK:   return %[[U]], %[[P]]
func.func @llvm_undef_becomes_zero() -> (i64, f16) {
  %u = llvm.mlir.undef : i64
  %p = llvm.mlir.poison : f16
  return %u, %p : i64, f16
}

// A value no arith.constant can hold stays as it is.
// CHECK-LABEL: func.func @keeps_non_scalar_poison
//       CHECK:   ub.poison : memref<4xf32>
//       CHECK:   llvm.mlir.undef : !llvm.ptr
//       CHECK:   llvm.mlir.poison : !llvm.struct<(i32, f32)>
func.func @keeps_non_scalar_poison()
    -> (memref<4xf32>, !llvm.ptr, !llvm.struct<(i32, f32)>) {
  %m = ub.poison : memref<4xf32>
  %p = llvm.mlir.undef : !llvm.ptr
  %s = llvm.mlir.poison : !llvm.struct<(i32, f32)>
  return %m, %p, %s : memref<4xf32>, !llvm.ptr, !llvm.struct<(i32, f32)>
}

// A function that stays in the LLVM dialect is left as imported.
// CHECK-LABEL: llvm.func @keeps_llvm_function
//       CHECK:   llvm.mlir.undef : i32
llvm.func @keeps_llvm_function() -> i32 {
  %u = llvm.mlir.undef : i32
  llvm.return %u : i32
}
