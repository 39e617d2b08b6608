// InstructionCore code inside dense thread instances (`loom-emu --entry`):
// each instance sums a row with an scf.for over memref loads, clamps the
// sum with a multi-block cf diamond, scales it by an interpreted call and
// stores it with a graph launch. Results do not depend on the worker count.
//
// RUN: loom-emu %s --entry=rows --values=3 --memory='i32[3x4]=1,2,3,4,5,6,7,8,-9,-9,-9,-9' --memory='i32[3]' | FileCheck %s
// RUN: loom-emu %s --entry=rows --values=3 '--memory=i32[3x4]=1,2,3,4,5,6,7,8,-9,-9,-9,-9' '--memory=i32[3]' --format=bits > %t.emu0 && echo '{"values":[3],"memories":[{"type":"i32","shape":[3,4],"data":[1,2,3,4,5,6,7,8,-9,-9,-9,-9]},{"type":"i32","shape":[3]}]}' | loom-sim %s --entry=rows --inputs=- --format=bits > %t.sim0 && diff %t.emu0 %t.sim0
// CHECK: @rows completed
// CHECK-NEXT: memory #0: {{.*}}
// CHECK-NEXT: memory #1: [20, 52, 0]
// RUN: loom-emu %s --entry=rows --values=3 --memory='i32[3x4]=1,2,3,4,5,6,7,8,-9,-9,-9,-9' --memory='i32[3]' --format=flat > %t.1
// RUN: loom-emu %s --entry=rows --values=3 --memory='i32[3x4]=1,2,3,4,5,6,7,8,-9,-9,-9,-9' --memory='i32[3]' --format=flat --workers=4 --reverse-dense-order > %t.4
// RUN: diff %t.1 %t.4
//
// An external function the process does not define is named before
// anything runs.
// RUN: not loom-emu %s --entry=missing --values=1 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: @missing: emu cannot resolve the external function 'loom_lit_no_such_function': no such symbol in the process

dataflow.graph private @put(%start: none) values(%i: index, %v: i32)
    memories(%out: memref<?xi32>) {
  %st = dataflow.store %out[%i] %v %start : memref<?xi32>
  dataflow.graph.return complete(%st)
}

func.func private @twice(%x: i32) -> i32 {
  %s = arith.addi %x, %x : i32
  return %s : i32
}

dataflow.thread private @row(%in: memref<3x4xi32>, %out: memref<?xi32>)
    ctrl(%ctrl) coords(%i) domain<dense> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %sum = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %v = memref.load %in[%i, %j] : memref<3x4xi32>
    %s = arith.addi %acc, %v : i32
    scf.yield %s : i32
  }
  %clamped = scf.execute_region -> i32 {
    %neg = arith.cmpi slt, %sum, %z : i32
    cf.cond_br %neg, ^zero, ^keep
  ^zero:
    scf.yield %z : i32
  ^keep:
    scf.yield %sum : i32
  }
  %scaled = func.call @twice(%clamped) : (i32) -> i32
  %done = dataflow.graph.launch @put deps(%ctrl) values(%i, %scaled : index, i32)
      memories(%out : memref<?xi32>)
  dataflow.thread.yield %done
}

func.func @rows(%in: memref<3x4xi32>, %out: memref<?xi32>, %n: index) {
  %t = dataflow.thread.launch @row extents(%n) args(%in, %out : memref<3x4xi32>, memref<?xi32>)
  dataflow.thread.wait %t
  return
}

llvm.func @loom_lit_no_such_function(i32) -> i32

func.func @missing(%x: i32) -> i32 {
  %r = llvm.call @loom_lit_no_such_function(%x) : (i32) -> i32
  return %r : i32
}
