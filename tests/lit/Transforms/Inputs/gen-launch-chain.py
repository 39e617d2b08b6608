"""Prints a thread whose N graph launches form one dependence chain."""
import sys

n = int(sys.argv[1])
print("""dataflow.graph private @g(%start: none) values(%x: i32) -> values(i32) {
  %s, %y = dataflow.sync %start, %x : (none, i32) -> (none, i32)
  dataflow.graph.return %s, %y : none, i32
}""")
print("dataflow.thread private @chain(%x: i32) ctrl(%c) domain<dense> {")
prev = "%c"
for i in range(n):
    print(f"  %v{i}, %d{i} = dataflow.graph.launch @g deps({prev}) values(%x : i32) -> values(i32)")
    prev = f"%d{i}"
print(f"  dataflow.thread.yield {prev}")
print("}")
