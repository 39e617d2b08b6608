//===- MappedGraphs.cpp - map a module's graphs, simulate launches --------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/MappedGraphs.h"

#include "loom/Mapper/CachedMapping.h"
#include "loom/Sim/GraphLanes.h"

#include <mutex>

using namespace loom;
using namespace loom::sim;

MappedGraphs loom::sim::mapModuleGraphs(mlir::ModuleOp module,
                                        const fabric::Fabric &fabric,
                                        fabric::MappingCache &cache,
                                        const mapper::MapperOptions &options) {
  llvm::SmallVector<dataflow::GraphOp> graphs(
      module.getOps<dataflow::GraphOp>());
  return mapGraphs(graphs, fabric, cache, options);
}

MappedGraphs loom::sim::mapGraphs(llvm::ArrayRef<dataflow::GraphOp> graphs,
                                  const fabric::Fabric &fabric,
                                  fabric::MappingCache &cache,
                                  const mapper::MapperOptions &options) {
  MappedGraphs mapped;
  for (dataflow::GraphOp graph : graphs) {
    llvm::Expected<fabric::Mapping> mapping =
        mapper::mapGraphCached(graph, fabric, cache, options);
    if (!mapping) {
      mapped.problem =
          ("graph @" + graph.getSymName() + " cannot be mapped on " +
           fabric.getName() + ": " + llvm::toString(mapping.takeError()))
              .str();
      return mapped;
    }
    mapped.mappings.try_emplace(graph, std::move(*mapping));
    mapped.graphs.push_back(graph);
  }
  return mapped;
}

void loom::sim::addGraphLanes(MappedGraphs &mapped, mlir::ModuleOp module,
                              const fabric::Fabric &fabric,
                              fabric::MappingCache &cache,
                              const mapper::MapperOptions &options,
                              unsigned maxLanes) {
  for (auto [graph, hinted] : getBatchedGraphs(module)) {
    unsigned cap = kMaxLanes;
    if (hinted)
      cap = std::min(cap, hinted);
    if (maxLanes)
      cap = std::min(cap, maxLanes);
    // A width the mapper cannot route falls back to fewer copies.
    for (unsigned count = chooseLaneCount(graph, fabric, cap); count > 1;
         --count) {
      dataflow::GraphOp laned = buildLanedGraph(graph, count);
      if (!laned)
        break;
      llvm::Expected<fabric::Mapping> mapping =
          mapper::mapGraphCached(laned, fabric, cache, options);
      if (mapping) {
        mapped.mappings.try_emplace(laned, std::move(*mapping));
        mapped.lanes[graph] = {laned, count};
        break;
      }
      llvm::consumeError(mapping.takeError());
      laned.erase();
    }
  }
}

/// Adds the shared units and links of one launch of `graphName`.
static void addSharing(RunTiming &timing, llvm::StringRef graphName,
                       const CycleSimStats &launch) {
  for (const SharedUnitUse &use : launch.sharedUnits) {
    auto it = llvm::find_if(timing.sharedUnits, [&](const RunSharedUnit &unit) {
      return unit.graph == graphName && unit.use.element == use.element &&
             unit.use.unit == use.unit;
    });
    if (it == timing.sharedUnits.end()) {
      timing.sharedUnits.push_back({graphName.str(), use});
      continue;
    }
    for (auto [total, firings] : llvm::zip_equal(it->use.firings, use.firings))
      total += firings;
  }
  for (const SharedLinkUse &use : launch.sharedLinks) {
    auto it = llvm::find_if(timing.sharedLinks, [&](const RunSharedLink &link) {
      return link.graph == graphName && link.use.link == use.link;
    });
    if (it == timing.sharedLinks.end()) {
      timing.sharedLinks.push_back({graphName.str(), use});
      continue;
    }
    it->use.busyCycles += use.busyCycles;
    it->use.crossings += use.crossings;
  }
}

void RunTiming::add(llvm::StringRef graphName, const CycleSimStats &launch) {
  ++graphLaunches;
  cycles += launch.cycles;
  for (auto [total, stall] : llvm::zip_equal(stalls, launch.stalls))
    total += stall;
  memoryLoads += launch.memoryLoads;
  memoryStores += launch.memoryStores;
  for (const LoopRate &rate : launch.loops) {
    auto it = llvm::find_if(loops, [&](const RunLoopRate &loop) {
      return loop.graph == graphName && loop.loop == rate.loop;
    });
    if (it == loops.end()) {
      loops.push_back({graphName.str(), rate.loop});
      it = std::prev(loops.end());
    }
    it->iterations += rate.iterations;
    it->cycles += rate.cycles;
    it->achieved = it->cycles ? double(it->iterations) / it->cycles : 0;
    // The bounds are per iteration, the same in every launch, except that
    // the laned batches of a graph and its single-copy remainder have their
    // own: the laned one describes the loop.
    if (rate.lanes >= it->lanes) {
      it->lanes = rate.lanes;
      it->resourceBound = rate.resourceBound;
      it->recurrenceBound = rate.recurrenceBound;
      it->physicalBound = rate.physicalBound;
    }
  }
  if (unitBusyCycles.size() < launch.unitBusyCycles.size())
    unitBusyCycles.resize(launch.unitBusyCycles.size());
  for (auto [total, busy] : llvm::zip(unitBusyCycles, launch.unitBusyCycles)) {
    if (total.size() < busy.size())
      total.resize(busy.size());
    for (auto [sum, cycles] : llvm::zip(total, busy))
      sum += cycles;
  }
  addSharing(*this, graphName, launch);
}

decltype(InterpreterOptions::graphRunner) loom::sim::makeCycleSimGraphRunner(
    const MappedGraphs &mapped, const fabric::Fabric &fabric,
    CycleSimOptions options, RunTiming &timing, LaunchObserver observer) {
  auto mutex = std::make_shared<std::mutex>();
  return [&mapped, &fabric, options = std::move(options), &timing,
          observer = std::move(observer),
          mutex](dataflow::GraphOp graph, llvm::ArrayRef<TokenValue> values,
                 llvm::ArrayRef<MemoryBuffer *> memories,
                 uint64_t firingBudget) -> llvm::Expected<EmulationResult> {
    // The cycle budget bounds a simulated launch; the emulator's firing
    // budget does not apply to it.
    (void)firingBudget;
    auto it = mapped.mappings.find(graph);
    if (it == mapped.mappings.end())
      return llvm::createStringError("graph @" + graph.getSymName() +
                                     " has no mapping on " + fabric.getName());
    llvm::Expected<CycleSimResult> result = CycleSimulator::runGraph(
        graph, fabric, it->second, values, {}, memories, options);
    if (!result)
      return result.takeError();
    std::lock_guard<std::mutex> lock(*mutex);
    timing.add(graph.getSymName(), result->timing);
    if (observer)
      observer(graph, it->second, *result);
    return std::move(result->emulation);
  };
}

namespace {
/// Runs the batches of one graph on the simulator, on its laned copies when
/// MappedGraphs::lanes has them.
struct BatchRunner {
  const MappedGraphs &mapped;
  const fabric::Fabric &fabric;
  CycleSimOptions options;
  RunTiming &timing;
  LaunchObserver observer;
  std::shared_ptr<std::mutex> mutex;

  /// One runGraphBatch of `runs` (`graph` or its laned copy of `lanes`
  /// copies, whose instances are `lanes` instances of `graph` each): the
  /// timing is `graph`'s, counted in its instances.
  llvm::Expected<EmulationResult>
  runOne(dataflow::GraphOp graph, dataflow::GraphOp runs, unsigned lanes,
         llvm::ArrayRef<llvm::SmallVector<TokenValue>> inputs,
         llvm::ArrayRef<MemoryBuffer *> memories) const {
    auto it = mapped.mappings.find(runs);
    if (it == mapped.mappings.end())
      return llvm::createStringError("graph @" + runs.getSymName() +
                                     " has no mapping on " + fabric.getName());
    llvm::Expected<CycleSimResult> result = CycleSimulator::runGraphBatch(
        runs, fabric, it->second, inputs, memories, options);
    if (!result)
      return result.takeError();
    for (LoopRate &rate : result->timing.loops)
      if (rate.loop == kInstanceLoopName) {
        rate.iterations *= lanes;
        rate.resourceBound *= lanes;
        rate.physicalBound *= lanes;
        rate.lanes = lanes;
      }
    std::lock_guard<std::mutex> lock(*mutex);
    timing.add(graph.getSymName(), result->timing);
    if (observer)
      observer(runs, it->second, *result);
    return std::move(result->emulation);
  }

  llvm::Expected<EmulationResult>
  operator()(dataflow::GraphOp graph,
             llvm::ArrayRef<llvm::SmallVector<TokenValue>> inputs,
             llvm::ArrayRef<MemoryBuffer *> memories) const {
    auto lanes = mapped.lanes.find(graph);
    if (lanes == mapped.lanes.end() || inputs.size() < lanes->second.count)
      return runOne(graph, graph, 1, inputs, memories);
    // Instance s * k + l on copy l: the laned graph's value inputs are
    // lane-major, so a laned instance's inputs are k instances' in a row,
    // and its value results k instances' results in instance order.
    unsigned count = lanes->second.count;
    size_t laned = inputs.size() / count;
    llvm::SmallVector<llvm::SmallVector<TokenValue>> grouped(laned);
    for (size_t instance = 0; instance < laned * count; ++instance)
      llvm::append_range(grouped[instance / count], inputs[instance]);
    llvm::Expected<EmulationResult> result =
        runOne(graph, lanes->second.graph, count, grouped, memories);
    if (!result || laned * count == inputs.size())
      return result;
    llvm::Expected<EmulationResult> rest =
        runOne(graph, graph, 1, inputs.drop_front(laned * count), memories);
    if (!rest)
      return rest.takeError();
    llvm::append_range(result->valueOutputs, rest->valueOutputs);
    accumulate(result->stats, rest->stats);
    return result;
  }
};
} // namespace

decltype(InterpreterOptions::graphBatchRunner)
loom::sim::makeCycleSimBatchRunner(const MappedGraphs &mapped,
                                   const fabric::Fabric &fabric,
                                   CycleSimOptions options, RunTiming &timing,
                                   LaunchObserver observer) {
  BatchRunner runner{mapped,
                     fabric,
                     std::move(options),
                     timing,
                     std::move(observer),
                     std::make_shared<std::mutex>()};
  // The cycle budget bounds a simulated batch; the emulator's firing budget
  // does not apply to it.
  return [runner = std::move(runner)](
             dataflow::GraphOp graph,
             llvm::ArrayRef<llvm::SmallVector<TokenValue>> inputs,
             llvm::ArrayRef<MemoryBuffer *> memories,
             uint64_t) -> llvm::Expected<EmulationResult> {
    return runner(graph, inputs, memories);
  };
}
