// RUN: not loom-opt %s --loom-finalize-graph-launches 2>&1 | FileCheck %s

// The finalized-program validator runs last: a graph wait on something
// that is not a graph completion is rejected.
// CHECK: error: {{.*}}wait
dataflow.graph private @h(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @r(%a: memref<?xf32>) ctrl(%c) domain<dense> {
  dataflow.graph.wait %c
  %d = dataflow.graph.launch @h deps(%c) memories(%a : memref<?xf32>)
  dataflow.thread.yield
}
