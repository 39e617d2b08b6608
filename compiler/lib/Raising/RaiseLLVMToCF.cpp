//===- RaiseLLVMToCF.cpp - LLVM functions and branches to func/cf --------===//
//
// Part of the Loom project.
//
// The upstream `--lift-cf-to-scf` only structures `cf` branches inside
// function-like ops and is a no-op on `llvm.br`. This pass turns imported
// `llvm.func` definitions into `func.func` and their branches into `cf`, so
// the upstream lifting can run on LLVM-dialect kernels, and gives each
// function one kind of exit (`func.return`), so the lifting structures all
// of it.
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"

#include "loom/Raising/Passes.h"
#include "loom/Support/MissedRemark.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"

namespace loom::raising {
#define GEN_PASS_DEF_RAISELLVMTOCFPASS
#include "loom/Raising/Passes.h.inc"
} // namespace loom::raising

#define DEBUG_TYPE "loom-raise-llvm-to-cf"

using namespace mlir;
using namespace loom::raising;

/// The discardable attribute that keeps an LLVM branch's loop annotation on
/// the `cf` branch that replaces it.
static constexpr llvm::StringLiteral kLoopAnnotationAttrName =
    "loom.loop_annotation";

/// The attribute `--convert-func-to-llvm` reads a function's linkage from.
static constexpr llvm::StringLiteral kLinkageAttrName = "llvm.linkage";

/// Inherent `llvm.func` attributes that only steer code generation, linking
/// or optimization assumptions; dropping one never changes what the function
/// computes, so a function carrying them still converts.
static constexpr llvm::StringLiteral kDroppedFuncAttrs[] = {
    "dso_local",
    "comdat",
    "function_entry_count",
    "memory_effects",
    "visibility_",
    "section",
    "unnamed_addr",
    "alignment",
    "vscale_range",
    "frame_pointer",
    "target_cpu",
    "tune_cpu",
    "reciprocal_estimates",
    "prefer_vector_width",
    "target_features",
    "no_infs_fp_math",
    "no_nans_fp_math",
    "no_signed_zeros_fp_math",
    "fp_contract",
    "no_inline",
    "always_inline",
    "inline_hint",
    "no_unwind",
    "will_return",
    "optimize_none",
    "uwtable_kind"};

/// Inherent attributes the conversion reads and carries itself.
static constexpr llvm::StringLiteral kHandledFuncAttrs[] = {
    "sym_name",
    "sym_visibility",
    "function_type",
    "arg_attrs",
    "res_attrs",
    "linkage",
    "CConv",
    "passthrough",
    "denormal_fp_math",
    "denormal_fp_math_f32"};

/// `passthrough` entries clang emits that only steer code generation or add
/// optimization assumptions (dropping them is always safe).
static constexpr llvm::StringLiteral kDroppedPassthrough[] = {
    "min-legal-vector-width",
    "no-trapping-math",
    "stack-protector-buffer-size",
    "target-cpu",
    "target-features",
    "tune-cpu",
    "frame-pointer",
    "uwtable",
    "mustprogress",
    "nounwind",
    "noinline",
    "optnone",
    "norecurse",
    "nosync",
    "nofree",
    "nocallback",
    "willreturn",
    "probe-stack",
    "stack-probe-size",
    "ssp",
    "sspstrong",
    "sspreq",
    "approx-func-fp-math",
    "less-precise-fpmad",
    "unsafe-fp-math",
    "no-infs-fp-math",
    "no-nans-fp-math",
    "no-signed-zeros-fp-math",
    "zero-call-used-regs",
    "cold",
    "hot",
    "minsize",
    "optsize",
    "inlinehint",
    "noreturn",
    "alwaysinline",
    "nonlazybind"};

//===----------------------------------------------------------------------===//
// Branch patterns
//===----------------------------------------------------------------------===//

/// Fails when `op` sits in an `llvm.func`: functions the pass could not
/// convert stay untouched, terminators included.
static LogicalResult checkNotInLLVMFunc(Operation *op,
                                        PatternRewriter &rewriter) {
  if (op->getParentOfType<LLVM::LLVMFuncOp>())
    return rewriter.notifyMatchFailure(
        op, "branch inside an llvm.func, which the pass leaves untouched");
  return success();
}

/// Returns whether `block` does nothing but execute `llvm.unreachable`.
/// Taking a branch into it is undefined behaviour, so every execution with
/// defined behaviour takes another edge of that branch, and the branch may
/// drop the edge. Nothing else happens in the block, so dropping it loses
/// no side effect either (a noreturn call before the `llvm.unreachable`
/// keeps its block).
static bool isUnreachableBlock(Block *block) {
  return isa<LLVM::UnreachableOp>(block->front());
}

/// Keeps `annotation` (if any) on `newOp` for the hint passes.
static void keepLoopAnnotation(LLVM::LoopAnnotationAttr annotation,
                               Operation *newOp) {
  if (annotation)
    newOp->setAttr(kLoopAnnotationAttrName, annotation);
}

namespace {

///   llvm.br ^bb1(%x : i32) {loop_annotation = #la}
///   ->
///   cf.br ^bb1(%x : i32) {loom.loop_annotation = #la}
struct BrToCF : OpRewritePattern<LLVM::BrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::BrOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkNotInLLVMFunc(op, rewriter)))
      return failure();
    auto annotation = op.getLoopAnnotationAttr();
    auto newOp = rewriter.replaceOpWithNewOp<cf::BranchOp>(
        op, op.getDest(), op.getDestOperands());
    keepLoopAnnotation(annotation, newOp);
    return success();
  }
};

///   llvm.cond_br %c weights([9, 1]), ^bb1(%x : i32), ^bb2
///   ->
///   cf.cond_br %c weights([9, 1]), ^bb1(%x : i32), ^bb2
///
/// An edge into a block that only holds `llvm.unreachable` is dropped (see
/// `isUnreachableBlock`):
///
///   llvm.cond_br %c, ^bb1(%x : i32), ^bb2     ^bb2: llvm.unreachable
///   ->
///   cf.br ^bb1(%x : i32)
struct CondBrToCF : OpRewritePattern<LLVM::CondBrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::CondBrOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkNotInLLVMFunc(op, rewriter)))
      return failure();
    auto annotation = op.getLoopAnnotationAttr();
    bool trueUnreachable = isUnreachableBlock(op.getTrueDest());
    bool falseUnreachable = isUnreachableBlock(op.getFalseDest());
    if (trueUnreachable != falseUnreachable) {
      auto newOp = trueUnreachable
                       ? rewriter.replaceOpWithNewOp<cf::BranchOp>(
                             op, op.getFalseDest(), op.getFalseDestOperands())
                       : rewriter.replaceOpWithNewOp<cf::BranchOp>(
                             op, op.getTrueDest(), op.getTrueDestOperands());
      keepLoopAnnotation(annotation, newOp);
      return success();
    }
    auto weights = op.getBranchWeightsAttr();
    auto newOp = rewriter.replaceOpWithNewOp<cf::CondBranchOp>(
        op, op.getCondition(), op.getTrueDest(), op.getTrueDestOperands(),
        op.getFalseDest(), op.getFalseDestOperands());
    if (weights)
      newOp.setBranchWeightsAttr(weights);
    keepLoopAnnotation(annotation, newOp);
    return success();
  }
};

///   llvm.switch %v : i32, ^bb3 [0: ^bb1, 5: ^bb2(%x : i32)]
///   ->
///   cf.switch %v : i32, [default: ^bb3, 0: ^bb1, 5: ^bb2(%x : i32)]
///
/// Switch branch weights are dropped: `cf.switch` has no place for them and
/// they are profile data only.
///
/// Edges into blocks that only hold `llvm.unreachable` are dropped (see
/// `isUnreachableBlock`): such a case goes away, and such a default is
/// replaced by the first remaining case, whose value then needs no case of
/// its own. This is the shape of clang's cleanup dispatch after a loop with
/// a `return` inside (`switch %dest, unreachable [1: ^ret, 2: ^after]`):
///
///   llvm.switch %v : i32, ^bb3 [1: ^bb1, 2: ^bb2(%x : i32)]
///   ^bb3: llvm.unreachable
///   ->
///   cf.switch %v : i32, [default: ^bb1, 2: ^bb2(%x : i32)]
struct SwitchToCF : OpRewritePattern<LLVM::SwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::SwitchOp op,
                                PatternRewriter &rewriter) const override {
    if (failed(checkNotInLLVMFunc(op, rewriter)))
      return failure();
    Block *defaultDest = op.getDefaultDestination();
    ValueRange defaultOperands = op.getDefaultOperands();
    SmallVector<APInt> caseValues;
    SmallVector<ValueRange> caseOperands;
    SmallVector<Block *> caseDests;
    std::optional<DenseIntElementsAttr> values = op.getCaseValues();
    for (auto [index, dest] : llvm::enumerate(op.getCaseDestinations())) {
      if (isUnreachableBlock(dest))
        continue;
      caseValues.push_back((*values).getValues<APInt>()[index]);
      caseOperands.push_back(op.getCaseOperands(index));
      caseDests.push_back(dest);
    }
    if (isUnreachableBlock(defaultDest) && !caseDests.empty()) {
      defaultDest = caseDests.front();
      defaultOperands = caseOperands.front();
      caseValues.erase(caseValues.begin());
      caseOperands.erase(caseOperands.begin());
      caseDests.erase(caseDests.begin());
    }
    // Only the default is left (or every destination is unreachable, and so
    // is the default).
    if (caseDests.empty()) {
      rewriter.replaceOpWithNewOp<cf::BranchOp>(op, defaultDest,
                                                defaultOperands);
      return success();
    }
    rewriter.replaceOpWithNewOp<cf::SwitchOp>(op, op.getValue(), defaultDest,
                                              defaultOperands, caseValues,
                                              caseDests, caseOperands);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

/// A function the pass converts, with what the conversion carries over.
struct FunctionPlan {
  LLVM::LLVMFuncOp func;
  /// Discardable attributes for the new `func.func`.
  SmallVector<NamedAttribute> carried;
  /// The direct calls to rewrite into `func.call`.
  SmallVector<LLVM::CallOp> calls;
};

struct RaiseLLVMToCFPass
    : loom::raising::impl::RaiseLLVMToCFPassBase<RaiseLLVMToCFPass> {
  void runOnOperation() override;
};

} // namespace

//===----------------------------------------------------------------------===//
// Which functions convert
//===----------------------------------------------------------------------===//

/// Returns whether a value of `type` may cross a `func.func` boundary here.
static bool isConvertibleType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  return isa<IntegerType, FloatType, LLVM::LLVMPointerType>(type);
}

/// Returns why the signature of `func` cannot become a builtin function
/// type, or std::nullopt if it can.
static std::optional<std::string> getSignatureBlocker(LLVM::LLVMFuncOp func) {
  if (func.isVarArg())
    return std::string("it is variadic");
  std::string reason;
  llvm::raw_string_ostream os(reason);
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (!isConvertibleType(type)) {
      os << "parameter #" << index << " has type '" << type << "'";
      break;
    }
  for (Type type : func.getResultTypes())
    if (reason.empty() && !isConvertibleType(type))
      os << "the result has type '" << type << "'";
  if (reason.empty())
    return std::nullopt;
  os << "; only integer, float, vector and !llvm.ptr types convert";
  return reason;
}

/// Returns why the linkage of `func` cannot be carried, or std::nullopt.
static std::optional<std::string> getLinkageBlocker(LLVM::LLVMFuncOp func) {
  switch (func.getLinkage()) {
  case LLVM::Linkage::Appending:
  case LLVM::Linkage::Common:
  case LLVM::Linkage::ExternWeak: {
    std::string reason;
    llvm::raw_string_ostream(reason)
        << "it has linkage "
        << LLVM::LinkageAttr::get(func.getContext(), func.getLinkage())
        << ", which no function definition may have";
    return reason;
  }
  default:
    return std::nullopt;
  }
}

/// Returns why an inherent attribute of `func` blocks the conversion, or
/// std::nullopt when every attribute is handled or safe to drop.
static std::optional<std::string> getAttributeBlocker(LLVM::LLVMFuncOp func) {
  if (func.getPersonality())
    return std::string("it has a personality function (exception handling)");
  if (func.getCConv() != LLVM::cconv::CConv::C)
    return "it uses calling convention '" +
           LLVM::cconv::stringifyCConv(func.getCConv()).str() +
           "'; only the C calling convention converts";
  for (std::optional<StringRef> mode :
       {func.getDenormalFpMath(), func.getDenormalFpMathF32()})
    if (mode && *mode != "ieee" && *mode != "ieee,ieee")
      return "it flushes denormals ('" + mode->str() +
             "'); only 'ieee' denormal handling converts";
  for (StringRef name : LLVM::LLVMFuncOp::getAttributeNames()) {
    std::optional<Attribute> value = func->getInherentAttr(name);
    if (!value || !*value || llvm::is_contained(kHandledFuncAttrs, name) ||
        llvm::is_contained(kDroppedFuncAttrs, name))
      continue;
    return "it has attribute '" + name.str() +
           "', which changes its semantics outside func.func";
  }
  return getLinkageBlocker(func);
}

/// Returns the `(key, value)` of a `passthrough` entry (value is null for a
/// key-only entry), or std::nullopt if the entry is neither a string nor a
/// pair of strings (the verifier does not check the shape).
static std::optional<std::pair<StringAttr, StringAttr>>
splitPassthrough(Attribute entry) {
  if (auto key = dyn_cast<StringAttr>(entry))
    return std::make_pair(key, StringAttr());
  auto pair = dyn_cast<ArrayAttr>(entry);
  if (!pair || pair.size() != 2 || !isa<StringAttr>(pair[0]) ||
      !isa<StringAttr>(pair[1]))
    return std::nullopt;
  return std::make_pair(cast<StringAttr>(pair[0]), cast<StringAttr>(pair[1]));
}

/// Appends the `loom.*` entries of `func`'s passthrough to `carried` and
/// returns why an unknown entry blocks the conversion, or std::nullopt.
static std::optional<std::string>
collectPassthrough(LLVM::LLVMFuncOp func,
                   SmallVectorImpl<NamedAttribute> &carried) {
  ArrayAttr passthrough = func.getPassthroughAttr();
  if (!passthrough)
    return std::nullopt;
  Builder builder(func.getContext());
  for (Attribute entry : passthrough) {
    std::optional<std::pair<StringAttr, StringAttr>> split =
        splitPassthrough(entry);
    if (!split) {
      std::string reason;
      llvm::raw_string_ostream(reason)
          << "its passthrough entry " << entry
          << " is neither a string nor a pair of strings";
      return reason;
    }
    auto [key, value] = *split;
    if (key.getValue().starts_with("loom.")) {
      carried.emplace_back(key, value ? Attribute(value)
                                      : Attribute(builder.getUnitAttr()));
      continue;
    }
    if (!llvm::is_contained(kDroppedPassthrough, key.getValue()))
      return "it has function attribute '" + key.getValue().str() +
             "', which the conversion does not know to be safe to drop";
  }
  return std::nullopt;
}

/// Collects the direct calls of `func` into `calls` and returns why another
/// use of its symbol blocks the conversion, or std::nullopt.
static std::optional<std::string>
collectCalls(LLVM::LLVMFuncOp func, ModuleOp module,
             SmallVectorImpl<LLVM::CallOp> &calls) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(func, module);
  if (!uses)
    return std::string("the module holds an operation whose symbol uses "
                       "cannot be enumerated");
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto call = dyn_cast<LLVM::CallOp>(use.getUser());
    if (!call || call.getCalleeAttr() != use.getSymbolRef() ||
        call.getVarCalleeType())
      return "its symbol is used by '" +
             use.getUser()->getName().getStringRef().str() +
             "'; only direct, non-variadic llvm.call uses convert";
    if (!call.getOpBundleOperands().empty())
      return std::string("it is called with operand bundles");
    calls.push_back(call);
  }
  return std::nullopt;
}

/// Returns the plan for `func`, or the reason it stays in the LLVM dialect.
static FailureOr<FunctionPlan>
planFunction(LLVM::LLVMFuncOp func, ModuleOp module, std::string &reason) {
  FunctionPlan plan{func, {}, {}};
  std::optional<std::string> blocker = getSignatureBlocker(func);
  if (!blocker)
    blocker = getAttributeBlocker(func);
  if (!blocker)
    blocker = collectPassthrough(func, plan.carried);
  if (!blocker)
    blocker = collectCalls(func, module, plan.calls);
  if (blocker) {
    reason = *blocker;
    return failure();
  }
  for (NamedAttribute attr : func->getDiscardableAttrs())
    plan.carried.push_back(attr);
  Builder builder(func.getContext());
  if (func.getLinkage() != LLVM::Linkage::External)
    plan.carried.emplace_back(
        builder.getStringAttr(kLinkageAttrName),
        LLVM::LinkageAttr::get(func.getContext(), func.getLinkage()));
  return plan;
}

//===----------------------------------------------------------------------===//
// Function conversion
//===----------------------------------------------------------------------===//

/// Replaces `plan.func` by a `func.func` of the same name, body and argument
/// attributes, and its direct calls by `func.call`.
///
///   llvm.func internal @f(%p: !llvm.ptr {llvm.noalias}) -> i32 {
///     ...
///     llvm.return %x : i32
///   }
///   ->
///   func.func private @f(%p: !llvm.ptr {llvm.noalias}) -> i32
///       attributes {llvm.linkage = #llvm.linkage<internal>} {
///     ...
///     return %x : i32
///   }
static void convertFunction(FunctionPlan &plan, RewriterBase &rewriter) {
  LLVM::LLVMFuncOp llvmFunc = plan.func;
  auto type = rewriter.getFunctionType(llvmFunc.getArgumentTypes(),
                                       llvmFunc.getResultTypes());
  rewriter.setInsertionPoint(llvmFunc);
  auto func = func::FuncOp::create(rewriter, llvmFunc.getLoc(),
                                   llvmFunc.getName(), type);
  if (ArrayAttr argAttrs = llvmFunc.getArgAttrsAttr())
    func.setArgAttrsAttr(argAttrs);
  if (ArrayAttr resAttrs = llvmFunc.getResAttrsAttr();
      resAttrs && type.getNumResults() != 0)
    func.setResAttrsAttr(resAttrs);
  if (std::optional<StringRef> visibility = llvmFunc.getSymVisibility())
    func.setSymVisibility(*visibility);
  if (llvmFunc.getLinkage() == LLVM::Linkage::Internal ||
      llvmFunc.getLinkage() == LLVM::Linkage::Private)
    func.setPrivate();
  for (NamedAttribute attr : plan.carried)
    func->setAttr(attr.getName(), attr.getValue());

  rewriter.inlineRegionBefore(llvmFunc.getBody(), func.getBody(), func.end());
  for (Block &block : func.getBody())
    if (auto ret = dyn_cast<LLVM::ReturnOp>(block.getTerminator())) {
      rewriter.setInsertionPoint(ret);
      rewriter.replaceOpWithNewOp<func::ReturnOp>(ret, ret.getOperands());
    }
  rewriter.eraseOp(llvmFunc);

  for (LLVM::CallOp call : plan.calls) {
    rewriter.setInsertionPoint(call);
    rewriter.replaceOpWithNewOp<func::CallOp>(
        call, func.getName(), call.getResultTypes(), call.getArgOperands());
  }
}

/// Converts every convertible `llvm.func` definition of `module` and emits a
/// remark on each one that stays.
static void raiseFunctions(ModuleOp module) {
  SmallVector<FunctionPlan> plans;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    if (func.isExternal())
      continue;
    std::string reason;
    FailureOr<FunctionPlan> plan = planFunction(func, module, reason);
    if (failed(plan)) {
      loom::emitMissedRemark(func) << "function '" << func.getName()
                                   << "' stays in the LLVM dialect: " << reason;
      continue;
    }
    plans.push_back(std::move(*plan));
  }
  // Plan everything before changing anything, so every check sees the module
  // as imported. The collected calls stay valid: converting a function moves
  // its body instead of copying it.
  IRRewriter rewriter(module.getContext());
  for (FunctionPlan &plan : plans)
    convertFunction(plan, rewriter);
}

/// Erases the blocks holding only `llvm.unreachable` that the branch
/// patterns left without predecessors, and ends every other block that
/// reaches `llvm.unreachable` with a `func.return` of `ub.poison` values.
///
///   ^bb4:                                  ^bb4:
///     llvm.call @abort() : () -> ()   ->     llvm.call @abort() : () -> ()
///     llvm.unreachable                       %p = ub.poison : i32
///                                            return %p : i32
///
/// The return is exact: executing `llvm.unreachable` is undefined behaviour,
/// so any continuation refines it. It is needed because upstream
/// `--lift-cf-to-scf` merges function exits per kind of terminator: a second
/// kind (`llvm.unreachable` beside `func.return`) leaves a `cf.switch` on the
/// exit taken after the structured code, and the body keeps several blocks.
/// Upstream's own lifting ends the exits it creates the same way
/// (`ControlFlowToSCFTransformation::createUnreachableTerminator`).
static void replaceUnreachableTerminators(func::FuncOp func) {
  SmallVector<LLVM::UnreachableOp> unreachables;
  func.walk([&](LLVM::UnreachableOp op) { unreachables.push_back(op); });
  IRRewriter rewriter(func.getContext());
  for (LLVM::UnreachableOp op : unreachables) {
    Block *block = op->getBlock();
    // Only the function's own blocks end it; another op's region is not
    // left by a `func.return`.
    if (block->getParent() != &func.getBody())
      continue;
    if (!block->isEntryBlock() && block->hasNoPredecessors() &&
        isUnreachableBlock(block)) {
      rewriter.eraseBlock(block);
      continue;
    }
    rewriter.setInsertionPoint(op);
    SmallVector<Value> results;
    for (Type type : func.getResultTypes())
      results.push_back(ub::PoisonOp::create(rewriter, op.getLoc(), type));
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, results);
  }
}

void RaiseLLVMToCFPass::runOnOperation() {
  ModuleOp module = getOperation();
  raiseFunctions(module);

  RewritePatternSet patterns(&getContext());
  patterns.add<BrToCF, CondBrToCF, SwitchToCF>(&getContext());
  FrozenRewritePatternSet frozen(std::move(patterns));
  SmallVector<FunctionOpInterface> funcs;
  module.walk<WalkOrder::PreOrder>([&](FunctionOpInterface func) {
    if (!isa<LLVM::LLVMFuncOp>(func))
      funcs.push_back(func);
    return WalkResult::skip();
  });
  for (FunctionOpInterface func : funcs) {
    applyPatternsOnce(func, frozen);
    if (auto funcOp = dyn_cast<func::FuncOp>(func.getOperation()))
      replaceUnreachableTerminators(funcOp);
  }
}
