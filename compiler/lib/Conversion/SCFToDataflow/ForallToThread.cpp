//===- ForallToThread.cpp - a thread's only forall into coordinates -------===//
//
// Part of the Loom project.
//
//   dataflow.thread @t(%n) coords(%i) {       dataflow.thread @t(%n)
//     scf.forall (%j) in (%n) {          =>       coords(%i, %k) {
//       body(%i, %j)                            %j = 0 + %k * 1
//     }                                         body(%i, %j)
//   }                                         }
//   launch @t extents(%m) args(%x)            %e = max(0, ceildiv(%x - 0, 1))
//                                             launch @t extents(%m, %e)
//                                                 args(%x)
//
// Part 4 section 2.1: the instances of a dense domain are the Cartesian
// product of its extents, so K outer coordinates and M forall dimensions
// are one rank K + M domain when the forall is all the thread does and its
// bounds are known at every launch. A forall that is not (other effects
// around it, bounds computed in the thread, a non-launch use of the thread)
// stays InstructionCore code: Part 4 gives identity only to instances of a
// root launch (section 2.3), so there is no nested thread to make.
//
//===----------------------------------------------------------------------===//

#include "LoweringSteps.h"

#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Ownership/ThreadDomain.h"
#include "loom/Support/MissedRemark.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace loom::conversion {
#define GEN_PASS_DEF_FORALLTOTHREADPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-forall-to-thread"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

/// The thread-level forall of `thread` that can become coordinates, or a
/// remark naming why not (null if the thread has no thread-level forall).
static scf::ForallOp findFlattenableForall(ThreadOp thread) {
  auto foralls =
      llvm::to_vector(thread.getBody().front().getOps<scf::ForallOp>());
  if (foralls.empty())
    return {};
  scf::ForallOp forall = foralls.front();
  auto keep = [&](const Twine &rule) {
    loom::emitMissedRemark(forall)
        << "thread-level scf.forall stays InstructionCore "
           "code: "
        << rule;
    return scf::ForallOp();
  };
  if (thread.isDynamicWork())
    return keep("the thread has a dynamic-work domain");
  if (foralls.size() > 1)
    return keep("the thread has more than one thread-level forall");
  if (forall.getNumResults() != 0)
    return keep("the forall has results");
  if (!thread.getYield().getCompletionFrontier().empty())
    return keep("the thread launches graphs");
  for (Operation &op : thread.getBody().front().without_terminator())
    if (&op != forall && !isMemoryEffectFree(&op))
      return keep(Twine("'") + op.getName().getStringRef() +
                  "' has effects next to it");
  for (OpFoldResult bound : llvm::concat<OpFoldResult>(
           forall.getMixedLowerBound(), forall.getMixedUpperBound(),
           forall.getMixedStep())) {
    auto value = dyn_cast<Value>(bound);
    if (!value || value.getDefiningOp<arith::ConstantOp>())
      continue;
    auto arg = dyn_cast<BlockArgument>(value);
    if (!arg || arg.getOwner() != &thread.getBody().front() ||
        arg.getArgNumber() >= thread.getNumPayloadArguments())
      return keep("a bound is computed inside the thread");
  }
  return forall;
}

/// `bound` at a launch site: a constant, or the launch operand bound to the
/// payload argument.
static Value boundAtLaunch(OpFoldResult bound, ThreadLaunchOp launch,
                           OpBuilder &builder) {
  Location loc = launch.getLoc();
  if (auto attr = dyn_cast<Attribute>(bound))
    return arith::ConstantIndexOp::create(builder, loc,
                                          cast<IntegerAttr>(attr).getInt());
  Value value = cast<Value>(bound);
  if (Operation *constant = value.getDefiningOp<arith::ConstantOp>())
    return builder.clone(*constant)->getResult(0);
  return launch.getBodyOperands()[cast<BlockArgument>(value).getArgNumber()];
}

/// Appends the forall's extents to `launch`.
static void extendLaunch(ThreadLaunchOp launch, scf::ForallOp forall) {
  OpBuilder builder(launch);
  auto atLaunch = [&](ArrayRef<OpFoldResult> bounds) {
    return llvm::map_to_vector(bounds, [&](OpFoldResult bound) {
      return boundAtLaunch(bound, launch, builder);
    });
  };
  SmallVector<Value> lbs = atLaunch(forall.getMixedLowerBound());
  SmallVector<Value> ubs = atLaunch(forall.getMixedUpperBound());
  SmallVector<Value> steps = atLaunch(forall.getMixedStep());
  SmallVector<Value> extents = loom::ownership::buildDenseExtents(
      builder, launch.getLoc(), lbs, ubs, steps);
  launch.getExtentsMutable().append(extents);
}

/// Gives `thread` one coordinate per forall dimension and inlines the body.
static void flattenIntoThread(ThreadOp thread, scf::ForallOp forall) {
  Block &entry = thread.getBody().front();
  OpBuilder builder(forall);
  Location loc = forall.getLoc();
  auto inThread = [&](OpFoldResult bound) -> Value {
    if (auto attr = dyn_cast<Attribute>(bound))
      return arith::ConstantIndexOp::create(builder, loc,
                                            cast<IntegerAttr>(attr).getInt());
    return cast<Value>(bound);
  };
  SmallVector<Value> ivs;
  for (auto [lb, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedStep())) {
    Value coordinate = entry.addArgument(builder.getIndexType(), loc);
    ivs.push_back(loom::ownership::buildSourceInductionVar(
        builder, loc, inThread(lb), coordinate, inThread(step)));
  }
  Block *body = forall.getBody();
  body->getTerminator()->erase(); // scf.forall.in_parallel, empty.
  for (auto [iv, value] : llvm::zip(forall.getInductionVars(), ivs))
    iv.replaceAllUsesWith(value);
  entry.getOperations().splice(forall->getIterator(), body->getOperations());
  forall.erase();
}

void loom::conversion::flattenThreadForalls(ModuleOp module) {
  for (ThreadOp thread : llvm::to_vector(module.getOps<ThreadOp>())) {
    scf::ForallOp forall = findFlattenableForall(thread);
    if (!forall)
      continue;
    SmallVector<ThreadLaunchOp> launches;
    bool onlyLaunches = true;
    if (auto uses = SymbolTable::getSymbolUses(thread, module))
      for (const SymbolTable::SymbolUse &use : *uses) {
        auto launch = dyn_cast<ThreadLaunchOp>(use.getUser());
        onlyLaunches &= static_cast<bool>(launch);
        if (launch)
          launches.push_back(launch);
      }
    if (!onlyLaunches) {
      loom::emitMissedRemark(forall)
          << "thread-level scf.forall stays InstructionCore "
             "code: the thread is used other than by "
             "dataflow.thread.launch";
      continue;
    }
    for (ThreadLaunchOp launch : launches)
      extendLaunch(launch, forall);
    flattenIntoThread(thread, forall);
  }
}

namespace {
struct ForallToThreadPass
    : loom::conversion::impl::ForallToThreadPassBase<ForallToThreadPass> {
  void runOnOperation() override { flattenThreadForalls(getOperation()); }
};
} // namespace
