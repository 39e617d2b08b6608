//===- MappingQuality.cpp - the mapper's measure of a mapping's speed -----===//
//
// Part of the Loom project.
//
// What predicts the cycles a mapping takes, as docs/mapper.md defines it:
// first the larger of the sharing interval (on a time-multiplexed fabric,
// the most actors on one unit or values on one channel) and the recurrence
// latency, then the recurrence latency (a loop-carried value must travel round
// its cycle before the next iteration can use it, so the slowest recurrence
// bounds the loop's rate), then the pipeline latency (the cycles from the
// graph inputs to the last output in the steady-state schedule: what a
// pipelined graph pays to fill and drain), then the total route latency
// (every token's path, and each memory access twice: request and
// response).
// The mapper keeps, of the mappings it builds, the one with the best
// quality; a bigger fabric also builds the smaller presets' mappings, which
// is why it is never slower by this measure.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/ADT/DenseMap.h"

#include <limits>

using namespace loom;
using namespace loom::mapper;

/// The recurrence latency: for every recurrence edge u -> v, the latency of
/// the shortest cycle through it (route latencies plus the delays of the
/// actors on it: unit latency, and a memory actor's round trip); the
/// maximum over those edges. Shortest paths by
/// Floyd-Warshall over the actors that lie on recurrences: graphs have a few
/// hundred actors at most and recurrence components are smaller.
static uint64_t recurrenceLatency(const MapProblem &problem,
                                  const fabric::Mapping &mapping,
                                  llvm::ArrayRef<uint64_t> delay) {
  llvm::SmallVector<int32_t, 0> indexOf(problem.actors.size(), -1);
  llvm::SmallVector<uint32_t, 0> members;
  for (const MapEdge &edge : problem.edges)
    if (edge.inRecurrence)
      for (int32_t end : {edge.producer, edge.consumer})
        if (indexOf[end] < 0) {
          indexOf[end] = members.size();
          members.push_back(end);
        }
  if (members.empty())
    return 0;
  constexpr uint64_t kInfinite = std::numeric_limits<uint64_t>::max() / 4;
  size_t n = members.size();
  llvm::SmallVector<uint64_t, 0> dist(n * n, kInfinite);
  // A step u -> v costs u's delay plus the route's latency.
  auto step = [&](uint32_t edgeIndex) {
    const MapEdge &edge = problem.edges[edgeIndex];
    return delay[edge.producer] + mapping.edges[edgeIndex].latency;
  };
  for (auto [index, edge] : llvm::enumerate(problem.edges))
    if (edge.inRecurrence) {
      uint64_t &d = dist[indexOf[edge.producer] * n + indexOf[edge.consumer]];
      d = std::min(d, step(index));
    }
  for (size_t k = 0; k < n; ++k)
    for (size_t i = 0; i < n; ++i) {
      uint64_t viaK = dist[i * n + k];
      if (viaK >= kInfinite)
        continue;
      for (size_t j = 0; j < n; ++j)
        dist[i * n + j] = std::min(dist[i * n + j], viaK + dist[k * n + j]);
    }
  uint64_t worst = 0;
  for (auto [index, edge] : llvm::enumerate(problem.edges)) {
    if (!edge.inRecurrence)
      continue;
    uint64_t back =
        edge.producer == edge.consumer
            ? 0
            : dist[indexOf[edge.consumer] * n + indexOf[edge.producer]];
    if (back < kInfinite)
      worst = std::max(worst, step(index) + back);
  }
  return worst;
}

/// The most actors on one unit and values per channel on one link.
/// The most cycles one memory interface needs per firing of every memory
/// actor: its loads over its load ports, stores over store ports, both over
/// requests per cycle, and the actors bound to it with the same indices
/// (which address one bank and are serialized).
static uint64_t memoryInterval(const MapProblem &problem,
                               const fabric::Fabric &fabric,
                               const fabric::Mapping &mapping) {
  llvm::ArrayRef<fabric::MemoryInterface> interfaces =
      fabric.getMemoryInterfaces();
  llvm::SmallVector<uint64_t> loads(interfaces.size(), 0),
      stores(interfaces.size(), 0);
  llvm::DenseMap<std::pair<uint32_t, int32_t>, uint64_t> sameAddress;
  uint64_t most = 0;
  for (const fabric::MemoryBinding &binding : mapping.memories) {
    const MapActor &actor = problem.actors[binding.actor];
    ++(actor.isLoad ? loads : stores)[binding.interface];
    if (actor.address >= 0)
      most = std::max(most, ++sameAddress[{binding.interface, actor.address}]);
  }
  for (auto [m, memory] : llvm::enumerate(interfaces)) {
    if (memory.loadPorts)
      most = std::max(most, llvm::divideCeil(loads[m], memory.loadPorts));
    if (memory.storePorts)
      most = std::max(most, llvm::divideCeil(stores[m], memory.storePorts));
    if (memory.requestsPerCycle)
      most = std::max(most, llvm::divideCeil(loads[m] + stores[m],
                                             memory.requestsPerCycle));
  }
  return most;
}

static uint64_t sharingInterval(const MapProblem &problem,
                                const fabric::Fabric &fabric,
                                const fabric::Mapping &mapping) {
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, uint64_t> actorsOnUnit;
  uint64_t most = 0;
  for (const fabric::ActorPlacement &actor : mapping.actors)
    most = std::max(most, ++actorsOnUnit[{actor.element, actor.unit}]);
  llvm::SmallVector<llvm::SmallVector<int32_t, 4>, 0> netsOnLink(
      fabric.getLinks().size());
  for (auto [index, edge] : llvm::enumerate(problem.edges))
    for (uint32_t link : mapping.edges[index].links)
      if (!llvm::is_contained(netsOnLink[link], edge.net))
        netsOnLink[link].push_back(edge.net);
  for (auto [link, nets] : llvm::enumerate(netsOnLink)) {
    uint64_t channels = fabric.getLinks()[link].channels;
    most = std::max<uint64_t>(most, (nets.size() + channels - 1) / channels);
  }
  // Only a graph streaming at its interfaces' rate is bound by them; for
  // the others the term would only reorder equally fast mappings.
  if (problem.spreadsMemory)
    most = std::max(most, memoryInterval(problem, fabric, mapping));
  return most;
}

/// The most cycles per token that an edge off the recurrences allows: its
/// steady-state span (consumer's firing cycle minus producer's) over its
/// capacity, rounded up.
static uint64_t bufferInterval(const MapProblem &problem,
                               const fabric::Mapping &mapping,
                               llvm::ArrayRef<uint64_t> fire) {
  uint64_t most = 0;
  for (auto [edge, route] : llvm::zip_equal(problem.edges, mapping.edges)) {
    if (!isOffRecurrenceActorEdge(edge) ||
        route.capacity == fabric::kUnboundedCapacity || route.capacity == 0)
      continue;
    uint64_t span = fire[edge.consumer] - fire[edge.producer];
    most = std::max(most, llvm::divideCeil(span, route.capacity));
  }
  return most;
}

MappingQuality mapper::evaluateQuality(const MapProblem &problem,
                                       const fabric::Fabric &fabric,
                                       const fabric::Mapping &mapping) {
  MappingQuality quality;
  quality.sharingInterval = sharingInterval(problem, fabric, mapping);
  SteadySchedule schedule = computeSteadySchedule(problem, fabric, mapping);
  quality.recurrenceLatency =
      recurrenceLatency(problem, mapping, schedule.delay);
  for (auto [fire, delay] : llvm::zip_equal(schedule.fire, schedule.delay))
    quality.pipelineLatency = std::max(quality.pipelineLatency, fire + delay);
  quality.bufferInterval = bufferInterval(problem, mapping, schedule.fire);
  for (const fabric::EdgeRoute &edge : mapping.edges)
    quality.totalLatency += edge.latency;
  for (const fabric::MemoryBinding &binding : mapping.memories)
    quality.totalLatency += 2 * uint64_t(binding.routeLatency);
  return quality;
}

MappingQuality mapper::evaluateQuality(dataflow::GraphOp graph,
                                       const fabric::Fabric &fabric,
                                       const fabric::Mapping &mapping) {
  return evaluateQuality(extractProblem(graph), fabric, mapping);
}
