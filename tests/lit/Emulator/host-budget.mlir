// A host loop that never ends, run by `loom-emu --entry`: a spin on a flag
// in memory that nobody sets. The step budget of host code (--max-steps,
// LOOM_EMU_MAX_STEPS in the runtime) stops it with an error naming the loop
// and its location; `timeout` turns a hang into a failure (a killed run
// prints no error, so FileCheck fails). With the flag set it ends.
//
// RUN: not timeout 120 loom-emu %s --entry=spin --memory='i32[1]=0' \
// RUN:   --max-steps=5000 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: @spin: host code exceeded its step budget of 5000 ops (--max-steps) in the 'scf.while' loop at {{.*}}host-budget.mlir:[[# @LINE + 9]]:8
// RUN: loom-emu %s --entry=spin --memory='i32[1]=1' --max-steps=5000 \
// RUN:   | FileCheck %s --check-prefix=DONE
// DONE: @spin completed
// DONE-NEXT: result #0: 0

func.func @spin(%flag: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %n = scf.while (%i = %zero) : (i32) -> i32 {
    %v = memref.load %flag[%c0] : memref<?xi32>
    %go = arith.cmpi eq, %v, %zero : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%i: i32):
    %one = arith.constant 1 : i32
    %next = arith.addi %i, %one : i32
    scf.yield %next : i32
  }
  return %n : i32
}
