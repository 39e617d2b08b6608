// REQUIRES: mlir-runner
// Differential test of loom-forall-to-thread inside the whole
// loom-lower-scf-to-dfg: Inputs/forall-to-thread.mlir launches a rank-1
// thread over the rows whose only work is an scf.forall over every second
// column (lb 1, step 2) containing a spatial region. Lowered, the thread is
// rank 2 and each instance launches the region's graph once; loom-emu runs
// the program (--entry) with 1 and 3 workers. The source semantics, the
// same loop nest as plain loops, runs below with mlir-runner. Both print
// out[i*m + j] for 3 rows and 6 columns, every slot the forall skips left 0.

// RUN: %lower-to-llvm %s | %run-main | FileCheck %s
// RUN: loom-opt %loom_src_root/tests/lit/Emulator/Inputs/forall-to-thread.mlir --loom-lower-scf-to-dfg -verify-each > %t.mlir
// RUN: FileCheck %s --check-prefix=RANK2 < %t.mlir
// RUN: loom-emu %t.mlir --entry=grid --values=3,6 --memory='i64[18]' --format=flat | FileCheck %s
// RUN: echo '{"values":[3,6],"memories":[{"type":"i64","shape":[18]}]}' | loom-sim %t.mlir --entry=grid --inputs=- --format=flat | FileCheck %s
// RUN: loom-emu %t.mlir --entry=grid --values=3,6 --memory='i64[18]' --format=flat --workers=3 | FileCheck %s
// RUN: loom-emu %t.mlir --entry=grid --values=3,6 --memory='i64[18]' --stats | FileCheck %s --check-prefix=STATS
// The graph's entry constant (100 : i64) as a launch value input
// (loom-hoist-entry-constants, as the kernel compiler runs it): the same
// memory on the emulator and the cycle simulator.
// RUN: loom-opt %loom_src_root/tests/lit/Emulator/Inputs/forall-to-thread.mlir --loom-lower-scf-to-dfg --loom-hoist-entry-constants --loom-validate-dataflow -verify-each > %t.hoisted.mlir
// RUN: FileCheck %s --check-prefix=HOISTED < %t.hoisted.mlir
// RUN: loom-emu %t.hoisted.mlir --entry=grid --values=3,6 --memory='i64[18]' --format=flat | FileCheck %s
// RUN: echo '{"values":[3,6],"memories":[{"type":"i64","shape":[18]}]}' | loom-sim %t.hoisted.mlir --entry=grid --inputs=- --format=flat | FileCheck %s
// An empty column range (m = 1) runs no instance and writes nothing.
// RUN: loom-emu %t.mlir --entry=grid --values=3,1 --memory='i64[1]=7' --stats | FileCheck %s --check-prefix=EMPTY

// RANK2: dataflow.thread private @rows({{.*}}) ctrl(%{{.+}}) coords(%{{.+}}, %{{.+}}) domain<dense>
// RANK2-NOT: scf.forall
// HOISTED-NOT: dataflow.constant %start
// HOISTED: %[[C100:.+]] = arith.constant 100 : i64
// HOISTED-NEXT: dataflow.graph.launch @rows_g0 deps(%{{.+}}) values(%{{.+}}, %{{.+}}, %{{.+}}, %[[C100]] : index, index, index, i64)
// STATS: launch: dense thread @rows: instances 9, graph launches 9
// EMPTY: memory #0: [7]
// EMPTY: launch: dense thread @rows: instances 0, graph launches 0

// CHECK: 0
// CHECK-NEXT: 1
// CHECK-NEXT: 0
// CHECK-NEXT: 3
// CHECK-NEXT: 0
// CHECK-NEXT: 5
// CHECK-NEXT: 0
// CHECK-NEXT: 101
// CHECK-NEXT: 0
// CHECK-NEXT: 103
// CHECK-NEXT: 0
// CHECK-NEXT: 105
// CHECK-NEXT: 0
// CHECK-NEXT: 201
// CHECK-NEXT: 0
// CHECK-NEXT: 203
// CHECK-NEXT: 0
// CHECK-NEXT: 205

// The source loop nest: for each row i, for j = 1, 3, ... < m.
func.func @grid(%out: memref<?xi64>, %n: index, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c100 = arith.constant 100 : i64
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c1 to %m step %c2 {
      %row = arith.muli %i, %m : index
      %k = arith.addi %row, %j : index
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %a = arith.muli %ii, %c100 : i64
      %v = arith.addi %a, %jj : i64
      memref.store %v, %out[%k] : memref<?xi64>
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c18 = arith.constant 18 : index
  %z = arith.constant 0 : i64
  %out = memref.alloc(%c18) : memref<?xi64>
  scf.for %k = %c0 to %c18 step %c1 {
    memref.store %z, %out[%k] : memref<?xi64>
  }
  func.call @grid(%out, %c3, %c6) : (memref<?xi64>, index, index) -> ()
  scf.for %k = %c0 to %c18 step %c1 {
    %x = memref.load %out[%k] : memref<?xi64>
    func.call @printI64(%x) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  memref.dealloc %out : memref<?xi64>
  return
}
