//===- PresetWindows.cpp - smaller presets as windows of a bigger fabric --===//
//
// Part of the Loom project.
//
// A bigger fabric must never give a slower mapping than a smaller one. When
// a smaller preset sits inside the fabric unit for unit (same units per
// element, same links, same memory interfaces at the same places), every
// mapping of the preset is also a mapping of the fabric: its elements,
// links and interfaces are renumbered, nothing else changes, and neither
// does its quality. The mapper maps on such windows too and keeps the best.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

using namespace loom;
using namespace loom::mapper;

static bool sameUnits(const fabric::ProcessingElement &small,
                      const fabric::ProcessingElement &big) {
  if (small.units.size() != big.units.size() ||
      small.operandBufferDepth != big.operandBufferDepth ||
      small.contexts != big.contexts)
    return false;
  for (auto [a, b] : llvm::zip(small.units, big.units))
    if (a.classes.getBits() != b.classes.getBits() || a.latency != b.latency ||
        a.initiationInterval != b.initiationInterval)
      return false;
  return true;
}

static bool sameInterface(const fabric::MemoryInterface &a,
                          const fabric::MemoryInterface &b) {
  return a.loadPorts == b.loadPorts && a.storePorts == b.storePorts &&
         a.latency == b.latency && a.requestsPerCycle == b.requestsPerCycle &&
         a.banks == b.banks;
}

/// The embedding of `small` at (rowOffset, colOffset) of `big`, if every
/// element, memory interface and link of `small` has its twin there.
static std::optional<FabricEmbedding> embedAt(const fabric::Fabric &small,
                                              const fabric::Fabric &big,
                                              unsigned rowOffset,
                                              unsigned colOffset) {
  FabricEmbedding embedding;
  embedding.nodeOf.assign(small.getNodes().size(), UINT32_MAX);
  for (const fabric::ProcessingElement &element : small.getElements()) {
    const fabric::ProcessingElement &twin =
        big.getElement(element.row + rowOffset, element.col + colOffset);
    if (!sameUnits(element, twin))
      return std::nullopt;
    embedding.elementOf.push_back(twin.row * big.getCols() + twin.col);
    embedding.nodeOf[element.switchNode] = twin.switchNode;
  }
  llvm::SmallVector<bool> used(big.getMemoryInterfaces().size(), false);
  for (const fabric::MemoryInterface &memory : small.getMemoryInterfaces()) {
    int32_t found = -1;
    for (auto [index, candidate] : llvm::enumerate(big.getMemoryInterfaces()))
      if (!used[index] && candidate.row == memory.row + rowOffset &&
          candidate.col == memory.col + colOffset &&
          sameInterface(memory, candidate)) {
        found = index;
        break;
      }
    if (found < 0)
      return std::nullopt;
    used[found] = true;
    embedding.interfaceOf.push_back(found);
    embedding.nodeOf[memory.node] = big.getMemoryInterfaces()[found].node;
  }
  for (const fabric::Link &link : small.getLinks()) {
    uint32_t from = embedding.nodeOf[link.from], to = embedding.nodeOf[link.to];
    int64_t found = -1;
    for (unsigned candidate : big.getOutgoingLinks(from)) {
      const fabric::Link &twin = big.getLinks()[candidate];
      if (twin.to == to && twin.channels == link.channels &&
          twin.latency == link.latency && twin.fifoDepth == link.fifoDepth &&
          twin.contexts == link.contexts) {
        found = candidate;
        break;
      }
    }
    if (found < 0)
      return std::nullopt;
    embedding.linkOf.push_back(found);
  }
  return embedding;
}

std::optional<FabricEmbedding>
mapper::findEmbedding(const fabric::Fabric &small, const fabric::Fabric &big) {
  if (small.getRows() > big.getRows() || small.getCols() > big.getCols())
    return std::nullopt;
  for (unsigned row = 0; row + small.getRows() <= big.getRows(); ++row)
    for (unsigned col = 0; col + small.getCols() <= big.getCols(); ++col)
      if (std::optional<FabricEmbedding> embedding =
              embedAt(small, big, row, col))
        return embedding;
  return std::nullopt;
}

fabric::Mapping mapper::translateMapping(const fabric::Mapping &mapping,
                                         const FabricEmbedding &embedding,
                                         const fabric::Fabric &big) {
  fabric::Mapping result = mapping;
  result.fabricName = big.getName().str();
  for (fabric::ActorPlacement &actor : result.actors)
    actor.element = embedding.elementOf[actor.element];
  for (fabric::EdgeRoute &edge : result.edges)
    for (uint32_t &link : edge.links)
      link = embedding.linkOf[link];
  for (fabric::MemoryBinding &binding : result.memories)
    binding.interface = embedding.interfaceOf[binding.interface];
  return result;
}
