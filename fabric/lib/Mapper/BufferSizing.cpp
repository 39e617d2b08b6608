//===- BufferSizing.cpp - operand buffers against latency skew ------------===//
//
// Part of the Loom project.
//
// A routed edge holds only what its links' FIFOs (or a local bypass) hold.
// Where a short path rejoins a long one, e.g. a constant or an index that
// meets the result of a load, the short path's tokens wait in its FIFOs for
// the long path's, the FIFOs fill and the producer stalls: the graph runs at
// (route slots / skew) tokens per cycle instead of one. Elastic circuits and
// CGRA compilers balance such paths with buffers; this stage configures the
// operand buffers of the consumer elements (ProcessingElement::
// operandBufferDepth) so that each edge holds the tokens in flight at full
// rate:
//
//   load a ----(long: memory round trip)----\
//                                            addi      edge c -> addi waits
//   constant c --(short)--------------------/          for a: it needs room
//                                                      for the skew's tokens
//
// The rule (docs/mapper.md, "Operand buffers"): every edge between two
// actors off the recurrences gets its consumer element's whole
// operand_buffer_depth. Each operand's slots are its own, not a pool the
// element's operands share, so a smaller configuration frees nothing for
// another edge, and deeper FIFOs add no latency; sizing each edge to the
// skew of a pipelined steady state (the longest-path firing cycles below,
// which the quality measure still uses) under-provisioned loops whose
// stream runs ahead of a recurrence: relu's countPositives took 38% more
// cycles on cgra-8x8 than on cgra-4x4 with such sizing, and none more with
// every slot enabled.
// Recurrence edges keep their routes' capacity: their tokens circulate, the
// ring's latency and not its buffering bounds the loop.
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

/// Whether `edge` joins two actors off every recurrence: the edges whose
/// buffers this stage sizes, which form an acyclic graph.
static bool isBalancedEdge(const MapEdge &edge) {
  return edge.net >= 0 && !edge.inRecurrence;
}

/// The earliest firing cycle of every actor in a pipelined steady state:
/// the longest path over the balanced edges (Kahn's order), graph inputs
/// and recurrence inputs at cycle 0.
static llvm::SmallVector<uint64_t, 0>
computeFiringCycles(const MapProblem &problem, const fabric::Mapping &mapping,
                    llvm::ArrayRef<uint64_t> delay) {
  size_t numActors = problem.actors.size();
  llvm::SmallVector<llvm::SmallVector<uint32_t, 4>, 0> outEdges(numActors);
  llvm::SmallVector<uint32_t, 0> pendingInputs(numActors, 0);
  for (auto [index, edge] : llvm::enumerate(problem.edges)) {
    if (!isBalancedEdge(edge))
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
  // balanced edges are acyclic (GraphExtraction's components).
  assert(llvm::all_of(pendingInputs, [](uint32_t n) { return n == 0; }) &&
         "balanced edges form a cycle");
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

void mapper::sizeBuffers(const MapProblem &problem,
                         const fabric::Fabric &fabric,
                         fabric::Mapping &mapping) {
  for (auto [edge, route] : llvm::zip_equal(problem.edges, mapping.edges)) {
    if (!isBalancedEdge(edge))
      continue;
    route.buffer = fabric.getElements()[mapping.actors[edge.consumer].element]
                       .operandBufferDepth;
    route.capacity += route.buffer;
  }
}
