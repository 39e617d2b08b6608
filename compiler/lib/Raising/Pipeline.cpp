//===- Pipeline.cpp - the LLVM-dialect-to-SCF raising pipeline -----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Raising/Pipeline.h"
#include "loom/Raising/Passes.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void loom::raising::buildRaisingPipeline(OpPassManager &pm) {
  pm.addPass(createRaiseLLVMToCFPass());
  RaiseLLVMToArithPassOptions arith;
  arith.materializeFmuladd = "mul-add";
  pm.addPass(createRaiseLLVMToArithPass(arith));
  pm.addPass(createRaiseLibmCallsPass());
  pm.addPass(createRaiseMemrefRootsPass());
  pm.addPass(createLiftControlFlowToSCFPass());
  // Canonical loop shapes are what the while-to-for uplift recognizes.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createRaiseWhileToForPass());
  pm.addPass(createCanonicalizerPass());
  // After the last canonicalization, which is what knowing that a value is
  // poison helps; nothing later has a meaning for poison. The zeros it
  // leaves are merged with the existing ones by CSE.
  pm.addPass(createMaterializePoisonPass());
  pm.addPass(createCSEPass());
}

void loom::raising::registerRaisingPipeline() {
  PassPipelineRegistration<>(
      "loom-raise-pipeline",
      "Raise imported LLVM-dialect kernels to structured SCF with memref "
      "roots",
      [](OpPassManager &pm) { buildRaisingPipeline(pm); });
}
