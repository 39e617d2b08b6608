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
    `llvm.unreachable` and `llvm.indirectbr` have no `cf` form and stay.

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
                           "::mlir::func::FuncDialect"];
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
      exp2 log log2 log10 sin cos floor ceil trunc round roundeven pow ctlz
      cttz ctpop` → the `math` op that lowers back to the same intrinsic.

    Flags that only add poison and have no arith spelling (`zext nneg`,
    `icmp samesign`, fast-math on `select`, `is_zero_poison`,
    `is_int_min_poison`) are dropped: the raised op is defined wherever the
    original is, so this is a refinement.

    What stays LLVM: every vector-typed form, pointer comparisons and
    selects, saturating and overflow-reporting intrinsics, `freeze`, and any
    op without an exact equivalent. `llvm.intr.fmuladd` lets the backend
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
                           "::mlir::memref::MemRefDialect"];
}

def RaiseWhileToForPass : Pass<"loom-raise-while-to-for", "::mlir::ModuleOp"> {
  let summary = "Uplift counted scf.while loops to scf.for";
  let description = [{
    `--lift-cf-to-scf` structures every loop as `scf.while`. This pass
    applies MLIR's while-to-for uplift patterns
    (`scf::populateUpliftWhileToForPatterns`) so that pre-tested counted
    loops (`i = lb; while (i < ub) { ...; i += step }`) become `scf.for`
    with their loop-carried scalars as `iter_args`. A loop that is not of
    that form stays `scf.while`, which is legal.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // LOOM_RAISING_PASSES_TD
