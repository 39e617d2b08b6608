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
// The rule (docs/mapper.md, "Operand buffers"): fire(x) is the earliest
// cycle actor x can fire in a pipelined steady state, the longest path from
// the graph inputs over the edges that are not on a recurrence, each step
// costing what the cycle simulator charges (max(1, delay of the producer +
// route latency); a memory actor's delay includes its round trip to the
// interface). A token on edge p -> c is held from p's firing until c's, so
// at one token per `interval` cycles (the slowest initiation interval of the
// units used) the edge needs ceil((fire(c) - fire(p) + 1) / interval) slots,
// plus kSlackSlots; the buffer is what the route lacks, at most the consumer
// element's depth.
// Recurrence edges keep their routes' capacity: their tokens circulate, the
// ring's latency and not its buffering bounds the loop.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

using namespace loom;
using namespace loom::mapper;

/// Slots beyond the schedule's: the firing cycles assume no actor ever loses
/// a cycle, but a memory actor that loses its port or a bank to another one
/// falls behind by a cycle for good while its producers keep their pace.
/// One spare slot per edge lets every consumer run a cycle late without
/// stalling its producers. (saxpy on cgra-8x8 binds a load and the store to
/// one interface 16 cycles apart, a multiple of its 4 banks: without the
/// spare slot they meet on one bank every cycle and 16384 instances run at
/// 0.66 instances per cycle, with it at 0.97.)
static constexpr uint64_t kSlackSlots = 1;

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

/// The slowest initiation interval of the units the actors occupy: no
/// actor fires more often, so no edge carries more than one token per it.
static uint64_t getSlowestInterval(const fabric::Fabric &fabric,
                                   const fabric::Mapping &mapping) {
  uint64_t interval = 1;
  for (const fabric::ActorPlacement &place : mapping.actors)
    interval = std::max<uint64_t>(interval, fabric.getElements()[place.element]
                                                .units[place.unit]
                                                .initiationInterval);
  return interval;
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
  SteadySchedule schedule = computeSteadySchedule(problem, fabric, mapping);
  llvm::ArrayRef<uint64_t> fire = schedule.fire;
  uint64_t interval = getSlowestInterval(fabric, mapping);
  for (auto [edge, route] : llvm::zip_equal(problem.edges, mapping.edges)) {
    if (!isBalancedEdge(edge))
      continue;
    // Held from the producer's firing (it counts against the route as soon
    // as it is sent) until the consumer's firing frees its slot.
    uint64_t heldCycles = fire[edge.consumer] - fire[edge.producer] + 1;
    uint64_t slots = llvm::divideCeil(heldCycles, interval) + kSlackSlots;
    if (slots <= route.capacity)
      continue;
    unsigned depth = fabric.getElements()[mapping.actors[edge.consumer].element]
                         .operandBufferDepth;
    route.buffer = std::min<uint64_t>(slots - route.capacity, depth);
    route.capacity += route.buffer;
  }
}
