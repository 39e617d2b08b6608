//===- Passes.td - LLVM dialect to SCF raising passes -------*- tablegen -*-===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RAISING_PASSES_TD
#define LOOM_RAISING_PASSES_TD

include "mlir/Pass/PassBase.td"

def RaiseLLVMToCFPass : Pass<"loom-raise-llvm-to-cf", "::mlir::ModuleOp"> {
  let summary = "Raise LLVM-dialect functions and branches to func and cf";
  let description = [{
    Prepares imported LLVM-dialect kernels for the upstream `--lift-cf-to-scf`,
    which only structures `cf` branches inside function-like operations.

    Functions: every `llvm.func` with a body directly in the module becomes a
    `func.func` (`llvm.return` becomes `func.return`, direct `llvm.call`s of it
    become `func.call`) when

    - its parameters and results are integers, floats, builtin vectors of
      them or `!llvm.ptr`;
    - it is not variadic, has no personality or garbage collector, uses the C
      calling convention and a linkage that `func.func` can carry;
    - every attribute is either codegen-only (dropped: `dso_local`, `comdat`,
      `frame_pointer`, `target_cpu`, `target_features`, `tune_cpu`,
      `uwtable_kind`, `no_inline`, `no_unwind`, `memory_effects`, the
      fast-math assumptions and similar), or carried: argument and result
      attributes are copied verbatim (so `llvm.noalias` stays), a non-external
      linkage becomes the `llvm.linkage` attribute that `--convert-func-to-llvm`
      restores, `passthrough` entries named `loom.*` become discardable
      `loom.*` attributes, and discardable attributes are copied. Anything
      else blocks the conversion: an attribute with semantics such as
      `convergent`, a passthrough entry not known to be codegen-only (for
      example `strictfp`), or denormal handling other than `ieee`;
    - its address is not taken and it is only called by direct `llvm.call`s
      without operand bundles. Those calls become `func.call` wherever they
      are, also inside functions that stay LLVM, so the module stays valid;
      attributes of the call itself (tail-call kind, memory effects) drop.

    Otherwise the function stays untouched and the pass emits a remark on it
    naming the reason; the pass never fails.

    Branches: in every function-like op that is not an `llvm.func`,
    `llvm.br`, `llvm.cond_br` and `llvm.switch` become `cf.br`, `cf.cond_br`
    and `cf.switch` with the same successors and operands. `cf.cond_br` keeps
    the branch weights; `cf.switch` has none, so switch weights are dropped
    (profile data only). A `loop_annotation` is kept as the discardable
    attribute `loom.loop_annotation` on the new branch, for the hint passes.
    `llvm.indirectbr` has no `cf` form and stays.

    Unreachable code: an edge into a block that holds only
    `llvm.unreachable` is dropped, since taking it is undefined behaviour:
    such a `cond_br` becomes a `cf.br` to its other successor, such a switch
    case goes away, and such a switch default is replaced by the first
    remaining case (clang's cleanup dispatch after a loop with a `return`
    inside has this shape). The block is erased once nothing branches to it.
    Every other `llvm.unreachable` of a `func.func` (after a noreturn call,
    or reached by an unconditional branch) becomes a `func.return` of
    `ub.poison` values, which refines it. Upstream `--lift-cf-to-scf` merges
    the exits of a function per kind of terminator, so a function with both
    a `return` and an `unreachable` exit would keep a `cf.switch` between
    them after its structured code; with one kind it becomes one block.

    Before:

    ```mlir
    llvm.func @f(%p: !llvm.ptr {llvm.noalias}, %n: i32) attributes {dso_local} {
      llvm.br ^bb1(%c0 : i32)
    ^bb1(%i: i32):
      %c = llvm.icmp "slt" %i, %n : i32
      llvm.cond_br %c, ^bb2, ^bb3
      ...
    ^bb3:
      llvm.return
    }
    ```

    After:

    ```mlir
    func.func @f(%p: !llvm.ptr {llvm.noalias}, %n: i32) {
      cf.br ^bb1(%c0 : i32)
    ^bb1(%i: i32):
      %c = llvm.icmp "slt" %i, %n : i32
      cf.cond_br %c, ^bb2, ^bb3
      ...
    ^bb3:
      return
    }
    ```
  }];
  let dependentDialects = ["::mlir::cf::ControlFlowDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::ub::UBDialect"];
}

def RaiseLLVMToArithPass : Pass<"loom-raise-llvm-to-arith", "::mlir::ModuleOp"> {
  let summary = "Raise scalar LLVM-dialect computation to arith and math";
  let description = [{
    Inside every function-like op of the module, replaces each scalar LLVM
    operation that has an exactly equivalent `arith` / `math` operation:

    - `add sub mul shl` (nsw/nuw become arith overflow flags), `sdiv udiv
      lshr ashr` (with `exact`), `srem urem and or xor` (`or disjoint` drops
      the flag, which only removes poison);
    - `icmp` → `arith.cmpi` and `fcmp` → `arith.cmpf` (every predicate),
      `select` → `arith.select`;
    - `fadd fsub fmul fdiv frem fneg` with fast-math flags mapped to
      `arith::FastMathFlags`;
    - `sext zext trunc sitofp uitofp fptosi fptoui fpext fptrunc`, and
      `bitcast` between an integer and a float of one width;
    - `llvm.mlir.constant` and `llvm.mlir.zero` of an integer or float type
      → `arith.constant`;
    - intrinsics `smax smin umax umin` → `arith.maxsi ...`, `maxnum minnum
      maximum minimum` → `arith.maxnumf ...`, `fabs abs copysign fma sqrt exp
      exp2 log log2 log10 sin cos tan asin acos atan atan2 sinh cosh tanh
      floor ceil trunc round roundeven pow ctlz cttz ctpop` → the `math` op
      that lowers back to the same intrinsic, and `rint nearbyint` →
      `math.roundeven` (LLVM assumes the default rounding mode outside
      strictfp functions, so they round halfway cases to even);
    - `maxnum minnum` as x86-64 code computes them, which decides by the
      operand order which of two equal zeros it returns: `maxss(a, b)`
      (`arith.cmpf ogt` + `arith.select`, `b` on a tie) when `b` is a
      non-NaN constant or the op has `nnan`, `maxss(b, a)` when `a` is a
      non-NaN constant, `arith.maxnumf` (the emulator's left-on-tie rule)
      otherwise and under `nsz`;
    - `lround llround` → `math.round`, `lrint llrint` → `math.roundeven`,
      each followed by `arith.fptosi`;
    - `fshl fshr` (funnel shifts, rotates) → `(a << s) | ((b >> 1) >>
      (N - 1 - s))` with `s = c mod N` (mirrored for `fshr`), so no shift
      reaches the width and amount 0 is exact;
    - `uadd.sat usub.sat sadd.sat ssub.sat` → the sum or difference with
      the second operand clamped to what cannot wrap (`a + umin(b, ~a)`,
      `a - umin(a, b)`, `a + (a < 0 ? smax(b, MIN - a) : smin(b, MAX -
      a))`, `a - (a < 0 ? smin(b, a - MIN) : smax(b, a - MAX))`);
    - each `llvm.extractvalue` of `{s,u}{add,sub,mul}.with.overflow` → the
      wrapped result or the overflow bit (comparisons for add/sub, the
      product in twice the width for mul); the intrinsic is left dead.

    Flags that only add poison and have no arith spelling (`zext nneg`,
    `icmp samesign`, fast-math on `select`, `is_zero_poison`,
    `is_int_min_poison`) are dropped: the raised op is defined wherever the
    original is, so this is a refinement.

    What stays LLVM: every vector-typed form, pointer comparisons and
    selects, saturating shifts, an overflow intrinsic whose struct is used
    other than by `llvm.extractvalue`, `freeze`, and any op without an
    exact equivalent. `llvm.intr.fmuladd` lets the backend
    choose fused or unfused rounding, so by default it stays as it is
    (`materialize-fmuladd=keep`); `mul-add` commits to the unfused
    `arith.mulf` + `arith.addf` and `fma` to the fused `math.fma`, each a
    legal choice that fixes the rounding.

    Before:

    ```mlir
    %s = llvm.add %a, %b overflow<nsw> : i32
    %c = llvm.icmp "slt" %s, %n : i32
    %f = llvm.fmul %x, %y {fastmathFlags = #llvm.fastmath<contract>} : f32
    ```

    After:

    ```mlir
    %s = arith.addi %a, %b overflow<nsw> : i32
    %c = arith.cmpi slt, %s, %n : i32
    %f = arith.mulf %x, %y fastmath<contract> : f32
    ```
  }];
  let options = [
    Option<"materializeFmuladd", "materialize-fmuladd", "std::string",
           /*default=*/"\"keep\"",
           "How to raise llvm.intr.fmuladd: keep, mul-add or fma">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def RaiseLibmCallsPass : Pass<"loom-raise-libm-calls", "::mlir::ModuleOp"> {
  let summary = "Raise errno-setting libm calls to math-dialect ops";
  let description = [{
    Under the default `-fmath-errno`, clang emits the libm functions that may
    set errno as calls (`llvm.call @sqrtf`). Device code does not set errno
    (the policy of OpenMP target and CUDA offload compilers; see
    docs/compiler.md, "Device compile"), so such a call is only its value and
    is replaced by the op that computes exactly that value: `sqrt exp exp2
    expm1 log log2 log10 log1p sin cos tan asin acos atan atan2 sinh cosh tanh
    asinh acosh atanh erf erfc cbrt pow fma fabs copysign floor ceil trunc
    round` → the `math` op of that name (`pow` → `math.powf`, `fabs` →
    `math.absf`), `fmod` → `arith.remf`, `lround llround` → `math.round`
    and `lrint llrint` → `math.roundeven`, each then `arith.fptosi` to the
    call's integer type, and `fmin fmax` → glibc's x86-64 result (the
    second of two equal zeros): `arith.minnumf(b, a)` / `maxnumf(b, a)`, or
    `arith.cmpf` + `arith.select` when an operand is a constant. The
    `f`-suffixed name is the `f32` form, the plain name the `f64` form; the
    call must pass exactly that type and return it (an integer for the
    rounding functions), call a declaration (`llvm.func` without body) and
    carry no operand bundles. The call's fast-math flags move to the op.

    Each rewritten call gets a remark naming the function and the op. Every
    other direct or indirect call stays a call with a remark naming the
    callee and why (not in the table, wrong signature, defined in the
    module); `hypot` and the `long double` forms stay. A declaration no call
    uses any more is erased. Calls of `__loom_*` hint carriers are left
    alone.

    Before:

    ```mlir
    %r = llvm.call @sqrtf(%x) : (f32) -> f32
    ```

    After:

    ```mlir
    %r = math.sqrt %x : f32
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def RaiseMemrefRootsPass : Pass<"loom-raise-memref-roots", "::mlir::ModuleOp"> {
  let summary = "Turn kernel pointers into memref roots and memref accesses";
  let description = [{
    Every pointer of a `func.func` is traced to one root: a pointer
    parameter, which becomes a 1-D dynamic memref of the one element type
    its accesses use (`memref<?xT>`, identity layout), or an `llvm.alloca`
    of constant size, which becomes `memref.alloca`. A derived pointer is an
    element offset from its root: `llvm.getelementptr` adds
    `index * stride / sizeof(T)` (array types step inside), pointer block
    arguments become `index` block arguments (pointer walks such as `*p++`),
    pointer selects and comparisons become `arith` on offsets, and
    `llvm.load` / `llvm.store` become `memref.load` / `memref.store`.

    Local arrays: an `llvm.alloca` (nested arrays flattened) becomes a
    static `memref.alloca`, placed at its one `llvm.intr.lifetime.start`
    when that dominates every access (a fresh, undefined array there, as
    the marker says) and at the alloca otherwise. Lifetime markers are
    dropped. `llvm.intr.memset` with a constant byte and length becomes a
    store loop of the element value those bytes spell; `llvm.intr.memcpy` of
    constant length becomes stores of a constant global's initializer or a
    load/store loop from another raised root. A constant global with a dense
    array initializer that the kernel only reads becomes a local copy
    stored where its address is taken.

    A root stays an LLVM pointer, with a remark naming it and why, when it
    escapes (stored, passed to a call, returned, cast), is accessed with two
    element types or as a non-scalar, through a volatile or atomic access,
    into a struct field, or at an offset that is not a whole element; the
    code using it stays InstructionCore-only.

    Before:

    ```mlir
    func.func @k(%a: !llvm.ptr, %i: i64) -> f32 {
      %p = llvm.getelementptr %a[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      %x = llvm.load %p : !llvm.ptr -> f32
      return %x : f32
    }
    ```

    After:

    ```mlir
    func.func @k(%a: memref<?xf32>, %i: i64) -> f32 {
      %c0 = arith.constant 0 : index
      %o = arith.index_cast %i : i64 to index
      %e = arith.addi %c0, %o : index
      %x = memref.load %a[%e] : memref<?xf32>
      return %x : f32
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def RaiseWhileToForPass : Pass<"loom-raise-while-to-for", "::mlir::ModuleOp"> {
  let summary = "Uplift counted scf.while loops to scf.for";
  let description = [{
    `--lift-cf-to-scf` structures every loop as `scf.while`. This pass turns
    the counted ones into `scf.for`, their loop-carried scalars into
    `iter_args`, and leaves every other loop an `scf.while`, which is legal.

    Counted loops: the induction variable (i8 to i64, or index) starts at an
    invariant value, steps by a constant of either sign, and the loop runs
    while `iv P bound` holds for an invariant bound and any predicate P. Both
    pre-tested loops and do-while loops (the test in the before region after
    the body, also inside a guarding `scf.if`) are taken, and a test of
    `iv + K` (K > 0, computed without wrapping; `(i | 1) < n` for an even i
    counts) is a test of `iv` against the bound minus K. A step that could
    wrap around the bound is only accepted with the matching `nsw`/`nuw`
    flag (wrapping is then undefined in the original) or when a constant
    bound leaves room; `!=` needs a unit step (counting modulo 2^N) or a
    no-wrap flag. A unit-step do-while loop with a strict or `!=` test needs
    no flag below 64 bits: later steps follow a passing test and cannot
    wrap, and its trip count counted modulo 2^N covers a wrapping first
    step; at 64 bits the start must be a constant or guarded by an enclosing
    `scf.if` (`lo < n`, `n != 0`) away from the value that would wrap. Every
    loop that stays an `scf.while` gets a remark with the reason. The forms
    produced:

    - ascending signed: `scf.for %i = %lb to %ub step %c : iN`;
    - ascending unsigned, below 64 bits: an index loop from
      `index_castui(%lb)` to `index_castui(%ub)`, `%i = index_castui %j`;
      64-bit: `scf.for unsigned`;
    - descending or `!=` counting modulo 2^N: `scf.for %k = 0 to %tripCount`
      (index below 64 bits, `unsigned` i64 otherwise) with
      `%i = %lb + %k * %c`.

    `<=` adds one to the bound, a do-while loop runs to max(bound, lb + c).
    A used induction result is rebuilt as the first value that failed the
    test, `lb + tripCount * c`.

    Cleanups that expose counted loops first: invariant ops of the test are
    hoisted (a load only when nothing in the loop writes memory); a
    before-region `scf.if` that tests the negated loop condition (the exit on
    the `true` edge) is flipped so upstream's `WhileMoveIfDown` makes the
    loop pre-tested; a value the test forwards that is computed from one
    loop-carried value (`i - 1`) is recomputed after the test. Afterwards a
    unit-step `iter_arg` that only counts (what a `*p++` walk leaves) becomes
    an expression of the induction variable.

    Upstream's uplift (`scf::upliftWhileToForLoop`) stays the fallback for an
    invariant non-constant step with `nsw`, only when the induction result is
    unused: upstream rebuilds that result as the last iteration's value
    rather than the exit value.

    Before:

    ```mlir
    %r = scf.while (%i = %start) : (i32) -> i32 {
      %c = arith.cmpi sgt, %i, %cm1 : i32
      scf.condition(%c) %i : i32
    } do {
    ^bb0(%j: i32):
      memref.store %x, %m[...] : memref<?xf32>
      %n = arith.addi %j, %cm1 overflow<nsw> : i32
      scf.yield %n : i32
    }
    ```

    After:

    ```mlir
    %tc = ... select(%start > -1, %start + 1, 0), index_castui to index
    scf.for %k = %c0 to %tc step %c1 {
      %ki = arith.index_castui %k : index to i32
      %i = arith.subi %start, %ki : i32
      memref.store %x, %m[...] : memref<?xf32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def MaterializePoisonPass
    : Pass<"loom-raise-materialize-poison", "::mlir::ModuleOp"> {
  let summary = "Replace every scalar poison or undef value by zero";
  let description = [{
    Structuring control flow leaves `ub.poison` wherever a lane or exit of a
    structured op does not define a value: `--lift-cf-to-scf` passes it for
    the values of the exits not taken (the index a search loop returns when
    it found nothing, the result slot of a `return` inside a loop on the
    path that falls off its end), and `loom-raise-llvm-to-cf` returns it
    after `llvm.unreachable`. The canonicalizations of the raising pipeline
    use it (`arith.select %c, %x, %poison` folds to `%x`); after them, no
    stage has a meaning for it: the dataflow dialect and the fabric have no
    poison token, and ownership and the SCF-to-dataflow lowering have no
    actor for it, so it would stay InstructionCore code of the thread and
    reach its graph as a value input.

    This pass, the last step of the raising pipeline, replaces every
    `ub.poison` of integer, index, float or vector-of-those type by the
    `arith.constant` zero of that type, and so every `llvm.mlir.poison` and
    `llvm.mlir.undef` of such a type that raising kept (`sroa` leaves undef
    as the first value of a variable only assigned inside a loop). That is
    exact: a poison or undef value may be replaced by any value of its type.
    Values of another type (memref, `!llvm.ptr`, LLVM aggregates) stay, and
    so does the body of a function that stays an `llvm.func`.

    Before:

    ```mlir
    %p = ub.poison : i32
    %r = scf.index_switch %exit -> i32
    case 1 { scf.yield %i : i32 }
    default { scf.yield %p : i32 }
    ```

    After:

    ```mlir
    %p = arith.constant 0 : i32
    %r = scf.index_switch %exit -> i32
    case 1 { scf.yield %i : i32 }
    default { scf.yield %p : i32 }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // LOOM_RAISING_PASSES_TD
