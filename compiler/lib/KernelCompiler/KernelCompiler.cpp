//===- KernelCompiler.cpp - one kernel from LLVM IR to dataflow ----------===//
//
// Part of the Loom project.
//
// Today the pipeline imports the kernel into the LLVM dialect and verifies
// it. Raising to SCF (issue C) and SCF-to-dataflow lowering (issue D) are not
// implemented, so every kernel is reported as not offloadable with that
// reason and runs on the host.
//
//===----------------------------------------------------------------------===//

#include "loom/KernelCompiler/KernelCompiler.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
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
  mlir::MLIRContext context(registry);
  context.loadDialect<mlir::LLVM::LLVMDialect, mlir::DLTIDialect>();

  // Diagnostics of the import become the reason, not stderr noise inside
  // the user's compile.
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &diag) {
    if (diagnostics.empty())
      diagnostics = diag.str();
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> imported =
      mlir::translateLLVMIRToModule(CloneModule(kernelModule), &context);
  if (!imported || mlir::failed(mlir::verify(*imported)))
    return createStringError(
        "importing the kernel's LLVM IR into MLIR failed" +
        (diagnostics.empty() ? std::string() : ": " + diagnostics));
  raw_string_ostream os(stages.llvmDialect);
  imported->print(os);

  if (!imported->lookupSymbol(symbol))
    return createStringError("kernel symbol '" + symbol.str() +
                             "' is missing from its module");
  return createStringError(
      "raising LLVM IR to structured SCF is not implemented yet (issue C); "
      "the kernel runs on the host");
}
