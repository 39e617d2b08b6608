//===- sim_backend.cpp - the `sim` backend: map and simulate graphs -------===//
//
// Part of the Loom project.
//
// LOOM_BACKEND=sim (the default) runs a kernel's artifact as emu does — the
// host part interpreted by the ProgramInterpreter — but every
// dataflow.graph launch runs on the CycleSimulator, placed and routed on the
// fabric of LOOM_FABRIC (default cgra-8x8). All graphs of an artifact are
// mapped at the kernel's first launch, before anything runs, so a graph the
// mapper cannot place never leaves a kernel half-simulated: the kernel then
// runs on the emulator (the launch decision says why), or under
// LOOM_OFFLOAD=mandatory the launch fails.
//
// A kernel whose artifact has a graph that cannot be mapped may carry split
// programs (loom_kernel_desc_t.split_programs): the same program with its
// largest spatial regions split once more in each into graphs launched in
// sequence. Their graphs are then mapped in
// order, and the kernel runs the first split program all of whose graphs
// map. Each split program gets a descriptor of its own (a copy of the
// kernel's with that program in the artifact fields), so the digest check,
// the parsing and the run treat it as any artifact.
//
// With LOOM_MAPPING_DIR set, every graph mapped is also written there as its
// configuration JSON and SVG picture (MappingIO.h), named after the kernel
// and the graph.
//
// The fabric runs one graph at a time, so a kernel's cycles are the sum over
// its simulated runs (docs/runtime.md). The instances of a dense thread whose
// body is one graph launch stream through the graph's configuration as
// pipelined batches (CycleSimulator::runGraphBatch); other graph launches of
// concurrent thread instances are simulated one after the other.
//
//===----------------------------------------------------------------------===//

#include "artifact.h"

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"
#include "loom/Fabric/MappingIO.h"
#include "loom/Mapper/CachedMapping.h"
#include "loom/Sim/MappedGraphs.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace loom::rt;
namespace dataflow = loom::dataflow;
using loom::fabric::Fabric;
using loom::fabric::Mapping;
using loom::sim::CycleSimResult;

static_assert(loom::rt::kNumStallCauses == loom::sim::kNumStallCauses,
              "LaunchDetails::stalls has one entry per StallCause");

namespace {
/// The mappings of one kernel's graphs on one fabric.
using SimKernel = loom::sim::MappedGraphs;

/// The firings of one simulated graph launch, for LOOM_TRACE.
struct TraceSegment {
  const Mapping *mapping = nullptr;
  /// The launch's first cycle on the run's simulated time line.
  uint64_t startCycle = 0;
  llvm::SmallVector<loom::sim::TraceEvent, 0> events;
  /// Values crossing time-shared links (docs/simulator.md, "Sharing").
  llvm::SmallVector<loom::sim::LinkTraceEvent, 0> linkEvents;
};

/// Bounds the trace of a long run: later launches are counted, not kept.
constexpr uint64_t kMaxTraceEvents = 2'000'000;

struct SimState {
  std::mutex mutex;
  llvm::DenseMap<const loom_kernel_desc_t *, std::unique_ptr<SimKernel>>
      kernels;
  /// The run's simulated time line: the cycles of every graph launch so far.
  uint64_t nextStartCycle = 0;
  std::vector<TraceSegment> trace;
  uint64_t traceEvents = 0, traceEventsDropped = 0;
  std::shared_ptr<const Fabric> traceFabric;
};

SimState &getSimState() {
  static SimState *state = new SimState();
  return *state;
}

/// The descriptors of split programs, by the kernel they belong to. The
/// lock is a leaf, never held while taking another: the emu backend asks
/// getSplitLevel() under its lock, and the sim backend parses artifacts
/// under its own.
struct SplitPrograms {
  std::mutex mutex;
  /// By (kernel, level).
  llvm::DenseMap<std::pair<const loom_kernel_desc_t *, unsigned>,
                 std::unique_ptr<loom_kernel_desc_t>>
      byKernel;
  /// The level of each split program's descriptor.
  llvm::DenseMap<const loom_kernel_desc_t *, unsigned> levels;
};

SplitPrograms &getSplitPrograms() {
  static SplitPrograms *programs = new SplitPrograms();
  return *programs;
}

/// `name` with every character that is not a letter, a digit, '.', '_' or
/// '-' replaced by '_', so any kernel name makes one plain file name.
std::string getFileNamePart(llvm::StringRef name) {
  std::string part = name.str();
  for (char &c : part)
    if (!llvm::isAlnum(c) && c != '.' && c != '_' && c != '-')
      c = '_';
  return part;
}

/// Writes `text` to `path`; a warning names the file when that fails.
void writeMappingFile(llvm::StringRef path,
                      llvm::function_ref<void(llvm::raw_ostream &)> text) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_Text);
  if (!error) {
    text(os);
    os.close();
    if (os.has_error()) {
      error = os.error();
      os.clear_error();
    }
  }
  if (error)
    llvm::errs() << "loom: warning: LOOM_MAPPING_DIR: cannot write '" << path
                 << "': " << error.message() << "\n";
}

/// Writes `<dir>/<kernel>.<graph>.json` and `.svg` for LOOM_MAPPING_DIR
/// (`<kernel>.split<k>.<graph>` for a graph of split program k). A directory
/// that cannot be made or a file that cannot be written is a warning, not a
/// failed launch: the pictures are a by-product of the run.
void writeMappingPicture(llvm::StringRef directory,
                         const loom_kernel_desc_t &kernel,
                         dataflow::GraphOp graph, const Mapping &mapping,
                         const Fabric &fabric) {
  if (std::error_code error = llvm::sys::fs::create_directories(directory)) {
    llvm::errs() << "loom: warning: LOOM_MAPPING_DIR: cannot create '"
                 << directory << "': " << error.message() << "\n";
    return;
  }
  llvm::SmallString<256> stem(directory);
  unsigned level = getSplitLevel(kernel);
  llvm::sys::path::append(stem, getFileNamePart(kernel.name) +
                                    (level ? ".split" + std::to_string(level)
                                     : isNoAliasProgram(kernel)
                                         ? std::string(".noalias")
                                         : std::string()) +
                                    "." + getFileNamePart(graph.getSymName()));
  writeMappingFile((stem + ".json").str(), [&](llvm::raw_ostream &os) {
    loom::fabric::writeMappingJSON(mapping, fabric, os);
  });
  writeMappingFile((stem + ".svg").str(), [&](llvm::raw_ostream &os) {
    loom::fabric::renderMappingSVG(os, fabric, mapping);
  });
}

/// Maps every graph of the artifact; the first failure is the problem.
/// Each mapped graph is written to `mappingDir` when it is not empty.
std::unique_ptr<SimKernel> mapKernel(const loom_kernel_desc_t &kernel,
                                     const Fabric &fabric,
                                     const Policy &policy) {
  loom::fabric::MappingCache cache =
      loom::fabric::MappingCache::fromEnvironment();
  mlir::ModuleOp module = getArtifactModule(kernel);
  auto simKernel = std::make_unique<SimKernel>(
      loom::sim::mapModuleGraphs(module, fabric, cache, {}));
  if (simKernel->problem.empty())
    loom::sim::addGraphLanes(*simKernel, module, fabric, cache, {},
                             policy.maxLanes);
  llvm::StringRef mappingDir = policy.mappingDir;
  if (!mappingDir.empty())
    for (dataflow::GraphOp graph : simKernel->graphs) {
      auto it = simKernel->mappings.find(graph);
      if (it != simKernel->mappings.end())
        writeMappingPicture(mappingDir, kernel, graph, it->second, fabric);
      // The copies side by side that the graph's batches run on.
      auto lanes = simKernel->lanes.find(graph);
      if (lanes != simKernel->lanes.end())
        writeMappingPicture(mappingDir, kernel, lanes->second.graph,
                            simKernel->mappings.at(lanes->second.graph),
                            fabric);
    }
  return simKernel;
}

SimKernel &getSimKernel(const loom_kernel_desc_t &kernel,
                        const Policy &policy) {
  SimState &state = getSimState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::unique_ptr<SimKernel> &slot = state.kernels[&kernel];
  if (!slot)
    slot = mapKernel(kernel, *policy.fabric, policy);
  return *slot;
}

/// Copies the timing of a launch's simulated graph launches into its
/// details.
void copyTiming(LaunchDetails &details, const Fabric &fabric,
                const loom::sim::RunTiming &timing) {
  details.cycles = timing.cycles;
  details.stalls = timing.stalls;
  details.memoryLoads = timing.memoryLoads;
  details.memoryStores = timing.memoryStores;
  for (const loom::sim::RunLoopRate &rate : timing.loops)
    details.loops.push_back({rate.graph, rate.loop, rate.iterations,
                             rate.cycles, rate.achieved, rate.resourceBound,
                             rate.recurrenceBound, rate.physicalBound,
                             rate.lanes});
  for (auto [element, busy] : llvm::enumerate(timing.unitBusyCycles)) {
    const loom::fabric::ProcessingElement &pe = fabric.getElements()[element];
    for (auto [unit, cycles] : llvm::enumerate(busy))
      if (cycles)
        details.units.push_back({pe.row, pe.col, pe.units[unit].name, cycles});
  }
}
} // namespace

llvm::StringRef loom::rt::getStallCauseName(unsigned cause) {
  return loom::sim::getStallCauseName(
      static_cast<loom::sim::StallCause>(cause));
}

std::string loom::rt::getSimProblem(const loom_kernel_desc_t &kernel,
                                    const Policy &policy) {
  assert(policy.fabric && "the sim policy loads its fabric");
  return getSimKernel(kernel, policy).problem;
}

unsigned loom::rt::getSimGraphCount(const loom_kernel_desc_t &kernel,
                                    const Policy &policy) {
  assert(policy.fabric && "the sim policy loads its fabric");
  return getSimKernel(kernel, policy).graphs.size();
}

const loom_kernel_desc_t *
loom::rt::getSplitProgram(const loom_kernel_desc_t &kernel, unsigned level) {
  if (level == 0 || level > kernel.num_split_programs || !kernel.split_programs)
    return nullptr;
  SplitPrograms &programs = getSplitPrograms();
  std::lock_guard<std::mutex> lock(programs.mutex);
  std::unique_ptr<loom_kernel_desc_t> &slot =
      programs.byKernel[{&kernel, level}];
  if (!slot) {
    slot = makeProgramDescriptor(kernel, kernel.split_programs[level - 1]);
    programs.levels[slot.get()] = level;
  }
  return slot.get();
}

std::string loom::rt::getArtifactFileName(const loom_kernel_desc_t &desc) {
  unsigned level = getSplitLevel(desc);
  return std::string(desc.name) +
         (level                    ? ".split" + std::to_string(level)
          : isNoAliasProgram(desc) ? std::string(".noalias")
                                   : std::string()) +
         ".dfg.mlir";
}

unsigned loom::rt::getSplitLevel(const loom_kernel_desc_t &desc) {
  SplitPrograms &programs = getSplitPrograms();
  std::lock_guard<std::mutex> lock(programs.mutex);
  return programs.levels.lookup(&desc);
}

loom_status_t loom::rt::runOnSim(llvm::StringRef caller,
                                 const loom_kernel_desc_t &kernel, void **args,
                                 void *outResult, const Policy &policy,
                                 LaunchDetails &details) {
  SimKernel &simKernel = getSimKernel(kernel, policy);
  assert(simKernel.problem.empty() && "decide() admits mapped kernels only");
  const Fabric &fabric = *policy.fabric;
  details.hasTiming = true;
  details.fabric = fabric.getName().str();
  details.clockMHz = fabric.getClockMHz();
  loom::sim::CycleSimOptions simOptions;
  simOptions.recordTrace = !policy.tracePath.empty();
  loom::sim::RunTiming timing;
  loom::sim::InterpreterOptions options = getInterpreterOptions(policy);
  // Keeps the trace: every simulated run (a graph launch or a batch of
  // instances) is placed on the run's time line.
  auto observer = [&](dataflow::GraphOp, const Mapping &mapping,
                      CycleSimResult &result) {
    SimState &state = getSimState();
    std::lock_guard<std::mutex> lock(state.mutex);
    uint64_t start = state.nextStartCycle;
    state.nextStartCycle += result.timing.cycles;
    if (!simOptions.recordTrace)
      return;
    if (state.traceEvents + result.trace.size() <= kMaxTraceEvents) {
      state.traceEvents += result.trace.size();
      state.trace.push_back({&mapping, start, std::move(result.trace),
                             std::move(result.linkTrace)});
      state.traceFabric = policy.fabric;
    } else {
      state.traceEventsDropped += result.trace.size();
    }
  };
  options.graphRunner = loom::sim::makeCycleSimGraphRunner(
      simKernel, fabric, simOptions, timing, observer);
  // Dense instances stream through one configuration (docs/runtime.md).
  options.graphBatchRunner = loom::sim::makeCycleSimBatchRunner(
      simKernel, fabric, simOptions, timing, observer);
  loom_status_t status = runArtifact(caller, kernel, args, outResult,
                                     Backend::Sim, options, details);
  copyTiming(details, fabric, timing);
  return status;
}

loom_status_t loom::rt::writeSimTrace(const Policy &policy) {
  if (policy.tracePath.empty())
    return LOOM_STATUS_OK;
  SimState &state = getSimState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::error_code error;
  llvm::raw_fd_ostream os(policy.tracePath, error, llvm::sys::fs::OF_Text);
  if (error)
    return setError(LOOM_STATUS_NOT_FOUND,
                    "loom: cannot open LOOM_TRACE file '" +
                        llvm::Twine(policy.tracePath) +
                        "': " + error.message());
  llvm::SmallVector<loom::sim::TraceSegmentRef> segments;
  for (const TraceSegment &segment : state.trace)
    segments.push_back({segment.mapping, segment.startCycle, segment.events,
                        segment.linkEvents});
  if (state.traceFabric)
    loom::sim::writeChromeTrace(os, *state.traceFabric, segments);
  else
    os << "{\"traceEvents\": []}\n";
  if (state.traceEventsDropped)
    llvm::errs() << "loom: warning: LOOM_TRACE kept the first "
                 << kMaxTraceEvents << " firings; " << state.traceEventsDropped
                 << " later ones are not in '" << policy.tracePath << "'\n";
  return LOOM_STATUS_OK;
}

void loom::rt::resetSimForTesting() {
  SimState &state = getSimState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.kernels.clear();
  state.trace.clear();
  state.nextStartCycle = 0;
  state.traceEvents = state.traceEventsDropped = 0;
  state.traceFabric.reset();
  SplitPrograms &programs = getSplitPrograms();
  std::lock_guard<std::mutex> splitLock(programs.mutex);
  programs.byKernel.clear();
  programs.levels.clear();
}
