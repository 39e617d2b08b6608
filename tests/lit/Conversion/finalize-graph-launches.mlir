// RUN: loom-opt %s --loom-finalize-graph-launches -verify-each -split-input-file | FileCheck %s
// RUN: loom-opt %s --loom-finalize-graph-launches --loom-finalize-graph-launches -split-input-file | FileCheck %s

// Launches on the thread's control are chained in body order; a wait
// follows a launch only when stored-program code (not an allocation, not
// the next launch) comes after it; the yield frontier is the last done.
// Running the pass twice gives the same program.
// CHECK-LABEL: dataflow.thread private @t
//  CHECK-SAME: ctrl(%[[CTRL:[^)]+]])
//  CHECK-NEXT: %[[D0:.+]] = dataflow.graph.launch @g deps(%[[CTRL]])
//  CHECK-NEXT: %[[L:.+]] = memref.alloca()
//  CHECK-NEXT: %[[D1:.+]] = dataflow.graph.launch @g4 deps(%[[D0]])
//  CHECK-NEXT: dataflow.graph.wait %[[D1]]
//  CHECK-NEXT: arith.constant
//  CHECK-NEXT: memref.load
//  CHECK-NEXT: %[[D2:.+]] = dataflow.graph.launch @g deps(%[[D1]])
//  CHECK-NEXT: dataflow.thread.yield %[[D2]]
dataflow.graph private @g(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.graph private @g4(%start: none) memories(%m: memref<4xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<4xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @t(%a: memref<?xf32>) ctrl(%c) domain<dense> {
  %d0 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  %l = memref.alloca() : memref<4xf32>
  %d1 = dataflow.graph.launch @g4 deps(%c) memories(%l : memref<4xf32>)
  %c0 = arith.constant 0 : index
  %x = memref.load %a[%c0] : memref<?xf32>
  %d2 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  dataflow.thread.yield
}

// -----

// A thread without launches is left alone.
// CHECK-LABEL: dataflow.thread private @empty
//  CHECK-NEXT: dataflow.thread.yield{{$}}
dataflow.thread private @empty(%a: memref<?xf32>) ctrl(%c) domain<dense> {
  dataflow.thread.yield
}

// -----

// A launch inside an scf.for of the thread (the split program keeps a loop
// nest's outer loop there): the chain runs through a new `none` iteration
// argument, from the launch before the loop to the one after it; the
// launch inside waits before the next iteration's host code. Run twice,
// the pass adds no second argument (the second RUN line).
// CHECK-LABEL: dataflow.thread private @nested
//       CHECK:   %[[D0:.+]] = dataflow.graph.launch @g deps(%{{.+}})
//  CHECK-NEXT:   dataflow.graph.wait %[[D0]]
//       CHECK:   %[[LAST:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[PREV:.+]] = %[[D0]]) -> (none) {
//  CHECK-NEXT:     %[[D1:.+]] = dataflow.graph.launch @g deps(%[[PREV]])
//  CHECK-NEXT:     dataflow.graph.wait %[[D1]]
//  CHECK-NEXT:     scf.yield %[[D1]] : none
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[D2:.+]] = dataflow.graph.launch @g deps(%[[LAST]])
//  CHECK-NEXT:   dataflow.thread.yield %[[D2]]
dataflow.graph private @g(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @nested(%a: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  %d0 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %d1 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  }
  %d2 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  dataflow.thread.yield
}

// -----

// A launch in the `after` region of an scf.while: the chain enters through
// the `before` region, which forwards it in its condition, and leaves
// through the yield.
// CHECK-LABEL: dataflow.thread private @whiled
//       CHECK:   %[[R:.+]]:2 = scf.while (%{{.+}} = %{{.+}}, %[[IN:.+]] = %ctrl) : (index, none) -> (index, none) {
//       CHECK:     scf.condition(%{{.+}}) %{{.+}}, %[[IN]] : index, none
//       CHECK:   } do {
//       CHECK:   ^bb0(%{{.+}}: index, %[[PREV:.+]]: none):
//       CHECK:     %[[D:.+]] = dataflow.graph.launch @g deps(%[[PREV]])
//  CHECK-NEXT:     dataflow.graph.wait %[[D]]
//       CHECK:     scf.yield %{{.+}}, %[[D]] : index, none
//       CHECK:   dataflow.thread.yield %[[R]]#1
dataflow.graph private @g(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @whiled(%a: memref<?xf32>, %n: index) ctrl(%c) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi ult, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %d = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  dataflow.thread.yield
}

// -----

// Launches inside an scf.if (a split program keeps a branch around loops in
// the thread): a new `none` result carries the chain out of the branch
// taken, `then` yielding its launch's done and the `else` the pass adds
// yielding the launch before the branch. Run twice, the pass adds no second
// result.
// CHECK-LABEL: dataflow.thread private @branch
//       CHECK:   %[[D0:.+]] = dataflow.graph.launch @g deps(%{{.+}})
//       CHECK:   %[[R:.+]] = scf.if %{{.+}} -> (none) {
//  CHECK-NEXT:     %[[D1:.+]] = dataflow.graph.launch @g deps(%[[D0]])
//  CHECK-NEXT:     dataflow.graph.wait %[[D1]]
//  CHECK-NEXT:     scf.yield %[[D1]] : none
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[D0]] : none
//  CHECK-NEXT:   }
//  CHECK-NEXT:   %[[D2:.+]] = dataflow.graph.launch @g deps(%[[R]])
//  CHECK-NEXT:   dataflow.thread.yield %[[D2]]
dataflow.graph private @g(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @branch(%a: memref<?xf32>, %p: i1) ctrl(%c) domain<dense> {
  %d0 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  scf.if %p {
    %d1 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  }
  %d2 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  dataflow.thread.yield
}

// -----

// The same through an scf.index_switch: every case and the default carry
// the chain out.
// CHECK-LABEL: dataflow.thread private @switch
//       CHECK:   %[[D0:.+]] = dataflow.graph.launch @g deps(%{{.+}})
//       CHECK:   %[[R:.+]] = scf.index_switch %{{.+}} -> none
//       CHECK:   case 1 {
//  CHECK-NEXT:     %[[D1:.+]] = dataflow.graph.launch @g deps(%[[D0]])
//  CHECK-NEXT:     dataflow.graph.wait %[[D1]]
//  CHECK-NEXT:     scf.yield %[[D1]] : none
//       CHECK:   default {
//  CHECK-NEXT:     scf.yield %[[D0]] : none
//       CHECK:   dataflow.thread.yield %[[R]]
dataflow.graph private @g(%start: none) memories(%m: memref<?xf32>) {
  %c0 = dataflow.constant %start {value = 0 : index} : index
  %v = dataflow.constant %start {value = 1.0 : f32} : f32
  %done = dataflow.store %m[%c0] %v %start : memref<?xf32>
  dataflow.graph.return %done : none
}
dataflow.thread private @switch(%a: memref<?xf32>, %k: index) ctrl(%c) domain<dense> {
  %d0 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
  scf.index_switch %k
  case 1 {
    %d1 = dataflow.graph.launch @g deps(%c) memories(%a : memref<?xf32>)
    scf.yield
  }
  default {
  }
  dataflow.thread.yield
}
