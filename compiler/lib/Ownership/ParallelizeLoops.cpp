//===- ParallelizeLoops.cpp - independent scf.for into scf.forall --------===//
//
// Part of the Loom project.
//
//   scf.for %i = %lb to %ub step %s : i32 {     scf.forall (%j) = (%lbx) to
//   (%ubx)
//     body(%i)                           =>        step (%sx) {
//   }                                            %i = arith.index_cast %j :
//   index to i32
//                                                body(%i)
//                                              }
//
// Only loops whose iterations are independent: asserted by LOOM_PARALLEL or
// proven from the accesses (see the pass description in Passes.td).
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace loom::ownership {
#define GEN_PASS_DEF_PARALLELIZELOOPSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-parallelize-loops"

using namespace mlir;

/// True if `value` is defined outside `loop` (loop invariant).
static bool isInvariant(Value value, scf::ForOp loop) {
  return !loop.getRegion().isAncestor(value.getParentRegion());
}

/// True if `index` is an injective function of the loop's induction
/// variable: iv, casts of it, plus or minus an invariant, times a non-zero
/// constant.
static bool isInjectiveInIv(Value index, scf::ForOp loop) {
  Value iv = loop.getInductionVar();
  while (true) {
    if (index == iv)
      return true;
    Operation *def = index.getDefiningOp();
    if (!def)
      return false;
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp>(def)) {
      index = def->getOperand(0);
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp>(def)) {
      Value lhs = def->getOperand(0), rhs = def->getOperand(1);
      if (isInvariant(rhs, loop)) {
        index = lhs;
        continue;
      }
      if (isa<arith::AddIOp>(def) && isInvariant(lhs, loop)) {
        index = rhs;
        continue;
      }
      return false;
    }
    if (isa<arith::MulIOp>(def)) {
      APInt factor;
      if (matchPattern(def->getOperand(1), m_ConstantInt(&factor)) &&
          !factor.isZero()) {
        index = def->getOperand(0);
        continue;
      }
      if (matchPattern(def->getOperand(0), m_ConstantInt(&factor)) &&
          !factor.isZero()) {
        index = def->getOperand(1);
        continue;
      }
    }
    return false;
  }
}

/// True if `memref` is a function argument marked llvm.noalias.
static bool isNoAliasArgument(Value memref) {
  auto arg = dyn_cast<BlockArgument>(memref);
  auto func = arg ? dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp())
                  : func::FuncOp();
  return func && func.getArgAttr(arg.getArgNumber(), "llvm.noalias");
}

/// Returns why the iterations of `loop` may depend on each other, or "".
static std::string findDependence(scf::ForOp loop) {
  if (loop.getNumRegionIterArgs() != 0)
    return "it carries values from one iteration to the next (iter_args)";
  llvm::MapVector<Value, SmallVector<memref::StoreOp>> stores;
  SetVector<Value> touched;
  std::string why;
  loop.getBody()->walk([&](Operation *op) {
    if (!why.empty())
      return WalkResult::interrupt();
    if (isa<CallOpInterface>(op))
      why = "its body calls '" + op->getName().getStringRef().str() + "'";
    else if (isa<memref::AllocaOp, memref::AllocOp>(op))
      why = "its body allocates memory";
    else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      if (store.getIndices().size() != 1 ||
          !isInjectiveInIv(store.getIndices().front(), loop))
        why = "a store's index is not an injective function of the "
              "induction variable";
      stores[store.getMemRef()].push_back(store);
      touched.insert(store.getMemRef());
    } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
      touched.insert(load.getMemRef());
    } else if (!isMemoryEffectFree(op) &&
               !isa<memref::LoadOp, scf::YieldOp>(op) &&
               !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
      why = "'" + op->getName().getStringRef().str() +
            "' has side effects the analysis does not model";
    }
    return WalkResult::advance();
  });
  if (!why.empty())
    return why;
  // A written memref is read only at the index the same iteration writes.
  WalkResult reads = loop.getBody()->walk([&](memref::LoadOp load) {
    auto it = stores.find(load.getMemRef());
    if (it == stores.end())
      return WalkResult::advance();
    for (memref::StoreOp store : it->second)
      if (store.getIndices() != load.getIndices()) {
        why = "a written memref is read at another index than the one "
              "written";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  if (reads.wasInterrupted())
    return why;
  if (touched.size() > 1)
    for (auto &[memref, list] : stores)
      if (!isNoAliasArgument(memref))
        return "a written memref is not a noalias parameter, so it may "
               "overlap another memref the loop reads or writes";
  return "";
}

/// Converts a bound or step to `index`, sign-extending narrower integers.
static Value castToIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// Rewrites `loop` into an effect-form scf.forall over the same iterations.
static scf::ForallOp convertToForall(scf::ForOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value lb = castToIndex(builder, loc, loop.getLowerBound());
  Value ub = castToIndex(builder, loc, loop.getUpperBound());
  Value step = castToIndex(builder, loc, loop.getStep());
  auto forall = scf::ForallOp::create(
      builder, loc, ArrayRef<OpFoldResult>{lb}, ArrayRef<OpFoldResult>{ub},
      ArrayRef<OpFoldResult>{step}, /*outputs=*/ValueRange(),
      /*mapping=*/std::nullopt);
  for (NamedAttribute attr : loop->getDiscardableAttrs())
    forall->setAttr(attr.getName(), attr.getValue());
  Block *body = forall.getBody();
  builder.setInsertionPointToStart(body);
  Value iv = forall.getInductionVar(0);
  Type ivType = loop.getInductionVar().getType();
  if (!ivType.isIndex())
    iv = arith::IndexCastOp::create(builder, loc, ivType, iv);
  loop.getInductionVar().replaceAllUsesWith(iv);
  // Move the body before the in_parallel terminator.
  Block *source = loop.getBody();
  body->getOperations().splice(std::prev(body->end()), source->getOperations(),
                               source->begin(), std::prev(source->end()));
  loop.erase();
  return forall;
}

/// The hint text of `loop` for `name`, if hinted.
static bool hasHint(scf::ForOp loop, StringRef name) {
  auto hints = loop->getAttrOfType<DictionaryAttr>("loom.hints");
  return hints && hints.get(name);
}

namespace {
struct ParallelizeLoopsPass
    : loom::ownership::impl::ParallelizeLoopsPassBase<ParallelizeLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    // Outer loops first: once an outer loop is parallel, inner ones stay
    // sequential lanes of it.
    getOperation().walk<WalkOrder::PreOrder>(
        [&](scf::ForOp loop) { loops.push_back(loop); });
    DenseSet<Operation *> converted;
    for (scf::ForOp loop : loops) {
      if (llvm::any_of(converted, [&](Operation *outer) {
            return outer->isAncestor(loop);
          }))
        continue;
      if (hasHint(loop, "no_parallel")) {
        loop.emitRemark() << "loop stays sequential: LOOM_NO_PARALLEL";
        continue;
      }
      if (loop->hasAttr("loom.local_init")) {
        loop.emitRemark() << "loop stays sequential: it initializes a local "
                             "array (memset/memcpy) with the code around it";
        continue;
      }
      std::string why = findDependence(loop);
      bool asserted = hasHint(loop, "parallel");
      if (asserted && loop.getNumRegionIterArgs() != 0) {
        loop.emitRemark() << "LOOM_PARALLEL ignored: the loop carries values "
                             "between iterations (a reduction stays "
                             "sequential)";
        continue;
      }
      if (!asserted && !why.empty()) {
        loop.emitRemark() << "loop stays sequential: " << why;
        continue;
      }
      loop.emitRemark() << "loop becomes an effect-form scf.forall: "
                        << (asserted ? "LOOM_PARALLEL asserts independent "
                                       "iterations"
                                     : "its iterations are proven "
                                       "independent");
      converted.insert(convertToForall(loop));
    }
  }
};
} // namespace
