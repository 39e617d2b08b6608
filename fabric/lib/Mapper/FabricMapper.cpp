//===- FabricMapper.cpp - the mapper's driver -----------------------------===//
//
// Part of the Loom project.
//
// Runs the stages of MapperImpl.h in order under one time budget and turns
// their results into the Mapping of Mapping.h: per actor its unit, per edge
// its links, latency, operand buffer and capacity, per memory actor its
// interface.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "loom/Dialect/Dataflow/IR/GraphAttributes.h"
#include "loom/Fabric/FabricParser.h"

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

/// The pressure shares of successive placement attempts; after a routing
/// failure placement starts again from another seed (derived from the
/// user's, so still deterministic). The first attempt lets the estimated
/// hops use nine tenths of an element's channels: placements stay compact
/// and loops short, and most graphs route. The others charge hops beyond
/// half the channels, since the estimate spreads a net evenly over its
/// bounding box while real routes bunch up and detour: on the dense sample
/// graphs (loopForms, mergeSorted) a placement then routes about every
/// second attempt instead of every third (docs/mapper.md, "Limits"), at the
/// price of longer recurrences (a few cycles per iteration). They give
/// values the whole of each element's channels or three quarters of them;
/// lower channel shares only lengthen routes once the hop term spreads the
/// traffic.
static constexpr PressureShares kAttemptShares[] = {
    {1.0, 0.9},  {1.0, 0.5}, {0.75, 0.5}, {1.0, 0.5}, {1.0, 0.5},
    {0.75, 0.5}, {1.0, 0.5}, {1.0, 0.5},  {0.75, 0.5}};

/// Binds memories and routes `placement`; on congestion returns the
/// mapping without routes and sets `routing.congestion`.
static llvm::Expected<Mapping>
bindAndRoute(const MapProblem &problem, const fabric::Fabric &fabric,
             const TechnologyMapping &tech, const Placement &placement,
             const MapperOptions &options, const Deadline &deadline,
             Routing &routing) {
  Mapping mapping;
  mapping.fabricName = fabric.getName().str();
  mapping.graphName = problem.graphName;
  llvm::SmallVector<uint32_t, 0> elementOfActor;
  for (auto [actor, slot] : llvm::enumerate(placement.slotOfActor)) {
    const UnitSlot &unit = tech.slots[slot];
    elementOfActor.push_back(unit.element);
    mapping.actors.push_back(
        {problem.actors[actor].opName, unit.element, unit.unit, unit.context});
  }
  mapping.memories = bindMemories(problem, fabric, elementOfActor);
  if (llvm::Error error = checkMemoryReach(problem, fabric, mapping))
    return std::move(error);
  llvm::Expected<Routing> routed =
      routeNets(problem, fabric, elementOfActor, options, deadline);
  if (!routed)
    return routed.takeError();
  routing = std::move(*routed);
  if (!routing.congestion.empty())
    return mapping;
  fillEdges(problem, fabric, routing, mapping);
  sizeBuffers(problem, fabric, mapping);
  mapping.maxLinkSharing = routing.maxLinkSharing;
  mapping.placementCost = placement.cost;
  return mapping;
}

/// Places with `shares` and routes; `congestion` is the routing's
/// failure when it ended congested.
static llvm::Expected<Mapping>
placeAndRoute(const MapProblem &problem, const fabric::Fabric &fabric,
              const TechnologyMapping &tech, const SwitchDistances &distances,
              const MapperOptions &options, PressureShares shares,
              const Deadline &deadline, std::string &congestion) {
  llvm::Expected<Placement> placement =
      placeActors(problem, fabric, tech, distances, options, shares, deadline);
  if (!placement)
    return placement.takeError();
  Routing routing;
  llvm::Expected<Mapping> mapping = bindAndRoute(
      problem, fabric, tech, *placement, options, deadline, routing);
  congestion = routing.congestion;
  return mapping;
}

/// Maps `problem` on the whole of `fabric`: up to nine placement attempts
/// while routing ends congested. On a time-multiplexed fabric every attempt
/// runs, while the best so far is slower than one iteration per cycle, and
/// the one of best quality is kept: there placement and routing trade
/// sharing against wire length, and the first routed attempt is often
/// not the fastest (docs/ii-anchors.md, "What changed on 2026-12-03").
static llvm::Expected<Mapping> mapOnFabric(const MapProblem &problem,
                                           const fabric::Fabric &fabric,
                                           const MapperOptions &options,
                                           const Deadline &deadline) {
  llvm::Expected<TechnologyMapping> tech = mapTechnology(problem, fabric);
  if (!tech)
    return tech.takeError();
  SwitchDistances distances = computeSwitchDistances(fabric);
  std::string congestion;
  std::optional<Mapping> best;
  MappingQuality bestQuality;
  for (auto [attempt, shares] : llvm::enumerate(kAttemptShares)) {
    if (best && (bestQuality.getInterval() <= 1 || deadline.expired()))
      break;
    MapperOptions attemptOptions = options;
    attemptOptions.seed = options.seed + attempt * 0x9E3779B97F4A7C15ull;
    llvm::Expected<Mapping> mapping =
        placeAndRoute(problem, fabric, *tech, distances, attemptOptions, shares,
                      deadline, congestion);
    if (!mapping) {
      if (best) {
        llvm::consumeError(mapping.takeError());
        break;
      }
      return mapping;
    }
    if (!congestion.empty())
      continue;
    if (!tech->timeMultiplexed)
      return mapping;
    MappingQuality quality = evaluateQuality(problem, fabric, *mapping);
    if (!best || quality < bestQuality) {
      best = std::move(*mapping);
      bestQuality = quality;
    }
  }
  if (best)
    return std::move(*best);
  return llvm::createStringError(congestion);
}

/// The best mapping on the smaller presets that embed in `fabric` (each
/// mapped exactly as mapGraph maps it alone, so with the same result),
/// renumbered for `fabric`; std::nullopt when none embeds or maps.
static std::optional<Mapping> mapOnPresetWindows(dataflow::GraphOp graph,
                                                 const MapProblem &problem,
                                                 const fabric::Fabric &fabric,
                                                 const MapperOptions &options) {
  std::optional<Mapping> best;
  MappingQuality bestQuality;
  for (const fabric::Preset &preset : fabric::getPresets()) {
    llvm::Expected<fabric::Fabric> small =
        fabric::parseFabric(preset.json, preset.name);
    if (!small) {
      llvm::consumeError(small.takeError());
      continue;
    }
    if (small->getRows() * small->getCols() >=
        fabric.getRows() * fabric.getCols())
      continue;
    std::optional<FabricEmbedding> embedding = findEmbedding(*small, fabric);
    if (!embedding)
      continue;
    llvm::Expected<Mapping> mapping = mapGraph(graph, *small, options);
    if (!mapping) {
      llvm::consumeError(mapping.takeError());
      continue;
    }
    Mapping translated = translateMapping(*mapping, *embedding, fabric);
    MappingQuality quality = evaluateQuality(problem, fabric, translated);
    if (!best || quality < bestQuality) {
      best = std::move(translated);
      bestQuality = quality;
    }
  }
  return best;
}

/// The kernel's LOOM_TARGET as the kernel compiler records it on its
/// graphs ("spatial", "temporal"), or "".
static llvm::StringRef getTarget(dataflow::GraphOp graph) {
  if (auto target = graph->getAttrOfType<mlir::StringAttr>(
          dataflow::kGraphTargetAttrName))
    return target.getValue();
  return "";
}

/// mapGraph as the options say, without the choice between a spatial and a
/// shared mapping of a time-multiplexed fabric.
static llvm::Expected<Mapping> mapAsOptioned(dataflow::GraphOp graph,
                                             const fabric::Fabric &fabric,
                                             const MapperOptions &options) {
  Deadline deadline(options.timeBudgetSeconds);
  MapProblem problem = extractProblem(graph);
  // The smaller presets first, each with the whole budget as when mapped
  // alone; the whole fabric gets what remains.
  std::optional<Mapping> windowed =
      mapOnPresetWindows(graph, problem, fabric, options);
  if (windowed && deadline.expired()) {
    windowed->seconds = deadline.elapsed();
    return std::move(*windowed);
  }
  // Without sharing the stages see one context everywhere; the mapping is
  // then also one of `fabric`.
  std::optional<fabric::Fabric> spatialView;
  if (!options.allowSharing && fabric.isTimeMultiplexed())
    spatialView = fabric.getSpatialView();
  llvm::Expected<Mapping> mapping = mapOnFabric(
      problem, spatialView ? *spatialView : fabric, options, deadline);
  if (!mapping) {
    if (!windowed)
      return mapping.takeError();
    llvm::consumeError(mapping.takeError());
    windowed->seconds = deadline.elapsed();
    return std::move(*windowed);
  }
  // Ties keep the whole fabric's mapping.
  if (windowed && evaluateQuality(problem, fabric, *windowed) <
                      evaluateQuality(problem, fabric, *mapping)) {
    windowed->seconds = deadline.elapsed();
    return std::move(*windowed);
  }
  mapping->seconds = deadline.elapsed();
  return mapping;
}

llvm::Expected<Mapping> mapper::mapGraph(dataflow::GraphOp graph,
                                         const fabric::Fabric &fabric,
                                         const MapperOptions &options) {
  llvm::StringRef target = getTarget(graph);
  if (!options.allowSharing || !fabric.isTimeMultiplexed() ||
      target == "temporal")
    return mapAsOptioned(graph, fabric, options);
  // On a time-multiplexed fabric the costs of placement and routing weigh
  // sharing against wire length; the spatial view (one actor per unit, one
  // value per channel) is a second candidate, kept when its quality is as
  // good: the shared mapping may put two values on one channel to save a
  // few hops where the spatial view has room for both, and halve the rate
  // of every loop they are in. A kernel that asks to run spatially gets
  // that mapping whenever it exists; the hint is advice, so a graph that
  // does not fit that way still shares (docs/mapper.md, "Sharing and
  // LOOM_TARGET").
  MapperOptions spatialOptions = options;
  spatialOptions.allowSharing = false;
  llvm::Expected<Mapping> spatial =
      mapAsOptioned(graph, fabric, spatialOptions);
  if (spatial && target == "spatial")
    return spatial;
  llvm::Expected<Mapping> shared = mapAsOptioned(graph, fabric, options);
  if (!spatial) {
    llvm::consumeError(spatial.takeError());
    return shared;
  }
  if (!shared) {
    llvm::consumeError(shared.takeError());
    return spatial;
  }
  MapProblem problem = extractProblem(graph);
  double seconds = spatial->seconds + shared->seconds;
  Mapping &best = evaluateQuality(problem, fabric, *shared) <
                          evaluateQuality(problem, fabric, *spatial)
                      ? *shared
                      : *spatial;
  best.seconds = seconds;
  return std::move(best);
}
