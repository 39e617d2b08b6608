// Sample: effect-form scf.forall selected as an AccCore thread domain
// (Part 3 section 6.4, sections 5.4.1/5.4.2 and the graph ABI of 5.5).
//
// Rank 1 source (host code):
//
//   scf.forall (%i) in (%N) {
//     %x = memref.load %A[%i] : memref<?xf32>          // spatial region
//     %y = arith.mulf %x, %x : f32
//     memref.store %y, %B[%i] : memref<?xf32>
//     scf.forall.in_parallel {}
//   }
//
// Rank 2 source, with a non-zero lower bound and non-unit step in dim 1:
//
//   scf.forall (%i, %j) = (0, %jlb) to (%M, %jub) step (1, %js) {
//     %a = memref.load %A[%i, %j] : memref<?x?xf32>     // spatial region
//     %b = memref.load %B[%i, %j] : memref<?x?xf32>
//     %s = arith.addf %a, %b : f32
//     memref.store %s, %C[%i, %j] : memref<?x?xf32>
//     scf.forall.in_parallel {}
//   }
//
// Lowering: the forall becomes a dense dataflow.thread (entry block: args,
// thread_ctrl, one coordinate per dimension) plus a host thread.launch with
// one extent per dimension and a thread.wait; lower bounds/steps are ordinary
// operands (source_iv = lb + coord * step). Each instance launches a graph
// from thread_ctrl and yields its done.

module {
  //===------------------------------------------------------------------===//
  // Rank 1
  //===------------------------------------------------------------------===//

  // One point: E = W = R = %start for the one conservative partition {A, B}.
  dataflow.graph private @square_point(%start: none) values(%i: index)
      memories(%A: memref<?xf32>, %B: memref<?xf32>) {
    // Read: ctrl = all_of(E, W) = %start; R becomes the load done.
    %x, %ld_done = dataflow.load %A[%i] %start : memref<?xf32>
    %y = arith.mulf %x, %x : f32
    // Write: ctrl = all_of(E, R) = %ld_done (it follows E); W = R = done.
    %st_done = dataflow.store %B[%i] %y %ld_done : memref<?xf32>
    // Retirement: all_of(E, R) reduces to the store done.
    dataflow.graph.return complete(%st_done)
  }

  dataflow.thread private @square_thread(%A: memref<?xf32>, %B: memref<?xf32>)
      ctrl(%thread_ctrl) coords(%i) domain<dense> {
    // Normalized zero-based unit-step forall: the source IV is the coordinate.
    %done = dataflow.graph.launch @square_point deps(%thread_ctrl)
        values(%i : index) memories(%A, %B : memref<?xf32>, memref<?xf32>)
    dataflow.thread.yield %done
  }

  func.func @square(%A: memref<?xf32>, %B: memref<?xf32>, %N: index) {
    %tok = dataflow.thread.launch @square_thread extents(%N)
        args(%A, %B : memref<?xf32>, memref<?xf32>)
    dataflow.thread.wait %tok
    return
  }

  //===------------------------------------------------------------------===//
  // Rank 2
  //===------------------------------------------------------------------===//

  dataflow.graph private @add_point(%start: none) values(%i: index, %j: index)
      memories(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
               %C: memref<?x?xf32>) {
    // Two reads from the same entry frontier: no order between them.
    %a, %ld_a_done = dataflow.load %A[%i, %j] %start : memref<?x?xf32>
    %b, %ld_b_done = dataflow.load %B[%i, %j] %start : memref<?x?xf32>
    // R = all_of(R, done_a, done_b), reduced (both follow %start).
    %r, %r_b = dataflow.sync %ld_a_done, %ld_b_done
        : (none, none) -> (none, none)
    %s = arith.addf %a, %b : f32
    // Write: ctrl = all_of(E, R) = %r; W = R = done.
    %st_done = dataflow.store %C[%i, %j] %s %r : memref<?x?xf32>
    dataflow.graph.return complete(%st_done)
  }

  dataflow.thread private @add_thread(%A: memref<?x?xf32>,
                                      %B: memref<?x?xf32>,
                                      %C: memref<?x?xf32>,
                                      %jlb: index, %js: index)
      ctrl(%thread_ctrl) coords(%ci, %cj) domain<dense> {
    // Source IV reconstruction (InstructionCore code): j = jlb + cj * js.
    %j_off = arith.muli %cj, %js : index
    %j = arith.addi %jlb, %j_off : index
    %done = dataflow.graph.launch @add_point deps(%thread_ctrl)
        values(%ci, %j : index, index)
        memories(%A, %B, %C : memref<?x?xf32>, memref<?x?xf32>,
                 memref<?x?xf32>)
    dataflow.thread.yield %done
  }

  func.func @add2d(%A: memref<?x?xf32>, %B: memref<?x?xf32>,
                   %C: memref<?x?xf32>, %M: index, %jlb: index, %jub: index,
                   %js: index) {
    // Trip count of dim 1: max(0, ceil((jub - jlb) / js)); an empty source
    // range is a zero extent (no instances), never a negative one.
    %c0 = arith.constant 0 : index
    %span = arith.subi %jub, %jlb : index
    %nj_raw = arith.ceildivsi %span, %js : index
    %nj = arith.maxsi %nj_raw, %c0 : index
    %tok = dataflow.thread.launch @add_thread extents(%M, %nj)
        args(%A, %B, %C, %jlb, %js
             : memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>, index,
               index)
    dataflow.thread.wait %tok
    return
  }
}
