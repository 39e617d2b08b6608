// RUN: loom-opt %s --loom-lower-graph-regions -verify-each -split-input-file 2>/dev/null | FileCheck %s
// RUN: loom-opt %s --loom-lower-graph-regions -split-input-file -mlir-print-op-on-diagnostic=false 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Alias partitions of graph memory inputs (Part 3 "Basic alias partition"):
// a memory input is traced through the thread's block arguments to the
// operands of every launch of the thread; a `llvm.noalias` parameter and a
// fresh allocation are distinct roots, every other root shares one
// conservative partition, and one root stays one partition however many
// inputs it is bound to.

// A vecadd over three noalias parameters: three partitions. Every
// iteration touches elements of its own in each (the dependence analysis
// proves it), so no access waits on another iteration's, nor on another
// partition's: the loads and the store wait on the iteration's E, and one
// ring per partition joins its accesses' dones for the exit.
// REMARK: remark: spatial region 'vadd_t0_g0' orders memory in 3 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias), {parameter 2} (noalias)
// CHECK-LABEL: dataflow.graph private @vadd_t0_g0
//       CHECK: %[[E:[0-9]+]] = dataflow.carry %phase, %start, %[[ED:[0-9]+]]#1 : none
//  CHECK-NEXT: %[[ED]]:2 = dataflow.demux %phase, %[[E]]
//   CHECK-NOT: dataflow.carry
//       CHECK: %{{.+}}, %[[DA:.+]] = dataflow.load %{{.+}}[%{{.+}}] %[[ED]]#1
//  CHECK-NEXT: %[[RA:[0-9]+]]:2 = dataflow.sync %[[ED]]#1, %[[DA]]
//  CHECK-NEXT: %{{.+}}, %[[DB:.+]] = dataflow.load %{{.+}}[%{{.+}}] %[[ED]]#1
//  CHECK-NEXT: %[[RB:[0-9]+]]:2 = dataflow.sync %[[ED]]#1, %[[DB]]
//       CHECK: %[[ST:[0-9]+]] = dataflow.store %{{.+}}[%{{.+}}] %{{.+}} %[[ED]]#1
//  CHECK-NEXT: %[[JA:[0-9]+]] = dataflow.carry %phase, %start, %[[JAS:[0-9]+]]#0 : none
//  CHECK-NEXT: %[[JAD:[0-9]+]]:2 = dataflow.demux %phase, %[[JA]]
//  CHECK-NEXT: %[[JAS]]:2 = dataflow.sync %[[JAD]]#1, %[[RA]]#0
//  CHECK-NEXT: %[[JB:[0-9]+]] = dataflow.carry %phase, %start, %[[JBS:[0-9]+]]#0 : none
//  CHECK-NEXT: %[[JBD:[0-9]+]]:2 = dataflow.demux %phase, %[[JB]]
//  CHECK-NEXT: %[[JBS]]:2 = dataflow.sync %[[JBD]]#1, %[[RB]]#0
//  CHECK-NEXT: %[[JC:[0-9]+]] = dataflow.carry %phase, %start, %[[JCS:[0-9]+]]#0 : none
//  CHECK-NEXT: %[[JCD:[0-9]+]]:2 = dataflow.demux %phase, %[[JC]]
//  CHECK-NEXT: %[[JCS]]:2 = dataflow.sync %[[JCD]]#1, %[[ST]]
dataflow.thread private @vadd_t0(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %b, %c : memref<?xf32>, memref<?xf32>, memref<?xf32>) attributes {graph_name = "vadd_t0_g0"} {
  ^bb0(%n1: index, %a1: memref<?xf32>, %b1: memref<?xf32>, %c1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %n1 step %c1_0 {
      %x = memref.load %a1[%i] : memref<?xf32>
      %y = memref.load %b1[%i] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @vadd(%a: memref<?xf32> {llvm.noalias}, %b: memref<?xf32> {llvm.noalias}, %c: memref<?xf32> {llvm.noalias}, %n: index) {
  %t = dataflow.thread.launch @vadd_t0 args(%a, %b, %c, %n : memref<?xf32>, memref<?xf32>, memref<?xf32>, index)
  dataflow.thread.wait %t
  return
}

// -----

// The same vecadd without evidence: one conservative partition. Each load
// waits on the W ring that the previous iteration's store feeds.
// REMARK: remark: spatial region 'vadd_t0_g0' orders memory in 1 alias partition: {parameter 0, parameter 1, parameter 2} (may alias: no no-alias evidence)
// CHECK-LABEL: dataflow.graph private @vadd_t0_g0
//       CHECK: %[[E:[0-9]+]] = dataflow.carry %phase, %start, %[[ED:[0-9]+]]#1 : none
//  CHECK-NEXT: %[[ED]]:2 = dataflow.demux %phase, %[[E]]
//  CHECK-NEXT: %[[W:[0-9]+]] = dataflow.carry %phase, %start, %[[ST:[0-9]+]] : none
//  CHECK-NEXT: %[[WD:[0-9]+]]:2 = dataflow.demux %phase, %[[W]]
//       CHECK: %[[LA:[0-9]+]]:2 = dataflow.sync %[[ED]]#1, %[[WD]]#1
//  CHECK-NEXT: dataflow.load %{{.+}}[%{{.+}}] %[[LA]]#0
//       CHECK: %[[ST]] = dataflow.store
dataflow.thread private @vadd_t0(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) ctrl(%ctrl) domain<dense> {
  loom.spatial_region values(%n : index) memories(%a, %b, %c : memref<?xf32>, memref<?xf32>, memref<?xf32>) attributes {graph_name = "vadd_t0_g0"} {
  ^bb0(%n1: index, %a1: memref<?xf32>, %b1: memref<?xf32>, %c1: memref<?xf32>):
    %c0 = arith.constant 0 : index
    %c1_0 = arith.constant 1 : index
    scf.for %i = %c0 to %n1 step %c1_0 {
      %x = memref.load %a1[%i] : memref<?xf32>
      %y = memref.load %b1[%i] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c1[%i] : memref<?xf32>
    }
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) {
  %t = dataflow.thread.launch @vadd_t0 args(%a, %b, %c, %n : memref<?xf32>, memref<?xf32>, memref<?xf32>, index)
  dataflow.thread.wait %t
  return
}

// -----

// One noalias parameter bound to two thread arguments is one root: the
// region's two memory inputs share its partition.
// REMARK: remark: spatial region 'same_t0_g0' orders memory in 1 alias partition: {parameter 0} (noalias)
dataflow.thread private @same_t0(%x: memref<?xi32>, %y: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%x, %y : memref<?xi32>, memref<?xi32>) attributes {graph_name = "same_t0_g0"} {
  ^bb0(%x1: memref<?xi32>, %y1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = memref.load %y1[%c0] : memref<?xi32>
    memref.store %v, %x1[%c1] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @same(%a: memref<?xi32> {llvm.noalias}) {
  %t = dataflow.thread.launch @same_t0 args(%a, %a : memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}

// -----

// Mixed evidence: the noalias parameter is apart, the two parameters
// without evidence share the conservative partition.
// REMARK: remark: spatial region 'mixed_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1, parameter 2} (may alias: no no-alias evidence)
dataflow.thread private @mixed_t0(%a: memref<?xi32>, %b: memref<?xi32>, %c: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%a, %b, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>) attributes {graph_name = "mixed_t0_g0"} {
  ^bb0(%a1: memref<?xi32>, %b1: memref<?xi32>, %c1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %a1[%c0] : memref<?xi32>
    memref.store %v, %b1[%c0] : memref<?xi32>
    memref.store %v, %c1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @mixed(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32>, %c: memref<?xi32>) {
  %t = dataflow.thread.launch @mixed_t0 args(%a, %b, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}

// -----

// A view is peeled to its root: a cast of a noalias parameter is the
// parameter's partition, in the thread as on the host side.
// REMARK: remark: spatial region 'view_t0_g0' orders memory in 2 alias partitions: {parameter 0} (noalias), {parameter 1} (noalias)
dataflow.thread private @view_t0(%a: memref<?xi32>, %b: memref<4xi32>) ctrl(%ctrl) domain<dense> {
  %v = memref.cast %a : memref<?xi32> to memref<4xi32>
  loom.spatial_region memories(%a, %v, %b : memref<?xi32>, memref<4xi32>, memref<4xi32>) attributes {graph_name = "view_t0_g0"} {
  ^bb0(%a1: memref<?xi32>, %v1: memref<4xi32>, %b1: memref<4xi32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %a1[%c0] : memref<?xi32>
    memref.store %x, %v1[%c0] : memref<4xi32>
    memref.store %x, %b1[%c0] : memref<4xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @view(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}) {
  %bv = memref.cast %b : memref<?xi32> to memref<4xi32>
  %t = dataflow.thread.launch @view_t0 args(%a, %bv : memref<?xi32>, memref<4xi32>)
  dataflow.thread.wait %t
  return
}

// -----

// Memory computed by another op may be either operand: it joins the
// partitions of both noalias parameters and the conservative one.
// REMARK: remark: spatial region 'select_t0_g0' orders memory in 1 alias partition: {parameter 0, parameter 1, memory from 'arith.select'} (may alias: no no-alias evidence)
dataflow.thread private @select_t0(%a: memref<?xi32>, %b: memref<?xi32>, %p: i1) ctrl(%ctrl) domain<dense> {
  %m = arith.select %p, %a, %b : memref<?xi32>
  loom.spatial_region memories(%a, %b, %m : memref<?xi32>, memref<?xi32>, memref<?xi32>) attributes {graph_name = "select_t0_g0"} {
  ^bb0(%a1: memref<?xi32>, %b1: memref<?xi32>, %m1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %m1[%c0] : memref<?xi32>
    memref.store %x, %a1[%c0] : memref<?xi32>
    memref.store %x, %b1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @select(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %p: i1) {
  %t = dataflow.thread.launch @select_t0 args(%a, %b, %p : memref<?xi32>, memref<?xi32>, i1)
  dataflow.thread.wait %t
  return
}

// -----

// The same on the host side: a launch operand selected between two noalias
// parameters joins both; the third parameter stays apart.
// REMARK: remark: spatial region 'hostsel_t0_g0' orders memory in 2 alias partitions: {parameter 0, memory from 'arith.select'} (may alias: no no-alias evidence), {parameter 2} (noalias)
dataflow.thread private @hostsel_t0(%a: memref<?xi32>, %m: memref<?xi32>, %c: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%a, %m, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>) attributes {graph_name = "hostsel_t0_g0"} {
  ^bb0(%a1: memref<?xi32>, %m1: memref<?xi32>, %c1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %m1[%c0] : memref<?xi32>
    memref.store %x, %a1[%c0] : memref<?xi32>
    memref.store %x, %c1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @hostsel(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %c: memref<?xi32> {llvm.noalias}, %p: i1) {
  %m = arith.select %p, %a, %b : memref<?xi32>
  %t = dataflow.thread.launch @hostsel_t0 args(%a, %m, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}

// -----

// Two launches: distinct in the first, one root in the second. A thread
// argument takes the union over every launch, so the two share a partition;
// with two launches the remark names thread arguments.
// REMARK: remark: spatial region 'twice_t0_g0' orders memory in 1 alias partition: {thread argument 0, thread argument 1} (noalias)
dataflow.thread private @twice_t0(%x: memref<?xi32>, %y: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%x, %y : memref<?xi32>, memref<?xi32>) attributes {graph_name = "twice_t0_g0"} {
  ^bb0(%x1: memref<?xi32>, %y1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %y1[%c0] : memref<?xi32>
    memref.store %v, %x1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @twice(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}) {
  %t0 = dataflow.thread.launch @twice_t0 args(%a, %b : memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t0
  %t1 = dataflow.thread.launch @twice_t0 args(%a, %a : memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t1
  return
}

// -----

// A thread that no launch binds has no evidence: its arguments share the
// conservative partition. A region-local array (hoisted) and a host
// allocation are fresh roots of their own.
// REMARK-DAG: remark: spatial region 'free_t0_g0' orders memory in 2 alias partitions: {thread argument 0, thread argument 1} (may alias: no no-alias evidence), {local array} (fresh allocation)
// REMARK-DAG: remark: spatial region 'slot_t0_g0' orders memory in 2 alias partitions: {parameter 0} (may alias: no no-alias evidence), {host allocation} (fresh allocation)
dataflow.thread private @free_t0(%x: memref<?xi32>, %y: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%x, %y : memref<?xi32>, memref<?xi32>) attributes {graph_name = "free_t0_g0"} {
  ^bb0(%x1: memref<?xi32>, %y1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %tmp = memref.alloca() : memref<1xi32>
    %v = memref.load %y1[%c0] : memref<?xi32>
    memref.store %v, %tmp[%c0] : memref<1xi32>
    %w = memref.load %tmp[%c0] : memref<1xi32>
    memref.store %w, %x1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
dataflow.thread private @slot_t0(%x: memref<?xi32>, %s: memref<1xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%x, %s : memref<?xi32>, memref<1xi32>) attributes {graph_name = "slot_t0_g0"} {
  ^bb0(%x1: memref<?xi32>, %s1: memref<1xi32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %x1[%c0] : memref<?xi32>
    memref.store %v, %s1[%c0] : memref<1xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @slot(%a: memref<?xi32>) -> i32 {
  %s = memref.alloca() : memref<1xi32>
  %t = dataflow.thread.launch @slot_t0 args(%a, %s : memref<?xi32>, memref<1xi32>)
  dataflow.thread.wait %t
  %c0 = arith.constant 0 : index
  %v = memref.load %s[%c0] : memref<1xi32>
  return %v : i32
}

// -----

// A region without memory says so.
// REMARK: remark: spatial region 'pure_t0_g0' accesses no memory
dataflow.thread private @pure_t0(%x: i32) ctrl(%ctrl) domain<dense> {
  %r = loom.spatial_region values(%x : i32) -> values(i32) attributes {graph_name = "pure_t0_g0"} {
  ^bb0(%x1: i32):
    %y = arith.addi %x1, %x1 : i32
    loom.spatial_yield %y : i32
  }
  dataflow.thread.yield
}

// -----

// A launch operand the walk cannot see through (a region result) may be any
// memory of the launch: every argument joins the conservative partition.
// REMARK: remark: spatial region 'ifres_t0_g0' orders memory in 1 alias partition: {parameter 0, memory from 'scf.if', parameter 2} (may alias: no no-alias evidence)
dataflow.thread private @ifres_t0(%a: memref<?xi32>, %m: memref<?xi32>, %c: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%a, %m, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>) attributes {graph_name = "ifres_t0_g0"} {
  ^bb0(%a1: memref<?xi32>, %m1: memref<?xi32>, %c1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %x = memref.load %m1[%c0] : memref<?xi32>
    memref.store %x, %a1[%c0] : memref<?xi32>
    memref.store %x, %c1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @ifres(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}, %c: memref<?xi32> {llvm.noalias}, %p: i1) {
  %m = scf.if %p -> memref<?xi32> {
    scf.yield %a : memref<?xi32>
  } else {
    scf.yield %b : memref<?xi32>
  }
  %t = dataflow.thread.launch @ifres_t0 args(%a, %m, %c : memref<?xi32>, memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}

// -----

// A thread whose symbol has a use other than a launch may be bound to
// anything: no evidence, even beside a launch with noalias operands.
// REMARK: remark: spatial region 'named_t0_g0' orders memory in 1 alias partition: {thread argument 0, thread argument 1} (may alias: no no-alias evidence)
dataflow.thread private @named_t0(%x: memref<?xi32>, %y: memref<?xi32>) ctrl(%ctrl) domain<dense> {
  loom.spatial_region memories(%x, %y : memref<?xi32>, memref<?xi32>) attributes {graph_name = "named_t0_g0"} {
  ^bb0(%x1: memref<?xi32>, %y1: memref<?xi32>):
    %c0 = arith.constant 0 : index
    %v = memref.load %y1[%c0] : memref<?xi32>
    memref.store %v, %x1[%c0] : memref<?xi32>
    loom.spatial_yield
  }
  dataflow.thread.yield
}
func.func @named(%a: memref<?xi32> {llvm.noalias}, %b: memref<?xi32> {llvm.noalias}) attributes {loom.test_ref = @named_t0} {
  %t = dataflow.thread.launch @named_t0 args(%a, %b : memref<?xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}
