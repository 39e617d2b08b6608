// Small hand-written graphs for loom-sim's error paths.

// The sync waits for the exit lane of a demux whose selector is always
// true: a deadlock.
dataflow.graph private @deadlock(%start: none) values(%x: i32) -> values(i32) {
  %t = dataflow.constant %start {value = true} : i1
  %exit, %body = dataflow.demux %t, %x : (i1, i32) -> (i32, i32)
  %one = dataflow.constant %start {value = 1 : i32} : i32
  %y = arith.addi %body, %one : i32
  %v, %d = dataflow.sync %exit, %start : (i32, none) -> (i32, none)
  dataflow.graph.return %d, %v : none, i32
}

// A stream whose step is 0 never reaches its limit.
dataflow.graph private @runaway(%start: none) values(%n: i32) -> values(i32) {
  %c0 = dataflow.constant %start {value = 0 : i32} : i32
  %iv, %phase = dataflow.stream %c0, %n, %c0 step add while slt : i32
  %acc = dataflow.carry %phase, %c0, %next : i32
  %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
  %next = arith.addi %body, %iv : i32
  dataflow.graph.return %start, %exit : none, i32
}

// A stream input, doubled.
dataflow.graph private @twice(%start: none) streams(%x: i32) -> streams(i32) {
  %y = arith.addi %x, %x : i32
  dataflow.graph.return streams(%y : i32) complete(%start)
}

// A float division, for a fabric without a divider.
dataflow.graph private @ratio(%start: none) values(%x: f32, %y: f32) -> values(f32) {
  %q = arith.divf %x, %y : f32
  dataflow.graph.return %start, %q : none, f32
}
