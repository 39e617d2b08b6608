// RUN: loom-opt %s --loom-forall-to-thread -verify-each -split-input-file 2>/dev/null | FileCheck %s
// RUN: loom-opt %s --loom-forall-to-thread -split-input-file 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: loom-opt %s --loom-forall-to-thread -split-input-file 2>/dev/null | loom-opt --loom-validate-dataflow -split-input-file -verify-each > /dev/null

// A thread whose only work is one thread-level forall takes the forall's
// domain as one more coordinate; the launch appends the extent
// max(0, ceildiv(ub - lb, step)) computed from its own operands, and the
// source iv is lb + coord * step.
// CHECK-LABEL: dataflow.thread private @rows
//  CHECK-SAME: (%[[A:.+]]: memref<?x?xf32>, %[[N:.+]]: index) ctrl(%{{.+}}) coords(%[[I:.+]], %[[K:.+]]) domain<dense>
//   CHECK-NOT:   scf.forall
//       CHECK:   %[[LB:.+]] = arith.constant 1 : index
//       CHECK:   %[[ST:.+]] = arith.constant 2 : index
//       CHECK:   %[[M:.+]] = arith.muli %[[K]], %[[ST]] : index
//       CHECK:   %[[J:.+]] = arith.addi %[[LB]], %[[M]] : index
//       CHECK:   memref.store %{{.+}}, %[[A]][%[[I]], %[[J]]]
//       CHECK:   dataflow.thread.yield
// CHECK-LABEL: func.func @host
//  CHECK-SAME: (%[[HA:.+]]: memref<?x?xf32>, %[[HN:.+]]: index, %[[HM:.+]]: index)
//       CHECK:   %[[SPAN:.+]] = arith.subi %[[HN]], %{{.+}} : index
//       CHECK:   %[[CNT:.+]] = arith.ceildivsi %[[SPAN]], %{{.+}} : index
//       CHECK:   %[[E:.+]] = arith.maxsi %[[CNT]], %{{.+}} : index
//       CHECK:   dataflow.thread.launch @rows extents(%[[HM]], %[[E]]) args(%[[HA]], %[[HN]] :
dataflow.thread private @rows(%a: memref<?x?xf32>, %n: index) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1.0 : f32
  scf.forall (%j) = (1) to (%n) step (2) {
    memref.store %one, %a[%i, %j] : memref<?x?xf32>
  }
  dataflow.thread.yield
}
func.func @host(%a: memref<?x?xf32>, %n: index, %m: index) {
  %t = dataflow.thread.launch @rows extents(%m) args(%a, %n : memref<?x?xf32>, index)
  dataflow.thread.wait %t
  return
}

// -----

// Effects next to the forall: the forall stays InstructionCore code.
// REMARK: remark: thread-level scf.forall stays InstructionCore code: 'memref.store' has effects next to it
// CHECK-LABEL: dataflow.thread private @mixed
//  CHECK-SAME: coords(%{{[^)]+}}) domain<dense>
//       CHECK:   scf.forall
dataflow.thread private @mixed(%a: memref<?x?xf32>, %n: index) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  memref.store %one, %a[%i, %c0] : memref<?x?xf32>
  scf.forall (%j) in (%n) {
    memref.store %one, %a[%i, %j] : memref<?x?xf32>
  }
  dataflow.thread.yield
}

// -----

// A bound computed from the thread's coordinates cannot be known at the
// launch.
// REMARK: remark: thread-level scf.forall stays InstructionCore code: a bound is computed inside the thread
// CHECK-LABEL: dataflow.thread private @tri
//       CHECK:   scf.forall
dataflow.thread private @tri(%a: memref<?x?xf32>) ctrl(%c) coords(%i) domain<dense> {
  %one = arith.constant 1.0 : f32
  scf.forall (%j) in (%i) {
    memref.store %one, %a[%i, %j] : memref<?x?xf32>
  }
  dataflow.thread.yield
}
