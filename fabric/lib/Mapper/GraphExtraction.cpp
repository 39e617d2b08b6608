//===- GraphExtraction.cpp - actors, edges and nets of a graph ------------===//
//
// Part of the Loom project.
//
// Numbers actors and edges as Mapping.h prescribes, groups the edges of one
// value into a net and marks the edges that lie on a recurrence (a cycle of
// the actor graph: a loop-carried value), which placement keeps short.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "loom/Dialect/Dataflow/IR/GraphAttributes.h"

#include "mlir/IR/AsmState.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace loom;
using namespace loom::mapper;
using fabric::EdgeRoute;
using fabric::kGraphBoundary;

SmallVector<Operation *> mapper::getGraphActors(dataflow::GraphOp graph) {
  SmallVector<Operation *> actors;
  for (Operation &op : graph.getBody().front().without_terminator())
    actors.push_back(&op);
  return actors;
}

/// Appends one edge per use of `value`, in program order of the users.
static void appendUses(Value value, int32_t producer, uint32_t result,
                       const llvm::DenseMap<Operation *, int32_t> &position,
                       int32_t returnPosition,
                       SmallVectorImpl<EdgeRoute> &edges) {
  SmallVector<std::pair<int32_t, uint32_t>> uses;
  for (OpOperand &use : value.getUses())
    uses.emplace_back(position.lookup(use.getOwner()), use.getOperandNumber());
  llvm::sort(uses);
  for (auto [owner, operand] : uses) {
    EdgeRoute edge;
    edge.producer = producer;
    edge.result = result;
    edge.consumer = owner == returnPosition ? kGraphBoundary : owner;
    edge.operand = operand;
    edge.capacity = 0;
    edges.push_back(std::move(edge));
  }
}

SmallVector<EdgeRoute, 0> mapper::enumerateGraphEdges(dataflow::GraphOp graph) {
  SmallVector<Operation *> actors = getGraphActors(graph);
  llvm::DenseMap<Operation *, int32_t> position;
  for (auto [index, op] : llvm::enumerate(actors))
    position[op] = index;
  int32_t returnPosition = actors.size();
  position[graph.getReturn()] = returnPosition;

  SmallVector<EdgeRoute, 0> edges;
  for (auto [index, op] : llvm::enumerate(actors))
    for (OpResult result : op->getResults())
      appendUses(result, index, result.getResultNumber(), position,
                 returnPosition, edges);
  for (BlockArgument argument : graph.getBody().front().getArguments())
    if (!isa<MemRefType>(argument.getType()))
      appendUses(argument, kGraphBoundary, argument.getArgNumber(), position,
                 returnPosition, edges);
  return edges;
}

namespace {
/// Tarjan's strongly connected components over the actor graph.
class RecurrenceFinder {
public:
  explicit RecurrenceFinder(const MapProblem &problem) : problem(problem) {
    unsigned n = problem.actors.size();
    successors.resize(n);
    for (const MapEdge &edge : problem.edges)
      if (edge.net >= 0)
        successors[edge.producer].push_back(edge.consumer);
    index.assign(n, -1);
    lowLink.assign(n, 0);
    onStack.assign(n, false);
    component.assign(n, -1);
    componentSize.clear();
  }

  /// Per actor, the size of its component (1 for an actor on no cycle,
  /// unless it feeds itself).
  void run() {
    for (unsigned actor = 0; actor < problem.actors.size(); ++actor)
      if (index[actor] < 0)
        visit(actor);
  }
  bool sameRecurrence(uint32_t a, uint32_t b) const {
    if (a == b)
      return true;
    return component[a] == component[b] && componentSize[component[a]] > 1;
  }

private:
  void visit(uint32_t actor) {
    index[actor] = lowLink[actor] = nextIndex++;
    stack.push_back(actor);
    onStack[actor] = true;
    for (uint32_t next : successors[actor]) {
      if (index[next] < 0) {
        visit(next);
        lowLink[actor] = std::min(lowLink[actor], lowLink[next]);
      } else if (onStack[next]) {
        lowLink[actor] = std::min(lowLink[actor], index[next]);
      }
    }
    if (lowLink[actor] != index[actor])
      return;
    int32_t id = componentSize.size();
    unsigned size = 0;
    uint32_t member;
    do {
      member = stack.pop_back_val();
      onStack[member] = false;
      component[member] = id;
      ++size;
    } while (member != actor);
    componentSize.push_back(size);
  }

  const MapProblem &problem;
  SmallVector<SmallVector<uint32_t, 4>> successors;
  SmallVector<int32_t> index, lowLink, component;
  SmallVector<bool> onStack;
  SmallVector<uint32_t> stack, componentSize;
  int32_t nextIndex = 0;
};
} // namespace

/// Gives each actor result with an actor consumer one net.
static void buildNets(MapProblem &problem, ArrayRef<Operation *> actors,
                      AsmState &asmState) {
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, int32_t> netOfResult;
  for (auto [edgeIndex, edge] : llvm::enumerate(problem.edges)) {
    if (edge.producer == kGraphBoundary || edge.consumer == kGraphBoundary)
      continue;
    auto key = std::make_pair(uint32_t(edge.producer), edge.result);
    auto [it, inserted] = netOfResult.try_emplace(key, problem.nets.size());
    if (inserted) {
      MapNet net;
      net.producer = edge.producer;
      net.result = edge.result;
      llvm::raw_string_ostream os(net.name);
      actors[edge.producer]
          ->getResult(edge.result)
          .printAsOperand(os, asmState);
      problem.nets.push_back(std::move(net));
    }
    edge.net = it->second;
    problem.nets[it->second].edges.push_back(edgeIndex);
  }
}

MapProblem mapper::extractProblem(dataflow::GraphOp graph) {
  MapProblem problem;
  problem.graphName = graph.getSymName().str();
  problem.spreadsMemory = graph->hasAttr(dataflow::kGraphLanesAttrName);
  SmallVector<Operation *> actors = getGraphActors(graph);
  // Address ids in actor order, so the numbering is deterministic.
  std::map<SmallVector<const void *, 2>, int32_t> addresses;
  for (Operation *op : actors) {
    MapActor actor;
    actor.opName = op->getName().getStringRef().str();
    actor.cls = fabric::classifyOperation(actor.opName);
    actor.isLoad = isa<dataflow::LoadOp>(op);
    actor.isStore = isa<dataflow::StoreOp>(op);
    std::optional<OperandRange> indices;
    if (auto load = dyn_cast<dataflow::LoadOp>(op))
      indices = load.getIndices();
    if (auto store = dyn_cast<dataflow::StoreOp>(op))
      indices = store.getIndices();
    if (indices) {
      SmallVector<const void *, 2> key;
      for (Value index : *indices) {
        // A branch's accesses take their index through a demux: the same
        // address as the value demuxed.
        while (auto demux = index.getDefiningOp<dataflow::DemuxOp>())
          index = demux.getValue();
        key.push_back(index.getAsOpaquePointer());
      }
      actor.address =
          addresses.try_emplace(key, int32_t(addresses.size())).first->second;
    }
    problem.actors.push_back(std::move(actor));
  }
  for (const EdgeRoute &route : enumerateGraphEdges(graph)) {
    MapEdge edge;
    edge.producer = route.producer;
    edge.result = route.result;
    edge.consumer = route.consumer;
    edge.operand = route.operand;
    problem.edges.push_back(edge);
  }
  AsmState asmState(graph);
  buildNets(problem, actors, asmState);

  RecurrenceFinder recurrences(problem);
  recurrences.run();
  problem.incidentEdges.resize(problem.actors.size());
  for (auto [edgeIndex, edge] : llvm::enumerate(problem.edges)) {
    if (edge.net < 0)
      continue;
    edge.inRecurrence =
        recurrences.sameRecurrence(edge.producer, edge.consumer);
    problem.incidentEdges[edge.producer].push_back(edgeIndex);
    if (edge.consumer != edge.producer)
      problem.incidentEdges[edge.consumer].push_back(edgeIndex);
  }
  return problem;
}
