//===- Passes.td - SCF to dataflow lowering ----------------*- tablegen -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CONVERSION_SCFTODATAFLOW_PASSES_TD
#define LOOM_CONVERSION_SCFTODATAFLOW_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerSCFToDataflowPass
    : Pass<"loom-lower-scf-to-dfg", "::mlir::ModuleOp"> {
  let summary = "Lower every loom.spatial_region to a dataflow.graph + launch";
  let description = [{
    Part 3 graph-region lowering. Each `loom.spatial_region` inside a
    `dataflow.thread` becomes a private module-scope `dataflow.graph` and a
    `dataflow.graph.launch` at the region's site, following the templates of
    ../shared/reference/spec-compiler-part-3-scf-to-dfg.md section 6 and the
    token rules and memory-frontier model of dataflow-semantics.md:

    - one recursive traversal carries execution permission E and, per alias
      partition, the write and read frontiers W and R (`none` streams);
    - `memref.load`: `ctrl = all_of(E, W)`, then `R = all_of(R, done)`;
      `memref.store`: `ctrl = all_of(E, R)`, then `W = R = done`;
    - `scf.for`: one `dataflow.stream` (`index` bounds cast to iN, N the
      `index-width` option, and the iv cast back to `index` in the body), one `carry -> demux(phase)` ring each for E, every iter_arg,
      W and R; captured values through `invariant` and the true lane;
    - `scf.if`: the condition demuxes E, W, R and captured values; results,
      E, W and R are muxed back (a missing else is the identity false lane);
    - `scf.while`: condition-driven carry rings into the before region,
      `gate` into the after region, false lanes are the exits;
    - `scf.index_switch`: the argument is normalized to dense lanes with
      `arith.cmpi` / `arith.select` (lane 0 the default region, lane i+1
      case i; one case uses an `i1` selector, zero cases is the default
      region) and lowered by the same selection transfer as `scf.if`;
    - `scf.execute_region` with one block is lowered in place (inlined);
    - fixed-domain effect-form `scf.forall` / `scf.parallel` (static bounds,
      no results, no reductions) are replicated into static lanes that all
      start from the same E, W, R and are joined all-of;
    - `arith.constant` becomes `dataflow.constant` fired by the control of
      the region it lives in; registered compute ops are kept;
    - retirement is `all_of(final E, final R, value outputs)` published as
      one mixed `dataflow.sync`, never the raw start.

    Memory arguments share one conservative partition (no-alias evidence is
    not carried into threads yet). Launches in one thread are chained through
    their `deps`, a `dataflow.graph.wait` follows a launch when the thread
    continues with other code, and the thread's yield frontier becomes the
    last launch's `done`.

    Publication is atomic: every region is checked before anything is
    built (dynamic-width, resultful or reduction-bearing parallel/forall,
    aggregation-form forall, memref-typed structured results, residual LLVM
    loads/stores/calls, channel endpoints under a parallel op, multi-block
    `scf.execute_region`, `index` loop bounds not proven to fit the index
    width), and if any region cannot be lowered the module is left unchanged
    and the pass fails with a diagnostic naming the region, the construct
    and the rule.
  }];
  let options = [
    Option<"indexWidth", "index-width", "unsigned", /*default=*/"64",
           "Width N of the iN in which `index` loop values cross into "
           "dataflow.stream (32 or 64). Below 64 every `index` scf.for must "
           "have bounds proven (constants or loom.facts) to fit in iN.">
  ];
  let dependentDialects = ["::loom::dataflow::DataflowDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // LOOM_CONVERSION_SCFTODATAFLOW_PASSES_TD
