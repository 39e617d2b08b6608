//===- ValidateDataflow.cpp - finalized-program validation ---------------===//
//
// Part of the Loom project.
//
// The whole-program checks of a finalized dataflow program that no single
// operation verifier can make: completion frontiers, graph waits and channel
// endpoint relations (Part 3 sections 5.4.3, 5.5.2, 5.5.3 and 9).
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/Transforms/CompletionCover.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"

namespace loom::dataflow {
#define GEN_PASS_DEF_VALIDATEDATAFLOWPASS
#include "loom/Dialect/Dataflow/Transforms/Passes.h.inc"
} // namespace loom::dataflow

#define DEBUG_TYPE "loom-validate-dataflow"

using namespace mlir;
using namespace loom::dataflow;

/// Domains larger than this are not enumerated for source-map bounds.
static constexpr int64_t kMaxEnumeratedPoints = 1 << 16;

namespace {
struct ValidateDataflowPass
    : loom::dataflow::impl::ValidateDataflowPassBase<ValidateDataflowPass> {
  void runOnOperation() override;

private:
  LogicalResult validateGraph(GraphOp graph);
  LogicalResult validateThreadCompletion(ThreadOp thread);
  LogicalResult validateChannels(ThreadOp thread);
};
} // namespace

/// Returns the values that carry nothing but the graph's start: %start and
/// the outputs of syncs whose every input is such a value.
static DenseSet<Value> getRawStartValues(GraphOp graph) {
  DenseSet<Value> raw = {graph.getStart()};
  bool changed = true;
  while (changed) {
    changed = false;
    graph.getBody().walk([&](SyncOp sync) {
      if (raw.contains(sync.getOutputs().front()) ||
          !llvm::all_of(sync.getInputs(),
                        [&](Value in) { return raw.contains(in); }))
        return;
      raw.insert(sync.getOutputs().begin(), sync.getOutputs().end());
      changed = true;
    });
  }
  return raw;
}

/// Returns the operations whose firing the completion frontier causally
/// follows: everything reachable backwards from the complete witnesses.
static DenseSet<Operation *> getCoveredOps(GraphReturnOp ret) {
  DenseSet<Operation *> covered;
  SmallVector<Operation *> worklist;
  for (Value witness : ret.getComplete())
    if (Operation *def = witness.getDefiningOp())
      worklist.push_back(def);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!covered.insert(op).second)
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
  return covered;
}

/// True if a token on operand `index` of `op` is not needed for the actor's
/// first firing: carry and invariant emit their init before they consume a
/// phase (or feedback) token, so edges into those operands close loops
/// without deadlock.
static bool isCycleBreakingOperand(Operation *op, unsigned index) {
  if (auto carry = dyn_cast<CarryOp>(op))
    return index != carry.getInitMutable().getOperandNumber();
  if (auto invariant = dyn_cast<InvariantOp>(op))
    return index != invariant.getInitMutable().getOperandNumber();
  return false;
}

/// Returns an operation on a dependence cycle that no carry or invariant
/// state breaks (such a cycle can never fire), or null.
static Operation *findUnbrokenCycle(GraphOp graph) {
  enum class Mark { Unvisited, Active, Done };
  DenseMap<Operation *, Mark> marks;
  for (Operation &root : graph.getBody().front()) {
    if (marks.lookup(&root) != Mark::Unvisited)
      continue;
    // Iterative DFS over "operand defined by" edges.
    SmallVector<std::pair<Operation *, unsigned>> stack = {{&root, 0}};
    marks[&root] = Mark::Active;
    while (!stack.empty()) {
      auto &[op, next] = stack.back();
      if (next == op->getNumOperands()) {
        marks[op] = Mark::Done;
        stack.pop_back();
        continue;
      }
      unsigned index = next++;
      if (isCycleBreakingOperand(op, index))
        continue;
      Operation *def = op->getOperand(index).getDefiningOp();
      if (!def)
        continue;
      Mark mark = marks.lookup(def);
      if (mark == Mark::Active)
        return def;
      if (mark == Mark::Unvisited) {
        marks[def] = Mark::Active;
        stack.push_back({def, 0});
      }
    }
  }
  return nullptr;
}

LogicalResult ValidateDataflowPass::validateGraph(GraphOp graph) {
  GraphReturnOp ret = graph.getReturn();
  // A graph does real work when its body holds anything besides its return.
  bool doesWork = &graph.getBody().front().front() != ret.getOperation();
  DenseSet<Value> raw = getRawStartValues(graph);
  if (doesWork &&
      llvm::all_of(ret.getComplete(), [&](Value w) { return raw.contains(w); }))
    return ret.emitOpError()
           << "of graph @" << graph.getSymName()
           << " returns its raw %start as completion although the graph "
              "does real work; return the causally derived frontier";
  for (Value witness : ret.getComplete())
    if (witness == graph.getStart() && doesWork)
      return ret.emitOpError()
             << "of graph @" << graph.getSymName()
             << " lists the raw %start in its completion frontier although "
                "the graph does real work";
  DenseSet<Operation *> covered = getCoveredOps(ret);
  WalkResult walk = graph.getBody().walk([&](StoreOp store) {
    if (covered.contains(store))
      return WalkResult::advance();
    store.emitOpError() << "is not covered by the completion frontier of "
                           "graph @"
                        << graph.getSymName()
                        << "; its done must reach graph.return complete";
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
  if (Operation *op = findUnbrokenCycle(graph))
    return op->emitOpError()
           << "lies on a dependence cycle of graph @" << graph.getSymName()
           << " that no carry or invariant state breaks; it can never fire";
  return success();
}

LogicalResult ValidateDataflowPass::validateThreadCompletion(ThreadOp thread) {
  CompletionCover cover(thread);
  ArrayRef<GraphLaunchOp> launches = cover.getLaunches();
  ThreadYieldOp yield = thread.getYield();
  OperandRange frontier = yield.getCompletionFrontier();

  for (auto [i, member] : llvm::enumerate(frontier))
    for (unsigned j = 0; j < i; ++j)
      if (frontier[j] == member)
        return yield.emitOpError()
               << "frontier of thread @" << thread.getSymName()
               << " repeats member #" << j << " as member #" << i;

  for (GraphLaunchOp launch : launches) {
    bool covered = llvm::any_of(
        frontier, [&](Value m) { return cover.coversLaunch(m, launch); });
    if (covered)
      continue;
    InFlightDiagnostic diag = yield.emitOpError()
                              << "frontier of thread @" << thread.getSymName()
                              << " does not cover the done of a launch of @"
                              << launch.getCallee()
                              << " on every path where the launch exists";
    diag.attachNote(launch.getLoc()) << "uncovered launch here";
    return diag;
  }

  // Each member must be necessary: it covers a launch no other member does.
  // This also rejects a member that another member already covers.
  for (unsigned i = 0; i < frontier.size(); ++i) {
    bool necessary = llvm::any_of(launches, [&](GraphLaunchOp launch) {
      if (!cover.coversLaunch(frontier[i], launch))
        return false;
      for (unsigned j = 0; j < frontier.size(); ++j)
        if (j != i && cover.coversLaunch(frontier[j], launch))
          return false;
      return true;
    });
    if (!necessary)
      return yield.emitOpError()
             << "frontier member #" << i << " of thread @"
             << thread.getSymName()
             << " is not necessary: every graph launch it covers is covered "
                "by another member (or it covers none); yield only terminal "
                "completion events";
  }

  WalkResult walk = thread.getBody().walk([&](GraphWaitOp wait) {
    for (auto [i, event] : llvm::enumerate(wait.getCompletionFrontier()))
      if (!cover.coversAnyLaunch(event)) {
        wait.emitOpError() << "operand #" << i
                           << " is not a graph completion: its causal "
                              "closure contains no dataflow.graph.launch done";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Returns the constant extents of `launch`, or nullopt if any is dynamic.
static std::optional<SmallVector<int64_t>>
getConstantExtents(ThreadLaunchOp launch) {
  SmallVector<int64_t> extents;
  for (Value extent : launch.getExtents()) {
    APInt value;
    if (!matchPattern(extent, m_ConstantInt(&value)))
      return std::nullopt;
    extents.push_back(value.getSExtValue());
  }
  return extents;
}

/// Checks that `map` sends every point of the domain `extents` inside it.
/// Returns the first offending consumer point, if any.
static std::optional<SmallVector<int64_t>>
findOutOfBoundsPoint(AffineMap map, ArrayRef<int64_t> extents) {
  int64_t total = 1;
  for (int64_t extent : extents)
    total *= extent;
  if (total == 0 || total > kMaxEnumeratedPoints)
    return std::nullopt;
  SmallVector<int64_t> point(extents.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t rest = n;
    for (size_t d = extents.size(); d-- > 0;) {
      point[d] = rest % extents[d];
      rest /= extents[d];
    }
    SmallVector<int64_t> image = map.compose(point);
    for (auto [d, coord] : llvm::enumerate(image))
      if (coord < 0 || coord >= extents[d])
        return point;
  }
  return std::nullopt;
}

LogicalResult ValidateDataflowPass::validateChannels(ThreadOp thread) {
  SmallVector<Value> channels;
  for (BlockArgument arg : thread.getBody().front().getArguments())
    if (isa<ChannelType>(arg.getType()))
      channels.push_back(arg);
  thread.getBody().walk(
      [&](ChannelCreateOp op) { channels.push_back(op.getChannel()); });

  ModuleOp module = getOperation();
  SmallVector<ThreadLaunchOp> threadLaunches;
  module.walk([&](ThreadLaunchOp launch) {
    if (launch.getCallee() == thread.getSymName())
      threadLaunches.push_back(launch);
  });

  for (Value channel : channels) {
    unsigned producers = 0, consumers = 0;
    SmallVector<AffineMap> maps;
    for (OpOperand &use : channel.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ChannelSendOp>(user)) {
        ++producers;
      } else if (isa<ChannelReceiveOp>(user)) {
        ++consumers;
      } else if (auto launch = dyn_cast<GraphLaunchOp>(user)) {
        unsigned n = use.getOperandNumber();
        unsigned begin = launch.getStreamInputs().getBeginOperandIndex();
        if (n >= begin && n < begin + launch.getStreamInputs().size()) {
          ++consumers;
          maps.push_back(
              cast<AffineMapAttr>(launch.getSourceMapsAttr()[n - begin])
                  .getValue());
        } else {
          ++producers;
        }
      }
    }
    Location loc = channel.getLoc();
    if (producers != 1 || consumers == 0)
      return emitError(loc)
             << "channel in thread @" << thread.getSymName() << " has "
             << producers << " producer bindings and " << consumers
             << " consumers; a channel needs exactly one producer and at "
                "least one consumer";
    for (AffineMap map : maps) {
      if (map.getNumResults() != thread.getRank())
        return emitError(loc) << "source map " << AffineMapAttr::get(map)
                              << " selects " << map.getNumResults()
                              << " producer coordinates but the producer "
                                 "thread has rank "
                              << thread.getRank();
      for (ThreadLaunchOp launch : threadLaunches) {
        std::optional<SmallVector<int64_t>> extents =
            getConstantExtents(launch);
        if (!extents)
          continue;
        if (std::optional<SmallVector<int64_t>> bad =
                findOutOfBoundsPoint(map, *extents)) {
          InFlightDiagnostic diag = emitError(loc)
                                    << "source map " << AffineMapAttr::get(map)
                                    << " leaves the producer domain at "
                                       "consumer point (";
          llvm::interleaveComma(*bad, diag);
          diag << ")";
          diag.attachNote(launch.getLoc()) << "for this launch's extents";
          return diag;
        }
      }
    }
  }
  return success();
}

void ValidateDataflowPass::runOnOperation() {
  bool failed = false;
  // Definitions of nested modules are validated too.
  getOperation().walk([&](Operation *op) {
    if (auto graph = dyn_cast<GraphOp>(op))
      failed |= mlir::failed(validateGraph(graph));
    if (auto thread = dyn_cast<ThreadOp>(op))
      failed |= mlir::failed(validateThreadCompletion(thread)) ||
                mlir::failed(validateChannels(thread));
    return isa<GraphOp, ThreadOp>(op) ? WalkResult::skip()
                                      : WalkResult::advance();
  });
  if (failed)
    signalPassFailure();
}
