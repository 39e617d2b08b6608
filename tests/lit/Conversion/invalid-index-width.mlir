// RUN: not loom-opt %s --loom-lower-scf-to-dfg=index-width=32 2>&1 | FileCheck %s
// RUN: %expect-unchanged %s --loom-lower-scf-to-dfg=index-width=32

// At index-width=32 a loop whose upper bound is a run-time index without loom.facts is not proven to fit, so it is rejected rather than truncated. The same loop lowers at the default width.
// CHECK: error: cannot lower spatial region 'sum_g0': 'scf.for' has index bounds not proven to fit in i32 (constants or loom.facts ranges, including iv + step); the iteration values cross into the graph as i32 and are never truncated
// CHECK: error: cannot lower spatial region 'sum_g0': 'scf.for' has index bounds not proven to fit in i32
//  CHECK-NEXT: scf.for %j = %c0 to %m1 step %c2
// The upper bound fits, but iv + step can exceed the i32 maximum.
dataflow.thread private @sum(%a: memref<?xf32>, %n: index, %m: index, %out: memref<1xf32>) ctrl(%c) domain<dense> {
  loom.spatial_region values(%n, %m : index, index) memories(%a, %out : memref<?xf32>, memref<1xf32>) attributes {graph_name = "sum_g0"} {
  ^bb0(%n1: index, %m1: index, %a1: memref<?xf32>, %o1: memref<1xf32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %z = arith.constant 0.0 : f32
    %s = scf.for %i = %c0 to %n1 step %c1 iter_args(%acc = %z) -> f32 {
      %x = memref.load %a1[%i] : memref<?xf32>
      %t = arith.addf %acc, %x : f32
      scf.yield %t : f32
    }
    memref.store %s, %o1[%c0] : memref<1xf32>
    scf.for %j = %c0 to %m1 step %c2 {
      memref.store %z, %a1[%j] : memref<?xf32>
    } {loom.facts = {lower = array<i64: 0, 0>, step = 2 : i64, upper = array<i64: 0, 2147483647>}}
    loom.spatial_yield
  }
  dataflow.thread.yield
}
