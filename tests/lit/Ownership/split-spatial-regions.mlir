// RUN: loom-opt %s --loom-split-spatial-regions -verify-diagnostics -split-input-file | FileCheck %s

// Three loops in one region become three regions launched in sequence. The
// sum the first loop computes is an output of the first part and an input
// of the second; each part binds only the memories it accesses. Constants
// the parts share become thread constants, value inputs that the dataflow
// pipeline's loom-sink-region-constants copies back into each part (SUNK).
// CHECK-LABEL: dataflow.thread private @three
//       CHECK:   %[[S:.+]] = loom.spatial_region values(%{{.+}} : index) memories(%[[A:.+]] : memref<?xi32>) -> values(i32) attributes {graph_name = "three_g0_s0"}
//       CHECK:     scf.for
//       CHECK:     loom.spatial_yield %{{.+}} : i32
//       CHECK:   loom.spatial_region values(%[[S]], %{{.+}}, %{{.+}}, %{{.+}} : i32, index, index, index) memories(%[[B:.+]] : memref<?xi32>) attributes {graph_name = "three_g0_s1"}
//       CHECK:     scf.for
//       CHECK:   loom.spatial_region values(%{{.+}}, %{{.+}}, %{{.+}} : index, index, index) memories(%[[B]], %[[A]] : memref<?xi32>, memref<?xi32>) attributes {graph_name = "three_g0_s2"}
//       CHECK:     scf.for
//       CHECK:     memref.store
//       CHECK:   dataflow.thread.yield
// RUN: loom-opt %s --loom-split-spatial-regions --loom-sink-region-constants -split-input-file 2>/dev/null | FileCheck %s --check-prefix=SUNK
// SUNK-LABEL: dataflow.thread private @three
//       SUNK:   loom.spatial_region values(%{{.+}} : index)
//       SUNK:   loom.spatial_region values(%{{.+}}, %{{.+}} : i32, index)
//       SUNK:   loom.spatial_region values(%{{.+}} : index)
dataflow.thread private @three(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'three_g0' split at its loop boundaries into 3 regions}}
  loom.spatial_region values(%n : index) memories(%a, %b : memref<?xi32>, memref<?xi32>) attributes {graph_name = "three_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>, %b1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %s = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %z) -> i32 {
      %x = memref.load %a1[%i] : memref<?xi32>
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    scf.for %i = %c0 to %n1 step %c1 {
      memref.store %s, %b1[%i] : memref<?xi32>
    }
    scf.for %i = %c0 to %n1 step %c1 {
      %y = memref.load %b1[%i] : memref<?xi32>
      memref.store %y, %a1[%i] : memref<?xi32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// One loop (with straight-line code around it) is not split: nothing is
// reported and the region is unchanged.
// CHECK-LABEL: dataflow.thread private @one
//       CHECK:   loom.spatial_region
//  CHECK-SAME:     graph_name = "one_g0"
//   CHECK-NOT:   loom.spatial_region
dataflow.thread private @one(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a : memref<?xi32>) attributes {graph_name = "one_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 7 : i32
    memref.store %v, %a1[%c0] : memref<?xi32>
    scf.for %i = %c1 to %n1 step %c1 {
      memref.store %v, %a1[%i] : memref<?xi32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// A loop nested in an scf.if is a boundary like a loop: the branch and
// the loop after it are two parts.
// CHECK-LABEL: dataflow.thread private @guarded
//       CHECK:   loom.spatial_region
//  CHECK-SAME:     graph_name = "guarded_g0_s0"
//       CHECK:     scf.if
//       CHECK:   loom.spatial_region
//  CHECK-SAME:     graph_name = "guarded_g0_s1"
dataflow.thread private @guarded(%a: memref<?xi32>, %n: index, %p: i1) ctrl(%c) domain<dense> {
  // expected-remark @below {{split at its loop boundaries into 2 regions}}
  loom.spatial_region values(%n, %p : index, i1) memories(%a : memref<?xi32>) attributes {graph_name = "guarded_g0"} {
  ^bb0(%n1: index, %p1: i1, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 7 : i32
    scf.if %p1 {
      scf.for %i = %c0 to %n1 step %c1 {
        memref.store %v, %a1[%i] : memref<?xi32>
      }
    }
    scf.for %i = %c0 to %n1 step %c1 {
      %x = memref.load %a1[%i] : memref<?xi32>
      %y = arith.addi %x, %v : i32
      memref.store %y, %a1[%i] : memref<?xi32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// One loop nest: the outer loop stays code of the thread, the inner loop
// becomes a region launched every iteration, and the store after the nest a
// region of its own. Applied again (the next split level), the inner
// region is a single loop without loops inside and stays as it is.
// CHECK-LABEL: dataflow.thread private @nest
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32) {
//       CHECK:     %[[ROW:.+]] = loom.spatial_region values(%[[I]], %{{.+}}, %[[ACC]]{{.*}}) memories(%{{.+}} : memref<?xi32>) -> values(i32) attributes {graph_name = "nest_g0_s0"}
//       CHECK:       scf.for
//       CHECK:     scf.yield %[[ROW]] : i32
//       CHECK:   loom.spatial_region {{.+}} attributes {graph_name = "nest_g0_s1"}
//       CHECK:     memref.store
// RUN: loom-opt %s --loom-split-spatial-regions --loom-split-spatial-regions -split-input-file 2>/dev/null | FileCheck %s --check-prefix=TWICE
// TWICE-LABEL: dataflow.thread private @nest
//       TWICE:   graph_name = "nest_g0_s0"
//   TWICE-NOT:   graph_name = "nest_g0_s0_s
dataflow.thread private @nest(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'nest_g0' split inside its loop nest: the outer loop stays code of the thread and launches 1 region per iteration}}
  loom.spatial_region values(%n : index) memories(%a : memref<?xi32>) attributes {graph_name = "nest_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %s = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %z) -> i32 {
      %r = scf.for %j = %c0 to %n1 step %c1 iter_args(%t = %acc) -> i32 {
        %k = arith.muli %i, %n1 : index
        %x = arith.addi %k, %j : index
        %v = memref.load %a1[%x] : memref<?xi32>
        %u = arith.addi %t, %v : i32
        scf.yield %u : i32
      }
      scf.yield %r : i32
    }
    memref.store %s, %a1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// One scf.while whose `after` region holds a loop: the while stays code of
// the thread (its condition too) and the loop in its body becomes a region
// launched every iteration.
// CHECK-LABEL: dataflow.thread private @whilenest
//       CHECK:   scf.while
//       CHECK:     scf.condition
//       CHECK:   } do {
//       CHECK:     loom.spatial_region {{.+}} attributes {graph_name = "whilenest_g0_s0"}
//       CHECK:       scf.for
//       CHECK:     scf.yield
dataflow.thread private @whilenest(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'whilenest_g0' split inside its loop nest: the outer loop stays code of the thread and launches 1 region per iteration}}
  loom.spatial_region values(%n : index) memories(%a : memref<?xi32>) attributes {graph_name = "whilenest_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.while (%k = %n1) : (index) -> index {
      %more = arith.cmpi ugt, %k, %c0 : index
      scf.condition(%more) %k : index
    } do {
    ^bb0(%k1: index):
      scf.for %i = %c0 to %k1 step %c1 {
        %v = memref.load %a1[%i] : memref<?xi32>
        %w = arith.addi %v, %v : i32
        memref.store %w, %a1[%i] : memref<?xi32>
      }
      %next = arith.subi %k1, %c1 : index
      scf.yield %next : index
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
