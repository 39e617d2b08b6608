//===- MappingFixtures.h - hand-built mappings on the presets -------------===//
//
// Part of the Loom project.
//
// The Mapping tests do not run the mapper: they place a small graph by hand
// on cgra-4x4 and route it dimension-ordered (columns, then rows), computing
// every latency and capacity from the fabric's links.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_FABRIC_MAPPINGFIXTURES_H
#define LOOM_TESTS_UNIT_FABRIC_MAPPINGFIXTURES_H

#include "loom/Fabric/FabricParser.h"
#include "loom/Fabric/MappingIO.h"

#include "gtest/gtest.h"

namespace loom::fabric::testing {

inline Fabric loadPreset(llvm::StringRef name) {
  llvm::Expected<Fabric> fabric = loadFabric(name);
  if (!fabric) {
    ADD_FAILURE() << llvm::toString(fabric.takeError());
    std::abort();
  }
  return std::move(*fabric);
}

inline unsigned elementAt(const Fabric &fabric, unsigned row, unsigned col) {
  return row * fabric.getCols() + col;
}

/// The index of the unit called `name` in element (row, col).
inline uint32_t unitNamed(const Fabric &fabric, unsigned row, unsigned col,
                          llvm::StringRef name) {
  const ProcessingElement &element = fabric.getElement(row, col);
  for (auto [index, unit] : llvm::enumerate(element.units))
    if (unit.name == name)
      return index;
  ADD_FAILURE() << "no unit " << name.str();
  return 0;
}

/// The link between two neighbouring switch nodes.
inline uint32_t linkBetween(const Fabric &fabric, unsigned from, unsigned to) {
  for (unsigned link : fabric.getOutgoingLinks(from))
    if (fabric.getLinks()[link].to == to)
      return link;
  ADD_FAILURE() << "no link " << from << " -> " << to;
  return 0;
}

/// An edge between two placed actors, routed columns first, then rows.
inline EdgeRoute routeEdge(const Fabric &fabric, const Mapping &mapping,
                           int32_t producer, uint32_t result, int32_t consumer,
                           uint32_t operand) {
  EdgeRoute edge{producer, result, consumer, operand, {}, 0, 0};
  const ProcessingElement &from =
      fabric.getElements()[mapping.actors[producer].element];
  const ProcessingElement &to =
      fabric.getElements()[mapping.actors[consumer].element];
  unsigned row = from.row, col = from.col;
  while (col != to.col || row != to.row) {
    unsigned nextRow = row, nextCol = col;
    if (col != to.col)
      nextCol = col < to.col ? col + 1 : col - 1;
    else
      nextRow = row < to.row ? row + 1 : row - 1;
    uint32_t link = linkBetween(fabric, elementAt(fabric, row, col),
                                elementAt(fabric, nextRow, nextCol));
    edge.links.push_back(link);
    edge.latency += fabric.getLinks()[link].latency;
    edge.capacity += fabric.getLinks()[link].fifoDepth;
    row = nextRow;
    col = nextCol;
  }
  if (edge.links.empty())
    edge.capacity = kLocalBypassCapacity;
  return edge;
}

inline EdgeRoute boundaryEdge(int32_t producer, uint32_t result,
                              int32_t consumer, uint32_t operand) {
  return {producer, result, consumer, operand, {}, 0, kUnboundedCapacity};
}

/// A vector add on cgra-4x4: a stream of indices feeds two loads, their sum
/// is stored. Actor 5 (a constant) shares element (2, 2) with the add, so one
/// edge is a local bypass.
inline Mapping buildVecAddMapping(const Fabric &fabric) {
  Mapping mapping;
  mapping.fabricName = fabric.getName().str();
  mapping.graphName = "vecadd";
  auto place = [&](llvm::StringRef op, unsigned row, unsigned col,
                   llvm::StringRef unit) {
    mapping.actors.push_back({op.str(), elementAt(fabric, row, col),
                              unitNamed(fabric, row, col, unit)});
  };
  place("dataflow.stream", 0, 0, "stream"); // 0
  place("dataflow.load", 1, 1, "lsu");      // 1
  place("dataflow.load", 1, 2, "lsu");      // 2
  place("arith.addi", 2, 2, "alu");         // 3
  place("dataflow.store", 2, 1, "lsu");     // 4
  place("arith.muli", 2, 2, "mul");         // 5
  mapping.edges.push_back(boundaryEdge(kGraphBoundary, 0, 0, 0));
  mapping.edges.push_back(routeEdge(fabric, mapping, 0, 0, 1, 0));
  mapping.edges.push_back(routeEdge(fabric, mapping, 0, 0, 2, 0));
  mapping.edges.push_back(routeEdge(fabric, mapping, 0, 0, 4, 1));
  mapping.edges.push_back(routeEdge(fabric, mapping, 1, 0, 3, 0));
  mapping.edges.push_back(routeEdge(fabric, mapping, 2, 0, 3, 1));
  mapping.edges.push_back(routeEdge(fabric, mapping, 3, 0, 5, 0));
  mapping.edges.push_back(routeEdge(fabric, mapping, 5, 0, 4, 0));
  mapping.edges.push_back(boundaryEdge(4, 0, kGraphBoundary, 0));
  // Shortest paths to the interfaces on the west edge: mem0 at (1, 0), mem1
  // at (2, 0); one hop per mesh link plus the link into the interface.
  mapping.memories.push_back({1, 0, 2, 2});
  mapping.memories.push_back({2, 0, 3, 3});
  mapping.memories.push_back({4, 1, 2, 2});
  // Link (1, 2) -> (2, 2) carries the values of both loads.
  mapping.maxLinkSharing = 2;
  for (const EdgeRoute &edge : mapping.edges)
    mapping.totalHops += edge.links.size();
  mapping.placementCost = 12.345678901234567;
  mapping.seconds = 0.1 + 0.2;
  return mapping;
}

/// cgra-4x4 time-multiplexed: `elementContexts` per element, mesh links of
/// `channels` x `linkContexts`. Its name stays "cgra-4x4", so the mappings
/// above are mappings of it.
inline Fabric loadTimeMultiplexedPreset(unsigned elementContexts,
                                        unsigned channels,
                                        unsigned linkContexts) {
  std::string json = findPreset("cgra-4x4")->json.str();
  auto edit = [&](llvm::StringRef from, const std::string &to) {
    size_t at = json.find(from.str());
    if (at == std::string::npos) {
      ADD_FAILURE() << "cgra-4x4 has no " << from.str();
      std::abort();
    }
    json.replace(at, from.size(), to);
  };
  edit("\"operand_buffer_depth\": 32,",
       "\"operand_buffer_depth\": 32, \"contexts\": " +
           std::to_string(elementContexts) + ",");
  edit("\"channels\": 2",
       "\"channels\": " + std::to_string(channels) +
           ", \"contexts\": " + std::to_string(linkContexts));
  llvm::Expected<Fabric> fabric = parseFabric(json, "cgra-4x4-temporal");
  if (!fabric) {
    ADD_FAILURE() << llvm::toString(fabric.takeError());
    std::abort();
  }
  return std::move(*fabric);
}

/// The vector add with a subtraction of the sum (actor 6) on the add's
/// unit: the alu of (2, 2) holds actor 3 in context 0 and actor 6 in
/// context 2 (contexts need not be consecutive). Needs 3 contexts there.
inline Mapping buildSharedUnitMapping(const Fabric &fabric) {
  Mapping mapping = buildVecAddMapping(fabric);
  mapping.actors.push_back({"arith.subi", elementAt(fabric, 2, 2),
                            unitNamed(fabric, 2, 2, "alu"), /*context=*/2});
  mapping.edges.push_back(routeEdge(fabric, mapping, 3, 0, 6, 0));
  mapping.edges.push_back(boundaryEdge(6, 0, kGraphBoundary, 1));
  return mapping;
}

inline void expectSameMapping(const Mapping &a, const Mapping &b) {
  EXPECT_EQ(a.fabricName, b.fabricName);
  EXPECT_EQ(a.graphName, b.graphName);
  ASSERT_EQ(a.actors.size(), b.actors.size());
  for (auto [x, y] : llvm::zip(a.actors, b.actors)) {
    EXPECT_EQ(x.opName, y.opName);
    EXPECT_EQ(x.element, y.element);
    EXPECT_EQ(x.unit, y.unit);
    EXPECT_EQ(x.context, y.context);
  }
  ASSERT_EQ(a.edges.size(), b.edges.size());
  for (auto [x, y] : llvm::zip(a.edges, b.edges)) {
    EXPECT_EQ(x.producer, y.producer);
    EXPECT_EQ(x.result, y.result);
    EXPECT_EQ(x.consumer, y.consumer);
    EXPECT_EQ(x.operand, y.operand);
    EXPECT_EQ(x.links, y.links);
    EXPECT_EQ(x.latency, y.latency);
    EXPECT_EQ(x.capacity, y.capacity);
    EXPECT_EQ(x.buffer, y.buffer);
  }
  ASSERT_EQ(a.memories.size(), b.memories.size());
  for (auto [x, y] : llvm::zip(a.memories, b.memories)) {
    EXPECT_EQ(x.actor, y.actor);
    EXPECT_EQ(x.interface, y.interface);
    EXPECT_EQ(x.hops, y.hops);
    EXPECT_EQ(x.routeLatency, y.routeLatency);
  }
  EXPECT_EQ(a.maxLinkSharing, b.maxLinkSharing);
  EXPECT_EQ(a.totalHops, b.totalHops);
  EXPECT_EQ(a.placementCost, b.placementCost);
  EXPECT_EQ(a.seconds, b.seconds);
}

inline std::string toJSON(const Mapping &mapping, const Fabric &fabric) {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeMappingJSON(mapping, fabric, os);
  return text;
}

} // namespace loom::fabric::testing

#endif // LOOM_TESTS_UNIT_FABRIC_MAPPINGFIXTURES_H
