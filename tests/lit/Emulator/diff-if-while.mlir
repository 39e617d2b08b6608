// REQUIRES: mlir-runner
// Differential: scf.if (with and without else, yielding two iter_args)
// inside loops, scf.while nested in scf.for with an scf.if in its after
// region, and scf.index_switch with memory effects in its cases inside a
// loop. mlir-runner and loom-emu print the same lines (memory elements in
// graph order, then the result slots).

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s --check-prefixes=CLAMP,CLAMP0,COLLATZ,SWITCH,SCAN1,SCAN2,SCAN3
// RUN: %kernel-to-dfg %s 2>/dev/null > %t.dfg.mlir
// RUN: FileCheck %s --check-prefix=SIG < %t.dfg.mlir
// The values of each graph run are the kernel's, then the entry constants
// that loom-hoist-entry-constants (part of %kernel-to-dfg, as in the kernel
// compiler) made inputs of the launch, in the launch's order (the SIG lines).
// RUN: loom-emu %t.dfg.mlir --graph=clamp_t0_g0 --format=flat --drain --values=3,6,0,1,0,1 --memory='i32[6]=1,5,2,7,3,-9' --memory='i32[1]' --memory='i32[1]' | FileCheck %s --check-prefix=CLAMP
// RUN: echo '{"values":[3,6,0,1,0,1],"memories":[{"type":"i32","shape":[6],"data":[1,5,2,7,3,-9]},{"type":"i32","shape":[1]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=clamp_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CLAMP
// RUN: loom-emu %t.dfg.mlir --graph=clamp_t0_g0 --format=flat --drain --values=3,0,0,1,0,1 --memory='i32[6]=1,5,2,7,3,-9' --memory='i32[1]' --memory='i32[1]' | FileCheck %s --check-prefix=CLAMP0
// RUN: echo '{"values":[3,0,0,1,0,1],"memories":[{"type":"i32","shape":[6],"data":[1,5,2,7,3,-9]},{"type":"i32","shape":[1]},{"type":"i32","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=clamp_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=CLAMP0
// RUN: loom-emu %t.dfg.mlir --graph=collatz_t0_g0 --format=flat --drain --values=6,0,1,1,2,3,0,1000 --memory='i32[6]=1,2,3,6,27,0' --memory='i32[6]' | FileCheck %s --check-prefix=COLLATZ
// RUN: echo '{"values":[6,0,1,1,2,3,0,1000],"memories":[{"type":"i32","shape":[6],"data":[1,2,3,6,27,0]},{"type":"i32","shape":[6]}]}' | loom-sim %t.dfg.mlir --graph=collatz_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=COLLATZ
// RUN: loom-emu %t.dfg.mlir --graph=dispatch_t0_g0 --format=flat --drain --values=7,0,1,2,3,1 --memory='index[7]=0,1,2,3,1,0,2' --memory='i32[4]=100,200,300,400' | FileCheck %s --check-prefix=SWITCH
// (No loom-sim run of @dispatch_t0_g0: the mapper cannot route @dispatch_t0_g0 on cgra-8x8 (a link carries 3 values on 2 channels).)

// RUN: loom-emu %t.dfg.mlir --graph=scan_t0_g0 --format=flat --drain --values=5,0,1,0,1 --memory='i32[5]=3,2,5,0,7' --memory='index[1]' | FileCheck %s --check-prefix=SCAN1
// RUN: echo '{"values":[5,0,1,0,1],"memories":[{"type":"i32","shape":[5],"data":[3,2,5,0,7]},{"type":"index","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=scan_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SCAN1
// RUN: loom-emu %t.dfg.mlir --graph=scan_t0_g0 --format=flat --drain --values=5,0,1,0,1 --memory='i32[5]=1,1,1,1,1' --memory='index[1]' | FileCheck %s --check-prefix=SCAN2
// RUN: echo '{"values":[5,0,1,0,1],"memories":[{"type":"i32","shape":[5],"data":[1,1,1,1,1]},{"type":"index","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=scan_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SCAN2
// RUN: loom-emu %t.dfg.mlir --graph=scan_t0_g0 --format=flat --drain --values=5,0,1,0,1 --memory='i32[5]=0,1,1,1,1' --memory='index[1]' | FileCheck %s --check-prefix=SCAN3
// RUN: echo '{"values":[5,0,1,0,1],"memories":[{"type":"i32","shape":[5],"data":[0,1,1,1,1]},{"type":"index","shape":[1]}]}' | loom-sim %t.dfg.mlir --graph=scan_t0_g0 --drain --inputs=- --format=flat | FileCheck %s --check-prefix=SCAN3

// SIG-DAG: dataflow.graph.launch @scan_t0_g0 deps(%{{.+}}) values(%arg1, %c0, %c1, %c0_i32, %c1_i32 : index, index, index, i32, i32) memories(%arg0, %{{.+}} : memref<?xi32>, memref<1xindex>)
// SIG-DAG: dataflow.graph.launch @clamp_t0_g0 deps(%{{.+}}) values(%arg2, %arg1, %c0, %c1, %c0_i32, %c1_i32 : i32, index, index, index, i32, i32) memories(%arg0, %{{.+}}, %{{.+}} : memref<?xi32>, memref<1xi32>, memref<1xi32>)
// SIG-DAG: dataflow.graph.launch @collatz_t0_g0 deps(%{{.+}}) values(%arg2, %c0, %c1, %c1_i32, %c2_i32, %c3_i32, %c0_i32, %c1000_i32 : index, index, index, i32, i32, i32, i32, i32) memories(%arg0, %arg1 : memref<?xi32>, memref<?xi32>)
// SIG-DAG: dataflow.graph.launch @dispatch_t0_g0 deps(%{{.+}}) values(%arg2, %c0, %c1, %c2, %c3, %c1_i32 : index, index, index, index, index, i32) memories(%arg0, %arg1 : memref<?xindex>, memref<?xi32>)

// Clamp a[i] > t to t (no else: the store is in the then branch only),
// count the clamped and sum the rest (an if yielding two iter_args).
// Graph values: (t, n).
// CLAMP: 1
// CLAMP-NEXT: 3
// CLAMP-NEXT: 2
// CLAMP-NEXT: 3
// CLAMP-NEXT: 3
// CLAMP-NEXT: -9
// CLAMP-NEXT: 2
// CLAMP-NEXT: -3
// CLAMP0: 1
// CLAMP0-NEXT: 5
// CLAMP0-NEXT: 2
// CLAMP0-NEXT: 7
// CLAMP0-NEXT: 3
// CLAMP0-NEXT: -9
// CLAMP0-NEXT: 0
// CLAMP0-NEXT: 0
func.func @clamp(%a: memref<?xi32>, %n: index, %t: i32) -> (i32, i32) attributes {loom.kernel = "clamp"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %cnt, %sum = scf.for %i = %c0 to %n step %c1 iter_args(%c = %z, %s = %z) -> (i32, i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %big = arith.cmpi sgt, %x, %t : i32
    scf.if %big {
      memref.store %t, %a[%i] : memref<?xi32>
    }
    %c2, %s2 = scf.if %big -> (i32, i32) {
      %cc = arith.addi %c, %one : i32
      scf.yield %cc, %s : i32, i32
    } else {
      %ss = arith.addi %s, %x : i32
      scf.yield %c, %ss : i32, i32
    }
    scf.yield %c2, %s2 : i32, i32
  }
  return %cnt, %sum : i32, i32
}

// b[i] = number of Collatz steps from a[i] to 1 (at most 1000).
// COLLATZ: 1
// COLLATZ-NEXT: 2
// COLLATZ-NEXT: 3
// COLLATZ-NEXT: 6
// COLLATZ-NEXT: 27
// COLLATZ-NEXT: 0
// COLLATZ-NEXT: 0
// COLLATZ-NEXT: 1
// COLLATZ-NEXT: 7
// COLLATZ-NEXT: 8
// COLLATZ-NEXT: 111
// COLLATZ-NEXT: 0
func.func @collatz(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) attributes {loom.kernel = "collatz"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %zero = arith.constant 0 : i32
  %cap = arith.constant 1000 : i32
  scf.for %i = %c0 to %n step %c1 {
    %x0 = memref.load %a[%i] : memref<?xi32>
    %xf, %steps = scf.while (%x = %x0, %k = %zero) : (i32, i32) -> (i32, i32) {
      %ne = arith.cmpi sgt, %x, %one : i32
      %lt = arith.cmpi slt, %k, %cap : i32
      %go = arith.andi %ne, %lt : i1
      scf.condition(%go) %x, %k : i32, i32
    } do {
    ^bb0(%x1: i32, %k1: i32):
      %r = arith.remsi %x1, %two : i32
      %even = arith.cmpi eq, %r, %zero : i32
      %nx = scf.if %even -> i32 {
        %h = arith.divsi %x1, %two : i32
        scf.yield %h : i32
      } else {
        %t = arith.muli %x1, %three : i32
        %t1 = arith.addi %t, %one : i32
        scf.yield %t1 : i32
      }
      %k2 = arith.addi %k1, %one : i32
      scf.yield %nx, %k2 : i32, i32
    }
    memref.store %steps, %b[%i] : memref<?xi32>
  }
  return
}

// Opcodes in ops[i]: 0 doubles acc[0], 1 adds acc[0] into acc[1] and bumps
// acc[3], 2 swaps acc[1] and acc[2], anything else adds i to acc[3].
// SWITCH: 0
// SWITCH-NEXT: 1
// SWITCH-NEXT: 2
// SWITCH-NEXT: 3
// SWITCH-NEXT: 1
// SWITCH-NEXT: 0
// SWITCH-NEXT: 2
// SWITCH-NEXT: 400
// SWITCH-NEXT: 400
// SWITCH-NEXT: 500
// SWITCH-NEXT: 405
func.func @dispatch(%ops: memref<?xindex>, %acc: memref<?xi32>, %n: index) attributes {loom.kernel = "dispatch"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 {
    %op = memref.load %ops[%i] : memref<?xindex>
    scf.index_switch %op
    case 0 {
      %x = memref.load %acc[%c0] : memref<?xi32>
      %y = arith.addi %x, %x : i32
      memref.store %y, %acc[%c0] : memref<?xi32>
      scf.yield
    }
    case 1 {
      %x = memref.load %acc[%c0] : memref<?xi32>
      %y = memref.load %acc[%c1] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %acc[%c1] : memref<?xi32>
      %k = memref.load %acc[%c3] : memref<?xi32>
      %k1 = arith.addi %k, %one : i32
      memref.store %k1, %acc[%c3] : memref<?xi32>
      scf.yield
    }
    case 2 {
      %x = memref.load %acc[%c1] : memref<?xi32>
      %y = memref.load %acc[%c2] : memref<?xi32>
      memref.store %y, %acc[%c1] : memref<?xi32>
      memref.store %x, %acc[%c2] : memref<?xi32>
      scf.yield
    }
    default {
      %k = memref.load %acc[%c3] : memref<?xi32>
      %ii = arith.index_cast %i : index to i32
      %k1 = arith.addi %k, %ii : i32
      memref.store %k1, %acc[%c3] : memref<?xi32>
      scf.yield
    }
  }
  return
}

// A while whose before region holds an scf.if that loads and stores: it
// decrements a[k] and walks on while the old value was positive and k < n.
// SCAN1: 2
// SCAN1-NEXT: 1
// SCAN1-NEXT: 4
// SCAN1-NEXT: -1
// SCAN1-NEXT: 7
// SCAN1-NEXT: 3
// SCAN2: 0
// SCAN2-NEXT: 0
// SCAN2-NEXT: 0
// SCAN2-NEXT: 0
// SCAN2-NEXT: 0
// SCAN2-NEXT: 5
// SCAN3: -1
// SCAN3-NEXT: 1
// SCAN3-NEXT: 1
// SCAN3-NEXT: 1
// SCAN3-NEXT: 1
// SCAN3-NEXT: 0
func.func @scan(%a: memref<?xi32>, %n: index) -> index attributes {loom.kernel = "scan"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.while (%k = %c0) : (index) -> index {
    %inb = arith.cmpi slt, %k, %n : index
    %go = scf.if %inb -> i1 {
      %x = memref.load %a[%k] : memref<?xi32>
      %y = arith.subi %x, %one : i32
      memref.store %y, %a[%k] : memref<?xi32>
      %pos = arith.cmpi sgt, %x, %z : i32
      scf.yield %pos : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k1: index):
    %k2 = arith.addi %k1, %c1 : index
    scf.yield %k2 : index
  }
  return %r : index
}

func.func @run_scan(%v0: i32, %v1: i32, %v2: i32, %v3: i32, %v4: i32) {
  %c5 = arith.constant 5 : index
  %a = func.call @six(%v0, %v1, %v2, %v3, %v4, %v4) : (i32, i32, i32, i32, i32, i32) -> memref<?xi32>
  %r = func.call @scan(%a, %c5) : (memref<?xi32>, index) -> index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %c5 step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    func.call @print_i32(%x) : (i32) -> ()
  }
  %ri = arith.index_cast %r : index to i32
  func.call @print_i32(%ri) : (i32) -> ()
  return
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

// A fresh buffer holding the six values.
func.func @six(%v0: i32, %v1: i32, %v2: i32, %v3: i32, %v4: i32, %v5: i32) -> memref<?xi32> {
  %c6 = arith.constant 6 : index
  %m = memref.alloc(%c6) : memref<?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  memref.store %v0, %m[%c0] : memref<?xi32>
  memref.store %v1, %m[%c1] : memref<?xi32>
  memref.store %v2, %m[%c2] : memref<?xi32>
  memref.store %v3, %m[%c3] : memref<?xi32>
  memref.store %v4, %m[%c4] : memref<?xi32>
  memref.store %v5, %m[%c5] : memref<?xi32>
  return %m : memref<?xi32>
}

func.func @run_clamp(%n: index) {
  %v1 = arith.constant 1 : i32
  %v5 = arith.constant 5 : i32
  %v2 = arith.constant 2 : i32
  %v7 = arith.constant 7 : i32
  %v3 = arith.constant 3 : i32
  %vm9 = arith.constant -9 : i32
  %a = func.call @six(%v1, %v5, %v2, %v7, %v3, %vm9) : (i32, i32, i32, i32, i32, i32) -> memref<?xi32>
  %cnt, %sum = func.call @clamp(%a, %n, %v3) : (memref<?xi32>, index, i32) -> (i32, i32)
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32(%cnt) : (i32) -> ()
  func.call @print_i32(%sum) : (i32) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  func.call @run_clamp(%c6) : (index) -> ()
  func.call @run_clamp(%c0) : (index) -> ()

  %v0 = arith.constant 0 : i32
  %v1 = arith.constant 1 : i32
  %v2 = arith.constant 2 : i32
  %v3 = arith.constant 3 : i32
  %v6 = arith.constant 6 : i32
  %v27 = arith.constant 27 : i32
  %a = func.call @six(%v1, %v2, %v3, %v6, %v27, %v0) : (i32, i32, i32, i32, i32, i32) -> memref<?xi32>
  %b = func.call @six(%v0, %v0, %v0, %v0, %v0, %v0) : (i32, i32, i32, i32, i32, i32) -> memref<?xi32>
  func.call @collatz(%a, %b, %c6) : (memref<?xi32>, memref<?xi32>, index) -> ()
  func.call @print_i32s(%a) : (memref<?xi32>) -> ()
  func.call @print_i32s(%b) : (memref<?xi32>) -> ()

  %c7 = arith.constant 7 : index
  %ops = memref.alloc(%c7) : memref<?xindex>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  memref.store %c0, %ops[%c0] : memref<?xindex>
  memref.store %c1, %ops[%c1] : memref<?xindex>
  memref.store %c2, %ops[%c2] : memref<?xindex>
  memref.store %c3, %ops[%c3] : memref<?xindex>
  memref.store %c1, %ops[%c4] : memref<?xindex>
  memref.store %c0, %ops[%c5] : memref<?xindex>
  memref.store %c2, %ops[%c6] : memref<?xindex>
  %v100 = arith.constant 100 : i32
  %v200 = arith.constant 200 : i32
  %v300 = arith.constant 300 : i32
  %v400 = arith.constant 400 : i32
  %acc = func.call @six(%v100, %v200, %v300, %v400, %v0, %v0) : (i32, i32, i32, i32, i32, i32) -> memref<?xi32>
  func.call @dispatch(%ops, %acc, %c7) : (memref<?xindex>, memref<?xi32>, index) -> ()
  scf.for %i = %c0 to %c7 step %c1 {
    %op = memref.load %ops[%i] : memref<?xindex>
    %o = arith.index_cast %op : index to i32
    func.call @print_i32(%o) : (i32) -> ()
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %acc[%i] : memref<?xi32>
    func.call @print_i32(%x) : (i32) -> ()
  }
  %s0 = arith.constant 0 : i32
  %s1 = arith.constant 1 : i32
  %s2 = arith.constant 2 : i32
  %s3 = arith.constant 3 : i32
  %s5 = arith.constant 5 : i32
  %s7 = arith.constant 7 : i32
  func.call @run_scan(%s3, %s2, %s5, %s0, %s7) : (i32, i32, i32, i32, i32) -> ()
  func.call @run_scan(%s1, %s1, %s1, %s1, %s1) : (i32, i32, i32, i32, i32) -> ()
  func.call @run_scan(%s0, %s1, %s1, %s1, %s1) : (i32, i32, i32, i32, i32) -> ()
  return
}
