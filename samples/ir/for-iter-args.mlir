// Sample: scf.for with one iter_arg (a sum reduction), lowered by hand to a
// finalized dataflow program (Part 3 section 6.3 "With Iter Args").
//
// Source (inside the loom.spatial_region of a rank-0 dense thread):
//
//   func.func @sum(%A: memref<?xi32>, %n: index, %init: i32,
//                  %Out: memref<1xi32>) {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     %sum = scf.for %i = %c0 to %n step %c1
//         iter_args(%acc = %init) -> (i32) {        // spatial region
//       %x = memref.load %A[%i] : memref<?xi32>
//       %next = arith.addi %acc, %x : i32
//       scf.yield %next : i32
//     }
//     memref.store %sum, %Out[%c0] : memref<1xi32>   // InstructionCore code
//     return
//   }
//
// Lowering: the iter_arg is a loop-phase carry -> demux(phase) ring: n+1
// states, the true lane feeds the body (n), the false lane is the result (1).
// E and the W/R frontiers of A (read only) get the same rings; loads wait for
// all_of(E, W) only (no read-after-read order). Retirement = all_of(E, R).

module {
  dataflow.graph private @sum_loop(%start: none)
      values(%n: index, %init: i32)
      memories(%A: memref<?xi32>) -> values(i32) {
    %lb = dataflow.constant %start {value = 0 : index} : index
    %step = dataflow.constant %start {value = 1 : index} : index
    %lb_i64 = arith.index_cast %lb : index to i64
    %ub_i64 = arith.index_cast %n : index to i64
    %step_i64 = arith.index_cast %step : index to i64
    %i_i64, %loop_phase = dataflow.stream %lb_i64, %ub_i64, %step_i64
        step add while slt : i64
    %i = arith.index_cast %i_i64 : i64 to index

    // The iter_arg ring (loop phase, N + 1 states).
    %acc_raw = dataflow.carry %loop_phase, %init, %next : i32
    %acc_exit, %acc_body = dataflow.demux %loop_phase, %acc_raw
        : (i1, i32) -> (i32, i32)

    // Execution ring.
    %ctrl_raw = dataflow.carry %loop_phase, %start, %body_ctrl : none
    %loop_exit_ctrl, %body_ctrl = dataflow.demux %loop_phase, %ctrl_raw
        : (i1, none) -> (none, none)

    // Frontier rings of the partition of %A (read only: W is an identity).
    %w_raw = dataflow.carry %loop_phase, %start, %w_body : none
    %w_exit, %w_body = dataflow.demux %loop_phase, %w_raw
        : (i1, none) -> (none, none)
    %r_raw = dataflow.carry %loop_phase, %start, %r_next : none
    %r_exit, %r_body = dataflow.demux %loop_phase, %r_raw
        : (i1, none) -> (none, none)

    // Body: read of A, ctrl = all_of(E, W); R = all_of(R, done).
    %ld_ctrl, %ld_ctrl_w = dataflow.sync %body_ctrl, %w_body
        : (none, none) -> (none, none)
    %x, %ld_done = dataflow.load %A[%i] %ld_ctrl : memref<?xi32>
    %r_next, %r_next_ld = dataflow.sync %r_body, %ld_done
        : (none, none) -> (none, none)
    %next = arith.addi %acc_body, %x : i32

    // %sum = %acc_exit. Retirement: all_of(final E, final R).
    %complete, %complete_r = dataflow.sync %loop_exit_ctrl, %r_exit
        : (none, none) -> (none, none)
    dataflow.graph.return %complete, %acc_exit : none, i32
  }

  dataflow.thread private @sum_thread(%A: memref<?xi32>, %n: index,
                                      %init: i32, %Out: memref<1xi32>)
      ctrl(%ctrl) domain<dense> {
    %sum, %done = dataflow.graph.launch @sum_loop deps(%ctrl)
        values(%n, %init : index, i32) memories(%A : memref<?xi32>)
        -> values(i32)
    // The code after the spatial region stays InstructionCore code.
    %c0 = arith.constant 0 : index
    memref.store %sum, %Out[%c0] : memref<1xi32>
    dataflow.thread.yield %done
  }

  func.func @sum(%A: memref<?xi32>, %n: index, %init: i32,
                 %Out: memref<1xi32>) {
    %tok = dataflow.thread.launch @sum_thread
        args(%A, %n, %init, %Out : memref<?xi32>, index, i32, memref<1xi32>)
    dataflow.thread.wait %tok
    return
  }
}
