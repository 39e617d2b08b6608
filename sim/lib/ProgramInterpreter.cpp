//===- ProgramInterpreter.cpp - run a kernel's dataflow program -----------===//
//
// Part of the Loom project.
//
// Interprets the host part of a dataflow program (the kernel's func.func and
// the dataflow.thread bodies it launches) op by op; every dataflow.graph
// launch runs on the token-level DataflowEmulator. Launches run to
// completion in program order, so waits have nothing left to wait for.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ProgramInterpreter.h"
#include "loom/Sim/ComputeSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

using namespace mlir;
using namespace loom::sim;
namespace dataflow = loom::dataflow;

namespace {
using Environment = llvm::DenseMap<Value, ProgramValue>;

std::string opName(Operation *op) { return op->getName().getStringRef().str(); }

/// Returns why `op`, in a func or thread body, cannot be interpreted.
std::string checkHostOp(Operation *op) {
  if (auto poison = dyn_cast<ub::PoisonOp>(op))
    return isSupportedTokenType(poison.getType()) &&
                   !isa<NoneType>(poison.getType())
               ? ""
               : "emu cannot run a 'ub.poison' of another type yet";
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
    llvm::Expected<ComputeOp> decoded = decodeComputeOp(op);
    if (decoded)
      return "";
    llvm::consumeError(decoded.takeError());
  }
  return "emu cannot run '" + opName(op) + "' yet";
}

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// Interprets func and thread bodies of one module.
class Interpreter {
public:
  Interpreter(ModuleOp module, const EmulatorOptions &graphOptions,
              ProgramRunStats &stats)
      : module(module), graphOptions(graphOptions), stats(stats) {}

  /// Runs the ops of `block` (with its arguments bound in `env`) until its
  /// terminator; `returned` receives a func.return's operands.
  llvm::Error runBlock(Block &block, Environment &env,
                       llvm::SmallVectorImpl<ProgramValue> *returned);

private:
  llvm::Error runOp(Operation &op, Environment &env,
                    llvm::SmallVectorImpl<ProgramValue> *returned);
  llvm::Error runAlloca(memref::AllocaOp alloca, Environment &env);
  llvm::Error runMemoryAccess(Operation &op, Environment &env);
  llvm::Error runCompute(Operation &op, Environment &env);
  llvm::Error runThreadLaunch(dataflow::ThreadLaunchOp launch,
                              Environment &env);
  llvm::Error runGraphLaunch(dataflow::GraphLaunchOp launch, Environment &env);

  ModuleOp module;
  const EmulatorOptions &graphOptions;
  ProgramRunStats &stats;
};

/// Reads a memref access's indices; poison is an error.
llvm::Expected<int64_t> address(Operation *op, ValueRange indices,
                                const MemoryBuffer &buffer, Environment &env) {
  llvm::SmallVector<int64_t, 2> position;
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
  if (buffer.getNumElements() >= 0) {
    os << " of extents [";
    llvm::interleaveComma(buffer.getExtents(), os);
    os << "]";
  }
  return fail(text);
}

llvm::Error
Interpreter::runBlock(Block &block, Environment &env,
                      llvm::SmallVectorImpl<ProgramValue> *returned) {
  for (Operation &op : block)
    if (llvm::Error error = runOp(op, env, returned))
      return error;
  return llvm::Error::success();
}

llvm::Error Interpreter::runOp(Operation &op, Environment &env,
                               llvm::SmallVectorImpl<ProgramValue> *returned) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    llvm::Expected<TokenValue> token =
        getTokenFromAttribute(constant.getValue());
    if (!token)
      return token.takeError();
    env[constant.getResult()].token = *token;
    return llvm::Error::success();
  }
  // A poison value (an iteration argument's unused initial value, say)
  // stays poison: using it where it matters is an error at that use.
  if (auto poison = dyn_cast<ub::PoisonOp>(op)) {
    env[poison.getResult()].token = getPoisonToken(poison.getType());
    return llvm::Error::success();
  }
  if (auto alloca = dyn_cast<memref::AllocaOp>(op))
    return runAlloca(alloca, env);
  if (isa<memref::LoadOp, memref::StoreOp>(op))
    return runMemoryAccess(op, env);
  if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op))
    return runThreadLaunch(launch, env);
  if (auto launch = dyn_cast<dataflow::GraphLaunchOp>(op))
    return runGraphLaunch(launch, env);
  if (isa<dataflow::ThreadWaitOp, dataflow::GraphWaitOp,
          dataflow::ThreadYieldOp>(op))
    return llvm::Error::success();
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    if (returned)
      for (Value operand : ret.getOperands())
        returned->push_back(env[operand]);
    return llvm::Error::success();
  }
  return runCompute(op, env);
}

llvm::Error Interpreter::runAlloca(memref::AllocaOp alloca, Environment &env) {
  MemRefType type = alloca.getType();
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
      !isSupportedTokenType(type.getElementType()) ||
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

llvm::Error Interpreter::runMemoryAccess(Operation &op, Environment &env) {
  auto load = dyn_cast<memref::LoadOp>(op);
  auto store = dyn_cast<memref::StoreOp>(op);
  Value memref = load ? load.getMemRef() : store.getMemRef();
  MemoryBuffer *memory = env[memref].memory.get();
  if (!memory)
    return fail("'" + opName(&op) + "' accesses a null pointer");
  llvm::Expected<int64_t> linear =
      address(&op, load ? load.getIndices() : store.getIndices(), *memory, env);
  if (!linear)
    return linear.takeError();
  if (load)
    env[load.getResult()].token = memory->getElement(*linear);
  else
    memory->setElement(*linear, env[store.getValueToStore()].token);
  return llvm::Error::success();
}

llvm::Error Interpreter::runCompute(Operation &op, Environment &env) {
  llvm::Expected<ComputeOp> decoded = decodeComputeOp(&op);
  if (!decoded) {
    llvm::consumeError(decoded.takeError());
    return fail("emu cannot run '" + opName(&op) + "' yet");
  }
  llvm::SmallVector<TokenValue, 3> operands;
  for (Value operand : op.getOperands())
    operands.push_back(env[operand].token);
  llvm::SmallVector<TokenValue, 1> results(op.getNumResults());
  if (llvm::Error error = evaluateCompute(*decoded, operands, results))
    return fail("'" + opName(&op) + "': " + llvm::toString(std::move(error)));
  for (auto [result, token] : llvm::zip_equal(op.getResults(), results))
    env[result].token = token;
  return llvm::Error::success();
}

llvm::Error Interpreter::runThreadLaunch(dataflow::ThreadLaunchOp launch,
                                         Environment &env) {
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
  Environment threadEnv;
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
    Environment instanceEnv = threadEnv;
    for (unsigned d = 0; d < coords.size(); ++d)
      instanceEnv[thread.getCoordinate(d)].token =
          TokenValue::getInteger(64, coords[d]);
    ++stats.threadInstances;
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
                                        Environment &env) {
  auto graph = module.lookupSymbol<dataflow::GraphOp>(launch.getCallee());
  if (!graph)
    return fail("graph '" + launch.getCallee() + "' is missing");
  llvm::SmallVector<TokenValue> values;
  for (Value value : launch.getValueInputs())
    values.push_back(env[value].token);
  llvm::SmallVector<MemoryBuffer *> memories;
  for (Value memory : launch.getMemoryInputs())
    memories.push_back(env[memory].memory.get());
  llvm::Expected<EmulationResult> result =
      DataflowEmulator::runGraph(graph, values, memories, graphOptions);
  if (!result)
    return result.takeError();
  ++stats.graphLaunches;
  stats.firings += result->stats.firings;
  stats.tokensMoved += result->stats.tokensMoved;
  for (auto [value, token] :
       llvm::zip_equal(launch.getValueResults(), result->valueOutputs))
    env[value].token = token;
  env[launch.getDone()].token = TokenValue::getNone();
  return llvm::Error::success();
}
} // namespace

std::string loom::sim::checkProgram(func::FuncOp kernel) {
  std::string problem;
  llvm::SmallPtrSet<Operation *, 4> seenThreads;
  std::function<void(Region &)> check = [&](Region &region) {
    region.walk([&](Operation *op) {
      problem = checkHostOp(op);
      if (!problem.empty())
        return WalkResult::interrupt();
      if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op)) {
        auto thread = SymbolTable::lookupNearestSymbolFrom<dataflow::ThreadOp>(
            op, launch.getCalleeAttr());
        if (seenThreads.insert(thread).second)
          check(thread.getBody());
        if (!problem.empty())
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
  };
  check(kernel.getBody());
  return problem;
}

llvm::Expected<llvm::SmallVector<ProgramValue, 1>> loom::sim::runProgram(
    func::FuncOp kernel, llvm::ArrayRef<ProgramValue> arguments,
    const EmulatorOptions &graphOptions, ProgramRunStats *stats) {
  Block &entry = kernel.getBody().front();
  if (arguments.size() != entry.getNumArguments())
    return fail("'" + kernel.getSymName() + "' takes " +
                llvm::Twine(entry.getNumArguments()) + " arguments, " +
                llvm::Twine(arguments.size()) + " were given");
  Environment env;
  for (auto [arg, value] : llvm::zip_equal(entry.getArguments(), arguments))
    env[arg] = value;
  ProgramRunStats localStats;
  Interpreter interpreter(kernel->getParentOfType<ModuleOp>(), graphOptions,
                          stats ? *stats : localStats);
  llvm::SmallVector<ProgramValue, 1> returned;
  if (llvm::Error error = interpreter.runBlock(entry, env, &returned))
    return std::move(error);
  return returned;
}
