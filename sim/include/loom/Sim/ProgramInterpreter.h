//===- ProgramInterpreter.h - run a kernel's dataflow program ---*- C++ -*-===//
//
// Part of the Loom project.
//
// A kernel's dataflow program is a func.func whose body (and the bodies of
// the dataflow.thread ops it launches) is host code, plus the dataflow.graph
// ops it launches. The interpreter runs the host code op by op and every
// graph launch on the DataflowEmulator. It is shared by the runtime's `emu`
// backend and by `loom-raise-check --emu`, so the checker runs exactly what
// `LOOM_BACKEND=emu` runs.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_PROGRAMINTERPRETER_H
#define LOOM_SIM_PROGRAMINTERPRETER_H

#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/TokenValue.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace loom::sim {

/// One SSA value during interpretation: a token, or a memref's buffer (null
/// for an unbound pointer: any access through it is an error).
struct ProgramValue {
  TokenValue token;
  std::shared_ptr<MemoryBuffer> memory;
};

/// What one program run did, summed over its graph launches.
struct ProgramRunStats {
  uint64_t graphLaunches = 0;
  uint64_t threadInstances = 0;
  /// Actor firings and tokens moved inside graphs.
  uint64_t firings = 0;
  uint64_t tokensMoved = 0;
};

/// Returns why `kernel`, or a thread it launches, holds an op the
/// interpreter cannot run ("emu cannot run '<op>' yet"); empty when every op
/// can run. Checking first lets a caller refuse a kernel before it touches
/// memory.
std::string checkProgram(mlir::func::FuncOp kernel);

/// Runs `kernel` with one value per parameter (tokens for scalars, buffers
/// for memrefs). Thread instances run one at a time in row-major coordinate
/// order; graph launches run to completion on the emulator with
/// `graphOptions`. Returns the func.return operands. Errors name the op,
/// not the kernel: the caller adds the kernel's name. `stats`, if given,
/// accumulates what the run did.
llvm::Expected<llvm::SmallVector<ProgramValue, 1>>
runProgram(mlir::func::FuncOp kernel, llvm::ArrayRef<ProgramValue> arguments,
           const EmulatorOptions &graphOptions,
           ProgramRunStats *stats = nullptr);

} // namespace loom::sim

#endif // LOOM_SIM_PROGRAMINTERPRETER_H
