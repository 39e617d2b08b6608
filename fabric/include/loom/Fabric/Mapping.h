//===- Mapping.h - a dataflow graph placed and routed on a fabric ---------===//
//
// Part of the Loom project.
//
// The contract between the mapper (fabric/lib/Mapper, which produces a
// Mapping) and the cycle simulator (sim/, which times a graph with it). It is
// free of MLIR on purpose: the configuration JSON, the SVG picture and the
// on-disk cache read and write it without a graph in hand.
//
// Numbering, shared by every producer and consumer of a Mapping:
// - Actor i is the i-th operation of the graph body in program order,
//   dataflow.graph.return excluded (the order DataflowEmulator builds its
//   actors in).
// - An edge is one use of an SSA value, i.e. one FIFO of the token semantics
//   (dataflow-semantics.md): a value with three uses is three edges. Edges
//   are listed producer-major: for actor 0, result 0, its uses in use-list
//   order reversed to program order (operand owner order, then operand
//   number); then result 1, ...; then actor 1; finally the uses of the graph
//   block arguments that carry tokens (value and stream inputs, in argument
//   order). Memref block arguments are not edges: a memory actor reaches its
//   memory through a memory interface (MemoryBinding).
// - Graph inputs enter and graph.return outputs leave through the fabric's
//   boundary at no cost: an edge from a block argument or to graph.return has
//   no links, latency 0, no buffer and capacity kUnboundedCapacity.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_MAPPING_H
#define LOOM_FABRIC_MAPPING_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace loom::fabric {

/// The producer or consumer index of an edge endpoint outside the actors.
inline constexpr int32_t kGraphBoundary = -1;
/// Tokens buffered by an edge between two units of one element.
inline constexpr uint32_t kLocalBypassCapacity = 2;
/// Capacity of an edge that crosses the fabric boundary.
inline constexpr uint32_t kUnboundedCapacity = UINT32_MAX;

/// Where one actor runs: a function unit of one processing element.
struct ActorPlacement {
  /// The actor's operation name, e.g. "arith.addi" (for reports and checks).
  std::string opName;
  /// Index into Fabric::getElements() (row-major).
  uint32_t element = 0;
  /// Index into that element's units.
  uint32_t unit = 0;
  /// The unit's instruction-memory context that holds this actor: distinct
  /// among the actors placed on one unit, below the element's `contexts`
  /// (always 0 on a spatial element).
  uint32_t context = 0;
};

/// One edge (one use of a value) and its route over the switch graph.
struct EdgeRoute {
  /// Producing actor, or kGraphBoundary for a graph block argument (then
  /// `result` is the block argument number).
  int32_t producer = kGraphBoundary;
  uint32_t result = 0;
  /// Consuming actor, or kGraphBoundary for graph.return (then `operand` is
  /// the graph.return operand number).
  int32_t consumer = kGraphBoundary;
  uint32_t operand = 0;
  /// Link ids (Fabric::getLinks()) from the producer's element switch to the
  /// consumer's, in order; empty when both share an element (a local bypass
  /// of latency 0) or the edge crosses the boundary.
  llvm::SmallVector<uint32_t, 8> links;
  /// Cycles a token spends on the route: the sum of the links' latencies.
  uint32_t latency = 0;
  /// Tokens the route can hold in flight plus buffered: the sum of the
  /// links' fifoDepth, or kLocalBypassCapacity for a local bypass (no
  /// links), plus `buffer`; kUnboundedCapacity across the boundary.
  uint32_t capacity = 1;
  /// Extra slots of the consumer operand's buffer that the mapper
  /// configured for this edge (at most the consumer element's
  /// operandBufferDepth; 0 on edges that cross the boundary). They are FIFO
  /// slots like the links': they add room, not latency.
  uint32_t buffer = 0;
};

/// The memory interface serving one memory actor (dataflow.load/store).
struct MemoryBinding {
  uint32_t actor = 0;
  /// Index into Fabric::getMemoryInterfaces().
  uint32_t interface = 0;
  /// Hops of the shortest path between the actor's element switch and the
  /// interface node; a request and its response each pay the sum of the
  /// link latencies along it.
  uint32_t hops = 0;
  uint32_t routeLatency = 0;
};

/// A graph placed and routed on a fabric.
struct Mapping {
  /// The fabric's name and the graph's symbol, for reports and the cache.
  std::string fabricName;
  std::string graphName;
  /// One entry per actor, in actor order.
  llvm::SmallVector<ActorPlacement, 0> actors;
  /// Every edge, in edge order (see the file comment).
  llvm::SmallVector<EdgeRoute, 0> edges;
  /// One entry per memory actor, in actor order.
  llvm::SmallVector<MemoryBinding, 0> memories;
  /// What the mapper achieved: the most distinct values (nets) carried by
  /// one link after routing (never above that link's capacity, channels x
  /// contexts, in a mapping the mapper returns; the uses of one value share
  /// a channel), total route hops, and the annealing cost of the final
  /// placement.
  uint32_t maxLinkSharing = 0;
  uint64_t totalHops = 0;
  double placementCost = 0;
  /// Wall time the mapper spent, in seconds (0 when loaded from the cache).
  double seconds = 0;
  bool fromCache = false;
};

} // namespace loom::fabric

#endif // LOOM_FABRIC_MAPPING_H
