// RUN: loom-opt %s --loom-lower-scf-to-dfg --loom-validate-dataflow -split-input-file | FileCheck %s

// A block-local array inside the loop (memref.alloca in the region) is
// hoisted into the thread just before the launch and bound as the graph's
// last memory input. Its accesses are ordered in an alias partition of
// their own: the outer loop carries E and W, R of two partitions (5 rings;
// one shared partition would make 3). Each inner loop carries E and W, R of
// the partition it only reads, and writes an element of the local array of
// its own per iteration, so that partition's frontier is not carried: one
// ring after the body joins the iterations' accesses (4 rings each).
// CHECK-LABEL: dataflow.graph private @reverse_g0
//  CHECK-SAME: (%[[START:.+]]: none) values(%{{.+}}: index) memories(%[[A:.+]]: memref<?xf32>, %[[OUT:.+]]: memref<?xf32>, %[[TMP:.+]]: memref<4xf32>)
// CHECK-COUNT-8: dataflow.carry
//   CHECK-NOT: dataflow.carry
//       CHECK: dataflow.load %[[A]]
//       CHECK: dataflow.store %[[TMP]]
// CHECK-COUNT-4: dataflow.carry
//   CHECK-NOT: dataflow.carry
//       CHECK: dataflow.load %[[TMP]]
//       CHECK: dataflow.store %[[OUT]]
//       CHECK: dataflow.carry
//   CHECK-NOT: dataflow.carry
//   CHECK-NOT: memref.alloca
//       CHECK: dataflow.graph.return
//       CHECK: dataflow.thread private @reverse(%[[TA:.+]]: memref<?xf32>, %[[TOUT:.+]]: memref<?xf32>, %[[TN:.+]]: index)
//  CHECK-NEXT:   %[[LOCAL:.+]] = memref.alloca() : memref<4xf32>
//  CHECK-NEXT:   %[[DONE:.+]] = dataflow.graph.launch @reverse_g0 deps(%{{.+}}) values(%[[TN]] : index) memories(%[[TA]], %[[TOUT]], %[[LOCAL]] : memref<?xf32>, memref<?xf32>, memref<4xf32>)
//  CHECK-NEXT:   dataflow.thread.yield %[[DONE]]
dataflow.thread private @reverse(%a: memref<?xf32>, %out: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %out : memref<?xf32>, memref<?xf32>) attributes {graph_name = "reverse_g0"} {
  ^bb0(%n1: index, %a1: memref<?xf32>, %o1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.for %b = %c0 to %n1 step %c1 {
      %tmp = memref.alloca() : memref<4xf32>
      %base = arith.muli %b, %c4 : index
      scf.for %j = %c0 to %c4 step %c1 {
        %at = arith.addi %base, %j : index
        %x = memref.load %a1[%at] : memref<?xf32>
        memref.store %x, %tmp[%j] : memref<4xf32>
      }
      scf.for %j = %c0 to %c4 step %c1 {
        %r = arith.subi %c3, %j : index
        %y = memref.load %tmp[%r] : memref<4xf32>
        %at = arith.addi %base, %j : index
        memref.store %y, %o1[%at] : memref<?xf32>
      }
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// A thread-level allocation that is already a memory input of the region
// also gets its own partition: a counter cell next to a parameter. The loop
// carries E and W, R of the cell (every iteration reads and writes it); the
// parameter it only reads, from the graph's start, needs no ring in front
// of the body and one after it that joins the loads.
// CHECK-LABEL: dataflow.graph private @count_g0
//  CHECK-SAME: memories(%[[A:.+]]: memref<?xi32>, %[[CELL:.+]]: memref<i32>)
// CHECK-COUNT-3: dataflow.carry
//   CHECK-NOT: dataflow.carry
//       CHECK: dataflow.load %[[CELL]][]
//       CHECK: dataflow.store %[[CELL]][]
//  CHECK-NEXT: dataflow.carry
//   CHECK-NOT: dataflow.carry
//       CHECK: dataflow.thread private @count
//  CHECK-NEXT:   %[[LOCAL:.+]] = memref.alloca() : memref<i32>
//  CHECK-NEXT:   dataflow.graph.launch @count_g0 deps(%{{.+}}) values(%{{.+}} : index) memories(%{{.+}}, %[[LOCAL]] : memref<?xi32>, memref<i32>)
dataflow.thread private @count(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
  %cell = memref.alloca() : memref<i32>
  loom.spatial_region values(%n : index) memories(%a, %cell : memref<?xi32>, memref<i32>) attributes {graph_name = "count_g0"} {
  ^bb0(%n1: index, %a1: memref<?xi32>, %cell1: memref<i32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0 : i32
    memref.store %zero, %cell1[] : memref<i32>
    scf.for %i = %c0 to %n1 step %c1 {
      %v = memref.load %cell1[] : memref<i32>
      %x = memref.load %a1[%i] : memref<?xi32>
      %s = arith.addi %v, %x : i32
      memref.store %s, %cell1[] : memref<i32>
    }
    %t = memref.load %cell1[] : memref<i32>
    memref.store %t, %a1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
