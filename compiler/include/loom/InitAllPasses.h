//===- InitAllPasses.h - every pass Loom tools register ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// The one place that registers Loom's passes and named pipelines with the
// global pass registry, plus the upstream passes Loom's pipelines run
// between its own.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_INITALLPASSES_H
#define LOOM_INITALLPASSES_H

#include "loom/Conversion/SCFToDataflow/Passes.h"
#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/Dialect/Dataflow/Transforms/Passes.h"
#include "loom/KernelCompiler/Pipeline.h"
#include "loom/Ownership/Passes.h"
#include "loom/Ownership/Pipeline.h"
#include "loom/Raising/Passes.h"
#include "loom/Raising/Pipeline.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Transforms/Passes.h"

namespace loom {

/// Registers every Loom pass so tools can name it on the command line, the
/// named pipelines of the kernel compiler (`loom-raise-pipeline`,
/// `loom-ownership-pipeline`, `loom-dataflow-pipeline` and the three in order,
/// `loom-kernel-pipeline`), and the upstream passes of the raising pipeline
/// (`lift-cf-to-scf`, `canonicalize`, `cse`).
inline void registerAllPasses() {
  dataflow::registerLoomDataflowPasses();
  raising::registerLoomRaisingPasses();
  ownership::registerLoomOwnershipPasses();
  conversion::registerLoomConversionPasses();
  raising::registerRaisingPipeline();
  ownership::registerOwnershipPipeline();
  conversion::registerDataflowPipeline();
  compiler::registerKernelPipeline();
  // ControlFlowToSCF.h declares the pass but not its registration, which
  // lives in the all-conversions header.
  mlir::registerPass([] { return mlir::createLiftControlFlowToSCFPass(); });
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
}

} // namespace loom

#endif // LOOM_INITALLPASSES_H
