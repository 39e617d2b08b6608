//===- DevicePreparation.cpp - LLVM-level cleanup before raising ----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/DevicePreparation.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Error.h"

using namespace llvm;

void loom::compiler::prepareDeviceModule(Module &module) {
  for (Function &function : module) {
    function.removeFnAttr(Attribute::OptimizeNone);
    function.removeFnAttr(Attribute::NoInline);
  }
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager cgsccs;
  ModuleAnalysisManager modules;
  PassBuilder builder;
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(cgsccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, cgsccs, modules);
  ModulePassManager passes;
  // The pipeline text is fixed, so parsing cannot fail.
  cantFail(builder.parsePassPipeline(
      passes,
      "function(sroa,early-cse,instcombine,simplifycfg,loop-simplify)"));
  passes.run(module, modules);
}
