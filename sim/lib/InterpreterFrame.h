//===- InterpreterFrame.h - shared by the program interpreter's files ----===//
//
// Part of the Loom project.
//
// Private to LoomSim: the frame of one function, instance or item execution
// and the helpers ProgramInterpreter.cpp and HostOps.cpp share.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_LIB_INTERPRETERFRAME_H
#define LOOM_SIM_LIB_INTERPRETERFRAME_H

#include "loom/Sim/ProgramInterpreter.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>

namespace loom::sim {

struct ProgramInterpreter::Frame {
  llvm::DenseMap<mlir::Value, ProgramValue> env;
  /// The executing dynamic work item, for work.spawn.
  WorkContext *work = nullptr;
  /// 0 for the function; launches inside thread bodies run on one worker.
  unsigned depth = 0;
  /// Nesting of interpreted calls, bounded so that runaway recursion is an
  /// error rather than a stack overflow.
  unsigned callDepth = 0;
  /// Ops this execution has run (calls share their caller's count),
  /// against InterpreterOptions::stepBudget.
  uint64_t steps = 0;
  /// The innermost running loop, named when the step budget runs out: an
  /// scf loop, or the cf branch that closed a cycle of blocks.
  mlir::Operation *loop = nullptr;
  /// The llvm.alloca storage of this execution; it lives as long as the
  /// frame, like a native stack frame.
  llvm::SmallVector<std::shared_ptr<uint64_t[]>, 0> stack;
};

namespace interp {
inline std::string opName(mlir::Operation *op) {
  return op->getName().getStringRef().str();
}

inline llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

std::string printType(mlir::Type type);

/// Whether runLLVMOp runs `op`: LLVM memory ops, pointer casts, memory
/// intrinsics and the memref ops beyond load/store/alloca.
bool isHostMemoryOp(mlir::Operation *op);

/// Why HostOps.cpp cannot run `op` (empty when it can), or std::nullopt
/// when `op` is not one of its ops (LLVM memory, pointer casts, memory
/// intrinsics, calls, the memref ops beyond load/store/alloca).
std::optional<std::string> checkHostMemoryOrCall(mlir::Operation *op);

/// The function a call resolves to in the module, or null for an external
/// one.
mlir::Region *getCalleeBody(mlir::Operation *call);

/// Deepest nesting of interpreted calls.
constexpr unsigned kMaxCallDepth = 512;
} // namespace interp

} // namespace loom::sim

#endif // LOOM_SIM_LIB_INTERPRETERFRAME_H
