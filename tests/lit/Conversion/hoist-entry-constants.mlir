// RUN: loom-opt %s --loom-hoist-entry-constants --loom-validate-dataflow -verify-each | FileCheck %s
//
// The program runs the same before and after the pass, on the emulator and
// on the cycle simulator (both launches of @two, the graph launched inside
// a thread loop, the graph the pass keeps).
// RUN: loom-opt %s --loom-hoist-entry-constants > %t.hoisted.mlir
// RUN: loom-emu %s --entry=host --values=5 --memory='i32[4]' --memory='i32[4]' --memory='f32[2]' --memory='i32[3]' --format=bits > %t.emu.before
// RUN: loom-emu %t.hoisted.mlir --entry=host --values=5 --memory='i32[4]' --memory='i32[4]' --memory='f32[2]' --memory='i32[3]' --format=bits > %t.emu.after
// RUN: diff %t.emu.before %t.emu.after
// RUN: FileCheck %s --check-prefix=MEM < %t.emu.after
// RUN: echo '{"values":[5],"memories":[{"type":"i32","shape":[4]},{"type":"i32","shape":[4]},{"type":"f32","shape":[2]},{"type":"i32","shape":[3]}]}' > %t.json
// RUN: env LOOM_CACHE_DIR=off loom-sim %s --entry=host --inputs=%t.json --format=bits > %t.sim.before
// RUN: env LOOM_CACHE_DIR=off loom-sim %t.hoisted.mlir --entry=host --inputs=%t.json --format=bits > %t.sim.after
// RUN: diff %t.emu.before %t.sim.before
// RUN: diff %t.sim.before %t.sim.after
//
// a = b = [(5 + 7) * 7, 7, 3, 0], f = [0.5 (bits 0x3f000000), 0] and
// l = [5 + 1, 5 + 1, 5 + 1] (one element per launch in the loop), one
// value per line:
// MEM: 84
// MEM-NEXT: 7
// MEM-NEXT: 3
// MEM-NEXT: 0
// MEM-NEXT: 84
// MEM-NEXT: 7
// MEM-NEXT: 3
// MEM-NEXT: 0
// MEM-NEXT: 1056964608
// MEM-NEXT: 0
// MEM-NEXT: 6
// MEM-NEXT: 6
// MEM-NEXT: 6
// MEM-EMPTY:

// Entry constants of four types become value inputs after %x, in order of
// first occurrence; equal constants (0 : index twice, 7 : i32 twice) share
// one input. The constant fired by a store's done is a per-activation
// value and stays an actor.
// CHECK-LABEL: dataflow.graph private @two
//  CHECK-SAME: (%[[START:.+]]: none) values(%[[X:.+]]: i32, %[[C0:.+]]: index, %[[C1:.+]]: index, %[[K7:.+]]: i32, %[[TRUE:.+]]: i1, %[[C2:.+]]: index, %[[HALF:.+]]: f32)
//  CHECK-SAME: memories(%[[A:.+]]: memref<?xi32>, %[[F:.+]]: memref<?xf32>)
//   CHECK-NOT: dataflow.constant %[[START]]
//       CHECK: %[[S:.+]] = arith.addi %[[X]], %[[K7]] : i32
//       CHECK: %[[M:.+]] = arith.muli %[[S]], %[[K7]] : i32
//       CHECK: %[[SEL:.+]] = arith.select %[[TRUE]], %[[M]], %[[X]] : i32
//       CHECK: %[[D0:.+]] = dataflow.store %[[A]][%[[C0]]] %[[SEL]] %[[START]]
//       CHECK: dataflow.store %[[A]][%[[C1]]] %[[K7]] %[[D0]]
//       CHECK: %[[E:.+]] = dataflow.constant %[[D0]] {value = 3 : i32} : i32
//       CHECK: dataflow.store %[[A]][%[[C2]]] %[[E]] %[[D0]]
//       CHECK: dataflow.store %[[F]][%[[C0]]] %[[HALF]] %[[START]]
dataflow.graph private @two(%start: none) values(%x: i32)
    memories(%a: memref<?xi32>, %f: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %c1 = dataflow.constant %start {value = 1 : index} : index
  %k7 = dataflow.constant %start {value = 7 : i32} : i32
  %true = dataflow.constant %start {value = true} : i1
  %s = arith.addi %x, %k7 : i32
  %k7b = dataflow.constant %start {value = 7 : i32} : i32
  %m = arith.muli %s, %k7b : i32
  %sel = arith.select %true, %m, %x : i32
  %d0 = dataflow.store %a[%c0] %sel %start : memref<?xi32>
  %d1 = dataflow.store %a[%c1] %k7 %d0 : memref<?xi32>
  %e = dataflow.constant %d0 {value = 3 : i32} : i32
  %c2 = dataflow.constant %start {value = 2 : index} : index
  %d2 = dataflow.store %a[%c2] %e %d0 : memref<?xi32>
  %half = dataflow.constant %start {value = 0.5 : f32} : f32
  %c0b = dataflow.constant %start {value = 0 : index} : index
  %d3 = dataflow.store %f[%c0b] %half %start : memref<?xf32>
  dataflow.graph.return complete(%d1, %d2, %d3)
}

// A graph without entry constants is unchanged.
// CHECK-LABEL: dataflow.graph private @plain
//  CHECK-SAME: (%[[START:.+]]: none) values(%[[I:.+]]: index, %[[V:.+]]: i32) memories(
//  CHECK-NEXT: dataflow.store %{{.+}}[%[[I]]] %[[V]] %[[START]]
dataflow.graph private @plain(%start: none) values(%i: index, %v: i32)
    memories(%out: memref<?xi32>) {
  %d = dataflow.store %out[%i] %v %start : memref<?xi32>
  dataflow.graph.return complete(%d)
}

// Launched inside an scf.for of the thread: the constant is computed in
// the loop body, right before the launch.
// CHECK-LABEL: dataflow.graph private @inloop
//  CHECK-SAME: values(%{{.+}}: index, %{{.+}}: i32, %{{.+}}: i32) memories(
//   CHECK-NOT: dataflow.constant
dataflow.graph private @inloop(%start: none) values(%i: index, %x: i32)
    memories(%out: memref<?xi32>) {
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %v = arith.addi %x, %one : i32
  %d = dataflow.store %out[%i] %v %start : memref<?xi32>
  dataflow.graph.return complete(%d)
}

// A symbol use that is not a launch (the attribute on @host) could bind the
// signature, so the graph keeps its entry constants.
// CHECK-LABEL: dataflow.graph private @kept
//  CHECK-SAME: (%[[START:.+]]: none) memories(
//  CHECK-NEXT: dataflow.constant %[[START]] {value = 3 : index} : index
dataflow.graph private @kept(%start: none) memories(%out: memref<?xi32>) {
  %c3 = dataflow.constant %start {value = 3 : index} : index
  %z = dataflow.constant %start {value = 0 : i32} : i32
  %d = dataflow.store %out[%c3] %z %start : memref<?xi32>
  dataflow.graph.return complete(%d)
}

// Both launches of @two get the same constants, in the order of the new
// inputs, right before the launch; @plain and @kept launch as before.
// CHECK-LABEL: dataflow.thread private @t
//       CHECK: %[[L0:.+]] = arith.constant 0 : index
//  CHECK-NEXT: %[[L1:.+]] = arith.constant 1 : index
//  CHECK-NEXT: %[[L7:.+]] = arith.constant 7 : i32
//  CHECK-NEXT: %[[LT:.+]] = arith.constant true
//  CHECK-NEXT: %[[L2:.+]] = arith.constant 2 : index
//  CHECK-NEXT: %[[LH:.+]] = arith.constant 5.000000e-01 : f32
//  CHECK-NEXT: dataflow.graph.launch @two deps(%{{.+}}) values(%[[X:.+]], %[[L0]], %[[L1]], %[[L7]], %[[LT]], %[[L2]], %[[LH]] : i32, index, index, i32, i1, index, f32) memories(%[[A:[^,]+]],
//  CHECK-NEXT: %[[M0:.+]] = arith.constant 0 : index
//  CHECK-NEXT: %[[M1:.+]] = arith.constant 1 : index
//  CHECK-NEXT: %[[M7:.+]] = arith.constant 7 : i32
//  CHECK-NEXT: %[[MT:.+]] = arith.constant true
//  CHECK-NEXT: %[[M2:.+]] = arith.constant 2 : index
//  CHECK-NEXT: %[[MH:.+]] = arith.constant 5.000000e-01 : f32
//  CHECK-NEXT: dataflow.graph.launch @two deps(%{{.+}}) values(%[[X]], %[[M0]], %[[M1]], %[[M7]], %[[MT]], %[[M2]], %[[MH]] : i32, index, index, i32, i1, index, f32) memories(%[[B:[^,]+]],
//  CHECK-NEXT: dataflow.graph.launch @kept deps(%{{.+}}) memories(
//       CHECK: scf.for %[[I:[^ ]+]] =
//  CHECK-NEXT:   %[[ONE:.+]] = arith.constant 1 : i32
//  CHECK-NEXT:   dataflow.graph.launch @inloop deps(%{{.+}}) values(%[[I]], %[[X]], %[[ONE]] : index, i32, i32)
dataflow.thread private @t(%a: memref<?xi32>, %b: memref<?xi32>,
    %f: memref<?xf32>, %l: memref<?xi32>, %x: i32) ctrl(%c) domain<dense> {
  %d0 = dataflow.graph.launch @two deps(%c) values(%x : i32)
      memories(%a, %f : memref<?xi32>, memref<?xf32>)
  %d1 = dataflow.graph.launch @two deps(%d0) values(%x : i32)
      memories(%b, %f : memref<?xi32>, memref<?xf32>)
  %d2 = dataflow.graph.launch @kept deps(%d1) memories(%a : memref<?xi32>)
  dataflow.graph.wait %d2
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %step = arith.constant 1 : index
  %dl = scf.for %i = %lb to %ub step %step iter_args(%dep = %d2) -> (none) {
    %d = dataflow.graph.launch @inloop deps(%dep) values(%i, %x : index, i32)
        memories(%l : memref<?xi32>)
    scf.yield %d : none
  }
  %zero = arith.constant 0 : i32
  %c3 = arith.constant 3 : index
  %d3 = dataflow.graph.launch @plain deps(%dl) values(%c3, %zero : index, i32)
      memories(%b : memref<?xi32>)
  dataflow.thread.yield %d3
}

func.func @host(%a: memref<?xi32>, %b: memref<?xi32>, %f: memref<?xf32>,
    %l: memref<?xi32>, %x: i32) attributes {loom.graph_refs = [@kept]} {
  %t = dataflow.thread.launch @t args(%a, %b, %f, %l, %x
      : memref<?xi32>, memref<?xi32>, memref<?xf32>, memref<?xi32>, i32)
  dataflow.thread.wait %t
  return
}
