//===- PhysicalBound.cpp - what the fabric itself allows a loop -----------===//
//
// Part of the Loom project.
//
// A loop's physical bound (issue L): the most iterations per cycle that
// any mapping of the program could reach on the fabric, counting only what
// the source program needs, not how this mapping or this lowering provides
// it:
//
// - memory: the loop's loads and stores per iteration over all the
//   fabric's memory interfaces (their requests per cycle, load ports and
//   store ports summed);
// - units: its compute actors per iteration of each class over all the
//   fabric's units of that class (the loop's own state machines, steering
//   and constants are the lowering's, not the program's);
// - recurrence: the compute latencies along the slowest dependence cycle
//   through its carries, without routes, FIFOs, state machines or memory
//   latency (a value a loop stores and reloads can be forwarded).
//
// The resource and recurrence bounds (CycleSimulator.cpp) are the same
// limits on this mapping; the physical bound is at least their minimum
// whenever the mapping wastes nothing.
//
//===----------------------------------------------------------------------===//

#include "CycleSimImpl.h"

#include "loom/Fabric/OperationClass.h"

using namespace mlir;
using namespace loom;
using namespace loom::sim;
using namespace loom::sim::detail;

/// The class of `actor` when it is a computation of the program (a class
/// the fabric does not need for the lowering's own machinery).
static std::optional<fabric::OperationClass>
getComputeClass(const Actor &actor) {
  std::optional<fabric::OperationClass> cls =
      fabric::classifyOperation(actor.op->getName().getStringRef());
  if (!cls || fabric::isRequiredClass(*cls))
    return std::nullopt;
  return cls;
}

/// The shortest latency among the fabric's units of `cls` (1 if none).
static unsigned getClassLatency(const fabric::Fabric &fabric,
                                fabric::OperationClass cls) {
  unsigned best = UINT_MAX;
  for (const fabric::ProcessingElement &element : fabric.getElements())
    for (const fabric::FunctionUnit &unit : element.units)
      if (unit.supports(cls))
        best = std::min(best, unit.latency);
  return best == UINT_MAX ? 1 : best;
}

uint64_t CycleEngine::getComputeLatency(int32_t actor) const {
  std::optional<fabric::OperationClass> cls =
      getComputeClass(engine.actors[actor]);
  return cls ? getClassLatency(fabric, *cls) : 0;
}

double CycleEngine::getFabricCycles(ArrayRef<int32_t> actors, double iterations,
                                    bool steady) const {
  if (iterations <= 0)
    return 0;
  std::array<double, fabric::kNumOperationClasses> computes = {};
  double loads = 0, stores = 0;
  for (int32_t index : actors) {
    const Actor &actor = engine.actors[index];
    double perIteration = steady ? double(actor.firings / uint64_t(iterations))
                                 : actor.firings / iterations;
    if (actor.rule == Rule::Load)
      loads += perIteration;
    if (actor.rule == Rule::Store)
      stores += perIteration;
    if (std::optional<fabric::OperationClass> cls = getComputeClass(actor))
      computes[static_cast<unsigned>(*cls)] += perIteration;
  }
  double cycles = 0;
  for (fabric::OperationClass cls : fabric::getAllOperationClasses()) {
    double demand = computes[static_cast<unsigned>(cls)];
    if (demand > 0)
      cycles = std::max(cycles, demand / std::max(1u, fabric.countUnits(cls)));
  }
  unsigned requests = 0, loadPorts = 0, storePorts = 0;
  for (const fabric::MemoryInterface &memory : fabric.getMemoryInterfaces()) {
    requests += memory.requestsPerCycle;
    loadPorts += memory.loadPorts;
    storePorts += memory.storePorts;
  }
  if (loads + stores > 0)
    cycles = std::max(cycles, (loads + stores) / std::max(1u, requests));
  if (loads > 0)
    cycles = std::max(cycles, loads / std::max(1u, loadPorts));
  if (stores > 0)
    cycles = std::max(cycles, stores / std::max(1u, storePorts));
  return cycles;
}

/// 1 / cycles, infinity for no limit.
static double toRate(double cycles) {
  return cycles > 0 ? 1.0 / cycles : std::numeric_limits<double>::infinity();
}

double CycleEngine::getPhysicalBound(const LoopState &loop) const {
  double fabricCycles = getFabricCycles(loop.body, loop.iterations,
                                        /*steady=*/true);
  return std::min(toRate(fabricCycles),
                  toRate(double(loop.physicalRecurrenceCycles)));
}

double CycleEngine::getInstancePhysicalBound(uint64_t instances) const {
  SmallVector<int32_t, 0> all(engine.actors.size());
  for (auto [index, slot] : llvm::enumerate(all))
    slot = index;
  return toRate(getFabricCycles(all, instances, /*steady=*/false));
}
