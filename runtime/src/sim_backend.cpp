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
// Graph launches of concurrent thread instances are simulated one after the
// other: the fabric runs one graph at a time, so a kernel's cycles are the
// sum over its graph launches (docs/runtime.md).
//
//===----------------------------------------------------------------------===//

#include "artifact.h"

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"
#include "loom/Mapper/CachedMapping.h"
#include "loom/Sim/MappedGraphs.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FileSystem.h"
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

/// Maps every graph of the artifact; the first failure is the problem.
std::unique_ptr<SimKernel> mapKernel(const loom_kernel_desc_t &kernel,
                                     const Fabric &fabric) {
  loom::fabric::MappingCache cache =
      loom::fabric::MappingCache::fromEnvironment();
  return std::make_unique<SimKernel>(
      loom::sim::mapModuleGraphs(getArtifactModule(kernel), fabric, cache, {}));
}

SimKernel &getSimKernel(const loom_kernel_desc_t &kernel,
                        const Policy &policy) {
  SimState &state = getSimState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::unique_ptr<SimKernel> &slot = state.kernels[&kernel];
  if (!slot)
    slot = mapKernel(kernel, *policy.fabric);
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
                             rate.recurrenceBound});
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
  options.graphRunner = loom::sim::makeCycleSimGraphRunner(
      simKernel, fabric, simOptions, timing,
      [&](dataflow::GraphOp, const Mapping &mapping, CycleSimResult &result) {
        SimState &state = getSimState();
        std::lock_guard<std::mutex> lock(state.mutex);
        uint64_t start = state.nextStartCycle;
        state.nextStartCycle += result.timing.cycles;
        if (!simOptions.recordTrace)
          return;
        if (state.traceEvents + result.trace.size() <= kMaxTraceEvents) {
          state.traceEvents += result.trace.size();
          state.trace.push_back({&mapping, start, std::move(result.trace)});
          state.traceFabric = policy.fabric;
        } else {
          state.traceEventsDropped += result.trace.size();
        }
      });
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
    segments.push_back({segment.mapping, segment.startCycle, segment.events});
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
}
