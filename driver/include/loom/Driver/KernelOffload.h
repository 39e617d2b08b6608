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

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"

#include <functional>
#include <string>
#include <utility>

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
  /// Reports a hint the device compiler ignores (e.g. LOOM_PARALLEL on a
  /// loop with a dependence between iterations) as a -Wloom-hint warning.
  /// `where` and each note's first element are "FILE:LINE:COL" (the
  /// presumed file name as written, 1-based line and column: the format of
  /// the locations in loop-hint metadata and `loom.location`); `message` is
  /// the text without the flag; each note (location, text) is printed as a
  /// `note:` after it. The clang plugin sets it: the warning then follows
  /// -Wno-loom-hint, -Werror=loom-hint, -w and -Werror, and an error fails
  /// the compile. Empty elsewhere (loom-opt, unit tests): use
  /// emitHintWarning(), which falls back to a remark.
  std::function<void(llvm::StringRef where, llvm::StringRef message,
                     llvm::ArrayRef<std::pair<std::string, std::string>> notes)>
      reportHintWarning;
};

/// Reports an ignored hint through `options.reportHintWarning`, or, if it is
/// not set, as a `-Rpass-missed=loom` remark "HintIgnored" about `function`
/// at `where` followed by one `-Rpass-analysis=loom` remark per note.
void emitHintWarning(
    const OffloadOptions &options, llvm::Function &function,
    llvm::StringRef where, llvm::StringRef message,
    llvm::ArrayRef<std::pair<std::string, std::string>> notes = {});

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
