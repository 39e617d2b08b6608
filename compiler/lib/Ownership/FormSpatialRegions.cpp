//===- FormSpatialRegions.cpp - SpatialCore candidates in threads --------===//
//
// Part of the Loom project.
//
// Static memref.alloca nested in a candidate is admitted: SCF->DFG lowering
// hoists it into the thread as a memory input.
//
//   dataflow.thread ... {                 dataflow.thread ... {
//     %buf = memref.alloca ...              %buf = memref.alloca ...
//     %s = scf.for ... { loads, math }  =>  %s = loom.spatial_region
//     memref.store %s, %out[%c0]                values(...) memories(...) {
//     dataflow.thread.yield                   ^bb0(...): scf.for ...; store
//   }                                           loom.spatial_yield ...
//                                             }
//                                             dataflow.thread.yield
//                                           }
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"
#include "loom/Ownership/SpatialRegions.h"
#include "loom/Ownership/ThreadDomain.h"
#include "loom/Support/MissedRemark.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/RegionUtils.h"

namespace loom::ownership {
#define GEN_PASS_DEF_FORMSPATIALREGIONSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-form-spatial-regions"

using namespace mlir;
using namespace loom;
using namespace loom::dataflow;

/// For the structured forms the graph lowering inlines or replicates: "" if
/// `op` is one it accepts (a single-block scf.execute_region; a fixed-domain
/// effect-form scf.parallel with constant bounds, no reductions and at most
/// kMaxReplicatedLanes points; an empty scf.reduce), the reason if it is
/// such an op the lowering would reject, nullopt for any other op. Rejected
/// forms stay InstructionCore code rather than failing the whole kernel.
static std::optional<std::string> checkInlinedOrReplicated(Operation *op) {
  if (auto wrapper = dyn_cast<scf::ExecuteRegionOp>(op)) {
    if (wrapper.getRegion().hasOneBlock())
      return std::string();
    return std::string("a multi-block 'scf.execute_region' is not inlined "
                       "into a graph");
  }
  if (auto reduce = dyn_cast<scf::ReduceOp>(op)) {
    if (reduce.getNumOperands() == 0)
      return std::string();
    return std::string("a reduction-bearing 'scf.parallel' is not "
                       "replicated into a graph");
  }
  auto loop = dyn_cast<scf::ParallelOp>(op);
  if (!loop)
    return std::nullopt;
  if (loop.getNumResults() != 0)
    return std::string("a reduction-bearing 'scf.parallel' is not "
                       "replicated into a graph");
  std::optional<int64_t> points = ownership::countReplicatedPoints(
      loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
  if (!points)
    return std::string("an 'scf.parallel' with a dynamic domain is not "
                       "replicated into a graph");
  if (*points > ownership::kMaxReplicatedLanes)
    return "an 'scf.parallel' of more than " +
           std::to_string(ownership::kMaxReplicatedLanes) +
           " points is not replicated into a graph";
  return std::string();
}

/// True if `alloca` has a static shape and identity layout, so that SCF->DFG
/// lowering can hoist it into the thread as a memory input of the graph.
static bool isHoistableAlloca(memref::AllocaOp alloca) {
  return alloca.getType().hasStaticShape() &&
         alloca.getType().getLayout().isIdentity();
}

/// True for an `llvm.load`/`llvm.store` whose address is computed (through
/// GEPs) from a pointer the kernel loaded from memory: the raising makes
/// memory roots of parameters only, so such an access stays LLVM.
static bool isThroughLoadedPointer(Operation *op) {
  Value address;
  if (auto load = dyn_cast<LLVM::LoadOp>(op))
    address = load.getAddr();
  else if (auto store = dyn_cast<LLVM::StoreOp>(op))
    address = store.getAddr();
  while (address) {
    Operation *def = address.getDefiningOp();
    if (auto gep = dyn_cast_or_null<LLVM::GEPOp>(def))
      address = gep.getBase();
    else
      return isa_and_nonnull<LLVM::LoadOp>(def);
  }
  return false;
}

/// Names `op` for a remark, with what makes it inadmissible where the op
/// name alone does not say: a volatile access (never raised to a memref, so
/// a spin loop on a flag stays InstructionCore code) or a call's callee.
static std::string describeInadmissibleOp(Operation *op) {
  std::string name = "'" + op->getName().getStringRef().str() + "'";
  auto isVolatile = [](Operation *access) {
    if (auto load = dyn_cast<LLVM::LoadOp>(access))
      return load.getVolatile_();
    if (auto store = dyn_cast<LLVM::StoreOp>(access))
      return store.getVolatile_();
    return false;
  };
  if (isVolatile(op))
    return "volatile " + name;
  if (auto load = dyn_cast<LLVM::LoadOp>(op);
      load && isa<LLVM::LLVMPointerType>(load.getType()))
    return name + " of a pointer (pointer chasing, e.g. 'rows[i]' of a "
                  "'float **'; a pointer loaded in the kernel is no memory "
                  "root)";
  if (isThroughLoadedPointer(op))
    return name + " through a pointer loaded from memory (pointer chasing; "
                  "a pointer loaded in the kernel is no memory root)";
  if (auto call = dyn_cast<LLVM::CallOp>(op))
    if (std::optional<StringRef> callee = call.getCallee())
      return name + " of '" + callee->str() + "'";
  return name;
}

/// Returns why `op` (with everything nested in it) cannot be lowered to a
/// dataflow graph, or "" if it can.
static std::string getInadmissibleReason(Operation *op) {
  std::string reason;
  // The inlined and replicated forms are judged as a whole, before what
  // they contain (a multi-block body has a cf terminator, a reduction a
  // scf.reduce.return).
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    std::optional<std::string> why = checkInlinedOrReplicated(nested);
    if (!why || why->empty())
      return WalkResult::advance();
    reason = *why;
    return WalkResult::interrupt();
  });
  if (!reason.empty())
    return reason;
  op->walk([&](Operation *nested) {
    if (checkInlinedOrReplicated(nested))
      return WalkResult::advance();
    // A scope-local array inside a structured op; lanes of a forall would
    // share the hoisted copy, so there it stays InstructionCore code.
    if (auto alloca = dyn_cast<memref::AllocaOp>(nested);
        alloca && nested != op && isHoistableAlloca(alloca)) {
      for (Operation *parent = nested->getParentOp();;
           parent = parent->getParentOp()) {
        if (isa<scf::ForallOp, scf::ParallelOp>(parent)) {
          reason = "a 'memref.alloca' inside an scf.forall needs one copy "
                   "per lane";
          return WalkResult::interrupt();
        }
        if (parent == op)
          return WalkResult::advance();
      }
    }
    if (isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp,
            scf::YieldOp, scf::ConditionOp, arith::ConstantOp>(nested))
      return WalkResult::advance();
    if (isa<memref::LoadOp, memref::StoreOp>(nested)) {
      auto type = dyn_cast<MemRefType>(
          isa<memref::LoadOp>(nested)
              ? cast<memref::LoadOp>(nested).getMemRef().getType()
              : cast<memref::StoreOp>(nested).getMemRef().getType());
      if (type && type.getLayout().isIdentity())
        return WalkResult::advance();
      reason = "it accesses a memref without identity layout";
      return WalkResult::interrupt();
    }
    if (llvm::any_of(nested->getResultTypes(), llvm::IsaPred<MemRefType>)) {
      reason = "'" + nested->getName().getStringRef().str() +
               "' produces a memref, which cannot flow through a graph";
      return WalkResult::interrupt();
    }
    if (lookupActorSchema(nested->getName().getStringRef()))
      return WalkResult::advance();
    reason = describeInadmissibleOp(nested) + " has no dataflow actor";
    return WalkResult::interrupt();
  });
  return reason;
}

/// True if `op` does real work (not only constants).
static bool isWork(Operation *op) { return !isa<arith::ConstantOp>(op); }

/// Forms the spatial regions of one thread.
static void formRegions(ThreadOp thread) {
  // The thread's static allocations have no operands: moved to the top,
  // they do not split the runs between them.
  Block &top = thread.getBody().front();
  for (auto alloca : llvm::make_early_inc_range(top.getOps<memref::AllocaOp>()))
    if (isHoistableAlloca(alloca))
      alloca->moveBefore(&top, top.begin());
  SmallVector<SmallVector<Operation *>> runs(1);
  for (Operation &op : thread.getBody().front().without_terminator()) {
    // Thread-level memory, bound to regions as a memory input.
    if (auto alloca = dyn_cast<memref::AllocaOp>(op);
        alloca && isHoistableAlloca(alloca))
      continue;
    std::string reason = getInadmissibleReason(&op);
    if (reason.empty()) {
      runs.back().push_back(&op);
      continue;
    }
    loom::emitMissedRemark(&op) << loom::describeConstruct(&op)
                                << " stays InstructionCore code of thread @"
                                << thread.getSymName() << ": " << reason;
    if (!runs.back().empty())
      runs.emplace_back();
  }
  unsigned count = 0;
  for (ArrayRef<Operation *> run : runs) {
    if (llvm::none_of(run, isWork))
      continue;
    // A run whose results are unused and that writes no memory is dead
    // code: a graph for it would have nothing to retire.
    DenseSet<Operation *> members(run.begin(), run.end());
    bool observable = llvm::any_of(run, [&](Operation *op) {
      bool writes = false;
      op->walk([&](memref::StoreOp) { writes = true; });
      return writes || llvm::any_of(op->getUsers(), [&](Operation *user) {
               return !members.contains(user);
             });
    });
    if (!observable) {
      // It stays InstructionCore code the host runs for nothing.
      loom::emitMissedRemark(run.front())
          << "dead code in thread @" << thread.getSymName()
          << " is not given a spatial region: "
          << loom::describeConstruct(run.front())
          << " computes nothing used and writes no memory";
      continue;
    }
    std::string name =
        (thread.getSymName() + "_g" + std::to_string(count++)).str();
    ownership::wrapInSpatialRegion(run, name);
    thread.emitRemark() << "spatial region '" << name << "' formed for "
                        << run.size() << " operations";
  }
}

namespace {
struct FormSpatialRegionsPass
    : loom::ownership::impl::FormSpatialRegionsPassBase<
          FormSpatialRegionsPass> {
  void runOnOperation() override {
    getOperation().walk([](ThreadOp thread) { formRegions(thread); });
  }
};
} // namespace
