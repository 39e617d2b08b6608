// Sample: scf.index_switch with cases [2, 5] and a default region, lowered
// by hand to a finalized dataflow program (Part 3 section 6.6).
//
// Source (inside the loom.spatial_region of a rank-0 dense thread): opcode 2
// reads A[i], opcode 5 writes v to A[i], anything else yields -1; the
// outcome is logged to Log[i].
//
//   func.func @dispatch(%A: memref<?xi32>, %Log: memref<?xi32>,
//                       %op: index, %i: index, %v: i32) {
//     %r = scf.index_switch %op -> i32
//     case 2 {
//       %x = memref.load %A[%i] : memref<?xi32>
//       scf.yield %x : i32
//     }
//     case 5 {
//       memref.store %v, %A[%i] : memref<?xi32>
//       scf.yield %v : i32
//     }
//     default {
//       %m = arith.constant -1 : i32
//       scf.yield %m : i32
//     }
//     memref.store %r, %Log[%i] : memref<?xi32>
//     return
//   }
//
// Lowering: %op is normalized to a dense lane with arith.cmpi / eager
// arith.select (lane 0 = default, 1 = case 2, 2 = case 5; %op = [2, 7, 5]
// gives [1, 0, 2]). That index selector demuxes E, W/R of {A, Log} and the
// captures, and muxes the result, E, W and R back.

module {
  dataflow.graph private @dispatch_switch(%start: none)
      values(%op: index, %i: index, %v: i32)
      memories(%A: memref<?xi32>, %Log: memref<?xi32>) {
    // Selector normalization (ordinary data, all-operand firing).
    %case0_value = dataflow.constant %start {value = 2 : index} : index
    %case1_value = dataflow.constant %start {value = 5 : index} : index
    %lane0 = dataflow.constant %start {value = 0 : index} : index
    %lane1 = dataflow.constant %start {value = 1 : index} : index
    %lane2 = dataflow.constant %start {value = 2 : index} : index
    %is_case0 = arith.cmpi eq, %op, %case0_value : index
    %is_case1 = arith.cmpi eq, %op, %case1_value : index
    %lane_or_default = arith.select %is_case1, %lane2, %lane0 : index
    %lane = arith.select %is_case0, %lane1, %lane_or_default : index

    // Entry: E = W = R = %start. Project them and the captures by %lane.
    %default_ctrl, %case0_ctrl, %case1_ctrl = dataflow.demux %lane, %start
        : (index, none) -> (none, none, none)
    %w_default, %w_case0, %w_case1 = dataflow.demux %lane, %start
        : (index, none) -> (none, none, none)
    %r_default, %r_case0, %r_case1 = dataflow.demux %lane, %start
        : (index, none) -> (none, none, none)
    %i_default, %i_case0, %i_case1 = dataflow.demux %lane, %i
        : (index, index) -> (index, index, index)
    %v_default, %v_case0, %v_case1 = dataflow.demux %lane, %v
        : (index, i32) -> (i32, i32, i32)

    // Default region: a body constant fired by the region's control.
    %r_val_default = dataflow.constant %default_ctrl {value = -1 : i32} : i32

    // Case 2: read of A, ctrl = all_of(E, W); R = all_of(R, done).
    %ld_ctrl, %ld_ctrl_w = dataflow.sync %case0_ctrl, %w_case0
        : (none, none) -> (none, none)
    %x, %ld_done = dataflow.load %A[%i_case0] %ld_ctrl : memref<?xi32>
    %r_case0_out, %r_case0_out_ld = dataflow.sync %r_case0, %ld_done
        : (none, none) -> (none, none)

    // Case 5: write of A, ctrl = all_of(E, R); W = R = done.
    %st_ctrl, %st_ctrl_r = dataflow.sync %case1_ctrl, %r_case1
        : (none, none) -> (none, none)
    %st_done = dataflow.store %A[%i_case1] %v_case1 %st_ctrl : memref<?xi32>

    // Join: one mux per result position, then E, W and R.
    %r = dataflow.mux %lane, %r_val_default, %x, %v_case1
        : (index, i32, i32, i32) -> i32
    %e_join = dataflow.mux %lane, %default_ctrl, %case0_ctrl, %case1_ctrl
        : (index, none, none, none) -> none
    // W after the switch; dead here because the next write replaces W.
    %w_join = dataflow.mux %lane, %w_default, %w_case0, %st_done
        : (index, none, none, none) -> none
    %r_join = dataflow.mux %lane, %r_default, %r_case0_out, %st_done
        : (index, none, none, none) -> none

    // Write of Log after the switch: ctrl = all_of(E, R); W = R = done.
    %log_ctrl, %log_ctrl_r = dataflow.sync %e_join, %r_join
        : (none, none) -> (none, none)
    %log_done = dataflow.store %Log[%i] %r %log_ctrl : memref<?xi32>

    // Retirement: all_of(%e_join, %log_done), reduced to %log_done.
    dataflow.graph.return complete(%log_done)
  }

  dataflow.thread private @dispatch_thread(%A: memref<?xi32>,
                                           %Log: memref<?xi32>, %op: index,
                                           %i: index, %v: i32)
      ctrl(%ctrl) domain<dense> {
    %done = dataflow.graph.launch @dispatch_switch deps(%ctrl)
        values(%op, %i, %v : index, index, i32)
        memories(%A, %Log : memref<?xi32>, memref<?xi32>)
    dataflow.thread.yield %done
  }

  func.func @dispatch(%A: memref<?xi32>, %Log: memref<?xi32>, %op: index,
                      %i: index, %v: i32) {
    %tok = dataflow.thread.launch @dispatch_thread
        args(%A, %Log, %op, %i, %v
             : memref<?xi32>, memref<?xi32>, index, index, i32)
    dataflow.thread.wait %tok
    return
  }
}
