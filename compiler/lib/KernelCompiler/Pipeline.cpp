//===- Pipeline.cpp - the kernel compiler's pass pipeline -----------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/Pipeline.h"
#include "loom/Conversion/SCFToDataflow/Pipeline.h"
#include "loom/Ownership/Pipeline.h"
#include "loom/Raising/Pipeline.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace loom::compiler;

void loom::compiler::buildKernelPipeline(OpPassManager &pm, KernelStage first,
                                         KernelStage last) {
  auto runs = [&](KernelStage stage) {
    return first <= stage && stage <= last;
  };
  if (runs(KernelStage::Raising))
    raising::buildRaisingPipeline(pm);
  if (runs(KernelStage::Ownership))
    ownership::buildOwnershipPipeline(pm);
  if (runs(KernelStage::Dataflow))
    conversion::buildDataflowPipeline(pm);
}

void loom::compiler::registerKernelPipeline() {
  PassPipelineRegistration<>(
      "loom-kernel-pipeline",
      "The kernel compiler's whole pipeline on an imported LLVM-dialect "
      "kernel: loom-raise-pipeline, loom-ownership-pipeline, "
      "loom-dataflow-pipeline",
      [](OpPassManager &pm) { buildKernelPipeline(pm); });
}
