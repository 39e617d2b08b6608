// RUN: loom-opt %s --loom-form-threads -verify-diagnostics -split-input-file | FileCheck %s
// RUN: loom-opt %s --loom-form-threads -split-input-file 2>/dev/null | loom-opt --loom-validate-dataflow -split-input-file | FileCheck %s --check-prefix=VALID

// In a kernel with a parallel loop, the sequential loop before it (the
// textbook merge's first loop) becomes a rank-0 thread of its own instead of
// staying host code; the cursor it leaves, which bounds the parallel loop,
// comes back through a one-element slot read after the wait.
// CHECK-LABEL: dataflow.thread private @merge_t0
//  CHECK-SAME: coords(
// CHECK-LABEL: dataflow.thread private @merge_t1
//  CHECK-SAME: (%[[N:[^:]+]]: index, %[[A:[^:]+]]: memref<?xi32>, %[[SLOT:[^:]+]]: memref<1xindex>) ctrl(%{{.+}}) domain<dense>
//   CHECK-NOT:   coords
//       CHECK:   %[[I:.+]] = scf.while
//       CHECK:   memref.store %[[I]], %[[SLOT]][
//       CHECK:   dataflow.thread.yield
// CHECK-LABEL: func.func @merge
//       CHECK:   %[[BUF:.+]] = memref.alloca() : memref<1xindex>
//       CHECK:   %[[T1:.+]] = dataflow.thread.launch @merge_t1 args(%{{.+}}, %{{.+}}, %[[BUF]] :
//       CHECK:   dataflow.thread.wait %[[T1]]
//       CHECK:   %[[LB:.+]] = memref.load %[[BUF]]
//       CHECK:   arith.subi %{{.+}}, %[[LB]] : index
//       CHECK:   %[[T0:.+]] = dataflow.thread.launch @merge_t0 extents(
//       CHECK:   dataflow.thread.wait %[[T0]]
//   CHECK-NOT:   scf.
//       CHECK:   return
// VALID-LABEL: func.func @merge
func.func @merge(%a: memref<?xi32>, %out: memref<?xi32>, %n: index) attributes {loom.kernel = "merge"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %i = scf.while (%k = %c0) : (index) -> index {
    %in = arith.cmpi slt, %k, %n : index
    %v = memref.load %a[%k] : memref<?xi32>
    %pos = arith.cmpi sgt, %v, %z : i32
    %go = arith.andi %in, %pos : i1
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k: index):
    %next = arith.addi %k, %c1 : index
    scf.yield %next : index
  }
  scf.forall (%j) = (%i) to (%n) step (%c1) {
    memref.store %z, %out[%j] : memref<?xi32>
  }
  return
}

// -----

// A sequential loop after the parallel loop, whose result the kernel
// returns: its own thread, the result through a slot.
// CHECK-LABEL: dataflow.thread private @scaled_sum_t1
//       CHECK:   %[[S:.+]] = scf.for
//       CHECK:   memref.store %[[S]]
// CHECK-LABEL: func.func @scaled_sum
//       CHECK:   dataflow.thread.launch @scaled_sum_t0 extents(
//       CHECK:   %[[BUF:.+]] = memref.alloca() : memref<1xf32>
//       CHECK:   dataflow.thread.launch @scaled_sum_t1 args(
//       CHECK:   %[[V:.+]] = memref.load %[[BUF]]
//       CHECK:   return %[[V]] : f32
func.func @scaled_sum(%a: memref<?xf32>, %n: index, %s: f32) -> f32 attributes {loom.kernel = "scaled_sum"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xf32>
    %w = arith.mulf %v, %s : f32
    memref.store %w, %a[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %a[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %sum : f32
}

// -----

// A sequential loop around a parallel loop stays host code: the host
// launches the parallel loop's threads from it. A missed remark says so.
// CHECK-LABEL: func.func @steps
//       CHECK:   scf.for
//       CHECK:     dataflow.thread.launch @steps_t0
func.func @steps(%a: memref<?xf32>, %n: index, %t: index) attributes {loom.kernel = "steps"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  // expected-remark @below {{loop 'scf.for' stays host code of kernel @steps: it contains a parallel loop, whose threads the host launches from it}}
  scf.for %s = %c0 to %t step %c1 {
    scf.forall (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %a[%i] : memref<?xf32>
      %w = arith.mulf %v, %h : f32
      memref.store %w, %a[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Work whose result the host needs but no slot can carry (an LLVM pointer)
// stays host code, with a missed remark at each piece of work.
// CHECK-LABEL: func.func @pointer_result
//       CHECK:   dataflow.thread.launch @pointer_result_t0
//       CHECK:   llvm.load
//   CHECK-NOT:   dataflow.thread.launch
func.func @pointer_result(%a: memref<?xf32>, %p: !llvm.ptr, %n: index) -> !llvm.ptr attributes {loom.kernel = "pointer_result"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    memref.store %h, %a[%i] : memref<?xf32>
  }
  // expected-remark @below {{'llvm.load' stays host code of kernel @pointer_result: the host code after it uses a value of type !llvm.ptr it computes, which cannot return from a thread}}
  %q = llvm.load %p : !llvm.ptr -> !llvm.ptr
  return %q : !llvm.ptr
}

// -----

// A kernel body with unstructured control flow around its parallel loop:
// everything outside the parallel loop stays host code.
// CHECK-LABEL: func.func @unstructured
//       CHECK:   cf.cond_br
// expected-remark @below {{the code of kernel @unstructured outside its parallel loops stays host code: its body keeps unstructured control flow}}
func.func @unstructured(%a: memref<?xf32>, %n: index, %c: i1) attributes {loom.kernel = "unstructured"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant 0.5 : f32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  scf.forall (%i) = (%c0) to (%n) step (%c1) {
    memref.store %h, %a[%i] : memref<?xf32>
  }
  cf.br ^bb2
^bb2:
  return
}
