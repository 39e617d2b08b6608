module {
  dataflow.graph private @ratio(%start: none) values(%x: f32, %y: f32)
      -> values(f32) {
    %q = arith.divf %x, %y : f32
    dataflow.graph.return %start, %q : none, f32
  }
}
