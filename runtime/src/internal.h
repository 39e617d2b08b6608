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
#include <optional>
#include <string>
#include <vector>

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
/// LOOM_EMU_MAX_STEPS.
struct Policy {
  Backend backend = Backend::Sim;
  OffloadMode offload = OffloadMode::Default;
  /// LOOM_REPORT; empty when unset.
  std::string reportPath;
  /// LOOM_WORKERS: the dynamic-work scheduler's workers (the hardware
  /// threads when unset).
  unsigned workers = 1;
  /// LOOM_EMU_MAX_STEPS: the ops one execution of host code may run on emu
  /// before it is stopped as a runaway loop; the interpreter's default
  /// (InterpreterOptions::kDefaultStepBudget) when unset.
  std::optional<uint64_t> emuMaxSteps;
  /// Why LOOM_BACKEND, LOOM_OFFLOAD, LOOM_WORKERS or LOOM_EMU_MAX_STEPS is
  /// unusable; empty when
  /// all are valid.
  /// reportPath is meaningful even then.
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
  std::string reason;
  /// The embedded artifact is present but does not match its digest.
  bool corruptArtifact = false;
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
    /// Accesses are checked against [0, extent).
    bool checked = false;
    int64_t extent = 0;
    /// Why accesses are not checked; empty when they are.
    std::string uncheckedReason;
  };
  std::vector<PointerBinding> pointerBindings;
};

/// Decides where `kernel` runs under `policy`, whose error must be empty.
Decision decide(const loom_kernel_desc_t &kernel, const Policy &policy);

/// Forgets the cached artifact digests.
void resetLaunchForTesting();

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
// Report (report.cpp)
//===----------------------------------------------------------------------===//

/// Counts one launch attempt of `kernel`; `ranOn` is the backend that ran
/// it, or std::nullopt when the launch failed. A successful run's
/// `details` go to the kernel's launch log.
void recordLaunch(const loom_kernel_desc_t &kernel,
                  std::optional<Backend> ranOn, const LaunchDetails &details);

/// Registers the at-exit report writer once per process.
void ensureReportAtExit();

/// Forgets all launch statistics.
void resetReportForTesting();

/// Resets the policy, registry, digest cache and statistics: a fresh runtime.
void resetForTesting();

} // namespace loom::rt

#endif // LOOM_RUNTIME_INTERNAL_H
