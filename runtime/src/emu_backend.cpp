//===- emu_backend.cpp - the `emu` backend: interpret the artifact --------===//
//
// Part of the Loom project.
//
// LOOM_BACKEND=emu runs a kernel's artifact, the dataflow program printed
// after loom-lower-scf-to-dfg, on LoomSim's program interpreter: the host
// part (the kernel's func.func and the dataflow.thread bodies it launches)
// is interpreted op by op and every dataflow.graph launch runs on the
// token-level DataflowEmulator. This file parses and checks the artifact
// once per kernel and binds the caller's arguments: pointer arguments are
// bound to the caller's arrays without a copy.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Sim/ComputeSemantics.h"
#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace loom::rt;
using loom::sim::MemoryBuffer;
using loom::sim::ProgramValue;
using loom::sim::TokenValue;
namespace dataflow = loom::dataflow;

namespace {
/// One kernel's parsed artifact, or why it cannot run on emu.
struct EmuProgram {
  std::unique_ptr<MLIRContext> context;
  OwningOpRef<ModuleOp> module;
  func::FuncOp kernel;
  std::string problem;
  /// The IR is shared; one launch at a time interprets it.
  std::mutex runMutex;
};

struct EmuState {
  std::mutex mutex;
  llvm::DenseMap<const loom_kernel_desc_t *, std::unique_ptr<EmuProgram>>
      programs;
};

EmuState &getEmuState() {
  static EmuState *state = new EmuState();
  return *state;
}

/// Checks that every parameter of `func` can be bound to the descriptor's
/// argument: a pointer to a rank-1 dynamic memref of a host element type, a
/// scalar to a token type.
std::string checkParameters(const loom_kernel_desc_t &kernel,
                            func::FuncOp func) {
  if (func.getNumArguments() != kernel.num_args)
    return ("the artifact's function has " +
            llvm::Twine(func.getNumArguments()) +
            " parameters but the kernel has " + llvm::Twine(kernel.num_args))
        .str();
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    bool isPointer = kernel.args[i].kind == LOOM_ARG_POINTER;
    bool ok = memref ? isPointer && memref.getRank() == 1 &&
                           memref.isDynamicDim(0) &&
                           memref.getLayout().isIdentity() &&
                           MemoryBuffer::isSupportedHostElementType(
                               memref.getElementType())
                     : !isPointer && loom::sim::isSupportedTokenType(type) &&
                           !isa<NoneType>(type);
    if (!ok) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "emu cannot bind parameter #" << i << " of type " << type << " yet";
      return text;
    }
  }
  return "";
}

std::unique_ptr<EmuProgram> prepare(const loom_kernel_desc_t &kernel) {
  auto program = std::make_unique<EmuProgram>();
  DialectRegistry registry;
  registry.insert<dataflow::DataflowDialect, arith::ArithDialect,
                  cf::ControlFlowDialect, DLTIDialect, func::FuncDialect,
                  index::IndexDialect, LLVM::LLVMDialect, math::MathDialect,
                  memref::MemRefDialect, scf::SCFDialect, ub::UBDialect>();
  // No thread pool: the runtime lives inside the user's program.
  program->context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  program->context->allowUnregisteredDialects(false);
  std::string firstError;
  ScopedDiagnosticHandler handler(program->context.get(), [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return success();
  });
  llvm::StringRef text(kernel.artifact,
                       static_cast<size_t>(kernel.artifact_size));
  program->module = parseSourceString<ModuleOp>(text, program->context.get());
  if (!program->module) {
    program->problem = "emu cannot parse the artifact: " + firstError;
    return program;
  }
  if (failed(verify(*program->module))) {
    program->problem = "emu found an invalid artifact: " + firstError;
    return program;
  }
  llvm::StringRef symbol = kernel.symbol ? kernel.symbol : "";
  program->kernel = program->module->lookupSymbol<func::FuncOp>(symbol);
  if (!program->kernel || program->kernel.isExternal()) {
    program->problem =
        ("the artifact has no func.func @" + symbol + " to run on emu").str();
    return program;
  }
  program->problem = checkParameters(kernel, program->kernel);
  if (program->problem.empty())
    program->problem = loom::sim::checkProgram(program->kernel);
  return program;
}

EmuProgram &getProgram(const loom_kernel_desc_t &kernel) {
  EmuState &state = getEmuState();
  std::lock_guard<std::mutex> lock(state.mutex);
  std::unique_ptr<EmuProgram> &slot = state.programs[&kernel];
  if (!slot)
    slot = prepare(kernel);
  return *slot;
}

/// Reads a scalar argument of `type` from the caller's storage.
TokenValue readScalar(Type type, const void *storage) {
  unsigned width = loom::sim::getTokenBitWidth(type);
  uint64_t raw = 0;
  std::memcpy(&raw, storage, std::max(1u, width / 8));
  if (width == 1)
    raw &= 1;
  llvm::APInt bits(width, raw);
  if (const llvm::fltSemantics *semantics =
          loom::sim::getSupportedFloatSemantics(type))
    return TokenValue::getFloatBits(*semantics, bits);
  return TokenValue::getInteger(bits);
}
} // namespace

std::string loom::rt::getEmuProblem(const loom_kernel_desc_t &kernel) {
  return getProgram(kernel).problem;
}

loom_status_t loom::rt::runOnEmu(llvm::StringRef caller,
                                 const loom_kernel_desc_t &kernel, void **args,
                                 void *outResult) {
  EmuProgram &program = getProgram(kernel);
  assert(program.problem.empty() && "decide() admits runnable kernels only");
  std::lock_guard<std::mutex> lock(program.runMutex);
  auto error = [&](const llvm::Twine &message) {
    return setError(LOOM_STATUS_DEVICE_ERROR, caller + ": kernel '" +
                                                  kernel.name +
                                                  "' on emu: " + message);
  };
  func::FuncOp func = program.kernel;
  // checkParameters() admitted every parameter.
  llvm::SmallVector<ProgramValue> arguments(func.getNumArguments());
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    if (auto memref = dyn_cast<MemRefType>(type)) {
      void *pointer = *static_cast<void **>(args[i]);
      // A null pointer stays unbound: an access through it is an error.
      // A pointer's extent is unknown: its accesses are not bounds-checked.
      if (pointer)
        arguments[i].memory = std::make_shared<MemoryBuffer>(
            memref.getElementType(), pointer, std::nullopt);
      continue;
    }
    arguments[i].token = readScalar(type, args[i]);
  }
  llvm::Expected<llvm::SmallVector<ProgramValue, 1>> returned =
      loom::sim::runProgram(func, arguments, loom::sim::EmulatorOptions());
  if (!returned)
    return error(llvm::toString(returned.takeError()));
  if (!returned->empty() && outResult) {
    const TokenValue &token = returned->front().token;
    uint64_t raw = token.getBits().getZExtValue();
    std::memcpy(outResult, &raw, std::max(1u, token.getBitWidth() / 8));
  }
  return LOOM_STATUS_OK;
}

void loom::rt::resetEmuForTesting() {
  EmuState &state = getEmuState();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.programs.clear();
}
