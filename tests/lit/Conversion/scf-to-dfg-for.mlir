// RUN: loom-opt %s --loom-lower-scf-to-dfg --loom-validate-dataflow -split-input-file | FileCheck %s

// A counted loop with one iter_arg: one stream, one carry/demux ring for E
// and one for the iter_arg. The loop only reads, so no iteration waits for
// another: each load waits on its iteration's E, and a ring joins the
// loads' dones into R_exit; the final store waits on all_of(E_exit,
// R_exit); no scf is left in the graph.
// CHECK-LABEL: dataflow.graph private @sum_g0
//  CHECK-SAME: (%[[START:.+]]: none) values(%[[N:.+]]: index) memories(%[[A:.+]]: memref<?xf32>, %[[OUT:.+]]: memref<1xf32>)
//   CHECK-DAG: %[[LB:.+]] = dataflow.constant %[[START]] {value = 0 : index} : index
//   CHECK-DAG: %[[LB64:.+]] = arith.index_cast %[[LB]] : index to i64
//       CHECK: %[[IV:.+]], %[[PHASE:.+]] = dataflow.stream %[[LB64]], %{{.+}}, %{{.+}} step add while slt : i64
//       CHECK: %[[E:.+]] = dataflow.carry %[[PHASE]], %[[START]], %[[EB:.+]]#1 : none
//       CHECK: %[[EB]]:2 = dataflow.demux %[[PHASE]], %[[E]] : (i1, none) -> (none, none)
//       CHECK: %[[ACC:.+]] = dataflow.carry %[[PHASE]], %{{.+}}, %[[NEXT:.+]] : f32
//       CHECK: %[[ACCL:.+]]:2 = dataflow.demux %[[PHASE]], %[[ACC]] : (i1, f32) -> (f32, f32)
//       CHECK: %[[I:.+]] = arith.index_cast %[[IV]] : i64 to index
//       CHECK: %[[X:.+]], %[[XDONE:.+]] = dataflow.load %[[A]][%[[I]]] %[[EB]]#1 : memref<?xf32>
//       CHECK: %[[RI:.+]]:2 = dataflow.sync %[[EB]]#1, %[[XDONE]] : (none, none) -> (none, none)
//       CHECK: %[[NEXT]] = arith.addf %[[ACCL]]#1, %[[X]] : f32
//       CHECK: %[[R:.+]] = dataflow.carry %[[PHASE]], %[[START]], %[[RJ:.+]]#0 : none
//       CHECK: %[[RL:.+]]:2 = dataflow.demux %[[PHASE]], %[[R]] : (i1, none) -> (none, none)
//       CHECK: %[[RJ]]:2 = dataflow.sync %[[RL]]#1, %[[RI]]#0 : (none, none) -> (none, none)
//       CHECK: %[[SCTRL:.+]]:2 = dataflow.sync %[[EB]]#0, %[[RL]]#0 : (none, none) -> (none, none)
//       CHECK: dataflow.store %[[OUT]][%{{.+}}] %[[ACCL]]#0 %[[SCTRL]]#0 : memref<1xf32>
//   CHECK-NOT: scf.
//       CHECK: dataflow.graph.return
//       CHECK: dataflow.thread private @sum
//       CHECK:   %[[DONE:.+]] = dataflow.graph.launch @sum_g0 deps(%{{.+}}) values(%{{.+}} : index) memories(
//       CHECK:   dataflow.thread.yield %[[DONE]]
dataflow.thread private @sum(%a: memref<?xf32>, %n: index, %out: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %out : memref<?xf32>, memref<1xf32>) attributes {graph_name = "sum_g0"} {
  ^bb0(%n1: index, %a1: memref<?xf32>, %o1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %s = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %z) -> f32 {
      %x = memref.load %a1[%i] : memref<?xf32>
      %t = arith.addf %acc, %x : f32
      scf.yield %t : f32
    }
    memref.store %s, %o1[%c0] : memref<1xf32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// A copy loop without iter_args over i32 bounds: the stream runs in i32,
// a captured value enters the body through invariant and the true lane.
// Every iteration stores its own element (the dependence analysis proves
// it), so a store waits on its iteration's E, not on the previous store,
// and a ring joins the stores' dones for the exit.
// CHECK-LABEL: dataflow.graph private @copy_g0
//       CHECK: %{{.+}}, %[[PHASE:.+]] = dataflow.stream %{{.+}}, %{{.+}}, %{{.+}} step add while slt : i32
//       CHECK: %[[E:.+]] = dataflow.carry %[[PHASE]], %{{.+}}, %[[EB:.+]]#1 : none
//       CHECK: %[[EB]]:2 = dataflow.demux %[[PHASE]], %[[E]] : (i1, none) -> (none, none)
//       CHECK: %[[INV:.+]] = dataflow.invariant %[[PHASE]], %{{.+}} : f32
//       CHECK: %[[V:.+]]:2 = dataflow.demux %[[PHASE]], %[[INV]] : (i1, f32) -> (f32, f32)
//       CHECK: %[[DONE:.+]] = dataflow.store %{{.+}}[%{{.+}}] %[[V]]#1 %[[EB]]#1 : memref<?xf32>
//       CHECK: %[[W:.+]] = dataflow.carry %[[PHASE]], %{{.+}}, %[[WJ:.+]]#0 : none
//       CHECK: %[[WL:.+]]:2 = dataflow.demux %[[PHASE]], %[[W]] : (i1, none) -> (none, none)
//       CHECK: %[[WJ]]:2 = dataflow.sync %[[WL]]#1, %[[DONE]] : (none, none) -> (none, none)
//       CHECK: dataflow.sync %[[EB]]#0, %[[WL]]#0
//   CHECK-NOT: scf.
dataflow.thread private @copy(%a: memref<?xf32>, %n: i32, %s: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n, %s : i32, f32) memories(%a : memref<?xf32>) attributes {graph_name = "copy_g0"} {
  ^bb0(%n1: i32, %s1: f32, %a1: memref<?xf32>):
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    scf.for %i = %c0 to %n1 step %c1 : i32 {
      %x = arith.index_cast %i : i32 to index
      memref.store %s1, %a1[%x] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}

// -----

// A fixed-domain effect-form forall is replicated into static lanes that
// start from one E and (W, R) and join with all_of.
// CHECK-LABEL: dataflow.graph private @lanes_g0
//       CHECK: dataflow.constant %{{.+}} {value = 0 : index} : index
//       CHECK: %[[D0:.+]] = dataflow.store
//       CHECK: dataflow.constant %{{.+}} {value = 1 : index} : index
//       CHECK: %[[D1:.+]] = dataflow.store
//       CHECK: dataflow.constant %{{.+}} {value = 2 : index} : index
//       CHECK: %[[D2:.+]] = dataflow.store
//       CHECK: dataflow.sync %[[D0]], %[[D1]], %[[D2]]
//   CHECK-NOT: scf.
dataflow.thread private @lanes(%a: memref<3xf32>, %v: f32) ctrl(%c) domain<dense> {
  loom.spatial_region values(%v : f32) memories(%a : memref<3xf32>) attributes {graph_name = "lanes_g0"} {
  ^bb0(%v1: f32, %a1: memref<3xf32>):
    scf.forall (%i) in (3) {
      memref.store %v1, %a1[%i] : memref<3xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
