// Memory actors (dataflow-semantics.md, "Memory actors"): a load issues on
// its control token and makes data and done visible together; a store
// writes and then emits done. The ctrl -> done chain is the only ordering.

// Read, then write the incremented value (RAW through done), then read it
// back: the second load sees the store because its ctrl is the store's done.
// RUN: loom-emu %s --graph=raw --values=1 --memory='i32[3]=5,6,7' --trace-value=d1 --trace-value=d2 | FileCheck %s --check-prefix=RAW
// RAW: value #0: i32 = 6
// RAW: value #1: i32 = 7
// RAW: memory #0: [5, 7, 7]
// RAW: trace d1: [none]
// RAW: trace d2: [none]
dataflow.graph private @raw(%start: none) values(%i: index) memories(%m: memref<?xi32>) -> values(i32, i32) {
  %x, %d1 = dataflow.load %m[%i] %start : memref<?xi32>
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %x, %one : i32
  %st = dataflow.store %m[%i] %y %d1 : memref<?xi32>
  %z, %d2 = dataflow.load %m[%i] %st : memref<?xi32>
  %done, %a, %b = dataflow.sync %d2, %x, %z : (none, i32, i32) -> (none, i32, i32)
  dataflow.graph.return values(%a, %b : i32, i32) complete(%done)
}

// Two-dimensional row-major addressing; a store of poison stays poison.
// RUN: loom-emu %s --graph=twod --values=1,2,poison --memory='f32[2x3]=0,1,2,3,4,5' | FileCheck %s --check-prefix=TWOD
// RUN: loom-emu %s --graph=twod --values=1,2,poison '--memory=f32[2x3]=0,1,2,3,4,5' --format=bits > %t.emu0 && echo '{"values":[1,2,"poison"],"memories":[{"type":"f32","shape":[2,3],"data":[0,1,2,3,4,5]}]}' | loom-sim %s --graph=twod --inputs=- --format=bits > %t.sim0 && diff %t.emu0 %t.sim0
// TWOD: value #0: f32 = 5
// TWOD: memory #0: {{\[\[}}0, 1, 2], [3, 4, poison]]
dataflow.graph private @twod(%start: none) values(%i: index, %j: index, %v: f32) memories(%m: memref<2x3xf32>) -> values(f32) {
  %x, %d = dataflow.load %m[%i, %j] %start : memref<2x3xf32>
  %st = dataflow.store %m[%i, %j] %v %d : memref<2x3xf32>
  %done, %r = dataflow.sync %st, %x : (none, f32) -> (none, f32)
  dataflow.graph.return %done, %r : none, f32
}
