//===- launch.cpp - the launch decision and loom_rt_launch ---------------===//
//
// Part of the Loom project.
//
// Every kernel call ends here: the policy (LOOM_BACKEND, LOOM_OFFLOAD) and
// the kernel's embedded artifact decide whether it runs on an accelerator
// backend, falls back to the host, or is refused. sim, the default, runs the
// kernel's split program when the mapper cannot place a graph of its
// artifact, and falls back to emu when it cannot place the split program's
// either.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <chrono>
#include <cstdlib>
#include <mutex>

using namespace loom::rt;

namespace {
/// What checking a kernel's artifact found; an empty problem means valid.
struct ArtifactCheck {
  std::string problem;
  bool corrupt = false;
};

/// Artifacts are immutable program data, so each is hashed at most once.
struct LaunchState {
  std::mutex mutex;
  llvm::DenseMap<const loom_kernel_desc_t *, ArtifactCheck> artifacts;
  llvm::DenseSet<const loom_kernel_desc_t *> warnedCorrupt;
};

LaunchState &getLaunchState() {
  static LaunchState *state = new LaunchState();
  return *state;
}

/// `what` names the program in a problem: "artifact", or "split artifact"
/// for the descriptor of a split program.
ArtifactCheck checkArtifact(const loom_kernel_desc_t &kernel,
                            llvm::StringRef what) {
  ArtifactCheck check;
  if (!kernel.artifact) {
    check.problem = "no artifact: ";
    check.problem += kernel.not_offloadable_reason
                         ? kernel.not_offloadable_reason
                         : "the compiler embedded none and gave no reason";
    return check;
  }
  check.corrupt = true;
  llvm::StringRef expected =
      kernel.artifact_sha256 ? kernel.artifact_sha256 : "";
  if (expected.empty()) {
    check.problem =
        ("corrupt " + what + ": it has no SHA-256 digest to check it against")
            .str();
    return check;
  }
  std::string actual =
      llvm::toHex(llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
                      reinterpret_cast<const uint8_t *>(kernel.artifact),
                      static_cast<size_t>(kernel.artifact_size))),
                  /*LowerCase=*/true);
  if (actual != expected) {
    check.problem = ("corrupt " + what + ": its SHA-256 is " + actual +
                     " but the descriptor expects " + expected)
                        .str();
    return check;
  }
  check.corrupt = false;
  return check;
}

/// Returns a copy: DenseMap entries move when another thread's insertion
/// grows the map.
ArtifactCheck getArtifactCheck(const loom_kernel_desc_t &kernel) {
  LaunchState &state = getLaunchState();
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    auto it = state.artifacts.find(&kernel);
    if (it != state.artifacts.end())
      return it->second;
  }
  // Hash outside the lock; a racing thread computes the same answer and the
  // first insertion wins.
  unsigned level = getSplitLevel(kernel);
  bool isNoAlias = isNoAliasProgram(kernel);
  ArtifactCheck check =
      checkArtifact(kernel, level ? "split artifact " + std::to_string(level)
                            : isNoAlias ? std::string("no-alias artifact")
                                        : std::string("artifact"));
  // A kernel's split and no-alias programs are checked with it: a binary
  // with one of them tampered with is corrupt even while that program
  // would never run.
  bool isPrimary = !level && !isNoAlias;
  for (unsigned k = 1;
       isPrimary && check.problem.empty() && k <= kernel.num_split_programs;
       ++k)
    if (const loom_kernel_desc_t *split = getSplitProgram(kernel, k))
      if (ArtifactCheck splitCheck = getArtifactCheck(*split);
          splitCheck.corrupt)
        check = std::move(splitCheck);
  if (isPrimary && check.problem.empty())
    if (const loom_kernel_desc_t *noalias = getNoAliasProgram(kernel))
      if (ArtifactCheck noaliasCheck = getArtifactCheck(*noalias);
          noaliasCheck.corrupt)
        check = std::move(noaliasCheck);
  std::lock_guard<std::mutex> lock(state.mutex);
  return state.artifacts.try_emplace(&kernel, std::move(check)).first->second;
}

const char *locationOf(const loom_kernel_desc_t &kernel) {
  return kernel.source_location ? kernel.source_location : "<unknown location>";
}

/// Under LOOM_OFFLOAD=default a corrupt artifact is still a run-time error
/// the user must see (issue 3, "Bad input"), once per kernel, not per call.
/// `runOn` is where the kernel runs instead.
void warnCorruptOnce(const loom_kernel_desc_t &kernel,
                     const std::string &reason, llvm::StringRef runOn) {
  LaunchState &state = getLaunchState();
  {
    std::lock_guard<std::mutex> lock(state.mutex);
    if (!state.warnedCorrupt.insert(&kernel).second)
      return;
  }
  llvm::errs() << "loom: warning: kernel '" << kernel.name << "' ("
               << locationOf(kernel) << "): " << reason << "; running it on "
               << runOn << "\n";
}

loom_status_t launch(const loom_kernel_desc_t &kernel, void **args,
                     void *outResult, std::optional<Backend> &ranOn,
                     LaunchDetails &details) {
  if (loom_status_t status =
          validateLaunch("loom_rt_launch", kernel, args, outResult))
    return status;
  Policy policy = getPolicy();
  if (!policy.error.empty())
    return setError(LOOM_STATUS_INVALID_ARGUMENT, "loom_rt_launch: kernel '" +
                                                      llvm::Twine(kernel.name) +
                                                      "': " + policy.error);

  Decision decision = decide(kernel, policy);
  // LOOM_BACKEND=host asks for the host explicitly, so running there is no
  // fallback, even under LOOM_OFFLOAD=mandatory.
  bool isFallback = !decision.offloadable && policy.backend != Backend::Host &&
                    policy.offload != OffloadMode::Disabled;
  if (isFallback && policy.offload == OffloadMode::Mandatory)
    return setError(LOOM_STATUS_UNAVAILABLE,
                    "loom_rt_launch: kernel '" + llvm::Twine(kernel.name) +
                        "' (" + locationOf(kernel) +
                        ") cannot be offloaded: " + decision.reason);
  if (decision.runOn != Backend::Host) {
    if (decision.corruptSplitArtifact)
      warnCorruptOnce(kernel, decision.reason, "emu");
    const loom_kernel_desc_t *program =
        decision.splitProgram ? decision.splitProgram : &kernel;
    // Issue L: the arguments of this launch decide whether the no-alias
    // program may run.
    if (kernel.noalias_program) {
      AliasChoice alias = checkAliasing(kernel, args, decision.runOn, policy);
      details.aliasRan = alias.noaliasProgram ? "noalias" : "ordered";
      details.aliasWhy = std::move(alias.why);
      if (alias.noaliasProgram)
        program = alias.noaliasProgram;
    }
    loom_status_t status = decision.runOn == Backend::Emu
                               ? runOnEmu("loom_rt_launch", *program, args,
                                          outResult, policy, details)
                               : runOnSim("loom_rt_launch", *program, args,
                                          outResult, policy, details);
    if (status != LOOM_STATUS_OK)
      return status;
    ranOn = decision.runOn;
    return LOOM_STATUS_OK;
  }
  if (isFallback && decision.corruptArtifact)
    warnCorruptOnce(kernel, decision.reason, "the host");

  if (loom_status_t status =
          runOnHost("loom_rt_launch", kernel, args, outResult))
    return status;
  ranOn = Backend::Host;
  return LOOM_STATUS_OK;
}

/// Issue K: when a graph of `kernel`'s artifact cannot be mapped (`problem`
/// says which), whether one of its split programs can run on sim instead:
/// the first, least split, whose artifact matches its digest, which emu can
/// run and every graph of which maps. If one can, records it in `decision`;
/// if none can, appends why to `problem`. Only a kernel that needs them has
/// its split artifacts hashed and parsed, and only as far as the first that
/// maps.
bool chooseSplitProgram(const loom_kernel_desc_t &kernel, const Policy &policy,
                        std::string &problem, Decision &decision) {
  std::string why;
  for (unsigned level = 1; level <= kernel.num_split_programs; ++level) {
    const loom_kernel_desc_t *split = getSplitProgram(kernel, level);
    if (!split)
      break;
    std::string name = "split program " + std::to_string(level);
    ArtifactCheck check = getArtifactCheck(*split);
    std::string splitProblem = check.problem;
    if (splitProblem.empty())
      splitProblem = getEmuProblem(*split);
    if (!splitProblem.empty()) {
      // A corrupt split artifact never runs, as a corrupt artifact never
      // does; nor does a more split one after it.
      decision.corruptSplitArtifact = check.corrupt;
      problem += why + "; " + name + " cannot run instead: " + splitProblem;
      return false;
    }
    splitProblem = getSimProblem(*split, policy);
    if (!splitProblem.empty()) {
      why += "; " + name + " does not map either: " + splitProblem;
      continue;
    }
    decision.splitProgram = split;
    decision.splitLevel = level;
    decision.splitGraphs = getSimGraphCount(*split, policy);
    decision.splitReason = problem + why;
    return true;
  }
  problem += why;
  return false;
}
} // namespace

Decision loom::rt::decide(const loom_kernel_desc_t &kernel,
                          const Policy &policy, bool inspectArtifact) {
  assert(policy.error.empty() && "an invalid policy decides nothing");
  Decision decision;
  if (policy.offload == OffloadMode::Disabled) {
    decision.reason = "offload is disabled by LOOM_OFFLOAD=disabled";
    return decision;
  }
  if (policy.backend == Backend::Host) {
    decision.reason = "LOOM_BACKEND=host selects the host backend";
    return decision;
  }
  ArtifactCheck artifact = getArtifactCheck(kernel);
  if (!artifact.problem.empty()) {
    decision.reason = artifact.problem;
    decision.corruptArtifact = artifact.corrupt;
    return decision;
  }
  if (!inspectArtifact) {
    decision.reason = kNotInspected;
    return decision;
  }
  // sim interprets the same artifact as emu and only times its graphs.
  decision.reason = getEmuProblem(kernel);
  if (!decision.reason.empty())
    return decision;
  decision.offloadable = true;
  decision.runOn = policy.backend;
  if (policy.backend != Backend::Sim)
    return decision;
  std::string problem = getSimProblem(kernel, policy);
  if (problem.empty() || chooseSplitProgram(kernel, policy, problem, decision))
    return decision;
  // Issue F: a graph the mapper cannot place runs on the emulator, and
  // the report says why; mandatory asks for exactly the sim backend.
  decision.reason = problem;
  decision.offloadable = policy.offload != OffloadMode::Mandatory;
  decision.runOn = decision.offloadable ? Backend::Emu : Backend::Host;
  return decision;
}

void loom::rt::resetLaunchForTesting() {
  LaunchState &state = getLaunchState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.artifacts.clear();
  state.warnedCorrupt.clear();
}

void loom::rt::resetForTesting() {
  resetPolicyForTesting();
  resetRegistryForTesting();
  resetLaunchForTesting();
  resetEmuForTesting();
  resetSimForTesting();
  resetAliasCheckForTesting();
  resetReportForTesting();
}

extern "C" loom_status_t loom_rt_launch(const loom_kernel_desc_t *kernel,
                                        void **args, void *out_result) {
  clearError();
  if (!kernel)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_launch: kernel is NULL, expected a kernel "
                    "descriptor");
  if (!kernel->name || !*kernel->name)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_launch: the kernel descriptor at " +
                        llvm::Twine(locationOf(*kernel)) +
                        " has no name, expected a non-empty name");
  ensureReportAtExit();
  std::optional<Backend> ranOn;
  LaunchDetails details;
  auto start = std::chrono::steady_clock::now();
  loom_status_t status = launch(*kernel, args, out_result, ranOn, details);
  details.wallSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (ranOn)
    details.backend = *ranOn;
  recordLaunch(*kernel, ranOn, details);
  return status;
}

extern "C" void loom_rt_kernel_call(const loom_kernel_desc_t *kernel,
                                    void **args, void *out_result) {
  if (loom_rt_launch(kernel, args, out_result) == LOOM_STATUS_OK)
    return;
  // The C++ call site that reached this stub has no error channel, so the
  // only safe outcome of a failed launch is to stop (loomrt.h).
  const char *name = kernel && kernel->name ? kernel->name : "<null>";
  llvm::errs() << "loom: error: kernel '" << name
               << "': " << loom_last_error_message() << "\n";
  llvm::errs().flush();
  writeReportBeforeExit();
  std::exit(1);
}
