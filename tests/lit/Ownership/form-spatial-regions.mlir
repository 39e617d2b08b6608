// RUN: loom-opt %s --loom-form-spatial-regions -verify-diagnostics -split-input-file | FileCheck %s

// A loop nest with loads, stores and arithmetic is one spatial region; the
// scalar it computes flows out as a value output.
// CHECK-LABEL: dataflow.thread private @dot
//       CHECK:   %[[R:.+]] = loom.spatial_region values(%{{.+}} : index) memories(%{{.+}}, %{{.+}} : memref<?xf32>, memref<?xf32>) -> values(f32) attributes {graph_name = "dot_g0"} {
//       CHECK:   ^bb0(%{{.+}}: index, %[[A:.+]]: memref<?xf32>, %{{.+}}: memref<?xf32>):
//       CHECK:     scf.for
//       CHECK:       memref.load %[[A]]
//       CHECK:     loom.spatial_yield %{{.+}} : f32
//       CHECK:   memref.store %[[R]]
// expected-remark @below {{spatial region 'dot_g0' formed for 5 operations}}
dataflow.thread private @dot(%a: memref<?xf32>, %b: memref<?xf32>, %n: index, %out: memref<1xf32, strided<[1], offset: ?>>) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = memref.load %b[%i] : memref<?xf32>
    %p = arith.mulf %x, %y : f32
    %t = arith.addf %acc, %p : f32
    scf.yield %t : f32
  }
  %k = arith.addf %s, %z : f32
  // expected-remark @below {{stays InstructionCore code of thread @dot: it accesses a memref without identity layout}}
  memref.store %k, %out[%c0] : memref<1xf32, strided<[1], offset: ?>>
  dataflow.thread.yield
}

// -----

// A static allocation of the thread moves to the top of its body (it has
// no operands), so it does not split the run around it; it becomes a memory
// input of the region.
// CHECK-LABEL: dataflow.thread private @hoisted
//       CHECK:   %[[T:.+]] = memref.alloca() : memref<4xf32>
//  CHECK-NEXT:   loom.spatial_region {{.*}}memories(%{{.+}}, %[[T]] : memref<?xf32>, memref<4xf32>) attributes {graph_name = "hoisted_g0"}
//   CHECK-NOT:   loom.spatial_region
// expected-remark @below {{spatial region 'hoisted_g0' formed for 6 operations}}
dataflow.thread private @hoisted(%a: memref<?xf32>, %v: f32) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %w = arith.mulf %v, %v : f32
  memref.store %w, %a[%c0] : memref<?xf32>
  %t = memref.alloca() : memref<4xf32>
  memref.store %w, %t[%c0] : memref<4xf32>
  %u = memref.load %t[%c0] : memref<4xf32>
  memref.store %u, %a[%c0] : memref<?xf32>
  dataflow.thread.yield
}

// -----

// An allocation of dynamic shape splits the body into two regions.
// CHECK-LABEL: dataflow.thread private @split
//       CHECK:   loom.spatial_region {{.*}}graph_name = "split_g0"
//       CHECK:   memref.alloca
//       CHECK:   loom.spatial_region {{.*}}graph_name = "split_g1"
// expected-remark @below {{spatial region 'split_g0' formed}}
// expected-remark @below {{spatial region 'split_g1' formed}}
dataflow.thread private @split(%a: memref<?xf32>, %v: f32, %n: index) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %w = arith.mulf %v, %v : f32
  memref.store %w, %a[%c0] : memref<?xf32>
  // expected-remark @below {{stays InstructionCore code of thread @split: 'memref.alloca' produces a memref, which cannot flow through a graph}}
  %t = memref.alloca(%n) : memref<?xf32>
  %u = arith.addf %w, %v : f32
  memref.store %u, %a[%c0] : memref<?xf32>
  dataflow.thread.yield
}

// -----

// A scope-local array inside a loop is admitted with its loop (SCF->DFG
// lowering hoists it); inside an scf.forall it is not (lanes would share it).
// CHECK-LABEL: dataflow.thread private @scoped
//       CHECK:   loom.spatial_region {{.*}}graph_name = "scoped_g0"
//       CHECK:     scf.for
//  CHECK-NEXT:       memref.alloca() : memref<2xf32>
//       CHECK:   scf.forall
//  CHECK-NEXT:     memref.alloca() : memref<2xf32>
// expected-remark @below {{spatial region 'scoped_g0' formed for 4 operations}}
dataflow.thread private @scoped(%a: memref<?xf32>, %v: f32) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %t = memref.alloca() : memref<2xf32>
    memref.store %v, %t[%i] : memref<2xf32>
    %x = memref.load %t[%i] : memref<2xf32>
    memref.store %x, %a[%i] : memref<?xf32>
  }
  // expected-remark @below {{stays InstructionCore code of thread @scoped: a 'memref.alloca' inside an scf.forall needs one copy per lane}}
  scf.forall (%j) in (2) {
    %t = memref.alloca() : memref<2xf32>
    memref.store %v, %t[%j] : memref<2xf32>
    %x = memref.load %t[%j] : memref<2xf32>
    memref.store %x, %a[%j] : memref<?xf32>
  }
  dataflow.thread.yield
}

// -----

// A thread holding only constants gets no region.
// CHECK-LABEL: dataflow.thread private @idle
//   CHECK-NOT:   loom.spatial_region
dataflow.thread private @idle() ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  dataflow.thread.yield
}

// -----

// Dead pure computation gets no region: a graph for it would retire nothing.
// CHECK-LABEL: dataflow.thread private @dead
//   CHECK-NOT:   loom.spatial_region
dataflow.thread private @dead(%x: f32) ctrl(%c) domain<dense> {
  // expected-remark @below {{dead code in thread @dead is not given a spatial region: 'arith.mulf' computes nothing used and writes no memory}}
  %y = arith.mulf %x, %x : f32
  dataflow.thread.yield
}

// -----

// A select between memrefs cannot enter a graph.
// CHECK-LABEL: dataflow.thread private @pick
//       CHECK:   arith.select
//       CHECK:   loom.spatial_region
// expected-remark @below {{spatial region 'pick_g0' formed for 3 operations}}
dataflow.thread private @pick(%a: memref<?xf32>, %b: memref<?xf32>, %c1: i1) ctrl(%c) domain<dense> {
  // expected-remark @below {{stays InstructionCore code of thread @pick: 'arith.select' produces a memref}}
  %m = arith.select %c1, %a, %b : memref<?xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %m[%c0] : memref<?xf32>
  dataflow.thread.yield
}

// -----

// A volatile access (a spin loop on a flag: the pointer never becomes a
// memref) and a call name what blocks them; the loop around each stays
// InstructionCore code and the thread gets no region.
// CHECK-LABEL: dataflow.thread private @spin
//   CHECK-NOT:   loom.spatial_region
llvm.func @hypotf(f32, f32) -> f32
dataflow.thread private @spin(%flag: !llvm.ptr, %x: f32) ctrl(%c) domain<dense> {
  // expected-remark @below {{stays InstructionCore code of thread @spin: volatile 'llvm.load' has no dataflow actor}}
  scf.while : () -> () {
    %v = llvm.load volatile %flag : !llvm.ptr -> i32
    %zero = arith.constant 0 : i32
    %c0 = arith.cmpi eq, %v, %zero : i32
    scf.condition(%c0)
  } do {
    scf.yield
  }
  // expected-remark @below {{stays InstructionCore code of thread @spin: 'llvm.call' of 'hypotf' has no dataflow actor}}
  %h = llvm.call @hypotf(%x, %x) : (f32, f32) -> f32
  // expected-remark @below {{stays InstructionCore code of thread @spin: 'llvm.store' has no dataflow actor}}
  llvm.store %h, %flag : f32, !llvm.ptr
  dataflow.thread.yield
}
