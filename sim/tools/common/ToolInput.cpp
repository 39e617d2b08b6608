//===- ToolInput.cpp - reading the input module of loom-emu and loom-sim --===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "ToolInput.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

OwningOpRef<ModuleOp> loom::sim::tool::wrapInModule(Block &block,
                                                    MLIRContext &context) {
  if (llvm::hasSingleElement(block))
    if (auto module = dyn_cast<ModuleOp>(block.front())) {
      module->remove();
      return module;
    }
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
  module->getBody()->getOperations().splice(module->getBody()->begin(),
                                            block.getOperations());
  return module;
}

llvm::Error loom::sim::tool::runOnInputModule(
    MLIRContext &context, const InputRequest &request,
    llvm::function_ref<llvm::Error(ModuleOp, AsmParserState &)> run) {
  llvm::StringRef inputFile = request.inputFile;
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFile, &errorMessage);
  if (!file)
    return llvm::createStringError(errorMessage);
  llvm::SmallVector<llvm::StringRef> chunks;
  if (request.split)
    file->getBuffer().split(chunks, "\n// -----");
  else
    chunks.push_back(file->getBuffer());
  if (chunks.size() > 1 && !request.namesSomething)
    return llvm::createStringError(
        "--split-input-file needs --graph=<name> or --entry=<name>");
  for (llvm::StringRef chunk : chunks) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(chunk, file->getBufferIdentifier(),
                                         /*RequiresNullTerminator=*/false),
        llvm::SMLoc());
    SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
    AsmParserState parserState;
    Block block;
    ParserConfig config(&context);
    if (failed(parseAsmSourceFile(sourceMgr, &block, config, &parserState)))
      return llvm::createStringError("cannot parse '" + inputFile + "'");
    OwningOpRef<ModuleOp> module = wrapInModule(block, context);
    if (failed(verify(*module)))
      return llvm::createStringError("'" + inputFile +
                                     "' does not hold a valid module");
    if (chunks.size() == 1 || request.isRequested(*module))
      return run(*module, parserState);
  }
  return llvm::createStringError("no split of '" + inputFile + "' defines " +
                                 request.requested);
}
