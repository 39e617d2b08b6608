// Sample: scf.for without iter_args, lowered by hand to a finalized dataflow
// program (Part 3 section 6.3 "No Iter Args" + the memory-frontier model).
//
// Source (inside the loom.spatial_region of a rank-0 dense thread):
//
//   func.func @copy(%A: memref<?xi32> {llvm.noalias},
//                   %B: memref<?xi32> {llvm.noalias}, %n: index) {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     scf.for %i = %c0 to %n step %c1 {
//       %x = memref.load %A[%i] : memref<?xi32>
//       memref.store %x, %B[%i] : memref<?xi32>
//     }
//     return
//   }
//
// Lowering: one dataflow.stream gives the IVs and %loop_phase = T^n F; one
// carry -> demux(phase) ring each for E and for W/R of both partitions
// (llvm.noalias separates A and B): true lanes enter the body, false lanes
// are the exits. Retirement = all_of(E exit, R[A] exit, R[B] exit).

module {
  dataflow.graph private @copy_loop(%start: none)
      values(%n: index)
      memories(%A: memref<?xi32> {llvm.noalias},
               %B: memref<?xi32> {llvm.noalias}) {
    // Loop bounds: index -> i64 at the stream boundary (section 6.3).
    %lb = dataflow.constant %start {value = 0 : index} : index
    %step = dataflow.constant %start {value = 1 : index} : index
    %lb_i64 = arith.index_cast %lb : index to i64
    %ub_i64 = arith.index_cast %n : index to i64
    %step_i64 = arith.index_cast %step : index to i64
    %i_i64, %loop_phase = dataflow.stream %lb_i64, %ub_i64,
        %step_i64 step add while slt : i64
    %i = arith.index_cast %i_i64 : i64 to index

    // Execution ring: the body returns its own E (leaf accesses never
    // replace E), which authorizes the next source iteration.
    %ctrl_raw = dataflow.carry %loop_phase, %start, %body_ctrl : none
    %loop_exit_ctrl, %body_ctrl = dataflow.demux %loop_phase, %ctrl_raw
        : (i1, none) -> (none, none)

    // Partition A (read only): W ring is an identity, R ring accumulates.
    %w_a_loop = dataflow.carry %loop_phase, %start, %w_a_body : none
    %w_a_exit, %w_a_body = dataflow.demux %loop_phase, %w_a_loop
        : (i1, none) -> (none, none)
    %r_a_loop = dataflow.carry %loop_phase, %start, %r_a_next : none
    %r_a_exit, %r_a_body = dataflow.demux %loop_phase, %r_a_loop
        : (i1, none) -> (none, none)

    // Partition B (write only): both frontiers become the store done.
    %w_b_loop = dataflow.carry %loop_phase, %start, %st_done : none
    %w_b_exit, %w_b_body = dataflow.demux %loop_phase, %w_b_loop
        : (i1, none) -> (none, none)
    %r_b_loop = dataflow.carry %loop_phase, %start, %st_done : none
    %r_b_exit, %r_b_body = dataflow.demux %loop_phase, %r_b_loop
        : (i1, none) -> (none, none)

    // Body. Read of A: ctrl = all_of(E, W[A]); then R[A] = all_of(R[A], done).
    %ld_ctrl, %ld_ctrl_w = dataflow.sync %body_ctrl, %w_a_body
        : (none, none) -> (none, none)
    %x, %ld_done = dataflow.load %A[%i] %ld_ctrl : memref<?xi32>
    %r_a_next, %r_a_next_ld = dataflow.sync %r_a_body, %ld_done
        : (none, none) -> (none, none)
    // Write of B: ctrl = all_of(E, R[B]); then W[B] = R[B] = done.
    %st_ctrl, %st_ctrl_r = dataflow.sync %body_ctrl, %r_b_body
        : (none, none) -> (none, none)
    %st_done = dataflow.store %B[%i] %x %st_ctrl : memref<?xi32>

    // Retirement: all_of(final E, final R[A], final R[B]).
    %complete, %complete_ra, %complete_rb = dataflow.sync %loop_exit_ctrl,
        %r_a_exit, %r_b_exit : (none, none, none) -> (none, none, none)
    dataflow.graph.return complete(%complete)
  }

  // Rank-0 dense thread: one instance; its thread_ctrl starts the graph.
  dataflow.thread private @copy_thread(%A: memref<?xi32> {llvm.noalias},
                                       %B: memref<?xi32> {llvm.noalias},
                                       %n: index)
      ctrl(%ctrl) domain<dense> {
    %done = dataflow.graph.launch @copy_loop deps(%ctrl) values(%n : index)
        memories(%A, %B : memref<?xi32>, memref<?xi32>)
    dataflow.thread.yield %done
  }

  func.func @copy(%A: memref<?xi32>, %B: memref<?xi32>, %n: index) {
    %tok = dataflow.thread.launch @copy_thread
        args(%A, %B, %n : memref<?xi32>, memref<?xi32>, index)
    dataflow.thread.wait %tok
    return
  }
}
