//===- report.cpp - launch statistics and the LOOM_REPORT file -----------===//
//
// Part of the Loom project.
//
// The report answers "what ran where, and why not on the accelerator" for
// every kernel of a run. It is written at exit, and on demand through
// loom_rt_write_report(), as JSON in a deterministic order (by name).
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "loom/Support/BoundedJSON.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <vector>

using namespace loom::rt;

namespace {
constexpr unsigned kNumBackends = 3;
constexpr std::array<Backend, kNumBackends> kBackends = {
    Backend::Host, Backend::Emu, Backend::Sim};

struct KernelStats {
  /// Every loom_rt_launch of the kernel, failed ones included.
  uint64_t launches = 0;
  /// Successful runs, indexed by Backend.
  std::array<uint64_t, kNumBackends> ranOn = {};
  /// The first kMaxLoggedLaunches successful runs, in order.
  std::vector<LaunchDetails> log;
  /// Successful runs past the log's bound.
  uint64_t logOmitted = 0;
};

/// Bounds the report of a kernel called in a hot loop.
constexpr size_t kMaxLoggedLaunches = 256;

struct ReportState {
  std::mutex mutex;
  llvm::DenseMap<const loom_kernel_desc_t *, KernelStats> stats;
};

/// Never destroyed: the at-exit writer may run after static destructors.
ReportState &getReportState() {
  static ReportState *state = new ReportState();
  return *state;
}

struct Row {
  const loom_kernel_desc_t *kernel;
  KernelStats stats;
};

/// The registered kernels plus any launched without registration, by name
/// (then location, should two unregistered descriptors share a name).
std::vector<Row> collectRows() {
  llvm::DenseMap<const loom_kernel_desc_t *, KernelStats> stats;
  {
    ReportState &state = getReportState();
    std::lock_guard<std::mutex> lock(state.mutex);
    stats = state.stats;
  }
  std::vector<Row> rows;
  for (const loom_kernel_desc_t *kernel : getRegisteredKernels()) {
    rows.push_back({kernel, stats.lookup(kernel)});
    stats.erase(kernel);
  }
  // What is left was launched without being registered.
  for (const auto &entry : stats)
    rows.push_back({entry.first, entry.second});
  auto key = [](const Row &row) {
    const char *location = row.kernel->source_location;
    return std::make_pair(llvm::StringRef(row.kernel->name),
                          llvm::StringRef(location ? location : ""));
  };
  llvm::sort(rows, [&](const Row &a, const Row &b) { return key(a) < key(b); });
  return rows;
}

/// The sim backend's view of one run: cycles, loops, stalls, memory and
/// the units that worked.
void writeTiming(llvm::json::OStream &json, const LaunchDetails &details) {
  auto count = [](uint64_t value) { return static_cast<int64_t>(value); };
  json.attribute("fabric", details.fabric);
  json.attribute("cycles", count(details.cycles));
  json.attribute("simulated_time_us", details.cycles / details.clockMHz);
  json.attributeArray("loops", [&] {
    for (const LaunchDetails::LoopRate &loop : details.loops)
      json.object([&] {
        json.attribute("graph", loop.graph);
        json.attribute("loop", loop.loop);
        json.attribute("iterations", count(loop.iterations));
        json.attribute("cycles", count(loop.cycles));
        json.attribute("iterations_per_cycle", loop.achieved);
        json.attribute("resource_bound", loop.resourceBound);
        // Pipelined instances carry nothing from one to the next: no
        // recurrence bounds them (null, as JSON has no infinity).
        if (std::isinf(loop.recurrenceBound))
          json.attribute("recurrence_bound", nullptr);
        else
          json.attribute("recurrence_bound", loop.recurrenceBound);
        // What the fabric itself allows the program's loop (null: no
        // limit), docs/simulator.md "Metrics".
        if (std::isinf(loop.physicalBound))
          json.attribute("physical_bound", nullptr);
        else
          json.attribute("physical_bound", loop.physicalBound);
        // The copies of the graph placed side by side that the instances
        // of a dense thread ran on (docs/runtime.md, "Lanes"); 1 for every
        // other loop.
        json.attribute("lanes", loop.lanes);
      });
  });
  json.attributeObject("stalls", [&] {
    for (auto [cause, cycles] : llvm::enumerate(details.stalls))
      json.attribute(getStallCauseName(cause), count(cycles));
  });
  json.attributeObject("memory", [&] {
    json.attribute("loads", count(details.memoryLoads));
    json.attribute("stores", count(details.memoryStores));
  });
  json.attributeArray("utilization", [&] {
    for (const LaunchDetails::UnitUse &use : details.units)
      json.object([&] {
        json.attribute("element", llvm::formatv("{0},{1}", use.row, use.col));
        json.attribute("unit", use.unit);
        json.attribute("busy_cycles", count(use.busyCycles));
        json.attribute("busy_fraction",
                       details.cycles ? double(use.busyCycles) / details.cycles
                                      : 0.0);
      });
  });
}

/// One successful run: where, how long, and for a dataflow backend what
/// the program did.
void writeLaunch(llvm::json::OStream &json, const LaunchDetails &details) {
  auto count = [](uint64_t value) { return static_cast<int64_t>(value); };
  json.object([&] {
    json.attribute("backend", getBackendName(details.backend));
    json.attribute("wall_time_us", details.wallSeconds * 1e6);
    if (!details.hasDataflowStats)
      return;
    json.attribute("workers", count(details.workers));
    json.attribute("thread_launches", count(details.threadLaunches));
    json.attribute("instances", count(details.instances));
    json.attribute("graph_launches", count(details.graphLaunches));
    json.attributeObject("firings", [&] {
      json.attribute("total", count(details.firings));
      json.attribute("compute", count(details.firingsByKind[0]));
      json.attribute("control", count(details.firingsByKind[1]));
      json.attribute("memory", count(details.firingsByKind[2]));
    });
    json.attribute("tokens_moved", count(details.tokensMoved));
    json.attribute("peak_queue_occupancy", count(details.peakQueueOccupancy));
    // Which pointer arguments the emulator bounds-checked, and how far.
    json.attributeArray("pointer_arguments", [&] {
      for (const LaunchDetails::PointerBinding &binding :
           details.pointerBindings)
        json.object([&] {
          json.attribute("index", count(binding.index));
          json.attribute("name", binding.name);
          json.attribute("checked", binding.checked);
          if (binding.checked && binding.firstIndex != 0)
            json.attribute("first_index", binding.firstIndex);
          if (binding.checked)
            json.attribute("extent", binding.extent);
          else
            json.attribute("reason", binding.uncheckedReason);
        });
    });
    if (details.hasTiming)
      writeTiming(json, details);
    // Which of the kernel's programs this launch's arguments allowed.
    if (!details.aliasRan.empty())
      json.attributeObject("alias_check", [&] {
        json.attribute("ran", details.aliasRan);
        json.attribute("why", details.aliasWhy);
      });
  });
}

/// The -Wloom-hint warnings the compiler recorded in the kernel's hints:
/// why a hint was ignored, so that a run report explains a loop that did
/// not run in parallel.
void writeHintWarnings(llvm::json::OStream &json,
                       const loom_kernel_desc_t &kernel) {
  llvm::json::Array warnings;
  if (kernel.hints_json) {
    llvm::Expected<llvm::json::Value> hints =
        loom::parseBoundedJSON(kernel.hints_json);
    if (!hints)
      llvm::consumeError(hints.takeError());
    else if (const llvm::json::Object *object = hints->getAsObject())
      if (const llvm::json::Array *list = object->getArray("warnings"))
        warnings = *list;
  }
  json.attribute("hint_warnings", llvm::json::Value(std::move(warnings)));
}

void writeKernel(llvm::json::OStream &json, const Row &row,
                 const Policy &policy) {
  const loom_kernel_desc_t &kernel = *row.kernel;
  json.object([&] {
    json.attribute("name", kernel.name);
    if (kernel.source_location)
      json.attribute("source_location", kernel.source_location);
    else
      json.attribute("source_location", nullptr);
    json.attribute("launches", static_cast<int64_t>(row.stats.launches));
    if (policy.error.empty())
      json.attribute("backend_requested", getBackendName(policy.backend));
    else
      json.attribute("backend_requested", nullptr);
    json.attributeObject("ran_on", [&] {
      for (Backend backend : kBackends)
        if (uint64_t count = row.stats.ranOn[static_cast<unsigned>(backend)])
          json.attribute(getBackendName(backend), static_cast<int64_t>(count));
    });
    // An unusable policy refuses every launch; that is the reason then.
    Decision decision;
    if (policy.error.empty())
      decision = decide(kernel, policy,
                        /*inspectArtifact=*/row.stats.launches != 0);
    else
      decision.reason = policy.error;
    json.attribute("offloadable", decision.offloadable);
    if (decision.offloadable && !decision.reason.empty())
      json.attribute("backend_used", getBackendName(decision.runOn));
    if (decision.reason.empty())
      json.attribute("reason", nullptr);
    else
      json.attribute("reason", decision.reason);
    // sim runs the split program: how many graphs, and why not the
    // kernel's own.
    if (decision.splitProgram) {
      json.attribute("split_program",
                     static_cast<int64_t>(decision.splitLevel));
      json.attribute("split_graphs",
                     static_cast<int64_t>(decision.splitGraphs));
      json.attribute("split_reason", decision.splitReason);
    }
    writeHintWarnings(json, kernel);
    json.attributeArray("launch_log", [&] {
      for (const LaunchDetails &details : row.stats.log)
        writeLaunch(json, details);
    });
    if (row.stats.logOmitted)
      json.attribute("launch_log_omitted",
                     static_cast<int64_t>(row.stats.logOmitted));
  });
}

/// Writes the report to policy.reportPath, or does nothing when it is empty.
loom_status_t writeReport(const Policy &policy) {
  if (policy.reportPath.empty())
    return LOOM_STATUS_OK;
  std::error_code error;
  llvm::raw_fd_ostream os(policy.reportPath, error, llvm::sys::fs::OF_Text);
  if (error)
    return setError(LOOM_STATUS_NOT_FOUND,
                    "loom_rt_write_report: cannot open LOOM_REPORT file '" +
                        llvm::Twine(policy.reportPath) +
                        "': " + error.message());
  {
    llvm::json::OStream json(os, /*IndentSize=*/2);
    json.object([&] {
      json.attribute("loom_report_version", 1);
      json.attributeArray("kernels", [&] {
        for (const Row &row : collectRows())
          writeKernel(json, row, policy);
      });
    });
  }
  os << "\n";
  os.close();
  if (os.has_error()) {
    std::string message = os.error().message();
    os.clear_error();
    return setError(LOOM_STATUS_NOT_FOUND,
                    "loom_rt_write_report: cannot write LOOM_REPORT file '" +
                        llvm::Twine(policy.reportPath) + "': " + message);
  }
  return LOOM_STATUS_OK;
}

void writeReportAndTrace() {
  // An unwritable report or trace must not turn a finished run into a
  // crash; say so and let the program's own exit status stand.
  Policy policy = getPolicy();
  if (writeReport(policy) != LOOM_STATUS_OK)
    llvm::errs() << "loom: error: " << getLastError() << "\n";
  if (writeSimTrace(policy) != LOOM_STATUS_OK)
    llvm::errs() << "loom: error: " << getLastError() << "\n";
}

/// Set once the report and trace were written by writeReportBeforeExit.
std::atomic<bool> writtenBeforeExit{false};

void writeReportAtExit() {
  if (!writtenBeforeExit)
    writeReportAndTrace();
}
} // namespace

void loom::rt::recordLaunch(const loom_kernel_desc_t &kernel,
                            std::optional<Backend> ranOn,
                            const LaunchDetails &details) {
  ReportState &state = getReportState();
  std::lock_guard<std::mutex> lock(state.mutex);
  KernelStats &stats = state.stats[&kernel];
  ++stats.launches;
  if (!ranOn)
    return;
  ++stats.ranOn[static_cast<unsigned>(*ranOn)];
  if (stats.log.size() < kMaxLoggedLaunches)
    stats.log.push_back(details);
  else
    ++stats.logOmitted;
}

void loom::rt::writeReportBeforeExit() {
  writeReportAndTrace();
  writtenBeforeExit = true;
}

void loom::rt::ensureReportAtExit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit(writeReportAtExit); });
}

void loom::rt::resetReportForTesting() {
  ReportState &state = getReportState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.stats.clear();
}

extern "C" loom_status_t loom_rt_write_report(void) {
  clearError();
  ensureReportAtExit();
  return writeReport(getPolicy());
}
