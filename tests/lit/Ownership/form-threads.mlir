// RUN: loom-opt %s --loom-form-threads -split-input-file | FileCheck %s
// RUN: loom-opt %s --loom-form-threads -split-input-file | loom-opt --loom-validate-dataflow -split-input-file | FileCheck %s --check-prefix=VALID

// A parallel loop becomes a rank-1 dense thread; the kernel launches it
// with extent max(0, ceildiv(ub - lb, step)) and waits.
// CHECK-LABEL: dataflow.thread private @scale_t0
//  CHECK-SAME: (%[[A:.+]]: memref<?xf32>, %[[S:.+]]: f32, %[[LB:.+]]: index, %[[ST:.+]]: index) ctrl(%{{.+}}) coords(%[[C:.+]]) domain<dense>
//       CHECK:   %[[M:.+]] = arith.muli %[[C]], %[[ST]] : index
//       CHECK:   %[[I:.+]] = arith.addi %[[LB]], %[[M]] : index
//       CHECK:   memref.load %[[A]][%[[I]]]
//       CHECK:   dataflow.thread.yield
// CHECK-LABEL: func.func @scale
//       CHECK:   arith.ceildivsi
//       CHECK:   %[[E:.+]] = arith.maxsi
//       CHECK:   %[[T:.+]] = dataflow.thread.launch @scale_t0 extents(%[[E]]) args(
//       CHECK:   dataflow.thread.wait %[[T]]
//   CHECK-NOT:   scf.forall
// VALID: dataflow.thread private @scale_t0
func.func @scale(%a: memref<?xf32>, %s: f32, %lb: index, %ub: index) attributes {loom.kernel = "scale"} {
  %c2 = arith.constant 2 : index
  scf.forall (%i) = (%lb) to (%ub) step (%c2) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A kernel without a parallel loop is one rank-0 thread; its result comes
// back through a one-element slot.
// CHECK-LABEL: dataflow.thread private @sum_t0
//  CHECK-SAME: (%{{.+}}: memref<?xf32>, %{{.+}}: index, %[[SLOT:.+]]: memref<1xf32>) ctrl(%{{.+}}) domain<dense>
//       CHECK:   %[[R:.+]] = scf.for
//       CHECK:   memref.store %[[R]], %[[SLOT]]
// CHECK-LABEL: func.func @sum
//       CHECK:   %[[BUF:.+]] = memref.alloca() : memref<1xf32>
//       CHECK:   %[[T:.+]] = dataflow.thread.launch @sum_t0 args(
//       CHECK:   dataflow.thread.wait %[[T]]
//       CHECK:   %[[V:.+]] = memref.load %[[BUF]]
//       CHECK:   return %[[V]] : f32
func.func @sum(%a: memref<?xf32>, %n: index) -> f32 attributes {loom.kernel = "sum"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// -----

// A function that is not a kernel is left alone.
// CHECK-LABEL: func.func @helper
//   CHECK-NOT: dataflow.thread
func.func @helper(%a: memref<?xf32>) {
  return
}
