// RUN: loom-opt %s --loom-lower-graph-regions -verify-each -split-input-file 2>/dev/null | FileCheck %s

// Structured ops route only the alias partitions they touch
// (dataflow-semantics.md, "Memory-frontier model"): a loop carries, and a
// branch demuxes and muxes, W and R of the partitions its body loads from
// or stores to at any depth; every other partition's frontier bypasses the
// op, so the first access after it waits on the frontier from before it.
// The kernels have two partitions (two noalias parameters, or a parameter
// and a local array).

// An scf.for that touches only b, where iteration i + 1 reads what
// iteration i stored: rings for E, W[b] and R[b], none for a.
// The load of a after the loop waits on the loop's exit E and on the store
// of a before the loop.
// CHECK-LABEL: dataflow.graph private @loop_t0_g0
//       CHECK: %[[SA:[0-9]+]] = dataflow.store %arg1
//       CHECK: dataflow.stream
//  CHECK-NEXT: %[[E:[0-9]+]] = dataflow.carry %phase, %start, %[[ED:[0-9]+]]#1 : none
//  CHECK-NEXT: %[[ED]]:2 = dataflow.demux %phase, %[[E]]
//  CHECK-NEXT: %[[W:[0-9]+]] = dataflow.carry %phase, %start, %[[SB:[0-9]+]] : none
//  CHECK-NEXT: dataflow.demux %phase, %[[W]]
//  CHECK-NEXT: %[[R:[0-9]+]] = dataflow.carry %phase, %start, %[[SB]] : none
//  CHECK-NEXT: %[[RD:[0-9]+]]:2 = dataflow.demux %phase, %[[R]]
//   CHECK-NOT: dataflow.carry
//       CHECK: %[[SB]] = dataflow.store %arg2
//       CHECK: %[[LA:[0-9]+]]:2 = dataflow.sync %[[ED]]#0, %[[SA]]
//  CHECK-NEXT: dataflow.load %arg1[%{{.+}}] %[[LA]]#0
//       CHECK: %[[SC:[0-9]+]]:2 = dataflow.sync %[[ED]]#0, %[[RD]]#0
//  CHECK-NEXT: dataflow.store %arg2[%{{.+}}] %{{.+}} %[[SC]]#0
dataflow.thread private @loop_t0(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %b : memref<?xi32>, memref<?xi32>) attributes {graph_name = "loop_t0_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>, %b1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : i32
    memref.store %c7, %a1[%c0] : memref<?xi32>
    scf.for %i = %c0 to %n1 step %c1 {
      %x = memref.load %b1[%i] : memref<?xi32>
      %y = arith.addi %x, %x : i32
      %next = arith.addi %i, %c1 : index
      memref.store %y, %b1[%next] : memref<?xi32>
    }
    %v = memref.load %a1[%c0] : memref<?xi32>
    memref.store %v, %b1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @loop(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: index) {
  %t = dataflow.thread.launch @loop_t0 args(%a, %b, %n : memref<?xi32>, memref<?xi32>, index)
  dataflow.thread.wait %t
  return
}

// -----

// An scf.if that stores only to b: the condition demuxes E, W[b] and R[b]
// (and the captured values), never a frontier of a, and muxes W[b] and R[b]
// back. Here E, W[b] and R[b] are all the graph start: one demux serves the
// three, the store's ctrl all_of(E, R[b]) is its lane, W[b] and R[b] come
// back as one mux, and E, which leaves both lanes as it entered them, as
// itself (its mux folds).
// CHECK-LABEL: dataflow.graph private @branch_t0_g0
//       CHECK: %[[SA:[0-9]+]] = dataflow.store %arg1
//       CHECK: %[[ED:[0-9]+]]:2 = dataflow.demux %[[C:[0-9]+]], %start : (i1, none)
//   CHECK-NOT: dataflow.demux %{{.+}} : (i1, none)
//       CHECK: %[[SB:[0-9]+]] = dataflow.store %arg2[%{{.+}}] %{{.+}} %[[ED]]#1
//  CHECK-NEXT: %[[WR:[0-9]+]] = dataflow.mux %[[C]], %[[ED]]#0, %[[SB]]
//   CHECK-NOT: dataflow.mux
//       CHECK: %[[LA:[0-9]+]]:2 = dataflow.sync %start, %[[SA]]
//  CHECK-NEXT: dataflow.load %arg1[%{{.+}}] %[[LA]]#0
//       CHECK: %[[SS:[0-9]+]]:2 = dataflow.sync %start, %[[WR]]
//  CHECK-NEXT: dataflow.store %arg2[%{{.+}}] %{{.+}} %[[SS]]#0
dataflow.thread private @branch_t0(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %b : memref<?xi32>, memref<?xi32>) attributes {graph_name = "branch_t0_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>, %b1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : i32
    memref.store %c7, %a1[%c0] : memref<?xi32>
    %p = arith.cmpi sgt, %n1, %c0 : index
    scf.if %p {
      memref.store %c7, %b1[%c0] : memref<?xi32>
    }
    %v = memref.load %a1[%c0] : memref<?xi32>
    memref.store %v, %b1[%n1] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @branch(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: index) {
  %t = dataflow.thread.launch @branch_t0 args(%a, %b, %n : memref<?xi32>, memref<?xi32>, index)
  dataflow.thread.wait %t
  return
}

// -----

// An scf.while that only reads a: carries for E, the loop value, W[a] and
// R[a]; the store of b after the loop waits on the store of b before it.
// CHECK-LABEL: dataflow.graph private @wloop_t0_g0
//       CHECK: %[[SB:[0-9]+]] = dataflow.store %arg2
//  CHECK-NEXT: %[[E:[0-9]+]] = dataflow.carry %[[C:[0-9]+]], %start, %afterValue : none
//  CHECK-NEXT: dataflow.carry %[[C]], %arg0, %{{.+}} : i32
//  CHECK-NEXT: dataflow.carry %[[C]], %start, %{{.+}} : none
//  CHECK-NEXT: dataflow.carry %[[C]], %start, %{{.+}} : none
//   CHECK-NOT: dataflow.carry
//       CHECK: %[[ED:[0-9]+]]:2 = dataflow.demux %[[C]], %[[E]]
//       CHECK: dataflow.load %arg1
//       CHECK: %[[S:[0-9]+]]:2 = dataflow.sync %[[ED]]#0, %[[SB]]
//  CHECK-NEXT: dataflow.store %arg2[%{{.+}}] %{{.+}} %[[S]]#0
dataflow.thread private @wloop_t0(%a: memref<?xi32>, %b: memref<?xi32>, %n: i32) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : i32) memories(%a, %b : memref<?xi32>, memref<?xi32>) attributes {graph_name = "wloop_t0_g0"} {
  ^bb0(%n1: i32, %a1: memref<?xi32>, %b1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i32
    memref.store %z, %b1[%c0] : memref<?xi32>
    %r = scf.while (%x = %n1) : (i32) -> i32 {
      %go = arith.cmpi sgt, %x, %z : i32
      scf.condition(%go) %x : i32
    } do {
    ^bb0(%y: i32):
      %w = memref.load %a1[%c0] : memref<?xi32>
      %d = arith.subi %y, %w : i32
      scf.yield %d : i32
    }
    memref.store %r, %b1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @wloop(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %n: i32) {
  %t = dataflow.thread.launch @wloop_t0 args(%a, %b, %n : memref<?xi32>, memref<?xi32>, i32)
  dataflow.thread.wait %t
  return
}

// -----

// Touching is transitive, and a hoisted local array is a partition of its
// own: the scf.for stores to the local array only inside a nested scf.if,
// so the loop has rings for E and the array's W and R, and the if inside
// demuxes the same three and muxes back W and R (E passes both lanes
// untouched: its mux folds); the parameter's frontier bypasses both.
// CHECK-LABEL: dataflow.graph private @nest_t0_g0
//       CHECK: %[[SA:[0-9]+]] = dataflow.store %arg1
//       CHECK: dataflow.stream
//  CHECK-NEXT: dataflow.carry %phase, %start
//  CHECK-NEXT: %[[ED:[0-9]+]]:2 = dataflow.demux %phase
//  CHECK-NEXT: dataflow.carry %phase, %start
//  CHECK-NEXT: dataflow.demux %phase
//  CHECK-NEXT: dataflow.carry %phase, %start
//  CHECK-NEXT: dataflow.demux %phase
//   CHECK-NOT: dataflow.carry
// CHECK-COUNT-3: dataflow.demux %{{.+}} : (i1, none)
//   CHECK-NOT: dataflow.demux %{{.+}} : (i1, none)
//       CHECK: dataflow.store %arg2
// CHECK-COUNT-2: dataflow.mux
//   CHECK-NOT: dataflow.mux
//       CHECK: dataflow.load %arg2
//       CHECK: %[[S:[0-9]+]]:2 = dataflow.sync %[[ED]]#0, %[[SA]]
//  CHECK-NEXT: dataflow.store %arg1[%{{.+}}] %{{.+}} %[[S]]#0
dataflow.thread private @nest_t0(%a: memref<?xi32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a : memref<?xi32>) attributes {graph_name = "nest_t0_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %loc = memref.alloca() : memref<4xi32>
    %z = arith.constant 0 : i32
    memref.store %z, %a1[%c0] : memref<?xi32>
    scf.for %i = %c0 to %n1 step %c1 {
      %p = arith.cmpi eq, %i, %c0 : index
      scf.if %p {
        %c2 = arith.constant 2 : index
        %t = arith.index_cast %i : index to i32
        memref.store %t, %loc[%c2] : memref<4xi32>
      }
    }
    %c2 = arith.constant 2 : index
    %v = memref.load %loc[%c2] : memref<4xi32>
    memref.store %v, %a1[%c1] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @nest(%a: memref<?xi32>, %n: index) {
  %t = dataflow.thread.launch @nest_t0 args(%a, %n : memref<?xi32>, index)
  dataflow.thread.wait %t
  return
}
