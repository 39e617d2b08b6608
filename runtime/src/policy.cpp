//===- policy.cpp - the launch policy from the environment ---------------===//
//
// Part of the Loom project.
//
// LOOM_BACKEND, LOOM_OFFLOAD, LOOM_REPORT, LOOM_WORKERS, LOOM_LANES,
// LOOM_EMU_MAX_STEPS,
// LOOM_FABRIC, LOOM_TRACE and LOOM_MAPPING_DIR are read once, at the first
// launch (or report), and cached: a program sees one policy for its whole
// run, as OpenMP does for OMP_TARGET_OFFLOAD.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/WorkScheduler.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>
#include <mutex>

using namespace loom::rt;

namespace {
struct PolicyState {
  std::mutex mutex;
  std::optional<Policy> cached;
};

/// Never destroyed: the at-exit report writer, or a launch from a user's
/// static destructor, may need the policy after static destructors ran.
PolicyState &getPolicyState() {
  static PolicyState *state = new PolicyState();
  return *state;
}

/// Returns the variable's value, treating an empty value as unset.
std::optional<std::string> readEnv(const char *name) {
  const char *value = std::getenv(name);
  if (!value || !*value)
    return std::nullopt;
  return std::string(value);
}

/// Appends `message` to the policy's error, one problem per sentence part.
void addError(Policy &policy, const llvm::Twine &message) {
  if (!policy.error.empty())
    policy.error += "; ";
  policy.error += message.str();
}

Policy readPolicy() {
  Policy policy;
  // Values are case-insensitive, as OMP_TARGET_OFFLOAD's are.
  if (std::optional<std::string> value = readEnv("LOOM_BACKEND")) {
    std::optional<Backend> backend =
        llvm::StringSwitch<std::optional<Backend>>(llvm::StringRef(*value))
            .CaseLower("host", Backend::Host)
            .CaseLower("emu", Backend::Emu)
            .CaseLower("sim", Backend::Sim)
            .Default(std::nullopt);
    if (backend)
      policy.backend = *backend;
    else
      addError(policy, "unknown LOOM_BACKEND '" + *value +
                           "', expected host, emu or sim");
  }
  if (std::optional<std::string> value = readEnv("LOOM_OFFLOAD")) {
    std::optional<OffloadMode> mode =
        llvm::StringSwitch<std::optional<OffloadMode>>(llvm::StringRef(*value))
            .CaseLower("mandatory", OffloadMode::Mandatory)
            .CaseLower("default", OffloadMode::Default)
            .CaseLower("disabled", OffloadMode::Disabled)
            .Default(std::nullopt);
    if (mode)
      policy.offload = *mode;
    else
      addError(policy, "unknown LOOM_OFFLOAD '" + *value +
                           "', expected mandatory, default or disabled");
  }
  if (std::optional<std::string> value = readEnv("LOOM_REPORT"))
    policy.reportPath = *value;
  // OMP_NUM_THREADS-style: a positive count, the hardware threads if unset.
  policy.workers = loom::sim::WorkScheduler::getHardwareWorkerCount();
  llvm::Expected<std::optional<unsigned>> workers =
      loom::sim::WorkScheduler::parseWorkerCount(
          readEnv("LOOM_WORKERS").value_or(""));
  if (!workers)
    addError(policy, llvm::toString(workers.takeError()));
  else if (*workers)
    policy.workers = **workers;
  if (std::optional<std::string> value = readEnv("LOOM_EMU_MAX_STEPS")) {
    uint64_t steps = 0;
    if (llvm::StringRef(*value).trim().getAsInteger(10, steps) || steps == 0)
      addError(policy, "LOOM_EMU_MAX_STEPS='" + *value +
                           "' is not a step count: expected a positive "
                           "integer below 2^64");
    else
      policy.emuMaxSteps = steps;
  }
  if (std::optional<std::string> value = readEnv("LOOM_TRACE"))
    policy.tracePath = *value;
  if (std::optional<std::string> value = readEnv("LOOM_MAPPING_DIR"))
    policy.mappingDir = *value;
  // Only the sim backend reads a fabric: a LOOM_FABRIC left over in the
  // environment does not break an emu or host run.
  if (policy.backend == Backend::Sim) {
    llvm::Expected<loom::fabric::Fabric> fabric =
        loom::fabric::resolveFabricFromEnvironment();
    if (fabric)
      policy.fabric =
          std::make_shared<const loom::fabric::Fabric>(std::move(*fabric));
    else
      addError(policy, llvm::toString(fabric.takeError()));
    // LOOM_LANES caps the copies of a dense thread's graph the sim backend
    // places side by side (docs/runtime.md, "Lanes"); 1 turns lanes off.
    if (std::optional<std::string> value = readEnv("LOOM_LANES")) {
      unsigned lanes = 0;
      if (llvm::StringRef(*value).trim().getAsInteger(10, lanes) || lanes == 0)
        addError(policy, "LOOM_LANES='" + *value +
                             "' is not a lane count: expected a positive "
                             "integer");
      else
        policy.maxLanes = lanes;
    }
  }
  return policy;
}
} // namespace

llvm::StringRef loom::rt::getBackendName(Backend backend) {
  switch (backend) {
  case Backend::Host:
    return "host";
  case Backend::Emu:
    return "emu";
  case Backend::Sim:
    return "sim";
  }
  llvm_unreachable("every Backend has a name");
}

Policy loom::rt::getPolicy() {
  PolicyState &state = getPolicyState();
  std::lock_guard<std::mutex> lock(state.mutex);
  if (!state.cached)
    state.cached = readPolicy();
  return *state.cached;
}

void loom::rt::resetPolicyForTesting() {
  PolicyState &state = getPolicyState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.cached.reset();
}
