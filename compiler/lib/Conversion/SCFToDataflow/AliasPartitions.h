//===- AliasPartitions.h - memory inputs into alias partitions -*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to the SCF-to-dataflow conversion. Groups the memory inputs of a
// loom.spatial_region into the basic alias partitions of Part 3: every
// memory input is traced to its root (views peeled), through the thread's
// block arguments to the operands of every launch of the thread and on to
// the kernel's parameters. A root is distinct from every other root when it
// is a fresh allocation or an `llvm.noalias` parameter; every other root
// joins one conservative partition. The tracing reads the IR as it is: no
// attribute records the result.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_CONVERSION_SCFTODATAFLOW_ALIASPARTITIONS_H
#define LOOM_LIB_CONVERSION_SCFTODATAFLOW_ALIASPARTITIONS_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace loom::conversion {

/// The alias partitions of one spatial region.
struct RegionPartitions {
  /// The partition of each memory input of the region, then of each
  /// allocation hoisted out of it, in that order.
  llvm::SmallVector<unsigned> partitionOf;
  /// What each partition holds and why it is separate, for the remark.
  llvm::SmallVector<std::string> descriptions;

  unsigned getNumPartitions() const { return descriptions.size(); }
};

/// Traces memory roots of one module; the launches of every thread are
/// collected once. The module must not change while this is alive.
class AliasRootAnalysis {
public:
  explicit AliasRootAnalysis(mlir::ModuleOp module);

  /// The partitions of `region` (nested in a dataflow.thread) and of the
  /// allocations `hoisted` out of it. Inputs with one root share a
  /// partition; an input whose root may alias a conservative root, or whose
  /// derivation cannot be traced, is in the conservative partition.
  RegionPartitions assign(SpatialRegionOp region,
                          llvm::ArrayRef<mlir::memref::AllocaOp> hoisted);

private:
  /// Per payload argument of a thread: the argument standing for its alias
  /// class (the first argument of the class), or null when the argument is
  /// in the conservative class; a name for the remark and, when distinct,
  /// why (`noalias`, `fresh allocation`).
  struct ThreadArgument {
    mlir::Value representative;
    std::string name;
    std::string evidence;
  };
  llvm::ArrayRef<ThreadArgument> getThreadArguments(dataflow::ThreadOp thread);
  llvm::SmallVector<ThreadArgument>
  classifyThreadArguments(dataflow::ThreadOp thread);

  /// Launch ops per thread symbol, or null when the symbol has another use
  /// (then no launch is known to bind all of its arguments).
  llvm::DenseMap<mlir::StringAttr,
                 std::optional<llvm::SmallVector<dataflow::ThreadLaunchOp>>>
      launches;
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<ThreadArgument>>
      threadArguments;
};

} // namespace loom::conversion

#endif // LOOM_LIB_CONVERSION_SCFTODATAFLOW_ALIASPARTITIONS_H
