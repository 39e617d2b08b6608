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
      `loom.*` attributes, and discardable attributes are copied;
    - its address is not taken and it is only called by direct `llvm.call`s
      without operand bundles.

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

#endif // LOOM_RAISING_PASSES_TD
