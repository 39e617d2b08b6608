//===- FormThreads.cpp - kernels into dataflow threads --------------------===//
//
// Part of the Loom project.
//
// Part 4's dense thread ABI for a kernel's parallel loops:
//
//   scf.forall (%i) = (%lb) to (%ub) step (%s) {    %e = max(0, ceildiv(%ub -
//   %lb, %s))
//     body(%i, %x)                          =>    %t = dataflow.thread.launch
//     @k_t0
//   }                                                  extents(%e) args(%x,
//   %lb, %s)
//                                                 dataflow.thread.wait %t
//   dataflow.thread private @k_t0(%x, %lb, %s) ctrl(%c) coords(%k)
//   domain<dense> {
//     %i = %lb + %k * %s
//     body(%i, %x)
//     dataflow.thread.yield
//   }
//
// A kernel without a parallel loop becomes one rank-0 thread.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"
#include "loom/Ownership/ThreadDomain.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

namespace loom::ownership {
#define GEN_PASS_DEF_FORMTHREADSPASS
#include "loom/Ownership/Passes.h.inc"
} // namespace loom::ownership

#define DEBUG_TYPE "loom-form-threads"

using namespace mlir;
using namespace loom::dataflow;

namespace {
/// Creates thread definitions next to one kernel with unique names.
class ThreadBuilder {
public:
  ThreadBuilder(func::FuncOp kernel, SymbolTable &symbols)
      : kernel(kernel), symbols(symbols) {}

  /// A new thread of `rank` taking `inputs`, inserted before the kernel.
  ThreadOp create(TypeRange inputs, unsigned rank) {
    OpBuilder builder(kernel);
    std::string name = (kernel.getSymName() + "_t" + Twine(count++)).str();
    auto thread = ThreadOp::create(
        builder, kernel.getLoc(), name, builder.getFunctionType(inputs, {}),
        ThreadDomainAttr::getDense(kernel.getContext()), rank);
    symbols.insert(thread);
    return thread;
  }

private:
  func::FuncOp kernel;
  SymbolTable &symbols;
  unsigned count = 0;
};
} // namespace

int64_t loom::ownership::countReplicatedPoints(ArrayRef<int64_t> lbs,
                                               ArrayRef<int64_t> ubs,
                                               ArrayRef<int64_t> steps) {
  int64_t points = 1;
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    int64_t extent =
        ub <= lb || step <= 0 ? 0 : llvm::divideCeil(ub - lb, step);
    points = std::min(points * extent, kMaxReplicatedLanes + 1);
  }
  return points;
}

std::optional<int64_t>
loom::ownership::countReplicatedPoints(ValueRange lbs, ValueRange ubs,
                                       ValueRange steps) {
  SmallVector<int64_t> l, u, s;
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    std::optional<int64_t> lc = getConstantIntValue(lb);
    std::optional<int64_t> uc = getConstantIntValue(ub);
    std::optional<int64_t> sc = getConstantIntValue(step);
    if (!lc || !uc || !sc)
      return std::nullopt;
    l.push_back(*lc);
    u.push_back(*uc);
    s.push_back(*sc);
  }
  return countReplicatedPoints(l, u, s);
}

SmallVector<Value> loom::ownership::buildDenseExtents(OpBuilder &builder,
                                                      Location loc,
                                                      ValueRange lbs,
                                                      ValueRange ubs,
                                                      ValueRange steps) {
  SmallVector<Value> extents;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  for (auto [lb, ub, step] : llvm::zip(lbs, ubs, steps)) {
    Value span = arith::SubIOp::create(builder, loc, ub, lb);
    Value count = arith::CeilDivSIOp::create(builder, loc, span, step);
    extents.push_back(arith::MaxSIOp::create(builder, loc, count, zero));
  }
  return extents;
}

Value loom::ownership::buildSourceInductionVar(OpBuilder &builder, Location loc,
                                               Value lb, Value coordinate,
                                               Value step) {
  Value scaled = arith::MulIOp::create(builder, loc, coordinate, step);
  return arith::AddIOp::create(builder, loc, lb, scaled);
}

/// Replaces one outermost forall by a thread launch and wait.
static void outlineForall(scf::ForallOp forall, ThreadBuilder &threads) {
  unsigned rank = forall.getRank();
  SetVector<Value> captured;
  getUsedValuesDefinedAbove(forall.getRegion(), captured);
  OpBuilder builder(forall);
  Location loc = forall.getLoc();
  SmallVector<Value> operands(captured.begin(), captured.end());
  SmallVector<Value> lbs = getValueOrCreateConstantIndexOp(
      builder, loc, forall.getMixedLowerBound());
  SmallVector<Value> ubs = getValueOrCreateConstantIndexOp(
      builder, loc, forall.getMixedUpperBound());
  SmallVector<Value> steps =
      getValueOrCreateConstantIndexOp(builder, loc, forall.getMixedStep());
  operands.append(lbs.begin(), lbs.end());
  operands.append(steps.begin(), steps.end());

  // Host side: extents, launch, wait.
  SmallVector<Value> extents =
      loom::ownership::buildDenseExtents(builder, loc, lbs, ubs, steps);
  ThreadOp thread = threads.create(ValueRange(operands).getTypes(), rank);
  auto launch = ThreadLaunchOp::create(
      builder, loc, ThreadTokenType::get(builder.getContext()),
      FlatSymbolRefAttr::get(thread.getSymNameAttr()), ValueRange(), extents,
      operands);
  ThreadWaitOp::create(builder, loc, ValueRange{launch});

  // Thread side: source_iv = lower + coord * step, then the body.
  Block &entry = thread.getBody().front();
  OpBuilder inside(thread.getYield());
  IRMapping mapping;
  for (auto [i, value] : llvm::enumerate(captured))
    mapping.map(value, entry.getArgument(i));
  for (unsigned d = 0; d < rank; ++d) {
    Value lb = entry.getArgument(captured.size() + d);
    Value step = entry.getArgument(captured.size() + rank + d);
    mapping.map(forall.getInductionVar(d),
                loom::ownership::buildSourceInductionVar(
                    inside, loc, lb, thread.getCoordinate(d), step));
  }
  for (Operation &op : forall.getBody()->without_terminator())
    inside.clone(op, mapping);
  for (NamedAttribute attr : forall->getDiscardableAttrs())
    thread->setAttr(attr.getName(), attr.getValue());
  forall.erase();
}

/// Moves the whole single-block body of `kernel` into a rank-0 thread.
static LogicalResult outlineWholeBody(func::FuncOp kernel,
                                      ThreadBuilder &threads) {
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitRemark()
           << "kernel stays host code: its body keeps unstructured control "
              "flow";
  Block &body = kernel.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  OpBuilder builder(kernel.getContext());
  builder.setInsertionPointToStart(&body);
  Location loc = kernel.getLoc();
  // One-element slots carry scalar results out of the thread.
  SmallVector<Value> slots;
  for (Type type : kernel.getResultTypes())
    slots.push_back(
        memref::AllocaOp::create(builder, loc, MemRefType::get({1}, type)));
  SmallVector<Value> operands(kernel.getArguments().begin(),
                              kernel.getArguments().end());
  operands.append(slots.begin(), slots.end());
  ThreadOp thread = threads.create(ValueRange(operands).getTypes(), 0);
  Block &entry = thread.getBody().front();
  IRMapping mapping;
  for (auto [i, value] : llvm::enumerate(operands))
    mapping.map(value, entry.getArgument(i));
  auto isSlot = [&](Operation &op) {
    return op.getNumResults() == 1 &&
           llvm::is_contained(slots, op.getResult(0));
  };
  OpBuilder inside(thread.getYield());
  for (Operation &op : body.without_terminator())
    if (!isSlot(op))
      inside.clone(op, mapping);
  Value zero = arith::ConstantIndexOp::create(inside, loc, 0);
  for (auto [slot, result] : llvm::zip(slots, ret.getOperands()))
    memref::StoreOp::create(inside, loc, mapping.lookupOrDefault(result),
                            mapping.lookup(slot), ValueRange{zero});
  // The kernel keeps only the slots, the launch, the wait and the loads.
  ret->setOperands(ValueRange());
  SmallVector<Operation *> moved;
  for (Operation &op : body.without_terminator())
    if (!isSlot(op))
      moved.push_back(&op);
  // Users before definitions.
  for (Operation *op : llvm::reverse(moved))
    op->erase();
  builder.setInsertionPoint(ret);
  auto launch = ThreadLaunchOp::create(
      builder, loc, ThreadTokenType::get(builder.getContext()),
      FlatSymbolRefAttr::get(thread.getSymNameAttr()), ValueRange(),
      ValueRange(), operands);
  ThreadWaitOp::create(builder, loc, ValueRange{launch});
  Value zeroHost = arith::ConstantIndexOp::create(builder, loc, 0);
  SmallVector<Value> results;
  for (Value slot : slots)
    results.push_back(
        memref::LoadOp::create(builder, loc, slot, ValueRange{zeroHost}));
  ret->setOperands(results);
  return success();
}

namespace {
struct FormThreadsPass
    : loom::ownership::impl::FormThreadsPassBase<FormThreadsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> kernels;
    module.walk([&](func::FuncOp func) {
      if (func->hasAttr("loom.kernel") && !func.isExternal())
        kernels.push_back(func);
    });
    for (func::FuncOp kernel : kernels) {
      ThreadBuilder threads(kernel, symbols);
      SmallVector<scf::ForallOp> outermost;
      kernel.walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
        outermost.push_back(forall);
        return WalkResult::skip();
      });
      for (scf::ForallOp forall : outermost)
        outlineForall(forall, threads);
      if (outermost.empty())
        (void)outlineWholeBody(kernel, threads);
    }
  }
};
} // namespace
