//===- ForwardLoopStores.cpp - carry stored values to later iterations ----===//
//
// Part of the Loom project.
//
// A recurrence through memory, `out[i] = out[i - 1] + in[i]`, orders every
// iteration's load after the previous iteration's store: on the fabric the
// value makes a round trip through memory each iteration. The value is in
// a register already (the store's operand), so the loop carries it instead
// (an iter_arg, a dataflow.carry ring after lowering) and keeps the store:
//
//   scf.for %i = %lb to %ub step %s {         %c0 = <what iteration 0 reads>
//     %p = memref.load %a[g(%i)]        =>    scf.for %i = %lb to %ub step %s
//     ...                                         iter_args(%c = %c0) {
//     memref.store %v, %a[f(%i)]                ... %c ...
//   }                                           memref.store %v, %a[f(%i)]
//                                               scf.yield %v
//                                             }
//
// with g(i) = f(i - d * s). Why it is exact, iteration k of the loop:
// - the store writes f(i_k) and, f being a * k + r with a != 0, no other
//   iteration's store writes that element; every other write of the loop
//   either cannot reach the memref or writes f(i_k) in iteration k before
//   the store (which overwrites it). So after iteration k - d, element
//   f(i_{k-d}) = g(i_k) holds the stored value until the loop ends, and the
//   load of iteration k >= d reads exactly it.
// - iterations k < d read g(i_k) = f(i_{k-d}), which no iteration of the
//   loop writes: memory before the loop. Those loads move before the loop
//   as they were (the index computed at i_k), each under the condition
//   that the loop reaches iteration k, so nothing is read that the
//   original program did not read (a short loop must not read before the
//   array).
//
//===----------------------------------------------------------------------===//

#include "AccessIndex.h"
#include "loom/Ownership/LoopDependence.h"
#include "loom/Ownership/Passes.h"
#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace loom::ownership {
#define GEN_PASS_DEF_FORWARDLOOPSTORESPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-forward-loop-stores"

using namespace mlir;
using namespace loom::ownership;

/// Values carried per forwarded store at most: each is one more carry.
static constexpr int64_t kMaxDistance = 8;

namespace {

/// A store whose value later iterations load back, and those loads by
/// distance in iterations.
struct Forwarding {
  memref::StoreOp store;
  llvm::MapVector<int64_t, SmallVector<memref::LoadOp>> loads;
  int64_t maxDistance() const {
    int64_t max = 0;
    for (const auto &entry : loads)
      max = std::max(max, entry.first);
    return max;
  }
};

/// Why the loads of one store stay, or empty.
struct Candidate {
  Forwarding forwarding;
  std::string blocker;
};

} // namespace

/// The constant a with `index` = a * k + (terms without the loop's
/// counter 0), or nullopt when k appears otherwise (times an invariant, in
/// a product) or not at all.
static std::optional<int64_t> getCounterCoefficient(const Poly &index) {
  std::optional<int64_t> coefficient;
  for (const auto &[monomial, value] : index) {
    bool hasCounter =
        llvm::any_of(monomial, [](Atom atom) { return atom.isCounter(); });
    if (!hasCounter)
      continue;
    if (monomial.size() != 1 || monomial[0].counter != 0)
      return std::nullopt;
    coefficient = value;
  }
  return coefficient;
}

/// `lhs - rhs` when it is a constant.
static std::optional<int64_t> getConstantDifference(const Poly &lhs,
                                                    const Poly &rhs) {
  Poly difference = lhs;
  if (!addScaled(difference, rhs, -1))
    return std::nullopt;
  if (difference.empty())
    return 0;
  if (difference.size() != 1 || !difference.begin()->first.empty())
    return std::nullopt;
  return difference.begin()->second;
}

/// The single index of a rank-1 access, or null.
static Value getSingleIndex(Operation *access) {
  ValueRange indices = isa<memref::LoadOp>(access)
                           ? cast<memref::LoadOp>(access).getIndices()
                           : cast<memref::StoreOp>(access).getIndices();
  return indices.size() == 1 ? indices.front() : Value();
}

static bool isAllocation(Value root) {
  return isa_and_nonnull<memref::AllocaOp, memref::AllocOp>(
      root.getDefiningOp());
}

static bool isFunctionArgument(Value root) {
  auto arg = dyn_cast<BlockArgument>(root);
  return arg && isa<func::FuncOp>(arg.getOwner()->getParentOp());
}

/// Whether a write to `a` may change an element of `b`. Stricter than the
/// dependence analysis's mayOverlap, which lets memrefs of unknown origin
/// apart: only distinct allocations, an allocation and an argument, and a
/// `noalias` argument against another argument or allocation are apart.
static bool mayAlias(Value a, Value b) {
  Value rootA = getRootMemref(a), rootB = getRootMemref(b);
  if (rootA == rootB || areViewsOfOneArray(rootA, rootB))
    return true;
  bool knownA = isAllocation(rootA) || isFunctionArgument(rootA);
  bool knownB = isAllocation(rootB) || isFunctionArgument(rootB);
  if (!knownA || !knownB)
    return true;
  if (isAllocation(rootA) || isAllocation(rootB))
    return false;
  return !isNoAliasArgument(rootA) && !isNoAliasArgument(rootB);
}

/// The first operation of the body that writes memory in a way the pass
/// does not model (a call, an LLVM store, a copy), or null.
static Operation *findUnmodeledWrite(scf::ForOp loop) {
  Operation *found = nullptr;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp, memref::AllocaOp, memref::AllocOp,
            scf::YieldOp>(op) ||
        isMemoryEffectFree(op) ||
        op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (effects && !effects.hasEffect<MemoryEffects::Write>() &&
        !effects.hasEffect<MemoryEffects::Free>())
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

/// "'a[i]' (line 5)" of an access, relative to the loop's file.
static std::string describe(Operation *op, StringRef where) {
  return quoteAccess(op, where) + lineOf(op, where);
}

/// Why a write `other` of the loop may change what `store` wrote before a
/// later iteration loads it, or empty when it cannot.
static std::string checkOtherWrite(memref::StoreOp other, memref::StoreOp store,
                                   const Poly &storeIndex,
                                   IndexBuilder &builder, StringRef where) {
  if (!mayAlias(other.getMemRef(), store.getMemRef()))
    return "";
  std::string why = describe(other, where) + " may write it";
  Value index = getSingleIndex(other);
  if (other.getMemRef() != store.getMemRef() || !index)
    return why;
  std::optional<SideIndex> side = builder.build(other, index, 0, nullptr);
  if (!side || getConstantDifference(side->index, storeIndex) != 0)
    return why;
  // The same element in the same iteration: harmless when the forwarded
  // store comes later and overwrites it.
  Block *body = store->getBlock();
  Operation *top = body->findAncestorOpInBlock(*other);
  if (!top || !top->isBeforeInBlock(store))
    return describe(other, where) + " writes it after " +
           describe(store, where);
  return "";
}

/// Whether the computation of `value` in `loop`'s body is pure and reads
/// nothing the loop defines but the induction variable, so that
/// cloneIndexBefore can compute it before the loop.
static bool isClonableIndex(scf::ForOp loop, Value value, unsigned depth = 0) {
  if (value == loop.getInductionVar() || loop.isDefinedOutsideOfLoop(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 64 || def->getNumRegions() != 0 || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isClonableIndex(loop, operand, depth + 1);
  });
}

/// The loads of `store`'s element at a later iteration, and what keeps
/// them from being forwarded.
static Candidate analyzeStore(scf::ForOp loop, memref::StoreOp store,
                              ArrayRef<memref::LoadOp> loads,
                              ArrayRef<memref::StoreOp> stores,
                              Operation *unmodeled, StringRef where) {
  Candidate candidate;
  candidate.forwarding.store = store;
  Value memref = store.getMemRef();
  Value storeIndexValue = getSingleIndex(store);
  if (!storeIndexValue || !loop.isDefinedOutsideOfLoop(memref))
    return candidate;
  IndexBuilder builder(loop);
  std::optional<SideIndex> storeSide =
      builder.build(store, storeIndexValue, 0, nullptr);
  if (!storeSide)
    return candidate;
  std::optional<int64_t> coefficient = getCounterCoefficient(storeSide->index);
  if (!coefficient || *coefficient == 0)
    return candidate;
  for (memref::LoadOp load : loads) {
    Value index = getSingleIndex(load);
    if (load.getMemRef() != memref || !index || !isClonableIndex(loop, index))
      continue;
    std::optional<SideIndex> side = builder.build(load, index, 0, nullptr);
    std::optional<int64_t> difference =
        side ? getConstantDifference(storeSide->index, side->index)
             : std::nullopt;
    if (!difference || *difference % *coefficient != 0)
      continue;
    int64_t distance = *difference / *coefficient;
    if (distance < 1 || distance > kMaxDistance)
      continue;
    candidate.forwarding.loads[distance].push_back(load);
  }
  if (candidate.forwarding.loads.empty())
    return candidate;
  Type element = store.getValue().getType();
  if (!element.isIntOrIndexOrFloat())
    candidate.blocker = "its element type is not a scalar";
  else if (unmodeled)
    candidate.blocker = "the loop holds '" +
                        unmodeled->getName().getStringRef().str() + "'" +
                        lineOf(unmodeled, where) + ", which may write memory";
  for (memref::StoreOp other : stores) {
    if (!candidate.blocker.empty())
      break;
    if (other != store)
      candidate.blocker =
          checkOtherWrite(other, store, storeSide->index, builder, where);
  }
  return candidate;
}

/// Clones the computation of `value` (isClonableIndex) at `builder`, with
/// `iv` for the induction variable.
static Value cloneIndexBefore(OpBuilder &builder, scf::ForOp loop, Value value,
                              Value iv, IRMapping &mapping) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (value == loop.getInductionVar())
    return iv;
  if (loop.isDefinedOutsideOfLoop(value))
    return value;
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    cloneIndexBefore(builder, loop, operand, iv, mapping);
  Operation *clone = builder.clone(*def, mapping);
  return clone->getResult(cast<OpResult>(value).getResultNumber());
}

/// The proven minimum trip count (loom.facts), or 0.
static int64_t getMinTrip(scf::ForOp loop) {
  auto facts = loop->getAttrOfType<DictionaryAttr>("loom.facts");
  auto trip = facts ? facts.getAs<DenseI64ArrayAttr>("trip_count")
                    : DenseI64ArrayAttr();
  return trip && trip.size() == 2 ? std::max<int64_t>(0, trip[0]) : 0;
}

/// Induction variable values and reach conditions of the first iterations,
/// computed before the loop as the loop itself computes them: i_{m+1} =
/// i_m + step, and iteration k runs when every i_m, m <= k, is below the
/// upper bound.
class FirstIterations {
public:
  FirstIterations(OpBuilder &builder, scf::ForOp loop)
      : builder(builder), loop(loop) {}

  Value getIv(int64_t k) {
    while (int64_t(ivs.size()) <= k)
      ivs.push_back(ivs.empty()
                        ? loop.getLowerBound()
                        : arith::AddIOp::create(builder, loop.getLoc(),
                                                ivs.back(), loop.getStep())
                              .getResult());
    return ivs[k];
  }

  Value getReaches(int64_t k) {
    auto predicate = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                           : arith::CmpIPredicate::slt;
    while (int64_t(reaches.size()) <= k) {
      int64_t m = reaches.size();
      Value below = arith::CmpIOp::create(builder, loop.getLoc(), predicate,
                                          getIv(m), loop.getUpperBound());
      reaches.push_back(m == 0 ? below
                               : arith::AndIOp::create(builder, loop.getLoc(),
                                                       reaches.back(), below)
                                     .getResult());
    }
    return reaches[k];
  }

private:
  OpBuilder &builder;
  scf::ForOp loop;
  SmallVector<Value> ivs, reaches;
};

/// The value iteration `k` of `loop` reads with `load`: loaded before the
/// loop when the loop reaches iteration k, else 0 (which nothing uses).
static Value buildInitialValue(OpBuilder &builder, scf::ForOp loop,
                               memref::LoadOp load, int64_t k,
                               FirstIterations &first) {
  Location loc = load.getLoc();
  Type type = load.getType();
  auto emitLoad = [&](OpBuilder &b) -> Value {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), first.getIv(k));
    Value index = cloneIndexBefore(b, loop, getSingleIndex(load),
                                   first.getIv(k), mapping);
    return memref::LoadOp::create(b, loc, load.getMemRef(), index);
  };
  // Proven to reach it: no condition.
  if (getMinTrip(loop) > k)
    return emitLoad(builder);
  Value reaches = first.getReaches(k);
  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{type}, reaches,
                                /*addThenBlock=*/true, /*addElseBlock=*/true);
  OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
  scf::YieldOp::create(thenBuilder, loc, emitLoad(thenBuilder));
  OpBuilder elseBuilder = ifOp.getElseBodyBuilder();
  Value zero = arith::ConstantOp::create(elseBuilder, loc,
                                         elseBuilder.getZeroAttr(type));
  scf::YieldOp::create(elseBuilder, loc, zero);
  return ifOp.getResult(0);
}

/// Replaces `loop` by one with `inits.size()` more iter_args, the old body
/// moved over; `getYields(body, firstNew)` gives what the body yields for
/// them, `firstNew` being the block argument of the first. Returns the new
/// loop.
static scf::ForOp
addIterArgs(scf::ForOp loop, ValueRange inits,
            function_ref<SmallVector<Value>(Block *, unsigned)> getYields) {
  OpBuilder builder(loop);
  SmallVector<Value> allInits(loop.getInitArgs());
  allInits.append(inits.begin(), inits.end());
  auto newLoop = scf::ForOp::create(
      builder, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(), allInits, /*bodyBuilder=*/nullptr, loop.getUnsignedCmp());
  newLoop->setDiscardableAttrs(loop->getDiscardableAttrDictionary());
  newLoop.getRegion().getBlocks().clear();
  newLoop.getRegion().takeBody(loop.getRegion());
  Block *body = newLoop.getBody();
  unsigned firstNew = body->getNumArguments();
  for (Value init : inits)
    body->addArgument(init.getType(), init.getLoc());
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> allYields(yield.getOperands());
  llvm::append_range(allYields, getYields(body, firstNew));
  yield->setOperands(allYields);
  for (auto [oldResult, newResult] :
       llvm::zip(loop.getResults(), newLoop.getResults()))
    oldResult.replaceAllUsesWith(newResult);
  loop.erase();
  return newLoop;
}

/// "the previous iteration", "2 iterations earlier".
static std::string describeDistance(int64_t distance) {
  return distance == 1 ? "the previous iteration"
                       : std::to_string(distance) + " iterations earlier";
}

/// Carries the stored value to the loads of `forwarding`; returns the new
/// loop.
static scf::ForOp forward(scf::ForOp loop, const Forwarding &forwarding) {
  int64_t depth = forwarding.maxDistance();
  OpBuilder builder(loop);
  FirstIterations first(builder, loop);
  // Slot j (1-based) holds what the store wrote j iterations ago. It
  // starts as what the first load to use it reads: the load at the
  // smallest distance j' >= j, in iteration j' - j.
  SmallVector<Value> inits;
  for (int64_t j = 1; j <= depth; ++j) {
    int64_t user = j;
    while (!forwarding.loads.count(user))
      ++user;
    memref::LoadOp load = forwarding.loads.lookup(user).front();
    inits.push_back(buildInitialValue(builder, loop, load, user - j, first));
  }
  Value stored = memref::StoreOp(forwarding.store).getValue();
  unsigned firstSlot = 0;
  scf::ForOp newLoop = addIterArgs(
      loop, inits, [&](Block *body, unsigned firstNew) -> SmallVector<Value> {
        firstSlot = firstNew;
        // Slot j + 1 of the next iteration is slot j of this one.
        SmallVector<Value> yields{stored};
        for (int64_t j = 1; j < depth; ++j)
          yields.push_back(body->getArgument(firstNew + j - 1));
        return yields;
      });
  Block *body = newLoop.getBody();
  for (const auto &[distance, loads] : forwarding.loads)
    for (memref::LoadOp load : loads) {
      load.getResult().replaceAllUsesWith(
          body->getArgument(firstSlot + distance - 1));
      load.erase();
    }
  return newLoop;
}

namespace {
struct ForwardLoopStoresPass
    : loom::ownership::impl::ForwardLoopStoresPassBase<ForwardLoopStoresPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Inner loops first; forwarding replaces only the loop it changes.
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      runOnLoop(loop);
  }

  void runOnLoop(scf::ForOp loop) {
    APInt step;
    if (!matchPattern(loop.getStep(), m_ConstantInt(&step)) ||
        !step.isStrictlyPositive())
      return;
    std::string where = loom::describeSourceLocation(loop.getLoc());
    // One store at a time: each forwarding makes a new loop.
    for (unsigned round = 0; round < 16; ++round) {
      SmallVector<memref::LoadOp> loads;
      SmallVector<memref::StoreOp> stores, topStores;
      loop.getBody()->walk([&](Operation *op) {
        if (auto load = dyn_cast<memref::LoadOp>(op)) {
          if (op->getBlock() == loop.getBody())
            loads.push_back(load);
        } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
          stores.push_back(store);
          if (op->getBlock() == loop.getBody())
            topStores.push_back(store);
        }
      });
      Operation *unmodeled = findUnmodeledWrite(loop);
      SmallVector<Candidate> blocked;
      bool changed = false;
      for (memref::StoreOp store : topStores) {
        Candidate candidate =
            analyzeStore(loop, store, loads, stores, unmodeled, where);
        if (candidate.forwarding.loads.empty())
          continue;
        if (!candidate.blocker.empty()) {
          blocked.push_back(std::move(candidate));
          continue;
        }
        SmallVector<std::string> remarks;
        for (const auto &[distance, group] : candidate.forwarding.loads)
          remarks.push_back("the value of " + describe(group.front(), where) +
                            " is carried from " + describeDistance(distance) +
                            " instead of reloaded");
        Location loc = loop.getLoc();
        for (const auto &entry : candidate.forwarding.loads)
          numForwardedLoads += entry.second.size();
        loop = forward(loop, candidate.forwarding);
        for (const std::string &remark : remarks)
          emitRemark(loc) << remark;
        changed = true;
        break;
      }
      // The loads that stay are reported once, on the final loop.
      if (!changed)
        for (const Candidate &candidate : blocked)
          for (const auto &entry : candidate.forwarding.loads)
            loop.emitRemark()
                << "the value of " << describe(entry.second.front(), where)
                << " is reloaded every iteration: " << candidate.blocker;
      if (!changed)
        return;
    }
  }
};
} // namespace
