//===- CheckHints.cpp - hints against what the compiler proves ------------===//
//
// Part of the Loom project.
//
//   scf.for ... {                         warning: LOOM_TRIPCOUNT(100) ignored:
//   } {loom.facts = {trip_count = [8, 8]},         the loop runs exactly 8
//      loom.hints = {tripcount = [100]}}           iterations [-Wloom-hint]
//
// A hint is advice: one that contradicts a proof is reported at the hint
// and dropped, so that nothing downstream (reports, lowering) acts on it.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/LoopDependence.h"
#include "loom/Ownership/Passes.h"
#include "loom/Support/MissedRemark.h"
#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"

namespace loom::ownership {
#define GEN_PASS_DEF_CHECKHINTSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-check-hints"

using namespace mlir;
using namespace loom::ownership;

/// `LOOM_TRIPCOUNT_RANGE(1, 4)`: a hint as the user wrote it.
static std::string spellHint(StringRef name, ArrayAttr args) {
  std::string text = "LOOM_" + llvm::StringRef(name).upper();
  SmallVector<std::string> values;
  for (Attribute arg : args) {
    if (auto value = dyn_cast<IntegerAttr>(arg))
      values.push_back(std::to_string(value.getInt()));
    else if (auto word = dyn_cast<StringAttr>(arg))
      values.push_back(word.str());
  }
  return text + "(" + llvm::join(values, ", ") + ")";
}

/// "exactly 8 iterations", "at most 8 iterations", "between 2 and 8".
static std::string describeTrips(int64_t low, int64_t high) {
  if (low == high)
    return "exactly " + std::to_string(low) + " iteration" +
           (low == 1 ? "" : "s");
  if (low <= 0)
    return "at most " + std::to_string(high) + " iterations";
  return "between " + std::to_string(low) + " and " + std::to_string(high) +
         " iterations";
}

/// Why loop hint `name` contradicts a proven trip-count range, or "".
static std::string contradictsTrips(StringRef name, ArrayRef<int64_t> args,
                                    int64_t low, int64_t high) {
  std::string runs = "the loop runs " + describeTrips(low, high);
  if (name == "unroll")
    return !args.empty() && args[0] > high ? runs : "";
  if (args.empty())
    return "";
  // tripcount(n); tripcount_range(min, max); typical(t, min, max);
  // full(t, avg, min, max): the claimed range must meet the proven one.
  int64_t claimedLow = args.size() >= 2 ? args[args.size() - 2] : args[0];
  int64_t claimedHigh = args.back();
  if (name == "tripcount")
    claimedLow = claimedHigh = args[0];
  if (claimedHigh < low || claimedLow > high)
    return runs;
  return "";
}

/// Checks the trip-count and unroll hints of `loop` against its facts.
static void checkLoopHints(scf::ForOp loop) {
  auto hints = loop->getAttrOfType<DictionaryAttr>("loom.hints");
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  auto trips = facts ? facts.getAs<DenseI64ArrayAttr>("trip_count")
                     : DenseI64ArrayAttr();
  if (!hints || !trips || trips.size() != 2)
    return;
  NamedAttrList kept;
  for (NamedAttribute hint : hints) {
    StringRef name = hint.getName().getValue();
    auto args = dyn_cast<ArrayAttr>(hint.getValue());
    SmallVector<int64_t> counts;
    if (args)
      for (Attribute arg : args)
        if (auto value = dyn_cast<IntegerAttr>(arg))
          counts.push_back(value.getInt());
    std::string why =
        args && (name == "unroll" || name.starts_with("tripcount"))
            ? contradictsTrips(name, counts, trips[0], trips[1])
            : "";
    if (why.empty()) {
      kept.push_back(hint);
      continue;
    }
    loom::emitHintWarning(getHintLocation(loop, name, nullptr))
        << spellHint(name, args) << " ignored: " << why;
  }
  if (kept.getAttrs().size() != hints.size())
    loop->setAttr("loom.hints", kept.getDictionary(loop->getContext()));
}

/// The source name of argument `index` of `func` from `loom.signature`,
/// when the IR parameters line up with the source ones.
static std::string getParamName(func::FuncOp func, unsigned index) {
  auto signature = func->getAttrOfType<StringAttr>("loom.signature");
  SmallVector<StringRef> params;
  if (signature)
    signature.getValue().split(params, ';', -1, /*KeepEmpty=*/false);
  if (params.size() != func.getNumArguments() || index >= params.size())
    return "#" + std::to_string(index);
  return params[index].split('=').first.str();
}

/// True if `index` is the induction variable of `loop` plus an invariant.
static bool isUnitStride(Value index, scf::ForOp loop) {
  APInt step;
  if (!loop || !matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
      !step.isOne())
    return false;
  while (true) {
    if (index == loop.getInductionVar())
      return true;
    Operation *def = index.getDefiningOp();
    if (!def)
      return false;
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>(def)) {
      index = def->getOperand(0);
      continue;
    }
    if (!isa<arith::AddIOp, arith::SubIOp>(def))
      return false;
    auto invariant = [&](Value value) {
      return !loop.getRegion().isAncestor(value.getParentRegion());
    };
    if (invariant(def->getOperand(1)))
      index = def->getOperand(0);
    else if (isa<arith::AddIOp>(def) && invariant(def->getOperand(0)))
      index = def->getOperand(1);
    else
      return false;
  }
}

/// Why memref argument `arg` is not accessed as a stream, or "".
static std::string whyNotStream(BlockArgument arg, Operation *&culprit) {
  SmallVector<Operation *> accesses;
  bool reads = false, writes = false;
  for (Operation *user : arg.getUsers()) {
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      reads = true;
      accesses.push_back(user);
    } else if (auto store = dyn_cast<memref::StoreOp>(user);
               store && store.getMemRef() == arg) {
      writes = true;
      accesses.push_back(user);
    } else {
      culprit = user;
      return "the kernel passes it to '" +
             user->getName().getStringRef().str() + "'";
    }
  }
  if (accesses.empty())
    return "";
  culprit = accesses.front();
  if (reads && writes)
    return "the kernel both reads and writes it";
  if (accesses.size() > 1) {
    culprit = accesses[1];
    return "the kernel accesses it at " + std::to_string(accesses.size()) +
           " places";
  }
  Operation *access = accesses.front();
  ValueRange indices = isa<memref::LoadOp>(access)
                           ? cast<memref::LoadOp>(access).getIndices()
                           : cast<memref::StoreOp>(access).getIndices();
  if (indices.size() != 1 ||
      !isUnitStride(indices.front(), access->getParentOfType<scf::ForOp>())) {
    std::string kernelWhere = loom::describeSourceLocation(
        access->getParentOfType<func::FuncOp>().getLoc());
    return quoteAccess(access, kernelWhere) + lineOf(access, kernelWhere) +
           " is not at the next element in each iteration";
  }
  return "";
}

/// Checks `loom.stream` on the memref arguments of `func`.
static void checkStreamHints(func::FuncOp func) {
  for (BlockArgument arg : func.getArguments()) {
    if (!func.getArgAttr(arg.getArgNumber(), "loom.stream") ||
        !isa<MemRefType>(arg.getType()))
      continue;
    Operation *culprit = nullptr;
    std::string why = whyNotStream(arg, culprit);
    if (why.empty())
      continue;
    InFlightDiagnostic warning = loom::emitHintWarning(func.getLoc());
    warning << "LOOM_STREAM on '" << getParamName(func, arg.getArgNumber())
            << "' ignored: " << why;
    if (culprit)
      warning.attachNote(culprit->getLoc()) << "accessed here";
    func.removeArgAttr(arg.getArgNumber(),
                       StringAttr::get(func.getContext(), "loom.stream"));
  }
}

namespace {
struct CheckHintsPass
    : loom::ownership::impl::CheckHintsPassBase<CheckHintsPass> {
  void runOnOperation() override {
    getOperation().walk([](scf::ForOp loop) { checkLoopHints(loop); });
    getOperation().walk([](func::FuncOp func) { checkStreamHints(func); });
  }
};
} // namespace
