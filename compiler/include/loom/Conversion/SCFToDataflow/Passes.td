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
    The whole Part 3 lowering, composed of the registered passes below in
    this order (each can also be run alone in `loom-opt`):

    1. `loom-forall-to-thread`: a thread whose only work is one thread-level
       `scf.forall` takes the forall's domain as more coordinates (the
       regions in its body are then at thread level);
    2. `loom-sink-region-constants`: constants captured by a region become
       constants of the region;
    3. `loom-lower-graph-regions`: every region into a graph definition and
       a launch (legality first, atomic publication, memory frontiers);
    4. `loom-finalize-graph-launches`: launch chains, graph waits, the
       thread yield frontier, then the finalized-program validator.

    The steps run on a scratch clone of the module that replaces the live
    body only if all of them succeed, so a rejected module is left exactly
    as it was. They are called directly rather than through a nested pass
    manager so that a failure is reported (and printed with
    `--mlir-print-ir-after-failure`) once, as this pass.
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

def SinkRegionConstantsPass
    : Pass<"loom-sink-region-constants", "::mlir::ModuleOp"> {
  let summary = "Make constants captured by a spatial region its own";
  let description = [{
    A `loom.spatial_region` value input defined by an `arith.constant`
    outside the region is replaced by a copy of the constant at the top of
    the region body, and the input is dropped. The region is isolated from
    above, so without the copy the lowering would see a block argument
    where the source had a constant: a graph-owned `scf.parallel` needs
    constant bounds to be replicated into lanes, and below index width 64
    a constant `scf.for` bound is its own proof of fitting. After
    graph-region lowering the copy is a `dataflow.constant` fired by the
    control of the region it lives in (for a constant used only at the top
    level, the graph's start); the kernel compiler's
    `loom-hoist-entry-constants` then makes every such entry constant a
    launch value input again, shared with equal constants of the region.
    Constants inside the region are already lowered to `dataflow.constant`
    fired by the control of the structured region they live in, so
    nothing else moves.

    Before:

    ```mlir
    %c = arith.constant 2.0 : f32
    loom.spatial_region values(%c : f32) memories(%a : memref<?xf32>) {
    ^bb0(%v: f32, %a1: memref<?xf32>): ...
    ```

    After:

    ```mlir
    %c = arith.constant 2.0 : f32
    loom.spatial_region memories(%a : memref<?xf32>) {
    ^bb0(%a1: memref<?xf32>):
      %v = arith.constant 2.0 : f32
      ...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def LowerGraphRegionsPass
    : Pass<"loom-lower-graph-regions", "::mlir::ModuleOp"> {
  let summary = "Lower each loom.spatial_region to a graph definition + launch";
  let description = [{
    Part 3 graph-region lowering. Each `loom.spatial_region` inside a
    `dataflow.thread` becomes a private module-scope `dataflow.graph` and a
    `dataflow.graph.launch` at the region's site whose deps are the
    thread's `thread_ctrl` (`loom-finalize-graph-launches` chains them).
    Graph symbols are the region's `graph_name`, else `<thread>_g`, made
    unique by the module symbol table in region order (deterministic).
    The graph bodies follow the templates of
    ../shared/reference/spec-compiler-part-3-scf-to-dfg.md section 6 and the
    token rules and memory-frontier model of dataflow-semantics.md:

    - one recursive traversal carries execution permission E and, per alias
      partition, the write and read frontiers W and R (`none` streams);
      the leaf transfer and the joins live in MemoryFrontiers.cpp, used by
      the traversal (there is no separate frontier-wiring pass: see
      docs/compiler.md);
    - `memref.load`: `ctrl = all_of(E, W)`, then `R = all_of(R, done)`;
      `memref.store`: `ctrl = all_of(E, R)`, then `W = R = done`;
    - `scf.for`: one `dataflow.stream` (`index` bounds cast to iN, N the
      `index-width` option, and the iv cast back to `index` in the body),
      one `carry -> demux(phase)` ring each for E, every iter_arg, W and R;
      captured values through `invariant` and the true lane;
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

    Alias partitions: each memory input is peeled of views and traced
    through the thread's block arguments to the operands of every launch of
    the thread. A fresh allocation (of the region, hoisted before the launch
    and appended as a memory input; of the thread; of the host function)
    and a kernel parameter marked `llvm.noalias` (C++ `__restrict__`) are
    distinct roots with a partition each; one root bound to several inputs
    is one partition; every other input (a parameter without evidence, a
    thread nobody launches, memory computed by another op, which also joins
    the roots it may be derived from) shares one conservative partition.
    A remark per region names its partitions.

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
           "dataflow.stream (32 or 64).">
  ];
  let dependentDialects = ["::loom::dataflow::DataflowDialect",
                           "::mlir::arith::ArithDialect"];
}

def FinalizeGraphLaunchesPass
    : Pass<"loom-finalize-graph-launches", "::mlir::ModuleOp"> {
  let summary = "Chain graph launches, insert graph waits, set thread yields";
  let description = [{
    Finalizes the stored-program side of each `dataflow.thread` whose body
    holds graph launches (in body order):

    - a launch whose deps are only the thread's `thread_ctrl` depends on
      the preceding launch's `done` instead, so the thread's launches form
      one chain;
    - a `dataflow.graph.wait` on a launch's `done` follows it when the
      thread continues with other stored-program code (anything but
      allocations, the next launch, an existing wait, or the yield), so
      that code sees the graph's effects;
    - the `dataflow.thread.yield` frontier becomes the last launch's
      `done`, which covers every launch of the chain;

    and then runs the finalized-program validator (`loom-validate-dataflow`)
    on the module. Running it twice changes nothing.

    Before:

    ```mlir
    %d0 = dataflow.graph.launch @t_g0 deps(%ctrl) memories(%a : memref<?xf32>)
    %d1 = dataflow.graph.launch @t_g1 deps(%ctrl) memories(%a : memref<?xf32>)
    %x = memref.load %a[%c0] : memref<?xf32>
    dataflow.thread.yield
    ```

    After:

    ```mlir
    %d0 = dataflow.graph.launch @t_g0 deps(%ctrl) memories(%a : memref<?xf32>)
    %d1 = dataflow.graph.launch @t_g1 deps(%d0) memories(%a : memref<?xf32>)
    dataflow.graph.wait %d1
    %x = memref.load %a[%c0] : memref<?xf32>
    dataflow.thread.yield %d1
    ```
  }];
  let dependentDialects = ["::loom::dataflow::DataflowDialect"];
}

def HoistEntryConstantsPass
    : Pass<"loom-hoist-entry-constants", "::mlir::ModuleOp"> {
  let summary = "Make a graph's entry constants value inputs of its launches";
  let description = [{
    An entry constant is a `dataflow.constant` whose control is the graph's
    `%start`: it emits its value once per launch (once per instance of a
    dense launch), which is exactly what a graph value input delivers. As
    an actor it needs a function unit, and its value is routed as a net to
    every consumer, often many across the fabric; a value input is seeded
    at its consumers at launch and needs neither (docs/mapper.md).

    For each `dataflow.graph` whose every symbol use is a
    `dataflow.graph.launch` of it, every entry constant becomes a value
    block argument appended after the existing value inputs; equal
    constants (same value and type) share one argument, in order of first
    occurrence in the body. Each launch gets the same values as
    `arith.constant` ops placed right before it, appended to its value
    operands in the same order. A graph with any other use (or with uses
    the symbol table cannot enumerate) is left unchanged, and so is a
    constant that `arith.constant` cannot hold or a value port cannot take.
    Constants fired by any other control (loop bodies, branches) are
    per-activation values and stay actors.

    Before:

    ```mlir
    dataflow.graph private @g(%start: none) values(%x: i32) {
      %c = dataflow.constant %start {value = 0 : i32} : i32
      ...
    }
    %d = dataflow.graph.launch @g deps(%ctrl) values(%x : i32)
    ```

    After:

    ```mlir
    dataflow.graph private @g(%start: none) values(%x: i32, %c: i32) {
      ...
    }
    %c0 = arith.constant 0 : i32
    %d = dataflow.graph.launch @g deps(%ctrl) values(%x, %c0 : i32, i32)
    ```
  }];
  let dependentDialects = ["::loom::dataflow::DataflowDialect",
                           "::mlir::arith::ArithDialect"];
}

def ForallToThreadPass
    : Pass<"loom-forall-to-thread", "::mlir::ModuleOp"> {
  let summary = "Make a thread's only scf.forall more thread coordinates";
  let description = [{
    Issue C turns only the outermost `scf.forall` of a kernel into a
    `dataflow.thread`. A forall left at thread level (not in a
    `loom.spatial_region`) becomes more coordinates of the same thread when
    that is exact under Part 4 (spec-compiler-part-4-logical-domains.md):

    - the thread is dense and every use of its symbol is a
      `dataflow.thread.launch`;
    - the forall is effect-form (no results) and the thread's only work:
      every other op of the body but the yield is free of memory effects;
    - each bound is a constant, a thread payload argument or an
      `arith.constant` of the body, so every launch can compute the new
      extents from its own operands.

    Then each launch appends `max(0, ceildiv(ub - lb, step))` per forall
    dimension to its extents (Part 4 section 2.1: the dense domain of rank
    K + M is exactly the set of (outer, inner) instances), the thread gets
    one more coordinate argument per dimension, the forall's ivs are
    reconstructed as `lb + coord * step` (section 3), and the body is
    inlined. The pure ops before the forall now run once per instance,
    which changes nothing they compute.

    Any other thread-level forall stays InstructionCore code, with a remark
    naming the rule: Part 4 gives identity only to the instances of a root
    thread launch (section 2.3) and defers general device-side spawn
    (section 8), so a nested `dataflow.thread` launched from a thread body
    is not a legal target.

    Before:

    ```mlir
    dataflow.thread private @k_t0(%n: index, %a: memref<?xf32>) ctrl(%c)
        coords(%i) domain<dense> {
      scf.forall (%j) in (%n) { ... %i ... %j ... }
      dataflow.thread.yield
    }
    %t = dataflow.thread.launch @k_t0 extents(%m) args(%n, %a : ...)
    ```

    After:

    ```mlir
    dataflow.thread private @k_t0(%n: index, %a: memref<?xf32>) ctrl(%c)
        coords(%i, %k) domain<dense> {
      %j = (%c0 + %k * %c1)
      ... %i ... %j ...
      dataflow.thread.yield
    }
    %e = max(0, ceildiv(%n - %c0, %c1))
    %t = dataflow.thread.launch @k_t0 extents(%m, %e) args(%n, %a : ...)
    ```
  }];
  let dependentDialects = ["::loom::dataflow::DataflowDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // LOOM_CONVERSION_SCFTODATAFLOW_PASSES_TD
