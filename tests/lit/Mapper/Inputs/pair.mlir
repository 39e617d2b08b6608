dataflow.graph private @pair(%start: none) -> values(i32) {
  %c1 = dataflow.constant %start {value = 1 : i32} : i32
  %c2 = dataflow.constant %start {value = 2 : i32} : i32
  %m = arith.muli %c1, %c2 : i32
  dataflow.graph.return %start, %m : none, i32
}
