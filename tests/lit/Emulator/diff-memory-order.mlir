// REQUIRES: mlir-runner
// Differential: loads and stores whose order matters through one memref.
// RAW across iterations (prefix sums), RAW and WAR inside one iteration (an
// in-place reverse), WAR against the next iteration's write, the same kernel
// with its two memrefs aliasing one buffer (the graph's arguments share one
// conservative partition), and a data-dependent while walking a linked list
// that it destroys as it goes. mlir-runner and loom-emu print the same
// lines: memory elements in graph order, then the result slots.

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=PRE5,PRE1,PRE0,REV5,REV4,SHIFT,ALIAS,CHASE,CHASE0
// RUN: %kernel-to-dfg %s 2>/dev/null > %t.dfg.mlir
// RUN: FileCheck %s --check-prefix=SIG < %t.dfg.mlir
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order (the SIG lines).
// RUN: loom-emu %t.dfg.mlir --graph=prefix_t0_g0 --format=flat --drain --values=5,1,0 --memory='i32[5]=1,2,3,4,5' | FileCheck %s --check-prefix=PRE5
// RUN: echo '{"values":[5,1,0],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]}]}' | loom-sim %t.dfg.mlir --graph=prefix_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=PRE5
// RUN: loom-emu %t.dfg.mlir --graph=prefix_t0_g0 --format=flat --drain --values=1,1,0 --memory='i32[5]=1,2,3,4,5' | FileCheck %s --check-prefix=PRE1
// RUN: echo '{"values":[1,1,0],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]}]}' | loom-sim %t.dfg.mlir --graph=prefix_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=PRE1
// RUN: loom-emu %t.dfg.mlir --graph=prefix_t0_g0 --format=flat --drain --values=0,1,0 --memory='i32[5]=1,2,3,4,5' | FileCheck %s --check-prefix=PRE0
// RUN: echo '{"values":[0,1,0],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]}]}' | loom-sim %t.dfg.mlir --graph=prefix_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=PRE0
// RUN: loom-emu %t.dfg.mlir --graph=reverse_t0_g0 --format=flat --drain --values=5,0,1,2 --memory='i32[5]=1,2,3,4,5' | FileCheck %s --check-prefix=REV5
// RUN: echo '{"values":[5,0,1,2],"memories":[{"type":"i32","shape":[5],"data":[1,2,3,4,5]}]}' | loom-sim %t.dfg.mlir --graph=reverse_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=REV5
// RUN: loom-emu %t.dfg.mlir --graph=reverse_t0_g0 --format=flat --drain --values=4,0,1,2 --memory='i32[4]=1,2,3,4' | FileCheck %s --check-prefix=REV4
// RUN: echo '{"values":[4,0,1,2],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]}]}' | loom-sim %t.dfg.mlir --graph=reverse_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=REV4
// RUN: loom-emu %t.dfg.mlir --graph=shift_t0_g0 --format=flat --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory='i32[4]=10,20,30,40' | FileCheck %s --check-prefix=SHIFT
// RUN: echo '{"values":[4,0,1],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"type":"i32","shape":[4],"data":[10,20,30,40]}]}' | loom-sim %t.dfg.mlir --graph=shift_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SHIFT
// RUN: loom-emu %t.dfg.mlir --graph=shift_t0_g0 --format=flat --drain --values=4,0,1 --memory='i32[4]=1,2,3,4' --memory=@0 | FileCheck %s --check-prefix=ALIAS
// RUN: echo '{"values":[4,0,1],"memories":[{"type":"i32","shape":[4],"data":[1,2,3,4]},{"alias":0}]}' | loom-sim %t.dfg.mlir --graph=shift_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=ALIAS
// RUN: loom-emu %t.dfg.mlir --graph=chase_t0_g0 --format=flat --drain --values=2,0,1,-1,0 --memory='i32[5]' --memory='i32[5]=3,-1,4,1,0' --memory='i32[1]' | FileCheck %s --check-prefix=CHASE
// RUN: echo '{"values":[2,0,1,-1,0],"memories":[{"type":"i32","shape":[5]},{"type":"i32","shape":[5],"data":[3,-1,4,1,0]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=chase_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CHASE
// RUN: loom-emu %t.dfg.mlir --graph=chase_t0_g0 --format=flat --drain --values=-1,0,1,-1,0 --memory='i32[5]' --memory='i32[5]=3,-1,4,1,0' --memory='i32[1]' | FileCheck %s --check-prefix=CHASE0
// RUN: echo '{"values":[-1,0,1,-1,0],"memories":[{"type":"i32","shape":[5]},{"type":"i32","shape":[5],"data":[3,-1,4,1,0]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=chase_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CHASE0

// SIG-DAG: dataflow.graph.launch @prefix_t0_g0 deps(%{{.+}}) values(%arg1, %c1, %c0 : index, index, index) memories(%arg0 : memref<?xi32>)
// SIG-DAG: dataflow.graph.launch @reverse_t0_g0 deps(%{{.+}}) values(%arg1, %c0, %c1, %c2 : index, index, index, index) memories(%arg0 : memref<?xi32>)
// SIG-DAG: dataflow.graph.launch @shift_t0_g0 deps(%{{.+}}) values(%arg2, %c0, %c1 : index, index, index) memories(%arg0, %arg1 : memref<?xi32>, memref<?xi32>)
// SIG-DAG: dataflow.graph.launch @chase_t0_g0 deps(%{{.+}}) values(%arg2, %c0_i32, %c1_i32, %c-1_i32, %c0 : i32, i32, i32, i32, index) memories(%arg1, %arg0, %arg3 : memref<?xi32>, memref<?xi32>, memref<1xi32>)

// a[i] += a[i - 1] for 1 <= i < n.
// PRE5: 1
// PRE5-NEXT: 3
// PRE5-NEXT: 6
// PRE5-NEXT: 10
// PRE5-NEXT: 15
// PRE1: 1
// PRE1-NEXT: 2
// PRE1-NEXT: 3
// PRE1-NEXT: 4
// PRE1-NEXT: 5
// PRE0: 1
// PRE0-NEXT: 2
// PRE0-NEXT: 3
// PRE0-NEXT: 4
// PRE0-NEXT: 5
func.func @prefix(%a: memref<?xi32>, %n: index) attributes {loom.kernel = "prefix"} {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %im1 = arith.subi %i, %c1 : index
    %p = memref.load %a[%im1] : memref<?xi32>
    %x = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %p, %x : i32
    memref.store %s, %a[%i] : memref<?xi32>
  }
  return
}

// Swap a[i] and a[n-1-i] for i < n/2: both loads precede both stores.
// REV5: 5
// REV5-NEXT: 4
// REV5-NEXT: 3
// REV5-NEXT: 2
// REV5-NEXT: 1
// REV4: 4
// REV4-NEXT: 3
// REV4-NEXT: 2
// REV4-NEXT: 1
func.func @reverse(%a: memref<?xi32>, %n: index) attributes {loom.kernel = "reverse"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %half = arith.divui %n, %c2 : index
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %half step %c1 {
    %j = arith.subi %last, %i : index
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %a[%j] : memref<?xi32>
    memref.store %y, %a[%i] : memref<?xi32>
    memref.store %x, %a[%j] : memref<?xi32>
  }
  return
}

// b[i+1] = a[i+1] + b[i]; a[i] = a[i+1]. With a and b one buffer every
// access of an iteration depends on the previous iteration's stores.
// SHIFT: 2
// SHIFT-NEXT: 3
// SHIFT-NEXT: 4
// SHIFT-NEXT: 4
// SHIFT-NEXT: 10
// SHIFT-NEXT: 12
// SHIFT-NEXT: 15
// SHIFT-NEXT: 19
// ALIAS: 2
// ALIAS-NEXT: 3
// ALIAS-NEXT: 4
// ALIAS-NEXT: 10
// ALIAS-NEXT: 2
// ALIAS-NEXT: 3
// ALIAS-NEXT: 4
// ALIAS-NEXT: 10
func.func @shift(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) attributes {loom.kernel = "shift"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %last step %c1 {
    %j = arith.addi %i, %c1 : index
    %x = memref.load %a[%j] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %b[%j] : memref<?xi32>
    memref.store %x, %a[%i] : memref<?xi32>
  }
  return
}

// Follow next[] from `start` until -1, logging each node to out[] and
// cutting the link behind it; returns the number of nodes visited.
// Graph memories: (out, next, slot).
// CHASE: 2
// CHASE-NEXT: 4
// CHASE-NEXT: 0
// CHASE-NEXT: 3
// CHASE-NEXT: 1
// CHASE-NEXT: -1
// CHASE-NEXT: -1
// CHASE-NEXT: -1
// CHASE-NEXT: -1
// CHASE-NEXT: -1
// CHASE-NEXT: 5
// CHASE0: 0
// CHASE0-NEXT: 0
// CHASE0-NEXT: 0
// CHASE0-NEXT: 0
// CHASE0-NEXT: 0
// CHASE0-NEXT: 3
// CHASE0-NEXT: -1
// CHASE0-NEXT: 4
// CHASE0-NEXT: 1
// CHASE0-NEXT: 0
// CHASE0-NEXT: 0
func.func @chase(%next: memref<?xi32>, %out: memref<?xi32>, %start: i32) -> i32 attributes {loom.kernel = "chase"} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %cnt, %lastv = scf.while (%i = %start, %k = %c0) : (i32, i32) -> (i32, i32) {
    %more = arith.cmpi ne, %i, %cm1 : i32
    scf.condition(%more) %k, %i : i32, i32
  } do {
  ^bb0(%k1: i32, %i1: i32):
    %ii = arith.index_cast %i1 : i32 to index
    %kk = arith.index_cast %k1 : i32 to index
    memref.store %i1, %out[%kk] : memref<?xi32>
    %nx = memref.load %next[%ii] : memref<?xi32>
    memref.store %cm1, %next[%ii] : memref<?xi32>
    %k2 = arith.addi %k1, %c1 : i32
    scf.yield %nx, %k2 : i32, i32
  }
  return %cnt : i32
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @print_i32(%v: i32) {
  %w = arith.extsi %v : i32 to i64
  func.call @printI64(%w) : (i64) -> ()
  func.call @printNewline() : () -> ()
  return
}

func.func @print_i32s(%m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %m, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %m[%i] : memref<?xi32>
    func.call @print_i32(%x) : (i32) -> ()
  }
  return
}

// A fresh buffer holding base, base + step, ... (n elements).
func.func @ramp(%n: index, %base: i32, %step: i32) -> memref<?xi32> {
  %m = memref.alloc(%n) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %ii = arith.index_cast %i : index to i32
    %o = arith.muli %ii, %step : i32
    %v = arith.addi %base, %o : i32
    memref.store %v, %m[%i] : memref<?xi32>
  }
  return %m : memref<?xi32>
}

func.func @run_one(%kernel: index, %n: index) {
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %i1 = arith.constant 1 : i32
  %a = func.call @ramp(%c5, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %a4 = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %is_prefix = arith.cmpi eq, %kernel, %c4 : index
  scf.if %is_prefix {
    func.call @prefix(%a, %n) : (memref<?xi32>, index) -> ()
    func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  } else {
    %m = arith.cmpi eq, %n, %c4 : index
    %buf = arith.select %m, %a4, %a : memref<?xi32>
    func.call @reverse(%buf, %n) : (memref<?xi32>, index) -> ()
    func.call @print_i32s(%buf) : (memref<?xi32>) -> ()
  }
  return
}

func.func @run_chase(%start: i32) {
  %c5 = arith.constant 5 : index
  %z = arith.constant 0 : i32
  %out = func.call @ramp(%c5, %z, %z) : (index, i32, i32) -> memref<?xi32>
  %next = memref.alloc(%c5) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %v3 = arith.constant 3 : i32
  %vm1 = arith.constant -1 : i32
  %v4 = arith.constant 4 : i32
  %v1 = arith.constant 1 : i32
  memref.store %v3, %next[%c0] : memref<?xi32>
  memref.store %vm1, %next[%c1] : memref<?xi32>
  memref.store %v4, %next[%c2] : memref<?xi32>
  memref.store %v1, %next[%c3] : memref<?xi32>
  memref.store %z, %next[%c4] : memref<?xi32>
  %cnt = func.call @chase(%next, %out, %start) : (memref<?xi32>, memref<?xi32>, i32) -> i32
  func.call @print_i32s(%out) : (memref<?xi32>) -> ()
  func.call @print_i32s(%next) : (memref<?xi32>) -> ()
  func.call @print_i32(%cnt) : (i32) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  func.call @run_one(%c4, %c5) : (index, index) -> ()
  func.call @run_one(%c4, %c1) : (index, index) -> ()
  func.call @run_one(%c4, %c0) : (index, index) -> ()
  func.call @run_one(%c9, %c5) : (index, index) -> ()
  func.call @run_one(%c9, %c4) : (index, index) -> ()

  %i1 = arith.constant 1 : i32
  %i10 = arith.constant 10 : i32
  %a = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  %b = func.call @ramp(%c4, %i10, %i10) : (index, i32, i32) -> memref<?xi32>
  func.call @shift(%a, %b, %c4) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()
  %s = func.call @ramp(%c4, %i1, %i1) : (index, i32, i32) -> memref<?xi32>
  func.call @shift(%s, %s, %c4) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%s) : (memref<?xi32>) -> ()
  func.call @print_i32s(%s) : (memref<?xi32>) -> ()

  %start2 = arith.constant 2 : i32
  %none = arith.constant -1 : i32
  func.call @run_chase(%start2) : (i32) -> ()
  func.call @run_chase(%none) : (i32) -> ()
  return
}
