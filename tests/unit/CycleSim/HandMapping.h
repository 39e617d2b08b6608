//===- HandMapping.h - hand-placed mappings for tests -*- C++ -*-===//
//
// Part of the Loom project.
//
// The cycle simulator's tests do not use the mapper: a test says on which
// element each actor runs, and this helper picks the element's first unit
// that executes the actor's class, routes every edge along the mesh
// (columns first, then rows) and binds every memory actor to the nearest
// memory interface, following the numbering and cost rules of
// loom/Fabric/Mapping.h.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_CYCLESIM_HANDMAPPING_H
#define LOOM_TESTS_UNIT_CYCLESIM_HANDMAPPING_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/FabricParser.h"
#include "loom/Fabric/Mapping.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <gtest/gtest.h>

namespace loom::test {

/// Mesh links from element `from` to element `to`, columns first.
inline llvm::SmallVector<uint32_t, 8> routeOnMesh(const fabric::Fabric &fabric,
                                                  unsigned from, unsigned to) {
  llvm::SmallVector<uint32_t, 8> links;
  unsigned cols = fabric.getCols();
  unsigned row = from / cols, col = from % cols;
  unsigned toRow = to / cols, toCol = to % cols;
  auto step = [&](unsigned nextRow, unsigned nextCol) {
    unsigned node = row * cols + col, next = nextRow * cols + nextCol;
    for (unsigned link : fabric.getOutgoingLinks(node))
      if (fabric.getLinks()[link].to == next)
        links.push_back(link);
    row = nextRow;
    col = nextCol;
  };
  while (col != toCol)
    step(row, col < toCol ? col + 1 : col - 1);
  while (row != toRow)
    step(row < toRow ? row + 1 : row - 1, col);
  return links;
}

/// The edge of one use, with its route between two elements.
inline fabric::EdgeRoute makeEdge(const fabric::Fabric &fabric,
                                  int32_t producer, uint32_t result,
                                  int32_t consumer, uint32_t operand,
                                  int fromElement, int toElement) {
  fabric::EdgeRoute edge;
  edge.producer = producer;
  edge.result = result;
  edge.consumer = consumer;
  edge.operand = operand;
  if (fromElement < 0 || toElement < 0) {
    edge.capacity = fabric::kUnboundedCapacity;
    return edge;
  }
  edge.links = routeOnMesh(fabric, fromElement, toElement);
  edge.capacity = edge.links.empty() ? fabric::kLocalBypassCapacity : 0;
  for (uint32_t link : edge.links) {
    edge.latency += fabric.getLinks()[link].latency;
    edge.capacity += fabric.getLinks()[link].fifoDepth;
  }
  return edge;
}

/// Binds every memory actor of `mapping` to `interfaceOf(actor)` or, when
/// that is -1 or unset, the interface nearest to its element.
inline void bindMemoriesByHand(fabric::Mapping &mapping,
                               const fabric::Fabric &fabric,
                               llvm::function_ref<int(unsigned)> interfaceOf) {
  for (auto [index, place] : llvm::enumerate(mapping.actors)) {
    if (place.opName != "dataflow.load" && place.opName != "dataflow.store")
      continue;
    fabric::MemoryBinding binding;
    binding.actor = index;
    const fabric::ProcessingElement &from = fabric.getElements()[place.element];
    int forced = interfaceOf ? interfaceOf(index) : -1;
    unsigned best = UINT32_MAX;
    for (auto [i, memory] : llvm::enumerate(fabric.getMemoryInterfaces())) {
      unsigned distance = std::abs(int(memory.row) - int(from.row)) +
                          std::abs(int(memory.col) - int(from.col));
      if (forced >= 0 ? int(i) == forced : distance < best) {
        best = distance;
        binding.interface = i;
      }
    }
    const fabric::MemoryInterface &memory =
        fabric.getMemoryInterfaces()[binding.interface];
    llvm::SmallVector<uint32_t, 8> links = routeOnMesh(
        fabric, place.element, memory.row * fabric.getCols() + memory.col);
    for (unsigned link :
         fabric.getOutgoingLinks(memory.row * fabric.getCols() + memory.col))
      if (fabric.getLinks()[link].to == memory.node)
        links.push_back(link);
    binding.hops = links.size();
    for (uint32_t link : links)
      binding.routeLatency += fabric.getLinks()[link].latency;
    mapping.memories.push_back(binding);
  }
}

/// Places actor i of `graph` on element `elementOf(i)`; `interfaceOf(i)`
/// may force a memory actor's interface (return -1 for the nearest one).
inline fabric::Mapping
mapByHand(dataflow::GraphOp graph, const fabric::Fabric &fabric,
          llvm::function_ref<unsigned(unsigned)> elementOf,
          llvm::function_ref<int(unsigned)> interfaceOf = nullptr) {
  fabric::Mapping mapping;
  mapping.fabricName = fabric.getName().str();
  mapping.graphName = graph.getSymName().str();
  llvm::DenseMap<mlir::Operation *, int32_t> actorIndex;
  mlir::Block &body = graph.getBody().front();
  for (mlir::Operation &op : body.without_terminator()) {
    unsigned index = mapping.actors.size();
    fabric::ActorPlacement place;
    place.opName = op.getName().getStringRef().str();
    place.element = elementOf(index);
    std::optional<fabric::OperationClass> cls =
        fabric::classifyOperation(place.opName);
    const fabric::ProcessingElement &element =
        fabric.getElements()[place.element];
    bool found = false;
    for (auto [u, unit] : llvm::enumerate(element.units))
      if (cls && unit.supports(*cls) && !found) {
        place.unit = u;
        found = true;
      }
    EXPECT_TRUE(found) << "no unit for " << place.opName;
    actorIndex[&op] = index;
    mapping.actors.push_back(place);
  }
  auto elementOfOwner = [&](mlir::Operation *owner) -> std::pair<int32_t, int> {
    auto it = actorIndex.find(owner);
    if (it == actorIndex.end())
      return {fabric::kGraphBoundary, -1};
    return {it->second, int(mapping.actors[it->second].element)};
  };
  auto addUses = [&](mlir::Value value, int32_t producer, uint32_t result,
                     int fromElement) {
    llvm::SmallVector<mlir::OpOperand *> uses;
    for (mlir::OpOperand &use : value.getUses())
      uses.push_back(&use);
    llvm::sort(uses, [&](mlir::OpOperand *a, mlir::OpOperand *b) {
      if (a->getOwner() != b->getOwner())
        return a->getOwner()->isBeforeInBlock(b->getOwner());
      return a->getOperandNumber() < b->getOperandNumber();
    });
    for (mlir::OpOperand *use : uses) {
      auto [consumer, toElement] = elementOfOwner(use->getOwner());
      mapping.edges.push_back(makeEdge(fabric, producer, result, consumer,
                                       use->getOperandNumber(), fromElement,
                                       toElement));
    }
  };
  for (mlir::Operation &op : body.without_terminator())
    for (mlir::OpResult result : op.getResults())
      addUses(result, actorIndex[&op], result.getResultNumber(),
              mapping.actors[actorIndex[&op]].element);
  for (mlir::BlockArgument arg : body.getArguments())
    if (!mlir::isa<mlir::MemRefType>(arg.getType()))
      addUses(arg, fabric::kGraphBoundary, arg.getArgNumber(), -1);
  bindMemoriesByHand(mapping, fabric, interfaceOf);
  return mapping;
}

/// Gives the actors placed on one unit contexts 0, 1, ... in actor order, as
/// the mapper does on a time-multiplexed element (ActorPlacement::context).
inline void numberContexts(fabric::Mapping &mapping) {
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint32_t> next;
  for (fabric::ActorPlacement &place : mapping.actors)
    place.context = next[{place.element, place.unit}]++;
}

/// The index of the edge into `operand` of actor `consumer`.
inline fabric::EdgeRoute &findEdge(fabric::Mapping &mapping, int32_t consumer,
                                   uint32_t operand) {
  for (fabric::EdgeRoute &edge : mapping.edges)
    if (edge.consumer == consumer && edge.operand == operand)
      return edge;
  ADD_FAILURE() << "no edge into operand " << operand << " of actor "
                << consumer;
  return mapping.edges.front();
}

/// The fixture the cycle simulator's tests share: a context with the
/// dataflow and arith dialects, the cgra-4x4 preset, and the module of the
/// graph under test.
class CycleSimFixture : public ::testing::Test {
protected:
  CycleSimFixture() {
    context.loadDialect<dataflow::DataflowDialect, mlir::arith::ArithDialect>();
    llvm::Expected<fabric::Fabric> loaded = fabric::loadFabric("cgra-4x4");
    EXPECT_TRUE(static_cast<bool>(loaded));
    fabric.emplace(std::move(*loaded));
  }

  /// Parses `text` and returns its first graph.
  dataflow::GraphOp parse(llvm::StringRef text) {
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
    EXPECT_TRUE(module);
    return *module->getOps<dataflow::GraphOp>().begin();
  }

  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::optional<fabric::Fabric> fabric;
};

} // namespace loom::test

#endif // LOOM_TESTS_UNIT_CYCLESIM_HANDMAPPING_H
