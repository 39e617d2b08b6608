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

// One loop with straight-line code before it: the loop stays code of the
// thread and its body becomes a region launched every iteration, the store
// before it a region of its own; the constants they share stay in the thread.
// CHECK-LABEL: dataflow.thread private @one
//       CHECK:   loom.spatial_region memories(%{{.+}} : memref<?xi32>) attributes {graph_name = "one_g0_s0"}
//       CHECK:     memref.store
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
//       CHECK:     loom.spatial_region values(%{{.+}}, %[[I]] : i32, index) memories(%{{.+}} : memref<?xi32>) attributes {graph_name = "one_g0_s1"}
//       CHECK:       memref.store
//   CHECK-NOT:   loom.spatial_region
dataflow.thread private @one(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'one_g0' split inside its loop: the loop stays code of the thread and launches regions of its body every iteration}}
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
// region, a single loop, is split inside that loop in the same way.
// CHECK-LABEL: dataflow.thread private @nest
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32) {
//       CHECK:     %[[ROW:.+]] = loom.spatial_region values(%[[I]], %{{.+}}, %[[ACC]]{{.*}}) memories(%{{.+}} : memref<?xi32>) -> values(i32) attributes {graph_name = "nest_g0_s0"}
//       CHECK:       scf.for
//       CHECK:     scf.yield %[[ROW]] : i32
//       CHECK:   loom.spatial_region {{.+}} attributes {graph_name = "nest_g0_s1"}
//       CHECK:     memref.store
// RUN: loom-opt %s --loom-split-spatial-regions --loom-split-spatial-regions -split-input-file 2>/dev/null | FileCheck %s --check-prefix=TWICE
// TWICE-LABEL: dataflow.thread private @nest
//       TWICE:   scf.for
//       TWICE:     scf.for
//       TWICE:       graph_name = "nest_g0_s0_s0"
//       TWICE:   graph_name = "nest_g0_s1"
dataflow.thread private @nest(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'nest_g0' split inside its loop: the loop stays code of the thread and launches regions of its body every iteration}}
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
// the thread, its condition becomes a region and the loop in its body
// (with the decrement after it) another, launched every iteration.
// CHECK-LABEL: dataflow.thread private @whilenest
//       CHECK:   scf.while
//       CHECK:     loom.spatial_region {{.+}} -> values(i1) attributes {graph_name = "whilenest_g0_s0"}
//       CHECK:       arith.cmpi
//       CHECK:     scf.condition
//       CHECK:   } do {
//       CHECK:     loom.spatial_region {{.+}} -> values(index) attributes {graph_name = "whilenest_g0_s1"}
//       CHECK:       scf.for
//       CHECK:       arith.subi
//       CHECK:     scf.yield
dataflow.thread private @whilenest(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'whilenest_g0' split inside its loop: the loop stays code of the thread and launches regions of its body every iteration}}
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

// -----

// A loop inside an scf.if, the only work of the region (the iterative
// quicksort's shape): the branch stays code of the thread and each of its
// blocks becomes regions launched where it is taken, the loop of `then` one
// region and the store of `else` another.
// CHECK-LABEL: dataflow.thread private @branch
//       CHECK:   scf.if %{{.+}} {
//       CHECK:     loom.spatial_region {{.+}} attributes {graph_name = "branch_g0_s0"}
//       CHECK:       scf.for
//       CHECK:   } else {
//       CHECK:     loom.spatial_region {{.+}} attributes {graph_name = "branch_g0_s1"}
//       CHECK:       memref.store
dataflow.thread private @branch(%a: memref<?xi32>, %n: index, %p: i1) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'branch_g0' split at its branch: the branch stays code of the thread and launches regions of its body where it is taken}}
  loom.spatial_region values(%n, %p : index, i1) memories(%a : memref<?xi32>) attributes {graph_name = "branch_g0"} {
  ^bb0(%n1: index, %p1: i1, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = arith.constant 7 : i32
    scf.if %p1 {
      scf.for %i = %c0 to %n1 step %c1 {
        memref.store %v, %a1[%i] : memref<?xi32>
      }
    } else {
      memref.store %v, %a1[%c0] : memref<?xi32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// Straight-line code is cut in two halves near the middle. The local array
// stays in the thread, ahead of both, and each half that accesses it binds
// it as a memory; the sum the first half computes is handed on as a value.
// CHECK-LABEL: dataflow.thread private @halves
//       CHECK:   %[[T:.+]] = memref.alloca() : memref<2xi32>
//       CHECK:   %[[S:.+]] = loom.spatial_region values(%{{.+}} : i32) memories(%{{.+}} : memref<?xi32>) -> values(i32) attributes {graph_name = "halves_g0_s0"}
//       CHECK:     arith.addi
//       CHECK:   loom.spatial_region values(%[[S]], %{{.+}}, %{{.+}} : i32, index, index) memories(%[[T]], %{{.+}} : memref<2xi32>, memref<?xi32>) attributes {graph_name = "halves_g0_s1"}
//       CHECK:     arith.muli
//       CHECK:     memref.store
dataflow.thread private @halves(%a: memref<?xi32>, %x: i32) ctrl(%c) domain<dense> {
  // expected-remark @below {{spatial region 'halves_g0' split in two halves of straight-line code}}
  loom.spatial_region values(%x : i32) memories(%a : memref<?xi32>) attributes {graph_name = "halves_g0"} {
  ^bb0(%x1: i32, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = memref.alloca() : memref<2xi32>
    %u = memref.load %a1[%c0] : memref<?xi32>
    %s = arith.addi %u, %x1 : i32
    memref.store %s, %t[%c0] : memref<2xi32>
    %w = memref.load %t[%c0] : memref<2xi32>
    %m = arith.muli %w, %s : i32
    memref.store %m, %a1[%c1] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// One operation left: nothing to cut, the region stays as it is.
// CHECK-LABEL: dataflow.thread private @single
//       CHECK:   loom.spatial_region
//  CHECK-SAME:     graph_name = "single_g0"
dataflow.thread private @single(%a: memref<?xi32>, %x: i32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%x : i32) memories(%a : memref<?xi32>) attributes {graph_name = "single_g0"} {
  ^bb0(%x1: i32, %a1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    memref.store %x1, %a1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
