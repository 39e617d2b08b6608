//===- FabricMapper.cpp - the mapper's driver -----------------------------===//
//
// Part of the Loom project.
//
// Runs the stages of MapperImpl.h in order under one time budget and turns
// their results into the Mapping of Mapping.h: per actor its unit, per edge
// its links, latency and capacity, per memory actor its interface.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/Support/FormatVariadic.h"

using namespace loom;
using namespace loom::mapper;
using fabric::EdgeRoute;
using fabric::Mapping;

/// Fills the edges of `mapping` from the routes (Mapping.h's rules).
static void fillEdges(const MapProblem &problem, const fabric::Fabric &fabric,
                      const Routing &routing, Mapping &mapping) {
  for (auto [index, edge] : llvm::enumerate(problem.edges)) {
    EdgeRoute route;
    route.producer = edge.producer;
    route.result = edge.result;
    route.consumer = edge.consumer;
    route.operand = edge.operand;
    if (edge.net < 0) {
      route.latency = 0;
      route.capacity = fabric::kUnboundedCapacity;
    } else {
      route.links = routing.edgeLinks[index];
      route.latency = 0;
      route.capacity = route.links.empty() ? fabric::kLocalBypassCapacity : 0;
      for (uint32_t linkId : route.links) {
        const fabric::Link &link = fabric.getLinks()[linkId];
        route.latency += link.latency;
        route.capacity += link.fifoDepth;
      }
      mapping.totalHops += route.links.size();
    }
    mapping.edges.push_back(std::move(route));
  }
}

/// Fails when a memory actor cannot reach any memory interface.
static llvm::Error checkMemoryReach(const MapProblem &problem,
                                    const fabric::Fabric &fabric,
                                    const Mapping &mapping) {
  for (const fabric::MemoryBinding &binding : mapping.memories) {
    if (!fabric.getMemoryInterfaces().empty() &&
        binding.hops < SwitchDistances::kUnreachable)
      continue;
    return llvm::createStringError(
        llvm::formatv(
            "cannot bind memory actor {0} ({1}) of graph @{2}: no "
            "memory interface of {3} is reachable from element {4}",
            binding.actor, problem.actors[binding.actor].opName,
            problem.graphName, fabric.getName(),
            describeElement(fabric, mapping.actors[binding.actor].element))
            .str());
  }
  return llvm::Error::success();
}

/// Channel shares of successive placement attempts. Values passing through
/// an element use its channels too, so the first attempt already keeps a
/// quarter of them free; after a routing failure placement starts from
/// another seed (derived from the user's, so still deterministic) with
/// other shares, mostly lower ones that spread actors more.
static constexpr double kChannelShares[] = {0.75, 0.5,  1.0,  0.75,
                                            0.5,  0.25, 0.75, 0.5};

/// Places, binds memories and routes once with `channelShare`.
static llvm::Expected<Mapping>
placeAndRoute(const MapProblem &problem, const fabric::Fabric &fabric,
              const TechnologyMapping &tech, const SwitchDistances &distances,
              const MapperOptions &options, double channelShare,
              const Deadline &deadline, std::string &congestion) {
  llvm::Expected<Placement> placement = placeActors(
      problem, fabric, tech, distances, options, channelShare, deadline);
  if (!placement)
    return placement.takeError();
  Mapping mapping;
  mapping.fabricName = fabric.getName().str();
  mapping.graphName = problem.graphName;
  llvm::SmallVector<uint32_t, 0> elementOfActor;
  for (auto [actor, slot] : llvm::enumerate(placement->slotOfActor)) {
    const UnitSlot &unit = tech.slots[slot];
    elementOfActor.push_back(unit.element);
    mapping.actors.push_back(
        {problem.actors[actor].opName, unit.element, unit.unit});
  }
  mapping.memories = bindMemories(problem, fabric, elementOfActor);
  if (llvm::Error error = checkMemoryReach(problem, fabric, mapping))
    return std::move(error);
  llvm::Expected<Routing> routing =
      routeNets(problem, fabric, elementOfActor, options, deadline);
  if (!routing)
    return routing.takeError();
  congestion = routing->congestion;
  if (!congestion.empty())
    return mapping;
  fillEdges(problem, fabric, *routing, mapping);
  mapping.maxLinkSharing = routing->maxLinkSharing;
  mapping.placementCost = placement->cost;
  return mapping;
}

llvm::Expected<Mapping> mapper::mapGraph(dataflow::GraphOp graph,
                                         const fabric::Fabric &fabric,
                                         const MapperOptions &options) {
  Deadline deadline(options.timeBudgetSeconds);
  MapProblem problem = extractProblem(graph);
  llvm::Expected<TechnologyMapping> tech = mapTechnology(problem, fabric);
  if (!tech)
    return tech.takeError();
  SwitchDistances distances = computeSwitchDistances(fabric);
  std::string congestion;
  for (auto [attempt, channelShare] : llvm::enumerate(kChannelShares)) {
    MapperOptions attemptOptions = options;
    attemptOptions.seed = options.seed + attempt * 0x9E3779B97F4A7C15ull;
    llvm::Expected<Mapping> mapping =
        placeAndRoute(problem, fabric, *tech, distances, attemptOptions,
                      channelShare, deadline, congestion);
    if (!mapping || congestion.empty()) {
      if (mapping)
        mapping->seconds = deadline.elapsed();
      return mapping;
    }
  }
  return llvm::createStringError(congestion);
}
