// The split program computes what the program does: a thread whose region
// is an scf.while nest, lowered as it is and split inside the nest (the
// while stays code of the thread, its inner loop a graph launched every
// iteration), both run by loom-emu. a[i] doubles once per round with
// k > i, k from 4 down to 1.
// RUN: loom-opt %s --loom-dataflow-pipeline 2>/dev/null > %t.whole.mlir
// RUN: loom-opt %s --loom-split-spatial-regions --loom-dataflow-pipeline 2>/dev/null > %t.split.mlir
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.mlir
// RUN: loom-emu %t.whole.mlir --entry=k --values=4 --memory='i32[5]=1,2,3,4,5' --format=flat | FileCheck %s
// RUN: loom-emu %t.split.mlir --entry=k --values=4 --memory='i32[5]=1,2,3,4,5' --format=flat | FileCheck %s
// SPLIT: scf.while {{.+}} none
// SPLIT: dataflow.graph.launch @whilenest_g0_s0
// CHECK: 16
// CHECK-NEXT: 16
// CHECK-NEXT: 12
// CHECK-NEXT: 8
// CHECK-NEXT: 5

func.func @k(%a: memref<?xi32>, %n: index) attributes {loom.kernel = "k"} {
  %t = dataflow.thread.launch @whilenest args(%a, %n : memref<?xi32>, index)
  dataflow.thread.wait %t
  return
}
dataflow.thread private @whilenest(%a: memref<?xi32>, %n: index) ctrl(%c) domain<dense> {
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
