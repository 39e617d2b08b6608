//===- SwitchDistances.cpp - hop distances on the switch graph ------------===//
//
// Part of the Loom project.
//
// Placement estimates a route by the hop distance between two element
// switches on the real switch graph (not the Manhattan distance), so custom
// link lists and missing links are priced correctly.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace loom;
using namespace loom::mapper;
using fabric::SwitchNode;

/// Breadth-first hop counts from `source`; memory nodes are reached but not
/// expanded.
static llvm::SmallVector<uint32_t> hopsFrom(const fabric::Fabric &fabric,
                                            unsigned source) {
  llvm::SmallVector<uint32_t> hops(fabric.getNodes().size(),
                                   SwitchDistances::kUnreachable);
  std::deque<unsigned> queue;
  hops[source] = 0;
  queue.push_back(source);
  while (!queue.empty()) {
    unsigned node = queue.front();
    queue.pop_front();
    if (fabric.getNodes()[node].kind == SwitchNode::Kind::MemoryPort)
      continue;
    for (unsigned linkId : fabric.getOutgoingLinks(node)) {
      unsigned next = fabric.getLinks()[linkId].to;
      if (hops[next] != SwitchDistances::kUnreachable)
        continue;
      hops[next] = hops[node] + 1;
      queue.push_back(next);
    }
  }
  return hops;
}

SwitchDistances mapper::computeSwitchDistances(const fabric::Fabric &fabric) {
  SwitchDistances distances;
  llvm::ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  llvm::ArrayRef<fabric::MemoryInterface> memories =
      fabric.getMemoryInterfaces();
  unsigned numElements = elements.size();
  distances.numElements = numElements;
  distances.elementHops.resize(numElements * numElements);
  distances.memoryHops.resize(numElements * memories.size());
  distances.nearestMemoryHops.assign(numElements,
                                     SwitchDistances::kUnreachable);
  for (unsigned a = 0; a < numElements; ++a) {
    llvm::SmallVector<uint32_t> hops = hopsFrom(fabric, elements[a].switchNode);
    for (unsigned b = 0; b < numElements; ++b)
      distances.elementHops[a * numElements + b] = hops[elements[b].switchNode];
    for (auto [m, memory] : llvm::enumerate(memories)) {
      uint32_t toMemory = hops[memory.node];
      distances.memoryHops[a * memories.size() + m] = toMemory;
      distances.nearestMemoryHops[a] =
          std::min(distances.nearestMemoryHops[a], toMemory);
    }
  }
  return distances;
}

std::string mapper::describeElement(const fabric::Fabric &fabric,
                                    unsigned element) {
  const fabric::ProcessingElement &pe = fabric.getElements()[element];
  return ("(" + llvm::Twine(pe.row) + ", " + llvm::Twine(pe.col) + ")").str();
}

std::string mapper::describeNode(const fabric::Fabric &fabric, unsigned node) {
  const SwitchNode &switchNode = fabric.getNodes()[node];
  if (switchNode.kind == SwitchNode::Kind::MemoryPort)
    return fabric.getMemoryInterfaces()[switchNode.memoryInterface].name;
  return ("(" + llvm::Twine(switchNode.row) + ", " +
          llvm::Twine(switchNode.col) + ")")
      .str();
}

llvm::Error Deadline::error(const MapProblem &problem,
                            const fabric::Fabric &fabric,
                            llvm::StringRef stage) const {
  return llvm::createStringError(
      llvm::formatv("mapping graph @{0} on {1} ran out of its time budget of "
                    "{2} s during {3}",
                    problem.graphName, fabric.getName(),
                    llvm::format("%g", budget), stage)
          .str());
}
