//===- KernelOffload.h - device path and host stubs per module ---*- C++
//-*-===//
//
// Part of the Loom project.
//
// What happens to each kernel of a translation unit (issue B, "driver"):
// its LLVM IR goes to the compiler library in process; the host module keeps
// the native body under a fallback symbol, routes every call through a
// generated launch stub, and embeds the artifact and manifest with a
// registration constructor.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DRIVER_KERNELOFFLOAD_H
#define LOOM_DRIVER_KERNELOFFLOAD_H

#include "llvm/IR/PassManager.h"

#include <functional>
#include <string>

namespace loom {

/// Compile-time offload policy (`--loom-offload=`), in the meaning of
/// OpenMP's OMP_TARGET_OFFLOAD.
enum class OffloadPolicy { Default, Mandatory, Disabled };

struct OffloadOptions {
  OffloadPolicy policy = OffloadPolicy::Default;
  /// Where to write each kernel's .ll/.mlir files; empty: nowhere.
  std::string saveTempsDir;
  /// A directory receiving one JSON report fragment per translation unit;
  /// empty: no report.
  std::string reportDir;
  /// The fabric preset or file the kernels are compiled for.
  std::string fabric;
  /// Reports a -Wloom-hint warning at `where` ("file:line:col" of the hint)
  /// with notes at other source locations; set by the clang plugin, which
  /// maps the locations back to clang's and applies -Wno-loom-hint and
  /// -Werror=loom-hint. Unset (a tool without clang): the warning becomes
  /// a remark at the hint.
  std::function<void(llvm::StringRef where, llvm::StringRef message,
                     llvm::ArrayRef<std::pair<std::string, std::string>> notes)>
      reportHintWarning;
};

/// Offloads every function carrying the `loom.kernel` attribute.
class OffloadKernelsPass : public llvm::PassInfoMixin<OffloadKernelsPass> {
public:
  explicit OffloadKernelsPass(OffloadOptions options)
      : options(std::move(options)) {}
  llvm::PreservedAnalyses run(llvm::Module &module,
                              llvm::ModuleAnalysisManager &analyses);
  static bool isRequired() { return true; }

private:
  OffloadOptions options;
};

} // namespace loom

#endif // LOOM_DRIVER_KERNELOFFLOAD_H
