// RUN: loom-opt %s --loom-attach-hints -verify-diagnostics | FileCheck %s

llvm.mlir.global private unnamed_addr constant @hints("parallel=4@k.cpp:6:3\00") {addr_space = 0 : i32}
llvm.func @__loom_loop_hints(!llvm.ptr)

// A marker outside any structured loop is dropped with a remark.
// CHECK-LABEL: func.func @no_loop
//   CHECK-NOT: llvm.call
func.func @no_loop() {
  %s = llvm.mlir.addressof @hints : !llvm.ptr
  // expected-remark @below {{loop hints dropped: they are not inside a structured loop after raising}}
  llvm.call @__loom_loop_hints(%s) : (!llvm.ptr) -> ()
  return
}
