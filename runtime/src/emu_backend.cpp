//===- emu_backend.cpp - the `emu` backend: interpret the artifact --------===//
//
// Part of the Loom project.
//
// LOOM_BACKEND=emu runs a kernel's artifact, the dataflow program printed
// after loom-lower-scf-to-dfg. The host part (the kernel's func.func and the
// dataflow.thread bodies it launches) is interpreted op by op here; every
// dataflow.graph launch runs on the token-level DataflowEmulator (LoomSim).
// Pointer arguments are bound to the caller's arrays without a copy.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Sim/ComputeSemantics.h"
#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/MemoryBuffer.h"

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
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <functional>
#include <memory>
#include <mutex>

using namespace mlir;
using namespace loom::rt;
using loom::sim::DataflowEmulator;
using loom::sim::MemoryBuffer;
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

std::string opName(Operation *op) { return op->getName().getStringRef().str(); }

/// Returns why `op`, in a func or thread body, cannot be interpreted.
std::string checkHostOp(Operation *op) {
  if (isa<arith::ConstantOp, memref::AllocaOp, memref::LoadOp, memref::StoreOp,
          dataflow::ThreadWaitOp, dataflow::GraphWaitOp,
          dataflow::ThreadYieldOp, func::ReturnOp>(op))
    return "";
  if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op)) {
    auto thread = SymbolTable::lookupNearestSymbolFrom<dataflow::ThreadOp>(
        op, launch.getCalleeAttr());
    if (!thread)
      return "emu cannot find thread '" + launch.getCallee().str() + "'";
    if (thread.isDynamicWork())
      return "emu cannot run dynamic-work thread '" + launch.getCallee().str() +
             "' yet";
    return "";
  }
  if (auto launch = dyn_cast<dataflow::GraphLaunchOp>(op)) {
    if (!launch.getStreamInputs().empty() ||
        !launch.getStreamOutputs().empty() ||
        !launch.getMemoryResults().empty())
      return "emu cannot run a 'dataflow.graph.launch' with stream bindings "
             "or memory results yet";
    return "";
  }
  if (op->getDialect() && op->getDialect()->getNamespace() == "arith") {
    llvm::Expected<loom::sim::ComputeOp> decoded =
        loom::sim::decodeComputeOp(op);
    if (decoded)
      return "";
    llvm::consumeError(decoded.takeError());
  }
  return "emu cannot run '" + opName(op) + "' yet";
}

/// Checks every op the interpreter will meet before the first launch, so an
/// unsupported kernel falls back (or is refused) before it touches memory.
std::string checkProgram(func::FuncOp kernel) {
  std::string problem;
  llvm::SmallPtrSet<Operation *, 4> seenThreads;
  std::function<void(Region &)> check = [&](Region &region) {
    region.walk([&](Operation *op) {
      if (!problem.empty())
        return WalkResult::interrupt();
      problem = checkHostOp(op);
      if (!problem.empty())
        return WalkResult::interrupt();
      if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op)) {
        auto thread = SymbolTable::lookupNearestSymbolFrom<dataflow::ThreadOp>(
            op, launch.getCalleeAttr());
        if (seenThreads.insert(thread).second)
          check(thread.getBody());
      }
      return WalkResult::advance();
    });
  };
  check(kernel.getBody());
  return problem;
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
    program->problem = checkProgram(program->kernel);
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

/// One SSA value during interpretation: a token, or a memref's buffer.
struct Slot {
  TokenValue token;
  std::shared_ptr<MemoryBuffer> memory;
};

/// Interprets func and thread bodies. Errors carry a message without the
/// kernel's name; runOnEmu() adds it.
class Interpreter {
public:
  explicit Interpreter(ModuleOp module) : module(module) {}

  /// Runs the ops of `block` (with its arguments bound in `env`) until its
  /// terminator; `returned` receives a func.return's operands.
  llvm::Error runBlock(Block &block, llvm::DenseMap<Value, Slot> &env,
                       llvm::SmallVectorImpl<Slot> *returned);

private:
  llvm::Error runOp(Operation &op, llvm::DenseMap<Value, Slot> &env,
                    llvm::SmallVectorImpl<Slot> *returned);
  llvm::Error runThreadLaunch(dataflow::ThreadLaunchOp launch,
                              llvm::DenseMap<Value, Slot> &env);
  llvm::Error runGraphLaunch(dataflow::GraphLaunchOp launch,
                             llvm::DenseMap<Value, Slot> &env);
  ModuleOp module;
};

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// Reads a memref access's indices; poison is an error.
llvm::Expected<int64_t> address(Operation *op, ValueRange indices,
                                MemoryBuffer &buffer,
                                llvm::DenseMap<Value, Slot> &env) {
  llvm::SmallVector<int64_t, 2> position;
  (void)buffer;
  for (Value index : indices) {
    const TokenValue &token = env[index].token;
    if (token.isPoison())
      return fail("'" + opName(op) + "' has a poison index");
    position.push_back(token.getInteger().getSExtValue());
  }
  if (std::optional<int64_t> linear = buffer.linearize(position))
    return *linear;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "out-of-bounds '" << opName(op) << "' at index [";
  llvm::interleaveComma(position, os);
  os << "]";
  return fail(text);
}

llvm::Error Interpreter::runBlock(Block &block,
                                  llvm::DenseMap<Value, Slot> &env,
                                  llvm::SmallVectorImpl<Slot> *returned) {
  for (Operation &op : block)
    if (llvm::Error error = runOp(op, env, returned))
      return error;
  return llvm::Error::success();
}

llvm::Error Interpreter::runOp(Operation &op, llvm::DenseMap<Value, Slot> &env,
                               llvm::SmallVectorImpl<Slot> *returned) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    llvm::Expected<TokenValue> token =
        loom::sim::getTokenFromAttribute(constant.getValue());
    if (!token)
      return token.takeError();
    env[constant.getResult()].token = *token;
    return llvm::Error::success();
  }
  if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
    MemRefType type = alloca.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !loom::sim::isSupportedTokenType(type.getElementType()) ||
        isa<NoneType>(type.getElementType())) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "emu cannot run a 'memref.alloca' of " << type;
      return fail(text);
    }
    env[alloca.getResult()].memory =
        std::make_shared<MemoryBuffer>(type.getElementType(), type.getShape());
    return llvm::Error::success();
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    MemoryBuffer *memory = env[load.getMemRef()].memory.get();
    if (!memory)
      return fail("'" + opName(&op) + "' accesses a null pointer");
    MemoryBuffer &buffer = *memory;
    llvm::Expected<int64_t> linear =
        address(&op, load.getIndices(), buffer, env);
    if (!linear)
      return linear.takeError();
    env[load.getResult()].token = buffer.getElement(*linear);
    return llvm::Error::success();
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    MemoryBuffer *memory = env[store.getMemRef()].memory.get();
    if (!memory)
      return fail("'" + opName(&op) + "' accesses a null pointer");
    MemoryBuffer &buffer = *memory;
    llvm::Expected<int64_t> linear =
        address(&op, store.getIndices(), buffer, env);
    if (!linear)
      return linear.takeError();
    buffer.setElement(*linear, env[store.getValueToStore()].token);
    return llvm::Error::success();
  }
  if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op))
    return runThreadLaunch(launch, env);
  if (auto launch = dyn_cast<dataflow::GraphLaunchOp>(op))
    return runGraphLaunch(launch, env);
  // Launches run to completion in program order, so waits and yields have
  // nothing left to wait for.
  if (isa<dataflow::ThreadWaitOp, dataflow::GraphWaitOp,
          dataflow::ThreadYieldOp>(op))
    return llvm::Error::success();
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    if (returned)
      for (Value operand : ret.getOperands())
        returned->push_back(env[operand]);
    return llvm::Error::success();
  }
  llvm::Expected<loom::sim::ComputeOp> decoded =
      loom::sim::decodeComputeOp(&op);
  if (!decoded) {
    llvm::consumeError(decoded.takeError());
    return fail("emu cannot run '" + opName(&op) + "' yet");
  }
  llvm::SmallVector<TokenValue, 3> operands;
  for (Value operand : op.getOperands())
    operands.push_back(env[operand].token);
  llvm::SmallVector<TokenValue, 1> results(op.getNumResults());
  if (llvm::Error error =
          loom::sim::evaluateCompute(*decoded, operands, results))
    return fail("'" + opName(&op) + "': " + llvm::toString(std::move(error)));
  for (auto [result, token] : llvm::zip_equal(op.getResults(), results))
    env[result].token = token;
  return llvm::Error::success();
}

llvm::Error Interpreter::runThreadLaunch(dataflow::ThreadLaunchOp launch,
                                         llvm::DenseMap<Value, Slot> &env) {
  auto thread = module.lookupSymbol<dataflow::ThreadOp>(launch.getCallee());
  llvm::SmallVector<int64_t, 2> extents;
  for (Value extent : launch.getExtents()) {
    const TokenValue &token = env[extent].token;
    if (token.isPoison())
      return fail("thread '" + launch.getCallee() + "' has a poison extent");
    int64_t value = token.getInteger().getSExtValue();
    if (value < 0)
      return fail("thread '" + launch.getCallee() + "' has a negative extent " +
                  llvm::Twine(value));
    extents.push_back(value);
  }
  Block &body = thread.getBody().front();
  llvm::DenseMap<Value, Slot> threadEnv;
  for (auto [arg, operand] : llvm::zip_equal(
           body.getArguments().take_front(thread.getNumPayloadArguments()),
           launch.getBodyOperands()))
    threadEnv[arg] = env[operand];
  threadEnv[thread.getThreadCtrl()].token = TokenValue::getNone();
  // Every coordinate tuple in row-major order, one instance at a time.
  llvm::SmallVector<int64_t, 2> coords(extents.size(), 0);
  for (int64_t extent : extents)
    if (extent == 0)
      return llvm::Error::success();
  while (true) {
    llvm::DenseMap<Value, Slot> instanceEnv = threadEnv;
    for (unsigned d = 0; d < coords.size(); ++d)
      instanceEnv[thread.getCoordinate(d)].token =
          TokenValue::getInteger(64, coords[d]);
    if (llvm::Error error = runBlock(body, instanceEnv, nullptr))
      return error;
    unsigned d = coords.size();
    while (d > 0 && ++coords[d - 1] == extents[d - 1])
      coords[--d] = 0;
    if (d == 0)
      return llvm::Error::success();
  }
}

llvm::Error Interpreter::runGraphLaunch(dataflow::GraphLaunchOp launch,
                                        llvm::DenseMap<Value, Slot> &env) {
  auto graph = module.lookupSymbol<dataflow::GraphOp>(launch.getCallee());
  if (!graph)
    return fail("graph '" + launch.getCallee() + "' is missing");
  llvm::SmallVector<TokenValue> values;
  for (Value value : launch.getValueInputs())
    values.push_back(env[value].token);
  llvm::SmallVector<MemoryBuffer *> memories;
  for (Value memory : launch.getMemoryInputs())
    memories.push_back(env[memory].memory.get());
  loom::sim::EmulatorOptions options;
  llvm::Expected<loom::sim::EmulationResult> result =
      DataflowEmulator::runGraph(graph, values, memories, options);
  if (!result)
    return result.takeError();
  for (auto [value, token] :
       llvm::zip_equal(launch.getValueResults(), result->valueOutputs))
    env[value].token = token;
  env[launch.getDone()].token = TokenValue::getNone();
  return llvm::Error::success();
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
  Block &entry = func.getBody().front();
  // checkParameters() admitted every parameter.
  llvm::DenseMap<Value, Slot> env;
  for (auto [i, arg] : llvm::enumerate(entry.getArguments())) {
    Type type = arg.getType();
    if (auto memref = dyn_cast<MemRefType>(type)) {
      void *pointer = *static_cast<void **>(args[i]);
      // A null pointer stays unbound: an access through it is an error.
      // A pointer's extent is unknown: its accesses are not bounds-checked.
      if (pointer)
        env[arg].memory = std::make_shared<MemoryBuffer>(
            memref.getElementType(), pointer, std::nullopt);
      continue;
    }
    env[arg].token = readScalar(type, args[i]);
  }
  Interpreter interpreter(*program.module);
  llvm::SmallVector<Slot, 1> returned;
  if (llvm::Error failure = interpreter.runBlock(entry, env, &returned))
    return error(llvm::toString(std::move(failure)));
  if (!returned.empty() && outResult) {
    const TokenValue &token = returned.front().token;
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
