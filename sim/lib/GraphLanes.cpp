//===- GraphLanes.cpp - dense instances on several copies of a graph ------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/GraphLanes.h"

#include "loom/Dialect/Dataflow/IR/GraphAttributes.h"
#include "loom/Fabric/OperationClass.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <algorithm>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

/// The count of LOOM_PARALLEL(n) that FormThreads copied onto the thread
/// (`loom.hints = {parallel = [n, ...]}`), or 0.
static unsigned getHintedLanes(dataflow::ThreadOp thread) {
  auto hints = thread->getAttrOfType<DictionaryAttr>("loom.hints");
  auto parallel = hints ? hints.getAs<ArrayAttr>("parallel") : ArrayAttr();
  if (!parallel || parallel.empty())
    return 0;
  auto count = dyn_cast<IntegerAttr>(parallel[0]);
  return count && count.getInt() > 0 ? count.getInt() : 0;
}

SmallVector<BatchedGraph> loom::sim::getBatchedGraphs(ModuleOp module) {
  llvm::MapVector<Operation *, unsigned> caps;
  for (auto thread : module.getOps<dataflow::ThreadOp>()) {
    if (!thread.getDomain().isDense())
      continue;
    // A rank-0 thread is one instance: nothing to run side by side.
    if (thread.getRank() == 0)
      continue;
    dataflow::GraphLaunchOp launch = findBatchableLaunch(thread, module);
    if (!launch)
      continue;
    auto graph = module.lookupSymbol<dataflow::GraphOp>(launch.getCallee());
    // Two threads launching one graph: the smaller cap holds for both.
    unsigned hinted = getHintedLanes(thread);
    auto [it, inserted] = caps.try_emplace(graph, hinted);
    if (!inserted && hinted && (!it->second || hinted < it->second))
      it->second = hinted;
  }
  SmallVector<BatchedGraph> graphs;
  for (auto [op, hinted] : caps)
    graphs.push_back({cast<dataflow::GraphOp>(op), hinted});
  return graphs;
}

namespace {
/// What one copy of a graph asks of the fabric per instance.
struct GraphDemand {
  unsigned loads = 0, stores = 0;
  std::array<unsigned, fabric::kNumOperationClasses> actors = {};
};
} // namespace

/// The dataflow.mux that merges the completion of `op` with that of the
/// other branch of an if (the lowering's shape of `if (c) a[i] = x; else
/// a[i] = y;`), if any: accesses merged by one mux are alternatives, one of
/// which fires per instance.
static Operation *getAlternativesMux(Operation &op) {
  Value done = op.getResults().back();
  if (!done.hasOneUse())
    return nullptr;
  Operation *user = *done.user_begin();
  return isa<dataflow::MuxOp>(user) ? user : nullptr;
}

static GraphDemand measureDemand(dataflow::GraphOp graph) {
  GraphDemand demand;
  llvm::SmallPtrSet<Operation *, 4> countedMuxes;
  for (Operation &op : graph.getBody().front().without_terminator()) {
    bool isAccess = isa<dataflow::LoadOp, dataflow::StoreOp>(op);
    if (Operation *mux = isAccess ? getAlternativesMux(op) : nullptr)
      if (!countedMuxes.insert(mux).second)
        isAccess = false;
    if (isAccess && isa<dataflow::LoadOp>(op))
      ++demand.loads;
    if (isAccess && isa<dataflow::StoreOp>(op))
      ++demand.stores;
    if (std::optional<fabric::OperationClass> cls =
            fabric::classifyOperation(op.getName().getStringRef()))
      ++demand.actors[static_cast<unsigned>(*cls)];
  }
  return demand;
}

/// Cycles the busiest interface needs for `requests` spread evenly over
/// `interfaces` that take `perCycle` each per cycle.
static double spreadCycles(unsigned requests, unsigned interfaces,
                           unsigned perCycle) {
  if (requests == 0)
    return 0;
  if (interfaces == 0 || perCycle == 0)
    return std::numeric_limits<double>::infinity();
  return double((requests + interfaces - 1) / interfaces) / perCycle;
}

double loom::sim::estimateLaneRate(dataflow::GraphOp graph,
                                   const fabric::Fabric &fabric,
                                   unsigned lanes) {
  GraphDemand demand = measureDemand(graph);
  double cycles = 1; // Every actor fires at most once per cycle.
  // Units: on a spatial fabric every copy of an actor needs a unit of its
  // own; lanes that do not fit are no choice at all.
  for (fabric::OperationClass cls : fabric::getAllOperationClasses()) {
    unsigned needed = lanes * demand.actors[static_cast<unsigned>(cls)];
    if (needed > fabric.countUnits(cls))
      return 0;
  }
  // Memory: the mapper binds each memory actor to one interface; assume the
  // least capable interface and an even spread (docs/runtime.md, "Lanes").
  ArrayRef<fabric::MemoryInterface> interfaces = fabric.getMemoryInterfaces();
  unsigned loadPorts = UINT_MAX, storePorts = UINT_MAX, requests = UINT_MAX;
  for (const fabric::MemoryInterface &memory : interfaces) {
    loadPorts = std::min(loadPorts, memory.loadPorts);
    storePorts = std::min(storePorts, memory.storePorts);
    requests = std::min(requests, memory.requestsPerCycle);
  }
  unsigned count = interfaces.size();
  cycles = std::max(
      {cycles, spreadCycles(lanes * demand.loads, count, loadPorts),
       spreadCycles(lanes * demand.stores, count, storePorts),
       spreadCycles(lanes * (demand.loads + demand.stores), count, requests)});
  return lanes / cycles;
}

unsigned loom::sim::chooseLaneCount(dataflow::GraphOp graph,
                                    const fabric::Fabric &fabric,
                                    unsigned cap) {
  // One unit per PE, time-multiplexed: the units already take the
  // instances one per cycle in turn, and copies would share the same units.
  if (fabric.isTimeMultiplexed())
    return 1;
  unsigned best = 1;
  double bestRate = estimateLaneRate(graph, fabric, 1);
  for (unsigned lanes = 2; lanes <= std::min(cap, kMaxLanes); ++lanes) {
    double rate = estimateLaneRate(graph, fabric, lanes);
    // Strictly better only: more copies cost mapping time and units.
    if (rate > bestRate * (1 + 1e-9)) {
      best = lanes;
      bestRate = rate;
    }
  }
  return best;
}

dataflow::GraphOp loom::sim::buildLanedGraph(dataflow::GraphOp graph,
                                             unsigned lanes) {
  ArrayRef<int32_t> inputSegments = graph.getInputSegments();
  ArrayRef<int32_t> resultSegments = graph.getResultSegments();
  if (inputSegments[1] != 0 || resultSegments[1] != 0 || resultSegments[2] != 0)
    return nullptr;
  ArrayRef<Type> values = graph.getInputSegmentTypes(0);
  ArrayRef<Type> memories = graph.getInputSegmentTypes(2);
  ArrayRef<Type> results = graph.getResultSegmentTypes(0);
  SmallVector<Type> inputTypes, resultTypes;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    llvm::append_range(inputTypes, values);
    llvm::append_range(resultTypes, results);
  }
  llvm::append_range(inputTypes, memories);
  OpBuilder builder(graph->getContext());
  builder.setInsertionPointAfter(graph);
  int32_t numValues = values.size() * lanes;
  auto laned = dataflow::GraphOp::create(
      builder, graph.getLoc(),
      (graph.getSymName() + "_lanes" + Twine(lanes)).str(),
      builder.getFunctionType(inputTypes, resultTypes),
      {numValues, 0, static_cast<int32_t>(memories.size())},
      {static_cast<int32_t>(resultTypes.size()), 0, 0});
  laned.setPrivate();
  laned->setAttr(dataflow::kGraphLanesAttrName,
                 builder.getI64IntegerAttr(lanes));
  SymbolTable(graph->getParentOp()).insert(laned); // Renames on a collision.
  Block &body = laned.getBody().front();
  SmallVector<Value> returnedValues, complete;
  for (unsigned lane = 0; lane < lanes; ++lane) {
    // Region::cloneInto remaps the operands of feedback edges (uses above
    // their definitions) once every op is cloned, which a graph region has.
    IRMapping mapping;
    Region copy;
    graph.getBody().cloneInto(&copy, mapping);
    Block &cloned = copy.front();
    cloned.getArgument(0).replaceAllUsesWith(laned.getStart());
    for (unsigned i = 0; i < values.size(); ++i)
      cloned.getArgument(1 + i).replaceAllUsesWith(
          laned.getPayloadArgument(lane * values.size() + i));
    for (unsigned i = 0; i < memories.size(); ++i)
      cloned.getArgument(1 + values.size() + i)
          .replaceAllUsesWith(laned.getPayloadArgument(numValues + i));
    auto ret = cast<dataflow::GraphReturnOp>(cloned.getTerminator());
    llvm::append_range(returnedValues, ret.getValues());
    llvm::append_range(complete, ret.getComplete());
    ret.erase();
    body.getOperations().splice(body.end(), cloned.getOperations());
  }
  builder.setInsertionPointToEnd(&body);
  dataflow::GraphReturnOp::create(builder, graph.getLoc(), returnedValues,
                                  ValueRange(), ValueRange(), complete);
  return laned;
}
