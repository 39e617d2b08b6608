//===- KernelCompiler.cpp - one kernel from LLVM IR to dataflow ----------===//
//
// Part of the Loom project.
//
// The pipeline: prepare the device copy at the LLVM level, import it into
// the LLVM dialect, raise it to structured SCF with memref roots (issue C).
// SCF-to-dataflow lowering (issue D) is not implemented, so every kernel is
// reported as not offloadable with that reason and runs on the host.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/KernelCompiler.h"
#include "loom/KernelCompiler/DevicePreparation.h"
#include "loom/Ownership/Passes.h"
#include "loom/Raising/Pipeline.h"

#include "loom/InitAllDialects.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;
using namespace loom::compiler;

Error loom::compiler::compileKernel(const Module &kernelModule,
                                    StringRef symbol,
                                    const KernelCompileOptions &options,
                                    KernelStages &stages) {
  mlir::DialectRegistry registry;
  mlir::registerAllFromLLVMIRTranslations(registry);
  loom::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadDialect<mlir::LLVM::LLVMDialect, mlir::DLTIDialect>();

  // Errors become the reason; remarks (the raising and ownership
  // decisions) are handed to the driver, which reports them as -Rpass
  // remarks. Nothing reaches stderr inside the user's compile.
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Remark)
      stages.remarks.push_back(diag.str());
    else if (diagnostics.empty())
      diagnostics = diag.str();
    return mlir::success();
  });
  std::unique_ptr<Module> device = CloneModule(kernelModule);
  prepareDeviceModule(*device);
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      mlir::translateLLVMIRToModule(std::move(device), &context);
  if (!imported || mlir::failed(mlir::verify(*imported)))
    return createStringError(
        "importing the kernel's LLVM IR into MLIR failed" +
        (diagnostics.empty() ? std::string() : ": " + diagnostics));
  raw_string_ostream os(stages.llvmDialect);
  imported->print(os);

  if (!imported->lookupSymbol(symbol))
    return createStringError("kernel symbol '" + symbol.str() +
                             "' is missing from its module");

  mlir::PassManager raising(&context);
  raising::buildRaisingPipeline(raising);
  raising.addPass(ownership::createAttachHintsPass());
  raising.addPass(ownership::createAttachLoopFactsPass());
  raising.addPass(ownership::createParallelizeLoopsPass());
  raising.addPass(ownership::createFormThreadsPass());
  raising.addPass(ownership::createFormSpatialRegionsPass());
  if (mlir::failed(raising.run(*imported)))
    return createStringError(
        "raising to structured SCF failed" +
        (diagnostics.empty() ? std::string() : ": " + diagnostics));
  raw_string_ostream scf(stages.scf);
  imported->print(scf);
  return createStringError(
      "lowering structured SCF to dataflow is not implemented yet (issue D); "
      "the kernel runs on the host");
}
