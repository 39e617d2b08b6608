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
// A kernel without a parallel loop becomes one rank-0 thread. In a kernel
// with parallel loops, each run of sequential work between the launches (a
// loop, a branch, a memory access, with the values they compute from)
// becomes a rank-0 thread of its own, so that it can become a graph too;
// values the host still needs (a launch's bounds, the kernel's result)
// come back through one-element memrefs:
//
//   %r = scf.while ...                    %slot = memref.alloca : memref<1xi32>
//   <launch of the forall's thread> =>    %t = dataflow.thread.launch @k_t1
//                                              args(..., %slot)
//                                         dataflow.thread.wait %t
//                                         %r = memref.load %slot[%c0]
//                                         <launch of the forall's thread>
//
// What stays host code (a loop that contains a parallel loop, an unstructured
// body) gets a missed remark naming the construct and why.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/Passes.h"
#include "loom/Ownership/ThreadDomain.h"
#include "loom/Support/MissedRemark.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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
    return loom::emitMissedRemark(kernel)
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

/// True if a kernel-level `op` is work a thread should run instead of the
/// host: a structured op (loop, branch) or an op that touches memory.
/// Allocations stay on the host (a thread receives them as memory), and so
/// do the launches and waits of the parallel loops' threads.
static bool isThreadWork(Operation *op) {
  if (isa<memref::AllocaOp, ThreadLaunchOp, ThreadWaitOp>(op))
    return false;
  return op->getNumRegions() != 0 || !isMemoryEffectFree(op);
}

/// True if `op` contains the launch of a thread (a parallel loop nested in
/// it was outlined).
static bool launchesThreads(Operation *op) {
  return op->walk([](ThreadLaunchOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// True if a value of `type` can come back to the host through a
/// one-element memref the graph lowering handles.
static bool isScalarType(Type type) {
  return isa<IntegerType, FloatType, IndexType>(type);
}

namespace {
/// The ops of one run of kernel-level code that move into a rank-0 thread:
/// the work and, transitively, the ops computing its operands.
struct SequentialSlice {
  /// In block order.
  SmallVector<Operation *> ops;
  /// Pure ops that depend on no work: cloned into the thread and also kept
  /// on the host when the host uses them.
  DenseSet<Operation *> independent;
  /// Results the host uses after the thread: returned through slots.
  SmallVector<Value> exported;
};
} // namespace

/// Collects the slice of `run` (ops of one block, in order) rooted at its
/// thread work; empty if the run has no work.
static SequentialSlice sliceRun(ArrayRef<Operation *> run) {
  SequentialSlice slice;
  DenseSet<Operation *> inRun(run.begin(), run.end()), members;
  SmallVector<Operation *> worklist(llvm::make_filter_range(run, isThreadWork));
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!members.insert(op).second)
      continue;
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && inRun.contains(def) && !isa<memref::AllocaOp>(def))
          worklist.push_back(def);
    });
  }
  DenseSet<Operation *> dependent;
  for (Operation *op : run) {
    if (!members.contains(op))
      continue;
    slice.ops.push_back(op);
    bool dependsOnWork =
        isThreadWork(op) || llvm::any_of(op->getOperands(), [&](Value v) {
          return dependent.contains(v.getDefiningOp());
        });
    if (dependsOnWork)
      dependent.insert(op);
    else
      slice.independent.insert(op);
  }
  for (Operation *op : slice.ops) {
    if (slice.independent.contains(op))
      continue;
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !members.contains(
                op->getBlock()->findAncestorOpInBlock(*user));
          }))
        slice.exported.push_back(result);
  }
  return slice;
}

/// Says, at each piece of work of `slice`, that it stays host code.
static void remarkStaysHost(const SequentialSlice &slice, StringRef kernel,
                            const Twine &why) {
  for (Operation *op : slice.ops)
    if (isThreadWork(op))
      loom::emitMissedRemark(op)
          << loom::describeConstruct(op) << " stays host code of kernel @"
          << kernel << ": " << why;
}

/// The values the ops of a slice use that the slice does not define, in
/// first-use order: the thread's inputs.
static SetVector<Value>
collectThreadInputs(ArrayRef<Operation *> ops,
                    const DenseSet<Operation *> &members) {
  SetVector<Value> inputs;
  auto addInput = [&](Value value) {
    if (!members.contains(value.getDefiningOp()))
      inputs.insert(value);
  };
  for (Operation *op : ops) {
    llvm::for_each(op->getOperands(), addInput);
    SetVector<Value> above;
    getUsedValuesDefinedAbove(op->getRegions(), above);
    llvm::for_each(above, addInput);
  }
  return inputs;
}

/// Moves the slice of `run` into a new rank-0 thread launched where its
/// last op was; the host reads the exported values back after the wait.
static void outlineSequentialRun(ArrayRef<Operation *> run, StringRef kernel,
                                 ThreadBuilder &threads) {
  SequentialSlice slice = sliceRun(run);
  if (slice.ops.empty())
    return;
  for (Value value : slice.exported) {
    if (isScalarType(value.getType()))
      continue;
    std::string type;
    llvm::raw_string_ostream(type) << value.getType();
    return remarkStaysHost(slice, kernel,
                           "the host code after it uses a value of type " +
                               type +
                               " it computes, which cannot return "
                               "from a thread");
  }
  DenseSet<Operation *> members(slice.ops.begin(), slice.ops.end());
  SetVector<Value> inputs = collectThreadInputs(slice.ops, members);

  Operation *last = slice.ops.back();
  Location loc = last->getLoc();
  OpBuilder host(last->getContext());
  host.setInsertionPointAfter(last);
  SmallVector<Value> operands(inputs.begin(), inputs.end());
  for (Value value : slice.exported)
    operands.push_back(memref::AllocaOp::create(
        host, loc, MemRefType::get({1}, value.getType())));
  ThreadOp thread = threads.create(ValueRange(operands).getTypes(), 0);
  Block &entry = thread.getBody().front();
  IRMapping mapping;
  for (auto [i, value] : llvm::enumerate(inputs))
    mapping.map(value, entry.getArgument(i));
  OpBuilder inside(thread.getYield());
  for (Operation *op : slice.ops)
    inside.clone(*op, mapping);
  if (!slice.exported.empty()) {
    Value zero = arith::ConstantIndexOp::create(inside, loc, 0);
    for (auto [i, value] : llvm::enumerate(slice.exported))
      memref::StoreOp::create(inside, loc, mapping.lookup(value),
                              entry.getArgument(inputs.size() + i),
                              ValueRange{zero});
  }

  auto launch =
      ThreadLaunchOp::create(host, loc, ThreadTokenType::get(host.getContext()),
                             FlatSymbolRefAttr::get(thread.getSymNameAttr()),
                             ValueRange(), ValueRange(), operands);
  ThreadWaitOp::create(host, loc, ValueRange{launch});
  if (!slice.exported.empty()) {
    Value zero = arith::ConstantIndexOp::create(host, loc, 0);
    for (auto [i, value] : llvm::enumerate(slice.exported)) {
      Value slot = operands[inputs.size() + i];
      Value read = memref::LoadOp::create(host, loc, slot, ValueRange{zero});
      value.replaceUsesWithIf(read, [&](OpOperand &use) {
        return !members.contains(
            last->getBlock()->findAncestorOpInBlock(*use.getOwner()));
      });
    }
  }
  // Host code that sat between the slice's ops may use what the thread
  // computes: it runs after the wait now, in its original order.
  Operation *insertAfter = &*std::prev(host.getInsertionPoint());
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           slice.ops.front()->getIterator(), last->getIterator()))) {
    if (members.contains(&op) || isa<memref::AllocaOp>(op))
      continue;
    op.moveAfter(insertAfter);
    insertAfter = &op;
  }
  for (Operation *op : llvm::reverse(slice.ops))
    if (!slice.independent.contains(op) || op->use_empty())
      op->erase();
}

/// Outlines each run of sequential work between the launches of `kernel`'s
/// parallel loops into a rank-0 thread; what cannot be outlined gets a
/// missed remark.
static void outlineSequentialRuns(func::FuncOp kernel, ThreadBuilder &threads) {
  StringRef name = kernel.getSymName();
  if (!kernel.getBody().hasOneBlock()) {
    loom::emitMissedRemark(kernel)
        << "the code of kernel @" << name
        << " outside its parallel loops stays host code: its body keeps "
           "unstructured control flow";
    return;
  }
  SmallVector<SmallVector<Operation *>> runs(1);
  for (Operation &op : kernel.getBody().front().without_terminator()) {
    if (isa<ThreadLaunchOp, ThreadWaitOp>(op)) {
      runs.emplace_back();
      continue;
    }
    if (op.getNumRegions() != 0 && launchesThreads(&op)) {
      loom::emitMissedRemark(&op)
          << loom::describeConstruct(&op) << " stays host code of kernel @"
          << name
          << ": it contains a parallel loop, whose threads the host launches "
             "from it";
      runs.emplace_back();
      continue;
    }
    runs.back().push_back(&op);
  }
  for (ArrayRef<Operation *> run : runs)
    if (!run.empty())
      outlineSequentialRun(run, name, threads);
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
      else
        outlineSequentialRuns(kernel, threads);
    }
  }
};
} // namespace
