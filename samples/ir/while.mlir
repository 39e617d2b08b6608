// Sample: a data-dependent scf.while, lowered by hand to a finalized dataflow
// program (Part 3 section 6.2).
//
// Source (inside the loom.spatial_region of a rank-0 dense thread): find the
// first index i with A[i] >= key (A holds a sentinel >= key) and store it.
//
//   func.func @find_first(%A: memref<?xi32>, %key: i32,
//                         %Out: memref<1xindex>) {
//     %c0 = arith.constant 0 : index
//     %c1 = arith.constant 1 : index
//     %pos = scf.while (%i = %c0) : (index) -> index {
//       %x = memref.load %A[%i] : memref<?xi32>
//       %less = arith.cmpi slt, %x, %key : i32
//       scf.condition(%less) %i : index
//     } do {
//     ^bb0(%i_after: index):
//       %i_next = arith.addi %i_after, %c1 : index
//       scf.yield %i_next : index
//     }
//     memref.store %pos, %Out[%c0] : memref<1xindex>
//     return
//   }
//
// Lowering: no stream; the before region's %cond drives carries for E
// (%iter_ctrl), %i and W/R of the partition {A, Out}. The before region runs
// K+1 times and its false lanes are the exits (the last, failing load is in R
// at exit); gate projects E into the after region, demux true lanes the rest.

module {
  dataflow.graph private @find_first_while(%start: none)
      values(%key: i32)
      memories(%A: memref<?xi32>, %Out: memref<1xindex>) -> values(index) {
    %i_init = dataflow.constant %start {value = 0 : index} : index

    // Before-phase carries, all driven by %cond.
    %iter_ctrl = dataflow.carry %cond, %start, %after_ctrl : none
    %i_before = dataflow.carry %cond, %i_init, %i_next : index
    %w_before = dataflow.carry %cond, %start, %w_after : none
    %r_before = dataflow.carry %cond, %start, %r_after : none
    %key_before = dataflow.invariant %cond, %key : i32

    // Before region: read of A, ctrl = all_of(E, W); R = all_of(R, done).
    %ld_ctrl, %ld_ctrl_w = dataflow.sync %iter_ctrl, %w_before
        : (none, none) -> (none, none)
    %x, %ld_done = dataflow.load %A[%i_before] %ld_ctrl : memref<?xi32>
    %r_before_out, %r_before_out_ld = dataflow.sync %r_before, %ld_done
        : (none, none) -> (none, none)
    %cond = arith.cmpi slt, %x, %key_before : i32
    // The before region's E out is %iter_ctrl (a leaf never replaces E).

    // scf.condition: false lanes exit, true lanes enter the after region.
    %i_exit, %i_after = dataflow.demux %cond, %i_before
        : (i1, index) -> (index, index)
    %while_done, %unused_true = dataflow.demux %cond, %iter_ctrl
        : (i1, none) -> (none, none)
    %after_phase, %after_ctrl = dataflow.gate %cond, %iter_ctrl
        : (i1, none) -> (i1, none)
    %w_exit, %w_after = dataflow.demux %cond, %w_before
        : (i1, none) -> (none, none)
    %r_exit, %r_after = dataflow.demux %cond, %r_before_out
        : (i1, none) -> (none, none)

    // After region (no memory): %after_done is %after_ctrl itself, which
    // is why the %iter_ctrl carry above is fed back by %after_ctrl.
    %c1 = dataflow.constant %after_ctrl {value = 1 : index} : index
    %i_next = arith.addi %i_after, %c1 : index

    // After the loop: %pos = %i_exit. Write of Out, ctrl = all_of(E, R).
    %c0 = dataflow.constant %while_done {value = 0 : index} : index
    %st_ctrl, %st_ctrl_r = dataflow.sync %while_done, %r_exit
        : (none, none) -> (none, none)
    %st_done = dataflow.store %Out[%c0] %i_exit %st_ctrl : memref<1xindex>

    // Retirement: all_of(E, R) = all_of(%while_done, %st_done), reduced to
    // %st_done.
    dataflow.graph.return %st_done, %i_exit : none, index
  }

  dataflow.thread private @find_first_thread(%A: memref<?xi32>, %key: i32,
                                             %Out: memref<1xindex>)
      ctrl(%ctrl) domain<dense> {
    %pos, %done = dataflow.graph.launch @find_first_while deps(%ctrl)
        values(%key : i32) memories(%A, %Out : memref<?xi32>, memref<1xindex>)
        -> values(index)
    dataflow.thread.yield %done
  }

  func.func @find_first(%A: memref<?xi32>, %key: i32, %Out: memref<1xindex>) {
    %tok = dataflow.thread.launch @find_first_thread
        args(%A, %key, %Out : memref<?xi32>, i32, memref<1xindex>)
    dataflow.thread.wait %tok
    return
  }
}
