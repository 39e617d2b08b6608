//===- internal.h - libloomrt's private interfaces --------------*- C++ -*-===//
//
// Part of the Loom project.
//
// What the runtime's source files share behind the C API: error recording,
// the launch policy read from the environment, the registry's contents, the
// per-kernel launch statistics and the host backend. Nothing here is
// installed; the unit tests include it for the *ForTesting resets and to
// check the policy and launch decision directly.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNTIME_INTERNAL_H
#define LOOM_RUNTIME_INTERNAL_H

#include "loom/loomrt.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace loom::fabric {
class Fabric;
} // namespace loom::fabric

namespace loom::rt {

//===----------------------------------------------------------------------===//
// Errors (status.cpp)
//===----------------------------------------------------------------------===//

/// Records `message` as this thread's last error and returns `status`, so a
/// failure site reads `return setError(LOOM_STATUS_..., "fn: ...")`.
/// `status` must not be LOOM_STATUS_OK.
loom_status_t setError(loom_status_t status, const llvm::Twine &message);

/// Empties this thread's last error; every loom_* entry point calls it first.
void clearError();

/// Returns this thread's last error message ("" when there is none).
llvm::StringRef getLastError();

//===----------------------------------------------------------------------===//
// Policy (policy.cpp)
//===----------------------------------------------------------------------===//

enum class Backend { Host, Emu, Sim };
enum class OffloadMode { Mandatory, Default, Disabled };

/// The lower-case name of `backend` ("host", "emu", "sim").
llvm::StringRef getBackendName(Backend backend);

/// The launch policy: LOOM_BACKEND, LOOM_OFFLOAD, LOOM_REPORT, LOOM_WORKERS,
/// LOOM_EMU_MAX_STEPS, and for the sim backend LOOM_FABRIC, LOOM_TRACE and
/// LOOM_MAPPING_DIR.
struct Policy {
  Backend backend = Backend::Sim;
  OffloadMode offload = OffloadMode::Default;
  /// LOOM_REPORT; empty when unset.
  std::string reportPath;
  /// LOOM_WORKERS: the dynamic-work scheduler's workers (the hardware
  /// threads when unset).
  unsigned workers = 1;
  /// The fabric of the sim backend (LOOM_FABRIC, default cgra-8x8); loaded
  /// only when the backend is sim, null otherwise.
  std::shared_ptr<const loom::fabric::Fabric> fabric;
  /// LOOM_TRACE: the Chrome trace file the sim backend writes at exit;
  /// empty when unset.
  std::string tracePath;
  /// LOOM_MAPPING_DIR: where the sim backend writes the configuration JSON
  /// and SVG picture of every graph it maps; empty when unset.
  std::string mappingDir;
  /// LOOM_EMU_MAX_STEPS: the ops one execution of host code may run on emu
  /// before it is stopped as a runaway loop; the interpreter's default
  /// (InterpreterOptions::kDefaultStepBudget) when unset.
  std::optional<uint64_t> emuMaxSteps;
  /// LOOM_LANES: the most copies of a dense thread's graph the sim backend
  /// places side by side; 0 (unset) leaves the choice to the fabric and the
  /// hint.
  unsigned maxLanes = 0;
  /// Why LOOM_BACKEND, LOOM_OFFLOAD, LOOM_WORKERS, LOOM_LANES,
  /// LOOM_EMU_MAX_STEPS or (under sim) LOOM_FABRIC is unusable; empty when all
  /// are valid. reportPath is meaningful even then.
  std::string error;
};

/// Returns the policy, reading the environment on the first call and caching
/// it until resetPolicyForTesting().
Policy getPolicy();

/// Forgets the cached policy so the next getPolicy() reads the environment.
void resetPolicyForTesting();

//===----------------------------------------------------------------------===//
// Registry (registry.cpp)
//===----------------------------------------------------------------------===//

/// Every registered kernel, in registration order.
std::vector<const loom_kernel_desc_t *> getRegisteredKernels();

/// Unregisters every kernel (the descriptors stay owned by their modules).
void resetRegistryForTesting();

/// loom::sim::kNumStallCauses, repeated so that this header stays free of
/// MLIR (sim_backend.cpp checks they agree).
inline constexpr unsigned kNumStallCauses = 6;

//===----------------------------------------------------------------------===//
// Launch decision (launch.cpp)
//===----------------------------------------------------------------------===//

/// Where a launch of one kernel goes under one policy.
struct Decision {
  /// The backend that runs the kernel when the launch is allowed.
  Backend runOn = Backend::Host;
  /// True when the kernel runs on the requested accelerator backend.
  bool offloadable = false;
  /// Why the kernel does not run on an accelerator; empty when offloadable.
  /// When it is offloadable but runs on another accelerator backend than
  /// the one requested (sim falls back to emu for a graph the mapper cannot
  /// place), why.
  std::string reason;
  /// The embedded artifact is present but does not match its digest.
  bool corruptArtifact = false;
  /// Under sim: the descriptor of the kernel's split program
  /// (getSplitProgram) when it runs instead of the kernel's artifact, a
  /// graph of which cannot be mapped; null when the artifact itself runs.
  const loom_kernel_desc_t *splitProgram = nullptr;
  /// Its level (1 is the least split) and its graphs, all mapped, when
  /// splitProgram is set.
  unsigned splitLevel = 0, splitGraphs = 0;
  /// Why the kernel's own artifact does not run on sim ("graph @g cannot be
  /// mapped on <fabric>: ...") when splitProgram is set.
  std::string splitReason;
  /// The split program was needed but its artifact does not match its
  /// digest, so the kernel falls back as if it had none.
  bool corruptSplitArtifact = false;
};

/// What one successful run did, for the report's launch log.
struct LaunchDetails {
  Backend backend = Backend::Host;
  double wallSeconds = 0;
  /// The rest is known for dataflow backends (emu) only.
  bool hasDataflowStats = false;
  unsigned workers = 0;
  /// Thread launches of the kernel's function, and the dense instances plus
  /// dynamic work items they ran.
  uint64_t threadLaunches = 0, instances = 0;
  uint64_t graphLaunches = 0;
  uint64_t firings = 0;
  /// Firings of compute, control and memory actors.
  std::array<uint64_t, 3> firingsByKind = {0, 0, 0};
  uint64_t tokensMoved = 0;
  uint64_t peakQueueOccupancy = 0;
  /// How the dataflow backend bound each pointer argument.
  struct PointerBinding {
    unsigned index = 0;
    std::string name;
    /// Accesses are checked against [firstIndex, firstIndex + extent);
    /// firstIndex is negative when the kernel indexes before the pointer.
    bool checked = false;
    int64_t extent = 0;
    int64_t firstIndex = 0;
    /// Why accesses are not checked; empty when they are.
    std::string uncheckedReason;
  };
  std::vector<PointerBinding> pointerBindings;
  /// For a kernel with a no-alias program, the launch check's choice
  /// ("noalias" or "ordered") and why; empty when the check did not run.
  std::string aliasRan, aliasWhy;
  /// The rest is known for the sim backend only.
  bool hasTiming = false;
  std::string fabric;
  double clockMHz = 0;
  /// Simulated cycles, summed over the graph launches (the fabric runs one
  /// graph at a time).
  uint64_t cycles = 0;
  /// Stalled actor-cycles by cause, in loom::sim::StallCause order.
  std::array<uint64_t, kNumStallCauses> stalls = {};
  uint64_t memoryLoads = 0, memoryStores = 0;
  struct LoopRate {
    std::string graph, loop;
    uint64_t iterations = 0, cycles = 0;
    double achieved = 0, resourceBound = 0, recurrenceBound = 0;
    double physicalBound = 0;
    /// The graph copies the instance loop of a laned batch ran on.
    unsigned lanes = 1;
  };
  /// One entry per loop of each graph, summed over its launches.
  std::vector<LoopRate> loops;
  struct UnitUse {
    unsigned row = 0, col = 0;
    std::string unit;
    uint64_t busyCycles = 0;
  };
  /// The units that fired at least once, in element then unit order.
  std::vector<UnitUse> units;
};

/// The reason decide() gives when told not to inspect the artifact.
inline constexpr const char *kNotInspected =
    "not launched in this run, so its artifact was not parsed or mapped";

/// Decides where `kernel` runs under `policy`, whose error must be empty.
/// Without `inspectArtifact` it stops after the digest check instead of
/// parsing (and under sim mapping) the artifact: the report does that for
/// kernels that never ran, because at exit MLIR's own state may already be
/// destroyed.
Decision decide(const loom_kernel_desc_t &kernel, const Policy &policy,
                bool inspectArtifact = true);

/// Forgets the cached artifact digests.
void resetLaunchForTesting();

//===----------------------------------------------------------------------===//
// Aliasing checked at launch (alias_check.cpp)
//===----------------------------------------------------------------------===//

/// What the launch check of a kernel's no-alias program chose.
struct AliasChoice {
  /// The no-alias program's descriptor (getNoAliasProgram) when it runs;
  /// null when the program decide() chose, the ordered one, runs.
  const loom_kernel_desc_t *noaliasProgram = nullptr;
  /// Why, for the report: "x [0, 4096) and y [4096, 8192) do not overlap".
  std::string why;
};

/// Chooses, for one launch of `kernel` with `args` on `runOn` (emu or sim,
/// as decide() admitted it), between its ordered program and its no-alias
/// program (loom_kernel_desc_t.noalias_program, which must be set): the
/// no-alias one runs when every pointer argument's accessed byte range is
/// known and no written range overlaps another, and it can run on `runOn`.
AliasChoice checkAliasing(const loom_kernel_desc_t &kernel, void **args,
                          Backend runOn, const Policy &policy);

/// The descriptor of `kernel`'s no-alias program: a copy of `kernel` whose
/// artifact, size and digest are that program's (as getSplitProgram makes
/// for a split program). Owned by the runtime, at a stable address until
/// resetAliasCheckForTesting(); null when `kernel` has none.
const loom_kernel_desc_t *getNoAliasProgram(const loom_kernel_desc_t &kernel);

/// Whether getNoAliasProgram() made `desc`.
bool isNoAliasProgram(const loom_kernel_desc_t &desc);

/// Forgets the no-alias programs' descriptors.
void resetAliasCheckForTesting();

//===----------------------------------------------------------------------===//
// Host backend (host_backend.cpp)
//===----------------------------------------------------------------------===//

/// Checks the descriptor's signature and the caller's argument pointers
/// before any backend sees them. On failure, records "<caller>: ..." naming
/// the kernel and the argument and returns LOOM_STATUS_INVALID_ARGUMENT.
loom_status_t validateLaunch(llvm::StringRef caller,
                             const loom_kernel_desc_t &kernel, void **args,
                             void *outResult);

/// Calls the kernel's host fallback through libffi. The launch must have
/// passed validateLaunch().
loom_status_t runOnHost(llvm::StringRef caller,
                        const loom_kernel_desc_t &kernel, void **args,
                        void *outResult);

//===----------------------------------------------------------------------===//
// Emu backend (emu_backend.cpp)
//===----------------------------------------------------------------------===//

/// Why the emu backend cannot run `kernel`'s artifact ("emu cannot run
/// '<op>' yet", a parse or verifier error); empty when it can. The artifact
/// must have passed its digest check. It is parsed, verified and scanned
/// once per kernel and cached.
std::string getEmuProblem(const loom_kernel_desc_t &kernel);

/// The bytes of one element of pointer argument `index` as `kernel`'s
/// artifact binds it (its memref's element type); 0 for a parameter that
/// is no memref. getEmuProblem() must be empty.
unsigned getPointerElementBytes(const loom_kernel_desc_t &kernel,
                                unsigned index);

/// Interprets `kernel`'s artifact with the caller's arguments on
/// `policy.workers` scheduler workers and with the step budget
/// `policy.emuMaxSteps`: pointer arguments are bound to the
/// caller's memory in place, the result is written to `outResult`, the
/// run's statistics to `details`. getEmuProblem() must be empty and the launch
/// must have passed validateLaunch(). A fault during the run (an
/// out-of-bounds access to a local array, a deadlock, ...) records an error
/// naming the kernel and returns LOOM_STATUS_DEVICE_ERROR; memory may then be
/// partly updated, so the caller must not rerun the kernel on the host.
loom_status_t runOnEmu(llvm::StringRef caller, const loom_kernel_desc_t &kernel,
                       void **args, void *outResult, const Policy &policy,
                       LaunchDetails &details);

/// Forgets the parsed artifacts.
void resetEmuForTesting();

//===----------------------------------------------------------------------===//
// Sim backend (sim_backend.cpp)
//===----------------------------------------------------------------------===//

/// Why the sim backend cannot run `kernel` on policy.fabric: the first graph
/// of its artifact the mapper cannot place or route, and why; empty when
/// every graph is mapped. getEmuProblem() must be empty. Every graph is
/// mapped once per process (and cached on disk).
std::string getSimProblem(const loom_kernel_desc_t &kernel,
                          const Policy &policy);

/// runOnEmu, with every graph launch simulated cycle by cycle on its
/// mapping; the timing goes to `details`, the firings to the LOOM_TRACE
/// trace. getSimProblem() must be empty.
loom_status_t runOnSim(llvm::StringRef caller, const loom_kernel_desc_t &kernel,
                       void **args, void *outResult, const Policy &policy,
                       LaunchDetails &details);

/// The report's name of stall cause `cause` (LaunchDetails::stalls index).
llvm::StringRef getStallCauseName(unsigned cause);

/// Writes the LOOM_TRACE file (every simulated firing of the run so far);
/// does nothing when policy.tracePath is empty.
loom_status_t writeSimTrace(const Policy &policy);

/// A copy of `kernel` whose artifact, size and digest are `program`'s: the
/// descriptor of one of its other programs (split, no-alias), so that the
/// digest check, the emu backend's parsing and runArtifact treat it as a
/// kernel of its own. It runs as it is: it has no split or no-alias
/// programs of its own.
std::unique_ptr<loom_kernel_desc_t>
makeProgramDescriptor(const loom_kernel_desc_t &kernel,
                      const loom_program_desc_t &program);

/// The descriptor of `kernel`'s split program `level` (1 is the least
/// split): a copy of `kernel` whose artifact, size and digest are that
/// program's, so that the digest check, the emu backend's parsing and
/// runArtifact treat it as a kernel of its own. Owned by the runtime, at a
/// stable address until resetSimForTesting(); null when `kernel` has no
/// such split program.
const loom_kernel_desc_t *getSplitProgram(const loom_kernel_desc_t &kernel,
                                          unsigned level);

/// The level of a descriptor getSplitProgram() made; 0 for any other.
unsigned getSplitLevel(const loom_kernel_desc_t &desc);

/// The name of the file --loom-save-temps writes `desc`'s artifact to
/// (`<kernel>.dfg.mlir`, `<kernel>.split<k>.dfg.mlir`), which the parsed
/// artifact's locations name.
std::string getArtifactFileName(const loom_kernel_desc_t &desc);

/// The number of graphs getSimProblem() mapped for `kernel`; every graph of
/// its artifact when that problem is empty.
unsigned getSimGraphCount(const loom_kernel_desc_t &kernel,
                          const Policy &policy);

/// Forgets the mappings, the split-program descriptors and the trace.
void resetSimForTesting();

//===----------------------------------------------------------------------===//
// Report (report.cpp)
//===----------------------------------------------------------------------===//

/// Counts one launch attempt of `kernel`; `ranOn` is the backend that ran
/// it, or std::nullopt when the launch failed. A successful run's
/// `details` go to the kernel's launch log.
void recordLaunch(const loom_kernel_desc_t &kernel,
                  std::optional<Backend> ranOn, const LaunchDetails &details);

/// Registers the at-exit report writer once per process.
void ensureReportAtExit();
/// Writes the report and the trace now, for a program about to exit()
/// after a failed launch, and keeps the at-exit handler from writing them
/// again. By the time atexit handlers run, the exiting thread's
/// thread-locals and the statics constructed after the handler was
/// registered (MLIR's among them) are destroyed, and deciding for a kernel
/// never launched may need them (it parses and maps its artifact).
void writeReportBeforeExit();

/// Forgets all launch statistics.
void resetReportForTesting();

/// Resets the policy, registry, digest cache and statistics: a fresh runtime.
void resetForTesting();

} // namespace loom::rt

#endif // LOOM_RUNTIME_INTERNAL_H
