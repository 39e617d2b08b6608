//===- ExecutorsImpl.h - shared parts of the executions ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to Executors.cpp and KernelExecution.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_EXECUTORSIMPL_H
#define LOOM_TESTS_PROPERTY_EXECUTORSIMPL_H

#include "Executors.h"

#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

namespace loom::proptest {

std::string printed(mlir::Operation *op);

/// Runs `passes` on `module`, collecting diagnostics into `diagnostics`.
mlir::LogicalResult
runPasses(mlir::ModuleOp module, std::string &diagnostics,
          llvm::function_ref<void(mlir::PassManager &)> passes);

/// The one spatial region buildProgram made.
SpatialRegionOp findRegion(mlir::ModuleOp module);

/// ` --memory='<type>[<shape>]=<bits>,...'`: loom-emu's binding of `buffer`
/// with its initial contents.
void printEmuMemory(llvm::raw_ostream &os, const Buffer &buffer);

/// runDataflow of a kernel program (Program::asKernel).
std::vector<Outcome> runKernelDataflow(mlir::ModuleOp kernel,
                                       const Program &program,
                                       const DataflowRunOptions &options,
                                       std::string &lowered);

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_EXECUTORSIMPL_H
