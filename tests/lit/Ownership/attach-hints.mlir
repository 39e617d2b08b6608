// RUN: loom-opt %s --loom-attach-hints -verify-each | FileCheck %s

llvm.mlir.global private unnamed_addr constant @hints("parallel=4,contiguous@k.cpp:6:3;tripcount=1024@k.cpp:7:3\00") {addr_space = 0 : i32}
llvm.mlir.global private unnamed_addr constant @unroll("unroll=2@k.cpp:20:5\00") {addr_space = 0 : i32}
llvm.func @__loom_loop_hints(!llvm.ptr)

// A marker inside a loop becomes the loop's hint dictionaries; the marker,
// its string and the declaration disappear.
// CHECK-LABEL: func.func @hinted
//  CHECK-NOT: llvm.call
//      CHECK: scf.for
//      CHECK: loom.hint_locations = {parallel = "k.cpp:6:3", tripcount = "k.cpp:7:3"}
// CHECK-SAME: loom.hints = {parallel = [4, "contiguous"], tripcount = [1024]}
func.func @hinted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = llvm.mlir.addressof @hints : !llvm.ptr
  scf.for %i = %c0 to %n step %c1 {
    llvm.call @__loom_loop_hints(%s) : (!llvm.ptr) -> ()
  }
  return
}

// Hints attach to the innermost enclosing loop, here a while loop.
// CHECK-LABEL: func.func @inner_while
//      CHECK: scf.while
//      CHECK: loom.hints = {unroll = [2]}
func.func @inner_while(%n: i32) {
  %c0 = arith.constant 0 : i32
  %s = llvm.mlir.addressof @unroll : !llvm.ptr
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    llvm.call @__loom_loop_hints(%s) : (!llvm.ptr) -> ()
    %c1 = arith.constant 1 : i32
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  return
}

// Parameter hints become argument attributes.
// CHECK-LABEL: func.func @params
// CHECK-SAME: loom.stream = ""
// CHECK-SAME: loom.memory_bank = "4,cyclic"
// CHECK-NOT: loom.param_hints
func.func @params(%a: memref<?xf32>, %b: memref<?xf32>) attributes {loom.param_hints = "0:stream=;1:memory_bank=4,cyclic"} {
  return
}

// CHECK-NOT: llvm.mlir.global private unnamed_addr constant @hints
// CHECK-NOT: llvm.func @__loom_loop_hints
