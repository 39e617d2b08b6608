//===- MappedGraphs.h - map a module's graphs, simulate launches -*- C++
//-*-===//
//
// Part of the Loom project.
//
// What the runtime's `sim` backend and loom-sim share: every dataflow.graph
// of a module placed and routed on one fabric before anything runs (so a
// graph the mapper cannot place never leaves a program half-simulated), a
// ProgramInterpreter graph runner that simulates each launch on the
// CycleSimulator with its graph's mapping, and the sum of the timing of a
// run's launches.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_MAPPEDGRAPHS_H
#define LOOM_SIM_MAPPEDGRAPHS_H

#include "loom/Fabric/MappingIO.h"
#include "loom/Mapper/FabricMapper.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace loom::sim {

/// The mappings of every graph of a module on one fabric.
struct MappedGraphs {
  /// Why a graph cannot be mapped ("graph @g cannot be mapped on <fabric>:
  /// <the mapper's reason>"); empty when every graph is mapped.
  std::string problem;
  /// Keyed by the dataflow.graph operation.
  llvm::DenseMap<mlir::Operation *, fabric::Mapping> mappings;
  /// The graphs in module order (for reports).
  llvm::SmallVector<dataflow::GraphOp> graphs;
  /// A batched graph's copies placed side by side (GraphLanes.h), mapped
  /// too; a graph without an entry runs its batches on one copy.
  struct Lanes {
    dataflow::GraphOp graph;
    unsigned count = 1;
  };
  llvm::DenseMap<mlir::Operation *, Lanes> lanes;
};

/// Maps `graphs` on `fabric` through `cache`; stops at the first graph that
/// cannot be mapped.
MappedGraphs mapGraphs(llvm::ArrayRef<dataflow::GraphOp> graphs,
                       const fabric::Fabric &fabric,
                       fabric::MappingCache &cache,
                       const mapper::MapperOptions &options);

/// mapGraphs of every graph of `module`.
MappedGraphs mapModuleGraphs(mlir::ModuleOp module,
                             const fabric::Fabric &fabric,
                             fabric::MappingCache &cache,
                             const mapper::MapperOptions &options);

/// Adds to `mapped` the laned copy of every graph of `module` that runs as
/// pipelined batches of dense instances, with chooseLaneCount's width capped
/// by `maxLanes` (0: no cap beyond the hint's and kMaxLanes), mapped through
/// `cache`; a width the mapper cannot place falls back to fewer copies, and
/// to none. Call after mapModuleGraphs succeeded.
void addGraphLanes(MappedGraphs &mapped, mlir::ModuleOp module,
                   const fabric::Fabric &fabric, fabric::MappingCache &cache,
                   const mapper::MapperOptions &options, unsigned maxLanes);

/// The timing of one loop summed over a run's launches of its graph.
struct RunLoopRate {
  std::string graph;
  std::string loop;
  uint64_t iterations = 0;
  uint64_t cycles = 0;
  /// iterations / cycles over the summed launches.
  double achieved = 0;
  double resourceBound = 0;
  double recurrenceBound = 0;
  double physicalBound = 0;
  /// Copies of the graph the instances ran on (the instance loop of a
  /// laned batch); 1 otherwise.
  unsigned lanes = 1;
};

/// A shared unit or link of one graph's mapping, summed over the run's
/// launches of that graph (firings, busy cycles and crossings add up).
struct RunSharedUnit {
  std::string graph;
  SharedUnitUse use;
};
struct RunSharedLink {
  std::string graph;
  SharedLinkUse use;
};

/// The timing of a run's graph launches, simulated one after the other.
struct RunTiming {
  uint64_t graphLaunches = 0;
  uint64_t cycles = 0;
  std::array<uint64_t, kNumStallCauses> stalls = {};
  uint64_t memoryLoads = 0, memoryStores = 0;
  llvm::SmallVector<RunLoopRate, 0> loops;
  /// Busy cycles per element and unit (index: element, unit), sized on the
  /// first launch.
  llvm::SmallVector<llvm::SmallVector<uint64_t, 4>, 0> unitBusyCycles;
  /// CycleSimStats::sharedUnits and sharedLinks per graph, in the order
  /// they first appear (empty on spatial mappings).
  llvm::SmallVector<RunSharedUnit, 0> sharedUnits;
  llvm::SmallVector<RunSharedLink, 0> sharedLinks;

  /// Adds one launch of `graphName`.
  void add(llvm::StringRef graphName, const CycleSimStats &launch);
};

/// Called after each simulated launch (serialized), before the emulation
/// result goes back to the interpreter: the place to keep the trace.
using LaunchObserver =
    std::function<void(dataflow::GraphOp graph, const fabric::Mapping &mapping,
                       CycleSimResult &result)>;

/// An InterpreterOptions::graphRunner that simulates every launch of a
/// mapped graph on `fabric` with `options` and adds its timing to `timing`.
/// `mapped`, `fabric` and `timing` must outlive the run; the runner may be
/// called from several workers at once.
decltype(InterpreterOptions::graphRunner)
makeCycleSimGraphRunner(const MappedGraphs &mapped,
                        const fabric::Fabric &fabric, CycleSimOptions options,
                        RunTiming &timing, LaunchObserver observer = {});

/// The same for InterpreterOptions::graphBatchRunner: a batch of dense
/// instances runs as one pipelined CycleSimulator::runGraphBatch.
decltype(InterpreterOptions::graphBatchRunner)
makeCycleSimBatchRunner(const MappedGraphs &mapped,
                        const fabric::Fabric &fabric, CycleSimOptions options,
                        RunTiming &timing, LaunchObserver observer = {});

} // namespace loom::sim

#endif // LOOM_SIM_MAPPEDGRAPHS_H
