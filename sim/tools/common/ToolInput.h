//===- ToolInput.h - reading the input module of loom-emu and loom-sim ----===//
//
// Part of the Loom project.
//
// Both tools read one MLIR file, optionally split at "// -----" like
// mlir-opt's --split-input-file, and run the split that defines the graph or
// function the user asked for. This is that one reader.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_TOOLS_COMMON_TOOLINPUT_H
#define LOOM_SIM_TOOLS_COMMON_TOOLINPUT_H

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace loom::sim::tool {

/// Takes the one top-level module of `block`, or wraps its ops in one, as
/// mlir-opt does for a file without an explicit module.
mlir::OwningOpRef<mlir::ModuleOp> wrapInModule(mlir::Block &block,
                                               mlir::MLIRContext &context);

/// What a tool asks of its input file.
struct InputRequest {
  llvm::StringRef inputFile;
  /// Split at "// -----" and take the split that `isRequested` accepts.
  bool split = false;
  /// Whether the user named a graph or function (a split input needs one).
  bool namesSomething = false;
  /// E.g. "a graph named 'g'", for the error when no split defines it.
  std::string requested;
  llvm::function_ref<bool(mlir::ModuleOp)> isRequested;
};

/// Parses and verifies the input (each split in turn) and calls `run` on the
/// only module, or on the first split that defines what was requested, with
/// the parser state that maps its values back to their source names.
/// Errors name the file.
llvm::Error runOnInputModule(
    mlir::MLIRContext &context, const InputRequest &request,
    llvm::function_ref<llvm::Error(mlir::ModuleOp, mlir::AsmParserState &)>
        run);

} // namespace loom::sim::tool

#endif // LOOM_SIM_TOOLS_COMMON_TOOLINPUT_H
