//===- FabricMapper.h - place and route a dataflow graph on a fabric ------===//
//
// Part of the Loom project.
//
// The mapper of issue F: technology mapping through the operation classes of
// the schema registry (each actor to a function unit that supports its
// class), placement by simulated annealing from a fixed seed, and routing by
// negotiated congestion (PathFinder) on the fabric's switch graph. The result
// is a loom::fabric::Mapping (loom/Fabric/Mapping.h), which the cycle
// simulator times and which MappingIO.h writes as configuration JSON and SVG.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_MAPPER_FABRICMAPPER_H
#define LOOM_MAPPER_FABRICMAPPER_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"

#include "llvm/Support/Error.h"

#include <tuple>

namespace loom::mapper {

struct MapperOptions {
  /// Seed of the annealing schedule: the same graph, fabric, options and
  /// seed always give the same mapping.
  uint64_t seed = 1;
  /// Wall-clock budget of one mapping in seconds; running out of it is a
  /// mapping failure that says so (never a partial mapping). It is a
  /// safety net, far above what a mapping takes (at most about 1 s on
  /// cgra-8x8, docs/benchmarks.md): since it is wall-clock time, a budget
  /// close to that would make the result depend on the machine's load.
  double timeBudgetSeconds = 60.0;
  /// PathFinder rip-up-and-reroute rounds before routing gives up.
  unsigned maxRoutingIterations = 50;
  /// Whether actors may share units and values may share channels on a
  /// time-multiplexed fabric. Off, the mapper maps as if every element and
  /// link had one context (Fabric::getSpatialView()), windows included. A
  /// graph of a LOOM_TARGET("spatial") kernel is mapped with it off first.
  bool allowSharing = true;
};

/// The mapper's measure of how fast a mapping runs (docs/mapper.md), lower
/// is faster; compared lexicographically. The mapper returns, of the
/// mappings it builds, the one with the lowest quality, and on a fabric
/// that contains a smaller preset unit for unit it also builds the
/// preset's mapping: a bigger fabric never gives a worse quality.
struct MappingQuality {
  /// The slowest recurrence: over every edge on a cycle of the actor graph,
  /// the latency of the shortest cycle through it (route latencies plus the
  /// delays of the actors on it: unit latency, and a memory actor's round
  /// trip to its interface), maximised. It bounds the loop's rate.
  uint64_t recurrenceLatency = 0;
  /// The pipeline depth: the latest cycle an actor's outputs leave it in
  /// the steady-state schedule of docs/mapper.md ("Operand buffers"), i.e.
  /// what a pipelined graph pays to fill and drain once operand buffers
  /// absorb the skew between its paths.
  uint64_t pipelineLatency = 0;
  /// The sum of every edge's route latency plus, per memory actor, twice
  /// the latency of its route to its interface (request and response).
  uint64_t totalLatency = 0;
  /// The sharing interval: the most actors placed on one unit, and the most
  /// values on one link per channel (rounded up), maximised. Sharing units
  /// and channels in time, a loop whose body holds those actors or values
  /// starts at most one iteration per this many cycles; 1 on a spatial
  /// fabric (0 for a graph without actors).
  uint64_t sharingInterval = 0;
  /// The buffer interval: over every edge between two actors off the
  /// recurrences, the cycles between its producer's and its consumer's
  /// firings in the steady-state schedule over the tokens the edge holds
  /// (its capacity), rounded up. At one token per T cycles an edge holds
  /// span / T tokens in flight, so a path that rejoins a longer one slower
  /// than its buffers allow bounds the rate: on cgra-4x4-temporal saxpy's
  /// address waited 21 cycles for the loaded values in 6 slots and the
  /// graph ran at 3.5 cycles per instance (0 for a graph without such
  /// edges).
  uint64_t bufferInterval = 0;

  /// What bounds the loop rate first: the largest of the sharing interval,
  /// the buffer interval and the recurrence latency. On a spatial fabric
  /// with deep operand buffers this orders mappings as the recurrence
  /// latency alone does.
  uint64_t getInterval() const {
    return std::max({sharingInterval, bufferInterval, recurrenceLatency});
  }

  bool operator<(const MappingQuality &other) const {
    return std::make_tuple(getInterval(), recurrenceLatency, pipelineLatency,
                           totalLatency) <
           std::make_tuple(other.getInterval(), other.recurrenceLatency,
                           other.pipelineLatency, other.totalLatency);
  }
  bool operator<=(const MappingQuality &other) const {
    return !(other < *this);
  }
};

/// The actors of `graph` in the actor order of Mapping.h: the body's
/// operations in program order, dataflow.graph.return excluded.
llvm::SmallVector<mlir::Operation *> getGraphActors(dataflow::GraphOp graph);

/// The edges of `graph` in the edge order of Mapping.h, endpoints only (no
/// links, latency 0, capacity 0). The token-carrying block arguments are the
/// non-memref ones, %start (argument 0) included: its uses are FIFOs too.
llvm::SmallVector<fabric::EdgeRoute, 0>
enumerateGraphEdges(dataflow::GraphOp graph);

/// Maps `graph` onto `fabric`. Fails with a message that names what could not
/// be placed or routed and why, e.g. "no function unit on cgra-4x4 supports
/// arith.divf (class float-div)", "graph @g has 20 memory actors but
/// cgra-4x4 has 16 memory units", or a congested link after the last routing
/// round.
llvm::Expected<fabric::Mapping> mapGraph(dataflow::GraphOp graph,
                                         const fabric::Fabric &fabric,
                                         const MapperOptions &options = {});

/// The quality of `mapping`, a mapping of `graph` on `fabric`.
MappingQuality evaluateQuality(dataflow::GraphOp graph,
                               const fabric::Fabric &fabric,
                               const fabric::Mapping &mapping);

} // namespace loom::mapper

#endif // LOOM_MAPPER_FABRICMAPPER_H
