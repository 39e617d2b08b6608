//===- Pipeline.h - the kernel compiler's pass pipeline ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// The whole pass pipeline the kernel compiler runs on an imported kernel,
// as the sequence of its three stages. Each stage is defined once, by the
// library that owns it: raising (loom/Raising/Pipeline.h), ownership
// (loom/Ownership/Pipeline.h) and dataflow
// (loom/Conversion/SCFToDataflow/Pipeline.h).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_KERNELCOMPILER_PIPELINE_H
#define LOOM_KERNELCOMPILER_PIPELINE_H

#include "mlir/Pass/PassManager.h"

namespace loom::compiler {

/// The stages of the kernel compiler after the import, in the order it runs
/// them.
enum class KernelStage {
  Raising,   ///< LLVM dialect to SCF with memref roots (loom-raise-pipeline)
  Ownership, ///< threads and spatial regions (loom-ownership-pipeline)
  Dataflow,  ///< the finalized dataflow program (loom-dataflow-pipeline)
};

/// Adds the stages `first` through `last` of the kernel compiler's pipeline
/// to `pm`, which runs on the imported module. With the defaults it is the
/// whole pipeline: what `compileKernel` runs (in two pass managers, to keep
/// the SCF stage in between), what `loom-raise --until=dataflow` runs and
/// what `loom-opt --loom-kernel-pipeline` runs.
void buildKernelPipeline(mlir::OpPassManager &pm,
                         KernelStage first = KernelStage::Raising,
                         KernelStage last = KernelStage::Dataflow);

/// Registers `--loom-kernel-pipeline` with the pass registry.
void registerKernelPipeline();

} // namespace loom::compiler

#endif // LOOM_KERNELCOMPILER_PIPELINE_H
