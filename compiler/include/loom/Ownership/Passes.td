//===- Passes.td - hints, parallel loops and ownership ------*- tablegen -*-===//
//
// Part of the Loom project.
//
// The Part 2 -> Part 3 handoff (issue C): hints on loops, effect-form
// scf.forall for independent loops, threads for kernels and spatial regions
// for what a SpatialCore can run.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_OWNERSHIP_PASSES_TD
#define LOOM_OWNERSHIP_PASSES_TD

include "mlir/Pass/PassBase.td"

def AttachHintsPass : Pass<"loom-attach-hints", "::mlir::ModuleOp"> {
  let summary = "Attach Loom loop and parameter hints to the raised program";
  let description = [{
    The device preparation carries hints the MLIR importer would drop as
    `llvm.call @__loom_loop_hints(<string>)` markers inside each hinted
    loop and as the `loom.param_hints` function attribute. This pass moves
    them onto the IR they describe:

    - each marker becomes the `loom.hints` dictionary attribute of the
      innermost enclosing `scf.for` / `scf.while` / `scf.forall`
      (`{parallel = [4, "contiguous"], tripcount = [1024]}`) plus
      `loom.hint_locations` (`{parallel = "k.cpp:6:3"}`); a marker with no
      enclosing loop is dropped with a remark;
    - `loom.param_hints = "0:stream=;2:memory_bank=4,cyclic"` becomes the
      argument attributes `loom.stream`, `loom.memory_bank = "4,cyclic"`.

    The marker calls, their string globals and the marker declaration are
    removed.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def AnalyzeParamExtentsPass
    : Pass<"loom-analyze-param-extents", "::mlir::ModuleOp"> {
  let summary = "Derive the element range each memref parameter is accessed in";
  let description = [{
    For every memref parameter of every function, derives a closed-form
    expression of the function's integer parameters that covers every index
    the function loads or stores through it, and records it on the parameter:

      func.func @vadd(%a: memref<?xf32>, ..., %n: i32)
        scf.for %i = %c0 to %n' step %c1 { memref.load %a[%i] ... }
    =>
      func.func @vadd(%a: memref<?xf32> {loom.extent = "(for 0 (sext 32 %3))"}, ...)

    The expression (documented in docs/runtime.md, "Bounds of pointer
    arguments") is evaluated by the runtime with the launch's actual scalar
    arguments as interval arithmetic: the loop `(for lb ub)` stands for every
    value its induction variable takes, an access inside a loop that runs no
    iteration contributes nothing, and arithmetic that may leave its bit
    width makes the bound unknown for that launch. It is sound, never
    smaller than the indices a run can access, because every operand is
    over-approximated: guards (`scf.if`) are ignored, selects take both sides.

    A parameter whose indices cannot be bounded this way (an index loaded
    from memory, an iter_arg such as a pointer walk, a while loop's value,
    a memref handed to another operation than a load or store) gets
    `loom.unchecked = "<reason>"` naming the first such access instead. Run
    it on the structured program, before ownership moves accesses into
    threads.
  }];
  let options = [
    Option<"sourceLocations", "source-locations", "bool", "true",
           "Name the source location of the accesses in the reasons. The "
           "kernel compiler turns it off: the program it embeds must not "
           "depend on whether the host compile tracked locations (-Rpass)">,
  ];
}

def AttachLoopFactsPass : Pass<"loom-attach-loop-facts", "::mlir::ModuleOp"> {
  let summary = "Attach proven trip-count ranges and divisibility to scf.for loops";
  let description = [{
    Runs MLIR's integer range analysis (with dead-code and constant
    propagation) over each function and attaches to every `scf.for` with a
    constant step the fact

      `loom.facts = {trip_count = [min, max], step = s, lower = [lo, hi], upper = [lo, hi]}`

    where the bounds are the proven signed ranges, plus the divisibility
    facts `lower_multiple`, `upper_multiple` and `trip_count_multiple`
    (every value the bound or the trip count can take is a multiple of it;
    absent when only 1 is known). Divisors come from constants, masks
    (`n & ~3` → 4), products and shifts (the full product under `nsw`, else
    its power-of-two part), sums (gcd), selects, min/max, casts (unsigned
    ones keep the power-of-two part) and enclosing induction variables
    (gcd of lower bound and step); the trip count is a multiple of
    `gcd(lower, upper) / step` when the step divides that gcd. A trip-count hint
    (`loom.hints.tripcount*`) narrows nothing: hints are claims, facts are
    proofs, and later stages read both. Loops whose bounds are unbounded get
    no `trip_count`. Lowering uses the facts where it needs a proven fixed
    width (for example to unroll a graph-owned parallel loop).
  }];
}

def CheckHintsPass : Pass<"loom-check-hints", "::mlir::ModuleOp"> {
  let summary = "Check loop and parameter hints against what is proven";
  let description = [{
    Hints are claims; after loom-attach-loop-facts some of them can be
    checked. A hint that contradicts a proof is a -Wloom-hint warning (an
    MLIR warning tagged `loom.hint_warning`, at the hint's location) and is
    removed, so no later stage acts on it:

    - `tripcount`, `tripcount_range`, `tripcount_typical`, `tripcount_full`
      whose bounds lie outside the proven `loom.facts.trip_count` range;
    - `unroll = [n]` on a loop proven to run fewer than `n` iterations;
    - `loom.stream` on a memref parameter the kernel does not access as a
      stream: accessed at more than one place, both read and written, or
      at an index that is not the innermost loop's induction variable
      plus an invariant (step 1).

    Hints it cannot check are left as they are.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def ParallelizeLoopsPass : Pass<"loom-parallelize-loops", "::mlir::ModuleOp"> {
  let summary = "Turn independent scf.for loops into effect-form scf.forall";
  let description = [{
    An `scf.for` without `iter_args` becomes an effect-form `scf.forall`
    (no shared outputs, empty `in_parallel`) when the dependence analysis
    (loom/Ownership/LoopDependence.h) proves its iterations independent, or
    when it carries `loom.hints = {parallel = ...}` (no `no_parallel`) and
    the analysis can neither prove nor disprove independence (the hint is
    trusted, and the remark names the accesses it could not prove).

    A `parallel` hint the analysis disproves — a pair of distinct
    iterations touching one element, one of them writing — is a warning at
    the hint's location (`loom.hint_locations`), tagged
    `loom.hint_warning`, with notes at both accesses:
    `LOOM_PARALLEL ignored: iteration i reads 'out[i - 1]' (line 12),
    written by iteration i - 1 (line 12)`; the loop stays sequential.

    Loops with `iter_args` (reductions and other recurrences) stay
    sequential, which is always legal. Every decision is a remark on the
    loop naming the reason.

    Before / after:

    ```mlir
    scf.for %i = %c0 to %n step %c1 : i32 {           scf.forall (%j) = (%lb) to (%ub) step (%s) {
      ...                                      =>       %i = arith.index_cast %j : index to i32
    } {loom.hints = {parallel = [4]}}                   ...
                                                      }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def ForwardLoopStoresPass
    : Pass<"loom-forward-loop-stores", "::mlir::ModuleOp"> {
  let summary = "Carry values stored in one iteration to the iterations that "
                "load them back";
  let description = [{
    A recurrence through memory (`out[i] = out[i - 1] + in[i]`, an IIR
    filter, a running maximum) waits every iteration for its store to reach
    memory before the next iteration's load may read it. For an `scf.for`
    with a constant step s, a load `A[g(i)]` in the body whose element is
    the one the store `A[f(i)]` of the same body wrote d iterations earlier
    (`g(i) = f(i - d * s)` for every value of the loop invariants, 1 <= d <=
    8) is replaced by a new iter_arg: the loop carries the values stored in
    its last d iterations. The store stays, so memory ends as before.

    Forwarded only when all of these hold (anything else keeps the load):
    - the store and the load are on one memref value defined outside the
      loop, with one index each, and both at the top level of the body (run
      once in every iteration); the store's index is `a * k + r`, k the
      iteration number, a a nonzero constant, so no two iterations store one
      element;
    - every other write in the loop (nested regions included) goes to
      memory that cannot overlap the memref (another allocation, or one of
      two arguments of which one is `llvm.noalias`), or is a `memref.store`
      to the same memref at the same index (the same element, in the same
      iteration) before the forwarded store, which then overwrites it;
    - the loop calls nothing and holds no other operation that writes
      memory (LLVM stores, copies).
    Indices are mathematical integers, as in the dependence analysis
    (loom/Ownership/LoopDependence.h).

    The first d iterations read what memory held before the loop: each new
    iter_arg starts with the load the original iteration that first uses it
    performs, at that iteration's induction variable, under an `scf.if`
    that runs it only when the loop reaches that iteration (the loop's own
    comparisons), and 0 otherwise (then nothing uses it). So the program
    reads no element the original did not.

    ```mlir
    scf.for %i = %c1 to %n step %c1 : i32 {       %p0 = scf.if (1 < %n) { %v = memref.load %out[0] ...}
      %p = memref.load %out[%i - 1]         =>    %r = scf.for %i = %c1 to %n step %c1 iter_args(%p = %p0) {
      %s = arith.addi %p, %x                        %s = arith.addi %p, %x
      memref.store %s, %out[%i]                     memref.store %s, %out[%i]
    }                                               scf.yield %s
                                                  }
    ```

    Every forwarded load is a remark on the loop: "the value of
    'out[i - 1]' (line 3) is carried from the previous iteration instead of
    reloaded"; a load it matches but keeps is a remark naming the reason.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
  let statistics = [
    Statistic<"numForwardedLoads", "forwarded-loads",
              "Loads replaced by values carried from earlier iterations">,
  ];
}

def SplitReductionsPass : Pass<"loom-split-reductions", "::mlir::ModuleOp"> {
  let summary = "Split the accumulator of a sequential reduction into k partial ones";
  let description = [{
    A reduction carried by a sequential `scf.for` is one ring (carry ->
    combiner -> carry) that each iteration goes around once, so the loop
    runs no faster than one iteration per trip around that ring. This pass
    rewrites such a loop into a main loop of step `k * s` that carries `k`
    partial accumulators (the first starts at the init, the others at the
    combiner's identity), runs the body `k` times per iteration, combines
    the partials after the loop and finishes the leftover iterations, in
    order, in a remainder loop (the original loop, started where the main
    loop stopped, from the combined value):

    ```mlir
    %s = scf.for %i = %lb to %ub step %c1 iter_args(%a = %init) -> (i32) {
      %v = memref.load %x[%i] : memref<?xi32>
      %n = arith.addi %a, %v : i32
      scf.yield %n : i32
    }
    =>
    %p:2 = scf.for %j = %lb to %mainUb step %c2
        iter_args(%a0 = %init, %a1 = %c0_i32) -> (i32, i32) {
      ... body at %j into %a0, body at %j + 1 into %a1 ...
    } {loom.unrolled = 2 : i64}
    %c = arith.addi %p#0, %p#1 : i32
    %s = scf.for %i = %mainUb to %ub step %c1 iter_args(%a = %c) -> (i32) {
      ...
    }
    ```

    An iteration argument is a reduction when its only use in the body is
    one combiner whose result is yielded in its place and used nowhere
    else: `arith.addi`, `muli`, `andi`, `ori`, `xori`, `minsi`, `maxsi`,
    `minui`, `maxui` (exact in any order: integers wrap; their overflow
    flags are dropped in the main loop), and `arith.addf`, `mulf`,
    `minimumf`, `maximumf`, `minnumf`, `maxnumf` only when the program
    allows reassociation: the op carries `fastmath<reassoc>`
    (`-ffast-math`, `-fassociative-math`) or the loop carries
    `loom.hints = {reduce = [op]}` (`LOOM_REDUCE(op)`). Another float
    reduction keeps its source order and gets a remark saying why. The
    loop's other iteration arguments are threaded through the `k` copies
    in order, which is plain unrolling.

    `k` is the option `partial-accumulators`, or when 0 the trips around
    the longest ring a partial accumulator needs on the reference fabric
    (2 cycles of carry and routes plus the combiner's latency: 3 for an
    integer add, 4 for a multiply, 5 for float), at most 8, and at most
    64 / (operations in the body). A loop is left alone when it writes
    memory (its writes stay in order, a ring `k` times as long), when its
    step is not a constant, when it is proven to run fewer than `k`
    iterations, or when it carries `LOOM_NO_UNROLL`; each decision is a
    remark. The
    main loop carries `loom.unrolled = k`; both loops get the `loom.facts`
    that still hold.
  }];
  let options = [
    Option<"partialAccumulators", "partial-accumulators", "unsigned", "0",
           "Partial accumulators per reduction; 0 derives them from the "
           "recurrence latency">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def FormThreadsPass : Pass<"loom-form-threads", "::mlir::ModuleOp"> {
  let summary = "Make each kernel's parallel loops (or whole body) threads";
  let description = [{
    For each `func.func` carrying `loom.kernel`:

    - every outermost effect-form `scf.forall` becomes a private dense
      `dataflow.thread` of the forall's rank whose ordinary arguments are
      the values the loop captures plus each dimension's lower bound and
      step; the body rebuilds `source_iv = lower + coord * step`. The loop
      is replaced by `dataflow.thread.launch` with extents
      `max(0, ceildiv(ub - lb, step))` and `dataflow.thread.wait`;
    - a kernel without a parallel loop becomes a rank-0 thread holding its
      whole body; scalar results travel back through a one-element
      `memref.alloca` the thread stores into and the kernel loads after the
      wait.

    A kernel whose body is not one structured block stays as it is, with a
    remark.
  }];
  let dependentDialects = ["::loom::dataflow::DataflowDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def FormSpatialRegionsPass
    : Pass<"loom-form-spatial-regions", "::mlir::ModuleOp"> {
  let summary = "Wrap what a SpatialCore can run in loom.spatial_region";
  let description = [{
    Inside each `dataflow.thread`, every maximal run of consecutive
    top-level operations that SCF-to-dataflow lowering admits is wrapped in
    one `loom.spatial_region`. Admitted: `scf.for`, `scf.while`, `scf.if`,
    `scf.index_switch` whose nested operations are all admitted, constants,
    `memref.load` / `memref.store` on ranked identity-layout memrefs, and
    every operation of the actor schema registry. Values the run uses from
    outside become value inputs (memrefs: memory inputs); values used after
    it become value outputs. A run with nothing but constants is left alone.
    Everything else (allocations, calls, LLVM memory operations) stays
    InstructionCore code of the thread, with a remark naming the operation.

    ```mlir
    dataflow.thread private @t(%a: memref<?xf32>) ctrl(%c) domain<dense> {
      %r = loom.spatial_region memories(%a : memref<?xf32>) -> values(f32) {
      ^bb0(%a1: memref<?xf32>):
        ...
        loom.spatial_yield %s : f32
      }
      ...
    }
    ```
  }];
  let dependentDialects = ["::loom::LoomDialect"];
}

def SplitSpatialRegionsPass
    : Pass<"loom-split-spatial-regions", "::mlir::ModuleOp"> {
  let summary = "Split the largest spatial regions into smaller ones";
  let description = [{
    Splits each of the heaviest splittable `loom.spatial_region`s (those at
    least half as heavy, in operations, as the heaviest) once, in one of
    three ways:

    - a body holding two or more top-level operations that are or contain
      a loop becomes one region per loop, in program order: the operations
      before the first loop join the first region, those after a loop the
      next one, those after the last loop the last one;
    - a body holding one loop, or one operation holding one (`scf.for`,
      `scf.while`, `scf.if`, `scf.index_switch`), keeps that operation in
      the thread as stored-program code, and each of its blocks becomes
      regions launched from there (one per inner loop, or one for a block
      without loops: an innermost loop's body, launched every iteration);
      what comes before and after it becomes a region of its own; so does
      straight-line code that is one `scf.if` or `scf.index_switch`;
    - other straight-line code is cut in two halves, where both have an
      effect and only scalars cross.

    Values one part computes and a later part uses become outputs of the
    first and inputs of the second; memory inputs are bound to every part
    that accesses them, and static allocas stay in the thread, bound as
    memories. The thread launches one graph per part, in sequence
    (loom-finalize-graph-launches chains the launches, through a `none`
    iteration argument or result inside control flow), so each part's
    memory effects are complete before the next starts: the program
    computes what the unsplit one does, with smaller graphs.

    The kernel compiler applies it k times to copies of the SCF-stage
    program to build *split program* k (k = 1, 2, ...), which the runtime
    runs when a graph of the less split ones does not fit the fabric
    (docs/compiler.md, "Graph splitting"). The parts are named
    `<graph_name>_s<k>`; a region with stream operands is not split.
  }];
  let dependentDialects = ["::loom::LoomDialect"];
  let statistics = [
    Statistic<"numSplitRegions", "split-regions",
              "Spatial regions split">,
  ];
}

#endif // LOOM_OWNERSHIP_PASSES_TD
