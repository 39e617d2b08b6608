// Sample: scf.if with a result and memory effects in both branches, lowered
// by hand to a finalized dataflow program (Part 3 section 6.1).
//
// Source (inside the loom.spatial_region of a rank-0 dense thread): clip
// A[i] to t and log the excess in B[i]; otherwise add the logged bias.
//
//   func.func @clip(%A: memref<?xi32>, %B: memref<?xi32>, %i: index,
//                   %t: i32) {
//     %x = memref.load %A[%i] : memref<?xi32>
//     %over = arith.cmpi sgt, %x, %t : i32
//     %r = scf.if %over -> (i32) {
//       %excess = arith.subi %x, %t : i32
//       memref.store %excess, %B[%i] : memref<?xi32>
//       scf.yield %t : i32
//     } else {
//       %bias = memref.load %B[%i] : memref<?xi32>
//       %y = arith.addi %x, %bias : i32
//       scf.yield %y : i32
//     }
//     memref.store %r, %A[%i] : memref<?xi32>
//     return
//   }
//
// Lowering: %over demuxes E, W/R of the one conservative partition {A, B}
// and every captured non-memref value (lane 0 = else, lane 1 = then); each
// branch is lowered from its own lanes, and the same %over muxes the result,
// E, W and R back (exclusive paths join with mux, never sync).

module {
  dataflow.graph private @clip_if(%start: none)
      values(%i: index, %t: i32)
      memories(%A: memref<?xi32>, %B: memref<?xi32>) {
    // Entry: E = W = R = %start.
    // Read of A: ctrl = all_of(E, W) = %start; then R = all_of(R, done),
    // which reduces to the load done (it follows %start).
    %x, %r_entry = dataflow.load %A[%i] %start : memref<?xi32>
    %over = arith.cmpi sgt, %x, %t : i32

    // Selection: project E, W, R and the captured values by %over.
    %e_else, %e_then = dataflow.demux %over, %start
        : (i1, none) -> (none, none)
    %w_else, %w_then = dataflow.demux %over, %start
        : (i1, none) -> (none, none)
    %r_else, %r_then = dataflow.demux %over, %r_entry
        : (i1, none) -> (none, none)
    %x_else, %x_then = dataflow.demux %over, %x : (i1, i32) -> (i32, i32)
    %t_else, %t_then = dataflow.demux %over, %t : (i1, i32) -> (i32, i32)
    %i_else, %i_then = dataflow.demux %over, %i
        : (i1, index) -> (index, index)

    // Then region: write of B, ctrl = all_of(E, R); then W = R = done.
    %excess = arith.subi %x_then, %t_then : i32
    %st_b_ctrl, %st_b_ctrl_r = dataflow.sync %e_then, %r_then
        : (none, none) -> (none, none)
    %st_b_done = dataflow.store %B[%i_then] %excess %st_b_ctrl
        : memref<?xi32>

    // Else region: read of B, ctrl = all_of(E, W); R = all_of(R, done).
    %ld_b_ctrl, %ld_b_ctrl_w = dataflow.sync %e_else, %w_else
        : (none, none) -> (none, none)
    %bias, %ld_b_done = dataflow.load %B[%i_else] %ld_b_ctrl : memref<?xi32>
    %r_else_out, %r_else_out_ld = dataflow.sync %r_else, %ld_b_done
        : (none, none) -> (none, none)
    %y = arith.addi %x_else, %bias : i32

    // Join with the same selector: result, E, W and R (lane 0 = else).
    %r = dataflow.mux %over, %y, %t_then : (i1, i32, i32) -> i32
    %e_join = dataflow.mux %over, %e_else, %e_then
        : (i1, none, none) -> none
    // W after the if; dead here because the next write replaces W.
    %w_join = dataflow.mux %over, %w_else, %st_b_done
        : (i1, none, none) -> none
    %r_join = dataflow.mux %over, %r_else_out, %st_b_done
        : (i1, none, none) -> none

    // Write of A after the if: ctrl = all_of(E, R); W = R = done.
    %st_a_ctrl, %st_a_ctrl_r = dataflow.sync %e_join, %r_join
        : (none, none) -> (none, none)
    %st_a_done = dataflow.store %A[%i] %r %st_a_ctrl : memref<?xi32>

    // Retirement: all_of(E, R) = all_of(%e_join, %st_a_done), transitively
    // reduced to %st_a_done (the store was issued after %e_join).
    dataflow.graph.return complete(%st_a_done)
  }

  dataflow.thread private @clip_thread(%A: memref<?xi32>, %B: memref<?xi32>,
                                       %i: index, %t: i32)
      ctrl(%ctrl) domain<dense> {
    %done = dataflow.graph.launch @clip_if deps(%ctrl)
        values(%i, %t : index, i32)
        memories(%A, %B : memref<?xi32>, memref<?xi32>)
    dataflow.thread.yield %done
  }

  func.func @clip(%A: memref<?xi32>, %B: memref<?xi32>, %i: index,
                  %t: i32) {
    %tok = dataflow.thread.launch @clip_thread
        args(%A, %B, %i, %t : memref<?xi32>, memref<?xi32>, index, i32)
    dataflow.thread.wait %tok
    return
  }
}
