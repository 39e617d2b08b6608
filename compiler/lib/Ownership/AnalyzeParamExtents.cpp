//===- AnalyzeParamExtents.cpp - index ranges of memref parameters -------===//
//
// Part of the Loom project.
//
//   func.func @k(%a: memref<?xf32>, %n: i32)      func.func @k(
//     %ub = arith.index_cast %n : i32 to index      %a: memref<?xf32>
//     scf.for %i = %c0 to %ub step %c1 {       =>     {loom.extent =
//       memref.load %a[%i]                              "(for 0 %1)"},
//                                                    %n: i32)
//
// The runtime evaluates the expression with the launch's scalar arguments
// (interval arithmetic, see docs/runtime.md) and binds the caller's array
// with exactly the extent it gives, so the emulator checks every access.
// The expression is built from the use-def chain of each index: constants,
// integer parameters, loop induction variables (as the whole range of the
// loop) and the arithmetic between them. Anything else (a loaded value, an
// iter_arg, a while loop's value) leaves the parameter unchecked, with the
// reason recorded; a sound bound is worth more than a tight one.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/TypeSwitch.h"

namespace loom::ownership {
#define GEN_PASS_DEF_ANALYZEPARAMEXTENTSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-analyze-param-extents"

using namespace mlir;

/// Bit width of an integer or index value (index is 64 bits on the hosts
/// Loom targets, as the artifact's data layout says).
static unsigned getWidth(Type type) {
  return type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
}

/// "'arith.muli' at file:line:col" (just the name when the op has no
/// source location or `withLocation` is false).
static std::string describeOp(Operation *op, bool withLocation) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>();
      loc && withLocation)
    os << " at " << loc.getFilename().getValue() << ":" << loc.getLine() << ":"
       << loc.getColumn();
  return text;
}

namespace {
/// Builds the extent expression of index values of one function, or says
/// why a value has none. Results are cached per value: loop bounds are
/// shared by every access in the loop.
class ExtentBuilder {
public:
  ExtentBuilder(func::FuncOp func, bool withLocations)
      : func(func), withLocations(withLocations) {}

  /// Names `op` in a reason.
  std::string describe(Operation *op) const {
    return describeOp(op, withLocations);
  }

  /// The expression covering every value `value` takes, or failure with
  /// `getReason()` saying which value defeated the analysis.
  FailureOr<std::string> analyze(Value value) {
    reason.clear();
    return build(value);
  }
  const std::string &getReason() const { return reason; }

private:
  FailureOr<std::string> build(Value value);
  FailureOr<std::string> buildUncached(Value value);
  FailureOr<std::string> buildBlockArgument(BlockArgument arg);
  FailureOr<std::string> buildLoopBounds(StringRef kind, OpFoldResult lower,
                                         OpFoldResult upper);
  FailureOr<std::string> buildOp(Operation *op);
  FailureOr<std::string> buildOperands(StringRef head, Operation *op);
  FailureOr<std::string> fail(const llvm::Twine &why) {
    if (reason.empty())
      reason = why.str();
    return failure();
  }

  func::FuncOp func;
  bool withLocations;
  llvm::DenseMap<Value, std::string> cache;
  std::string reason;
};
} // namespace

/// Limits that keep the expression small and within what the runtime's
/// evaluator accepts (it refuses nesting deeper than 200): an index that
/// needs more is left unchecked rather than embedded. Checking each value
/// as it is built bounds every parent, so shared subexpressions cannot
/// grow the text exponentially.
static constexpr size_t kMaxExpressionLength = 4096;
static constexpr unsigned kMaxExpressionNesting = 64;

static unsigned getNesting(StringRef expression) {
  unsigned depth = 0, deepest = 0;
  for (char c : expression) {
    if (c == '(')
      deepest = std::max(deepest, ++depth);
    else if (c == ')')
      --depth;
  }
  return deepest;
}

FailureOr<std::string> ExtentBuilder::build(Value value) {
  auto it = cache.find(value);
  if (it != cache.end())
    return it->second;
  FailureOr<std::string> expression = buildUncached(value);
  if (failed(expression))
    return failure();
  if (expression->size() > kMaxExpressionLength ||
      getNesting(*expression) > kMaxExpressionNesting)
    return fail("its index expression is larger than the bounds analysis "
                "keeps (" +
                llvm::Twine(kMaxExpressionLength) + " characters, " +
                llvm::Twine(kMaxExpressionNesting) + " levels)");
  cache[value] = *expression;
  return expression;
}

FailureOr<std::string> ExtentBuilder::buildUncached(Value value) {
  if (!value.getType().isSignlessIntOrIndex() || getWidth(value.getType()) > 64)
    return fail("it depends on a value of type " +
                llvm::Twine(value.getType().getAbstractType().getName()));
  if (auto arg = dyn_cast<BlockArgument>(value))
    return buildBlockArgument(arg);
  return buildOp(value.getDefiningOp());
}

FailureOr<std::string> ExtentBuilder::buildLoopBounds(StringRef kind,
                                                      OpFoldResult lower,
                                                      OpFoldResult upper) {
  std::string text = ("(" + kind).str();
  for (OpFoldResult bound : {lower, upper}) {
    if (auto attr = dyn_cast<Attribute>(bound)) {
      text += " " + std::to_string(cast<IntegerAttr>(attr).getInt());
      continue;
    }
    FailureOr<std::string> operand = build(cast<Value>(bound));
    if (failed(operand))
      return failure();
    text += " " + *operand;
  }
  return text + ")";
}

FailureOr<std::string> ExtentBuilder::buildBlockArgument(BlockArgument arg) {
  Operation *owner = arg.getOwner()->getParentOp();
  if (owner == func.getOperation())
    return "%" + std::to_string(arg.getArgNumber());
  // A loop's induction variable takes the values lb <= iv < ub (the step
  // is positive in both ops); standing for the whole range is what makes
  // the bound independent of the iteration.
  if (auto loop = dyn_cast<scf::ForOp>(owner)) {
    if (arg == loop.getInductionVar())
      return buildLoopBounds(loop.getUnsignedCmp() ? "foru" : "for",
                             loop.getLowerBound(), loop.getUpperBound());
    return fail("it depends on a value carried across iterations of " +
                describe(loop) + " (an iter_arg, such as a pointer walk)");
  }
  if (auto loop = dyn_cast<scf::ForallOp>(owner)) {
    unsigned dim = arg.getArgNumber();
    if (dim < loop.getRank())
      return buildLoopBounds("for", loop.getMixedLowerBound()[dim],
                             loop.getMixedUpperBound()[dim]);
  }
  return fail("it depends on a block argument of " + describe(owner));
}

FailureOr<std::string> ExtentBuilder::buildOperands(StringRef head,
                                                    Operation *op) {
  std::string text = ("(" + head).str();
  for (Value operand : op->getOperands()) {
    FailureOr<std::string> built = build(operand);
    if (failed(built))
      return failure();
    text += " " + *built;
  }
  return text + ")";
}

FailureOr<std::string> ExtentBuilder::buildOp(Operation *op) {
  // Arithmetic that can leave its bit width carries the width: the
  // runtime gives up on a launch where the interval might wrap.
  std::string width =
      op->getNumResults() == 1 && op->getResult(0).getType().isIntOrIndex()
          ? std::to_string(getWidth(op->getResult(0).getType()))
          : "";
  auto sized = [&](StringRef name) { return (name + " " + width).str(); };
  return llvm::TypeSwitch<Operation *, FailureOr<std::string>>(op)
      .Case([&](arith::ConstantOp constant) -> FailureOr<std::string> {
        if (auto attr = dyn_cast<IntegerAttr>(constant.getValue()))
          return std::to_string(attr.getInt());
        return fail("it depends on " + describe(op));
      })
      // Widening signed casts keep the value; narrowing ones must fit.
      .Case<arith::ExtSIOp, arith::IndexCastOp>(
          [&](Operation *cast) -> FailureOr<std::string> {
            Value input = cast->getOperand(0);
            if (getWidth(input.getType()) <=
                getWidth(cast->getResultTypes()[0]))
              return build(input);
            return buildOperands(sized("trunc"), cast);
          })
      .Case<arith::TruncIOp>(
          [&](Operation *cast) { return buildOperands(sized("trunc"), cast); })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>(
          [&](Operation *cast) -> FailureOr<std::string> {
            Value input = cast->getOperand(0);
            unsigned from = getWidth(input.getType());
            if (from > getWidth(cast->getResultTypes()[0]))
              return buildOperands(sized("trunc"), cast);
            return buildOperands("zext " + std::to_string(from), cast);
          })
      .Case([&](arith::AddIOp) { return buildOperands(sized("add"), op); })
      .Case([&](arith::SubIOp) { return buildOperands(sized("sub"), op); })
      .Case([&](arith::MulIOp) { return buildOperands(sized("mul"), op); })
      .Case([&](arith::ShLIOp) { return buildOperands(sized("shl"), op); })
      .Case([&](arith::DivSIOp) { return buildOperands("div", op); })
      .Case([&](arith::DivUIOp) { return buildOperands("divu", op); })
      .Case([&](arith::RemSIOp) { return buildOperands("rem", op); })
      .Case([&](arith::RemUIOp) { return buildOperands("remu", op); })
      .Case([&](arith::ShRSIOp) { return buildOperands("shr", op); })
      .Case([&](arith::ShRUIOp) { return buildOperands("shru", op); })
      .Case([&](arith::MinSIOp) { return buildOperands("min", op); })
      .Case([&](arith::MaxSIOp) { return buildOperands("max", op); })
      .Case([&](arith::MinUIOp) { return buildOperands("minu", op); })
      .Case([&](arith::MaxUIOp) { return buildOperands("maxu", op); })
      .Case([&](arith::AndIOp) { return buildOperands("and", op); })
      // Either side may be chosen: the hull of both covers the result.
      .Case([&](arith::SelectOp select) -> FailureOr<std::string> {
        FailureOr<std::string> onTrue = build(select.getTrueValue());
        if (failed(onTrue))
          return failure();
        FailureOr<std::string> onFalse = build(select.getFalseValue());
        if (failed(onFalse))
          return failure();
        return "(hull " + *onTrue + " " + *onFalse + ")";
      })
      .Case([&](memref::LoadOp) {
        return fail("it depends on a value loaded from memory by " +
                    describe(op) + " (a data-dependent index)");
      })
      .Default([&](Operation *) {
        return fail("it depends on the result of " + describe(op));
      });
}

/// The index `user` accesses `param` at, or null if `user` is not a load
/// or store through it.
static Value getAccessIndex(Operation *user, Value param) {
  if (auto load = dyn_cast<memref::LoadOp>(user))
    return load.getIndices().front();
  if (auto store = dyn_cast<memref::StoreOp>(user);
      store && store.getMemRef() == param && store.getValueToStore() != param)
    return store.getIndices().front();
  return nullptr;
}

/// The expression covering every index `param` is accessed at, or the
/// reason there is none. Accesses are visited in program order, so the
/// expression reads like the kernel.
static FailureOr<std::string> analyzeParam(func::FuncOp func,
                                           ExtentBuilder &builder,
                                           BlockArgument param,
                                           std::string &reason) {
  SmallVector<std::string> accesses;
  WalkResult walked = func.walk([&](Operation *user) {
    if (!llvm::is_contained(user->getOperands(), param))
      return WalkResult::advance();
    Value index = getAccessIndex(user, param);
    if (!index) {
      reason = "it is used by " + builder.describe(user) +
               ", which is not a load or store the analysis can bound";
      return WalkResult::interrupt();
    }
    FailureOr<std::string> expression = builder.analyze(index);
    if (failed(expression)) {
      reason = "the index of " + builder.describe(user) +
               " cannot be bounded: " + builder.getReason();
      return WalkResult::interrupt();
    }
    if (!llvm::is_contained(accesses, *expression))
      accesses.push_back(*expression);
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  if (accesses.size() == 1)
    return accesses.front();
  std::string hull = "(hull";
  for (const std::string &access : accesses)
    hull += " " + access;
  return hull + ")";
}

namespace {
struct AnalyzeParamExtentsPass
    : loom::ownership::impl::AnalyzeParamExtentsPassBase<
          AnalyzeParamExtentsPass> {
  using AnalyzeParamExtentsPassBase::AnalyzeParamExtentsPassBase;
  void runOnOperation() override;
};
} // namespace

void AnalyzeParamExtentsPass::runOnOperation() {
  getOperation().walk([&](func::FuncOp func) {
    if (func.isExternal())
      return;
    ExtentBuilder builder(func, sourceLocations);
    for (BlockArgument param : func.getArguments()) {
      // An object whose fields the kernel compiler made implicit inputs
      // (docs/compiler.md) is still a parameter, but nothing reads it.
      if (isa<LLVM::LLVMPointerType>(param.getType()) && param.use_empty()) {
        func.setArgAttr(param.getArgNumber(), "loom.unchecked",
                        Builder(func.getContext())
                            .getStringAttr("the kernel does not access it"));
        continue;
      }
      auto type = dyn_cast<MemRefType>(param.getType());
      // The runtime binds rank-1 memrefs only (a C pointer).
      if (!type || type.getRank() != 1)
        continue;
      std::string reason;
      FailureOr<std::string> extent =
          analyzeParam(func, builder, param, reason);
      unsigned index = param.getArgNumber();
      Builder attrs(func.getContext());
      if (succeeded(extent))
        func.setArgAttr(index, "loom.extent", attrs.getStringAttr(*extent));
      else
        func.setArgAttr(index, "loom.unchecked", attrs.getStringAttr(reason));
    }
  });
}
