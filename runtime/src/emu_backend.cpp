//===- emu_backend.cpp - the `emu` backend: interpret the artifact --------===//
//
// Part of the Loom project.
//
// LOOM_BACKEND=emu runs a kernel's artifact, the dataflow program printed
// after loom-lower-scf-to-dfg and loom-hoist-entry-constants. The host part
// (the kernel's func.func and the dataflow.thread bodies it launches) is
// interpreted op by op here; every dataflow.graph launch runs on the
// token-level DataflowEmulator (LoomSim). Pointer arguments are bound to the
// caller's arrays without a copy: a memref parameter as a MemoryBuffer over the
// array whose extent is the manifest's bounds expression evaluated with the
// launch's scalars (so every access is checked), an !llvm.ptr parameter (a
// pointer the raising kept) as its address.
//
//===----------------------------------------------------------------------===//

#include "arg_extents.h"
#include "artifact.h"

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
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <functional>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace loom::rt;
using loom::sim::MemoryBuffer;
using loom::sim::ProgramInterpreter;
using loom::sim::ProgramValue;
using loom::sim::TokenValue;
namespace dataflow = loom::dataflow;

namespace {
/// One kernel's parsed artifact, or why it cannot run on emu.
struct EmuProgram {
  /// Declared first so that it outlives the context.
  std::unique_ptr<llvm::SingleThreadExecutor> executor =
      std::make_unique<llvm::SingleThreadExecutor>(
          llvm::hardware_concurrency(1));
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
/// Whether a scalar of MLIR type `type` carries a C value of type `code`
/// (index is how the compiler spells a 64-bit integer it uses as an index).
bool matchesTypeCode(Type type, uint32_t code) {
  switch (code) {
  case LOOM_TYPE_I1:
    return type.isInteger(1);
  case LOOM_TYPE_I8:
    return type.isInteger(8);
  case LOOM_TYPE_I16:
    return type.isInteger(16);
  case LOOM_TYPE_I32:
    return type.isInteger(32);
  case LOOM_TYPE_I64:
    return type.isInteger(64) || type.isIndex();
  case LOOM_TYPE_F32:
    return type.isF32();
  case LOOM_TYPE_F64:
    return type.isF64();
  case LOOM_TYPE_PTR:
    return isa<LLVM::LLVMPointerType>(type);
  default:
    return false;
  }
}

std::string describe(const llvm::Twine &what, Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << what << type;
  return text;
}

/// A mismatched artifact: its function's scalar parameters and result must
/// have the C types the descriptor gives the caller's values.
std::string checkScalarTypes(const loom_kernel_desc_t &kernel,
                             func::FuncOp func) {
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes())) {
    const loom_arg_desc_t &arg = kernel.args[i];
    if (arg.kind == LOOM_ARG_SCALAR && !matchesTypeCode(type, arg.type))
      return describe("the artifact's parameter #" + llvm::Twine(i) + " ('" +
                          (arg.name ? arg.name : "") + "') has type ",
                      type) +
             ", which does not match the kernel's argument type";
  }
  llvm::ArrayRef<Type> results = func.getResultTypes();
  bool resultsMatch =
      kernel.return_type == LOOM_TYPE_VOID
          ? results.empty()
          : results.size() == 1 &&
                matchesTypeCode(results.front(), kernel.return_type);
  if (resultsMatch)
    return "";
  std::string text = "the artifact's function returns (";
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(results, os);
  os << "), which does not match the kernel's return type";
  return text;
}

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
    // A pointer the raising kept stays a host address (InstructionCore
    // code only); so does a scalar of C type `ptr`.
    if (isa<LLVM::LLVMPointerType>(type))
      continue;
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
  return checkScalarTypes(kernel, func);
}

/// A corrupt or mismatched manifest: every bounds expression must parse
/// and name integer scalars only, whatever the launch's values.
std::string checkExtents(const loom_kernel_desc_t &kernel) {
  for (unsigned i = 0; i < kernel.num_args; ++i) {
    const loom_arg_desc_t &arg = kernel.args[i];
    if (arg.kind != LOOM_ARG_POINTER || !arg.extent)
      continue;
    llvm::Expected<loom::sim::IndexRange> range =
        evaluateArgumentExtent(kernel, nullptr, i);
    if (!range)
      return ("the bounds expression '" + llvm::Twine(arg.extent) +
              "' of argument #" + llvm::Twine(i) + " ('" +
              (arg.name ? arg.name : "") +
              "') is malformed: " + llvm::toString(range.takeError()))
          .str();
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
  // No thread pool of MLIR's own: the runtime lives inside the user's
  // program. Instances running on several workers may still create
  // attributes (a default-valued getter), so the context's uniquers must
  // lock; an executor that starts no thread turns that on.
  program->context =
      std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  program->context->setThreadPool(*program->executor);
  program->context->allowUnregisteredDialects(false);
  std::string firstError;
  ScopedDiagnosticHandler handler(program->context.get(), [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error && firstError.empty())
      firstError = d.str();
    return success();
  });
  llvm::StringRef text(kernel.artifact,
                       static_cast<size_t>(kernel.artifact_size));
  // Named like the file --loom-save-temps writes, so that a location in an
  // error (a runaway host loop, a faulting actor) points into it.
  program->module = parseSourceString<ModuleOp>(
      text, ParserConfig(program->context.get()), getArtifactFileName(kernel));
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
    program->problem = checkExtents(kernel);
  if (program->problem.empty())
    program->problem = ProgramInterpreter::checkFunction(program->kernel);
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
/// Records that pointer argument `index` is not bounds-checked and why.
void recordUnchecked(const loom_kernel_desc_t &kernel, unsigned index,
                     LaunchDetails &details, llvm::StringRef why = "") {
  const loom_arg_desc_t &arg = kernel.args[index];
  LaunchDetails::PointerBinding binding;
  binding.index = index;
  binding.name = arg.name ? arg.name : "";
  binding.uncheckedReason = !why.empty()           ? why.str()
                            : arg.unchecked_reason ? arg.unchecked_reason
                                                   : "the manifest gives no "
                                                     "bound";
  details.pointerBindings.push_back(std::move(binding));
}

/// Binds the caller's array behind pointer argument `index`: with the
/// extent its bounds expression gives for this launch, so that an access
/// outside it is the emulator's out-of-bounds error, or unchecked when the
/// expression has no bound for these arguments.
std::shared_ptr<MemoryBuffer> bindPointer(const loom_kernel_desc_t &kernel,
                                          void **args, unsigned index,
                                          Type elementType,
                                          LaunchDetails &details) {
  void *pointer = *static_cast<void **>(args[index]);
  const char *expression = kernel.args[index].extent;
  auto unchecked = [&](llvm::StringRef why) {
    recordUnchecked(kernel, index, details, why);
    return std::make_shared<MemoryBuffer>(elementType, pointer, std::nullopt);
  };
  if (!expression)
    return unchecked("");
  // prepare() checked the expression's form.
  llvm::Expected<loom::sim::IndexRange> range =
      evaluateArgumentExtent(kernel, args, index);
  if (!range)
    return unchecked(llvm::toString(range.takeError()));
  int64_t extent = 0, first = 0;
  switch (range->kind) {
  case loom::sim::IndexRange::Kind::Unknown:
    return unchecked("no bound for this launch: " + range->reason);
  case loom::sim::IndexRange::Kind::NoAccess:
    break;
  case loom::sim::IndexRange::Kind::Bounded:
    // A negative index is legal C through a pointer into an array (`end[-i]`,
    // `mid[i - 1]`): the checked range then starts before the pointer.
    first = std::min<int64_t>(range->lowest, 0);
    extent = range->highest + 1 - first;
    break;
  }
  LaunchDetails::PointerBinding binding;
  binding.index = index;
  binding.name = kernel.args[index].name ? kernel.args[index].name : "";
  binding.checked = true;
  binding.extent = extent;
  binding.firstIndex = first;
  details.pointerBindings.push_back(std::move(binding));
  return std::make_shared<MemoryBuffer>(elementType, pointer, extent, first);
}
} // namespace

std::string loom::rt::getEmuProblem(const loom_kernel_desc_t &kernel) {
  return getProgram(kernel).problem;
}

mlir::ModuleOp loom::rt::getArtifactModule(const loom_kernel_desc_t &kernel) {
  EmuProgram &program = getProgram(kernel);
  assert(program.problem.empty() && "only a runnable artifact is shared");
  return *program.module;
}

unsigned loom::rt::getPointerElementBytes(const loom_kernel_desc_t &kernel,
                                          unsigned index) {
  EmuProgram &program = getProgram(kernel);
  assert(program.problem.empty() && "only a runnable artifact is bound");
  auto memref = dyn_cast<MemRefType>(program.kernel.getArgumentTypes()[index]);
  return memref ? MemoryBuffer::getHostValueBytes(memref.getElementType()) : 0;
}

loom_status_t loom::rt::runOnEmu(llvm::StringRef caller,
                                 const loom_kernel_desc_t &kernel, void **args,
                                 void *outResult, const Policy &policy,
                                 LaunchDetails &details) {
  return runArtifact(caller, kernel, args, outResult, Backend::Emu,
                     getInterpreterOptions(policy), details);
}

loom::sim::InterpreterOptions
loom::rt::getInterpreterOptions(const Policy &policy) {
  loom::sim::InterpreterOptions options;
  options.numWorkers = policy.workers;
  options.stepBudget = policy.emuMaxSteps.value_or(options.stepBudget);
  options.stepBudgetSetting = "LOOM_EMU_MAX_STEPS";
  return options;
}

loom_status_t
loom::rt::runArtifact(llvm::StringRef caller, const loom_kernel_desc_t &kernel,
                      void **args, void *outResult, Backend backend,
                      const loom::sim::InterpreterOptions &options,
                      LaunchDetails &details) {
  EmuProgram &program = getProgram(kernel);
  assert(program.problem.empty() && "decide() admits runnable kernels only");
  std::lock_guard<std::mutex> lock(program.runMutex);
  func::FuncOp func = program.kernel;
  Block &entry = func.getBody().front();
  // checkParameters() admitted every parameter.
  llvm::SmallVector<ProgramValue> arguments(entry.getNumArguments());
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    Type type = arg.getType();
    if (isa<LLVM::LLVMPointerType>(type)) {
      // Accesses through it are not bounds-checked, as in native code.
      recordUnchecked(kernel, i, details);
      void *pointer = *static_cast<void **>(args[i]);
      arguments[i].token =
          TokenValue::getInteger(64, reinterpret_cast<uintptr_t>(pointer));
      continue;
    }
    if (auto memref = dyn_cast<MemRefType>(type)) {
      void *pointer = *static_cast<void **>(args[i]);
      // A null pointer binds no element: a launch that accesses none (the
      // data of an empty std::span or std::vector) runs, an access is the
      // emulator's out-of-bounds error, never a dereference of null.
      arguments[i].memory =
          pointer
              ? bindPointer(kernel, args, i, memref.getElementType(), details)
              : std::make_shared<MemoryBuffer>(memref.getElementType(), nullptr,
                                               int64_t(0));
      continue;
    }
    arguments[i].token = readScalar(type, args[i]);
  }
  ProgramInterpreter interpreter(*program.module, options);
  llvm::Expected<llvm::SmallVector<ProgramValue>> returned =
      interpreter.run(func, arguments);
  const loom::sim::ProgramStats &stats = interpreter.getStats();
  details.hasDataflowStats = true;
  details.workers = options.numWorkers;
  details.threadLaunches = llvm::count_if(stats.launches, [](auto &record) {
    return record.kind != loom::sim::LaunchRecord::Kind::Graph;
  });
  details.instances = stats.threadInstances;
  details.graphLaunches = stats.graphLaunches;
  details.firings = stats.emulation.firings;
  details.firingsByKind = stats.emulation.firingsByKind;
  details.tokensMoved = stats.emulation.tokensMoved;
  details.peakQueueOccupancy = stats.emulation.peakQueueOccupancy;
  if (!returned)
    return setError(LOOM_STATUS_DEVICE_ERROR,
                    caller + ": kernel '" + kernel.name + "' on " +
                        getBackendName(backend) + ": " +
                        llvm::toString(returned.takeError()));
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
