//===- SteadySchedule.cpp - firing cycles of a pipelined steady state -----===//
//
// Part of the Loom project.
//
// When each actor of a mapped graph fires in a pipelined steady state, as
// the cycle simulator times it: the longest path from the graph inputs over
// the edges between actors off the recurrences (which form an acyclic
// graph), a step p -> c costing max(1, delay(p) + route latency), where a
// memory actor's delay includes its round trip to its interface. The
// quality measure's pipeline latency is read from it (MappingQuality.cpp).
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

using namespace loom;
using namespace loom::mapper;

/// The unit latency, plus for a memory actor the request's and the
/// response's trip to its interface and, for a load, the interface latency.
static llvm::SmallVector<uint64_t, 0>
computeActorDelays(const MapProblem &problem, const fabric::Fabric &fabric,
                   const fabric::Mapping &mapping) {
  llvm::SmallVector<uint64_t, 0> delay;
  for (const fabric::ActorPlacement &place : mapping.actors)
    delay.push_back(
        fabric.getElements()[place.element].units[place.unit].latency);
  for (const fabric::MemoryBinding &binding : mapping.memories) {
    const fabric::MemoryInterface &memory =
        fabric.getMemoryInterfaces()[binding.interface];
    delay[binding.actor] +=
        2 * uint64_t(binding.routeLatency) +
        (problem.actors[binding.actor].isLoad ? memory.latency : 0);
  }
  return delay;
}

/// The earliest firing cycle of every actor in a pipelined steady state:
/// the longest path over the edges between actors off the recurrences (Kahn's
/// order), graph inputs and recurrence inputs at cycle 0.
static llvm::SmallVector<uint64_t, 0>
computeFiringCycles(const MapProblem &problem, const fabric::Mapping &mapping,
                    llvm::ArrayRef<uint64_t> delay) {
  size_t numActors = problem.actors.size();
  llvm::SmallVector<llvm::SmallVector<uint32_t, 4>, 0> outEdges(numActors);
  llvm::SmallVector<uint32_t, 0> pendingInputs(numActors, 0);
  for (auto [index, edge] : llvm::enumerate(problem.edges)) {
    if (!isOffRecurrenceActorEdge(edge))
      continue;
    outEdges[edge.producer].push_back(index);
    ++pendingInputs[edge.consumer];
  }
  llvm::SmallVector<uint64_t, 0> fire(numActors, 0);
  llvm::SmallVector<uint32_t, 0> ready;
  for (uint32_t actor = 0; actor < numActors; ++actor)
    if (pendingInputs[actor] == 0)
      ready.push_back(actor);
  while (!ready.empty()) {
    uint32_t actor = ready.pop_back_val();
    for (uint32_t index : outEdges[actor]) {
      const MapEdge &edge = problem.edges[index];
      uint64_t hop =
          std::max<uint64_t>(1, delay[actor] + mapping.edges[index].latency);
      fire[edge.consumer] = std::max(fire[edge.consumer], fire[actor] + hop);
      if (--pendingInputs[edge.consumer] == 0)
        ready.push_back(edge.consumer);
    }
  }
  // Every actor was released: recurrence edges are the only cycles, so the
  // edges off the recurrences are acyclic (GraphExtraction's components).
  assert(llvm::all_of(pendingInputs, [](uint32_t n) { return n == 0; }) &&
         "edges off the recurrences form a cycle");
  return fire;
}

SteadySchedule mapper::computeSteadySchedule(const MapProblem &problem,
                                             const fabric::Fabric &fabric,
                                             const fabric::Mapping &mapping) {
  SteadySchedule schedule;
  schedule.delay = computeActorDelays(problem, fabric, mapping);
  schedule.fire = computeFiringCycles(problem, mapping, schedule.delay);
  return schedule;
}
