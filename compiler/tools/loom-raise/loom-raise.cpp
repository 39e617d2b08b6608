//===- loom-raise.cpp - raise a kernel's LLVM IR to structured SCF -------===//
//
// Part of the Loom project.
//
// Reads LLVM IR (.ll or .bc), prepares it the way the device compile does,
// imports it into MLIR and runs the raising pipeline, printing the result.
// `--until=threads|dataflow` continues with ownership and SCF-to-dataflow
// lowering. `--no-prepare` skips the LLVM-level preparation (for IR that is
// already cleaned up), `--import-only` stops after the import.
//
//===----------------------------------------------------------------------===//

#include "loom/InitAllDialects.h"
#include "loom/KernelCompiler/DevicePreparation.h"
#include "loom/KernelCompiler/Pipeline.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Import.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input.ll>"),
                                      cl::init("-"));
static cl::opt<std::string> outputFile("o", cl::desc("Output file"),
                                       cl::value_desc("file"), cl::init("-"));
static cl::opt<bool> noPrepare("no-prepare",
                               cl::desc("Skip the LLVM-level preparation"));
static cl::opt<bool> importOnly("import-only",
                                cl::desc("Stop after importing into MLIR"));
static cl::opt<std::string>
    until("until", cl::init("scf"),
          cl::desc("Last stage to run: scf (raising), threads (raising and "
                   "ownership) or dataflow (the whole kernel compiler)"));

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv, "Loom kernel raising driver\n");

  LLVMContext llvmContext;
  SMDiagnostic error;
  std::unique_ptr<Module> module = parseIRFile(inputFile, error, llvmContext);
  if (!module) {
    error.print("loom-raise", errs());
    return 1;
  }
  if (!noPrepare)
    loom::compiler::prepareDeviceModule(*module);

  mlir::DialectRegistry registry;
  mlir::registerAllFromLLVMIRTranslations(registry);
  loom::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      mlir::translateLLVMIRToModule(std::move(module), &context);
  if (!imported || mlir::failed(mlir::verify(*imported))) {
    WithColor::error(errs(), "loom-raise") << "importing the LLVM IR failed\n";
    return 1;
  }
  if (until != "scf" && until != "threads" && until != "dataflow") {
    WithColor::error(errs(), "loom-raise")
        << "--until must be scf, threads or dataflow, got '" << until << "'\n";
    return 1;
  }
  if (!importOnly) {
    using loom::compiler::KernelStage;
    KernelStage last = KernelStage::Dataflow;
    if (until == "scf")
      last = KernelStage::Raising;
    else if (until == "threads")
      last = KernelStage::Ownership;
    mlir::PassManager pm(&context);
    loom::compiler::buildKernelPipeline(pm, KernelStage::Raising, last);
    if (mlir::failed(pm.run(*imported)))
      return 1;
  }
  std::string message;
  std::unique_ptr<ToolOutputFile> output =
      mlir::openOutputFile(outputFile, &message);
  if (!output) {
    WithColor::error(errs(), "loom-raise") << message << "\n";
    return 1;
  }
  imported->print(output->os());
  output->keep();
  return 0;
}
