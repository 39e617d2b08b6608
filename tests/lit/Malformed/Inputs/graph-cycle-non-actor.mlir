// Malformed input: a feedback cycle through llvm.intr.rint, which is no
// registered actor.
// Expected: loom-opt reports a diagnostic and exits non-zero (no crash).
// Run by ../malformed.test.
// CHECK: error: {{.*}}'llvm.intr.rint' op is not a registered dataflow actor
dataflow.graph private @g(%start: none) values(%x: f32) -> values(f32) {
  %a = arith.addf %x, %b : f32
  %b = llvm.intr.rint(%a) : (f32) -> f32
  %d, %y = dataflow.sync %start, %b : (none, f32) -> (none, f32)
  dataflow.graph.return %d, %y : none, f32
}
