// The graph of samples/cpp/relu.cpp's leakyRelu (17 actors).
module {
  dataflow.graph private @_Z9leakyReluPKfPffi_t0_g0(%start: none) values(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: f32) memories(%arg5: memref<?xf32>, %arg6: memref<?xf32>) {
    %0 = arith.muli %arg0, %arg1 : index
    %1 = arith.addi %arg2, %0 : index
    %2 = arith.index_cast %1 : index to i32
    %3 = arith.extui %2 : i32 to i64
    %4 = arith.index_cast %3 : i64 to index
    %data, %done = dataflow.load %arg5[%4] %start : memref<?xf32>
    %5:2 = dataflow.sync %start, %done : (none, none) -> (none, none)
    %6 = arith.cmpf ogt, %data, %arg3 : f32
    %7:2 = dataflow.demux %6, %start : (i1, none) -> (none, none)
    %8:2 = dataflow.demux %6, %arg4 : (i1, f32) -> (f32, f32)
    %9:2 = dataflow.demux %6, %data : (i1, f32) -> (f32, f32)
    %10 = arith.mulf %8#0, %9#0 : f32
    %11:2 = dataflow.demux %6, %4 : (i1, index) -> (index, index)
    %12 = dataflow.store %arg6[%11#0] %10 %7#0 : memref<?xf32>
    %13 = dataflow.store %arg6[%11#1] %9#1 %7#1 : memref<?xf32>
    %14 = dataflow.mux %6, %12, %13 : (i1, none, none) -> none
    %15:3 = dataflow.sync %start, %5#0, %14 : (none, none, none) -> (none, none, none)
    dataflow.graph.return %15#0 : none
  }
}
