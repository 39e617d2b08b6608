//===- ProgramInterpreter.cpp - run a dataflow program's host part --------===//
//
// Part of the Loom project.
//
// Launches run to completion in program order. A launch's dependencies are
// tokens of earlier launches (SSA dominance), so they have retired when it
// starts, and thread.wait / graph.wait find their tokens retired. Inside one
// launch, instances and work items run concurrently on the scheduler's
// workers; each runs the thread body in its own frame and each graph launch
// gets its own emulator run, so the only shared state is the caller's
// memory (race-free by construction), the statistics and the materialized
// constant globals (both locked).
//
// Regions run block by block: cf terminators pick the next block, any other
// terminator hands its operands to the op that owns the region (scf.for,
// scf.while, an interpreted call, ...). Every op run counts against the
// step budget, so host code that never ends is an error, not a hang. The
// SCF ops are in HostControlFlow.cpp, the LLVM memory subset and calls in
// HostOps.cpp.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"
#include "InterpreterFrame.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Sim/ComputeSemantics.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
using namespace loom::sim;
namespace dataflow = loom::dataflow;

using interp::fail;
using interp::opName;
using interp::printType;

std::string interp::printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

namespace {
/// Why the launch of a dynamic-work thread cannot run.
std::string checkDynamicThread(dataflow::ThreadOp thread) {
  Type itemType = thread.getWorkItemArgument().getType();
  if (!isSupportedTokenType(itemType) || isa<NoneType>(itemType))
    return "emu cannot run dynamic-work thread '" + thread.getSymName().str() +
           "' with a work item of type " + printType(itemType) + " yet";
  return "";
}

/// Returns why `op`, in a func or thread body, cannot be interpreted.
std::string checkHostOp(Operation *op) {
  if (auto poison = dyn_cast<ub::PoisonOp>(op))
    return isSupportedTokenType(poison.getType()) &&
                   !isa<NoneType>(poison.getType())
               ? ""
               : "emu cannot run a 'ub.poison' of type " +
                     printType(poison.getType()) + " yet";
  if (isa<arith::ConstantOp, memref::AllocaOp, memref::LoadOp, memref::StoreOp,
          dataflow::ThreadWaitOp, dataflow::GraphWaitOp,
          dataflow::ThreadYieldOp, dataflow::WorkSpawnOp, func::ReturnOp,
          scf::IfOp, scf::ForOp, scf::WhileOp, scf::ConditionOp,
          scf::IndexSwitchOp, scf::ExecuteRegionOp, scf::YieldOp,
          scf::ParallelOp, scf::ReduceOp, scf::ReduceReturnOp, cf::BranchOp,
          cf::CondBranchOp, cf::SwitchOp, cf::AssertOp>(op))
    return "";
  if (std::optional<std::string> problem = interp::checkHostMemoryOrCall(op))
    return *problem;
  if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op)) {
    auto thread = SymbolTable::lookupNearestSymbolFrom<dataflow::ThreadOp>(
        op, launch.getCalleeAttr());
    if (!thread)
      return "emu cannot find thread '" + launch.getCallee().str() + "'";
    return thread.isDynamicWork() ? checkDynamicThread(thread) : "";
  }
  if (auto launch = dyn_cast<dataflow::GraphLaunchOp>(op)) {
    if (!launch.getStreamInputs().empty() ||
        !launch.getStreamOutputs().empty() ||
        !launch.getMemoryResults().empty())
      return "emu cannot run a 'dataflow.graph.launch' with stream bindings "
             "or memory results yet";
    return "";
  }
  // Every arith, math and LLVM compute op of the schema registry, and the
  // LLVM-dialect arithmetic equivalent to one, runs through the emulator's
  // compute table.
  llvm::Expected<ComputeOp> decoded = decodeHostComputeOp(op);
  if (decoded)
    return "";
  llvm::consumeError(decoded.takeError());
  return "emu cannot run '" + opName(op) + "' yet";
}

/// Reads a memref access's indices; poison and out-of-bounds are errors.
llvm::Expected<int64_t> address(Operation *op, ValueRange indices,
                                const MemoryBuffer &buffer,
                                llvm::DenseMap<Value, ProgramValue> &env) {
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
    os << " of ";
    buffer.printBounds(os);
  }
  return fail(text);
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}
} // namespace

ProgramInterpreter::ProgramInterpreter(ModuleOp module,
                                       InterpreterOptions options)
    : module(module), options(std::move(options)) {
  this->options.numWorkers = std::max(this->options.numWorkers, 1u);
}

std::string ProgramInterpreter::checkFunction(func::FuncOp func) {
  std::string problem;
  llvm::SmallPtrSet<Region *, 4> seen;
  // Pre-order, so an op with regions that does not run (an scf.parallel) is
  // named rather than the first op inside it.
  std::function<void(Region &)> check = [&](Region &region) {
    region.walk<WalkOrder::PreOrder>([&](Operation *op) {
      problem = checkHostOp(op);
      if (!problem.empty())
        return WalkResult::interrupt();
      Region *nested = nullptr;
      if (auto launch = dyn_cast<dataflow::ThreadLaunchOp>(op))
        nested = &SymbolTable::lookupNearestSymbolFrom<dataflow::ThreadOp>(
                      op, launch.getCalleeAttr())
                      .getBody();
      else if (isa<CallOpInterface>(op))
        nested = interp::getCalleeBody(op);
      if (nested && seen.insert(nested).second)
        check(*nested);
      if (!problem.empty())
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
  };
  check(func.getBody());
  return problem;
}

llvm::Expected<llvm::SmallVector<ProgramValue>>
ProgramInterpreter::run(func::FuncOp func, ArrayRef<ProgramValue> arguments) {
  Block &entry = func.getBody().front();
  if (arguments.size() != entry.getNumArguments())
    return fail("@" + func.getSymName() + " takes " +
                llvm::Twine(entry.getNumArguments()) + " arguments, got " +
                llvm::Twine(arguments.size()));
  Frame frame;
  llvm::SmallVector<ProgramValue> returned;
  if (llvm::Error error = runRegion(func.getBody(), arguments, frame, returned))
    return std::move(error);
  return returned;
}

namespace {
/// The block a cf terminator branches to, with the values of its arguments
/// in `arguments`; null for a terminator that leaves the region.
llvm::Expected<Block *>
getBranchTarget(Operation &terminator, llvm::DenseMap<Value, ProgramValue> &env,
                llvm::SmallVectorImpl<ProgramValue> &arguments) {
  auto take = [&](Block *dest, OperandRange operands) {
    for (Value operand : operands)
      arguments.push_back(env.lookup(operand));
    return dest;
  };
  if (auto branch = dyn_cast<cf::BranchOp>(terminator))
    return take(branch.getDest(), branch.getDestOperands());
  if (auto condBranch = dyn_cast<cf::CondBranchOp>(terminator)) {
    const TokenValue &condition = env[condBranch.getCondition()].token;
    if (condition.isPoison())
      return fail("'cf.cond_br' has a poison condition");
    if (condition.isTrue())
      return take(condBranch.getTrueDest(), condBranch.getTrueDestOperands());
    return take(condBranch.getFalseDest(), condBranch.getFalseDestOperands());
  }
  if (auto switchOp = dyn_cast<cf::SwitchOp>(terminator)) {
    const TokenValue &flag = env[switchOp.getFlag()].token;
    if (flag.isPoison())
      return fail("'cf.switch' has a poison flag");
    if (std::optional<DenseIntElementsAttr> cases = switchOp.getCaseValues())
      for (auto [i, value] : llvm::enumerate(cases->getValues<APInt>()))
        if (value == flag.getInteger())
          return take(switchOp.getCaseDestinations()[i],
                      switchOp.getCaseOperands(i));
    return take(switchOp.getDefaultDestination(),
                switchOp.getDefaultOperands());
  }
  return nullptr;
}
} // namespace

llvm::Error
ProgramInterpreter::runRegion(Region &region, ArrayRef<ProgramValue> arguments,
                              Frame &frame,
                              llvm::SmallVectorImpl<ProgramValue> &results) {
  Block *block = &region.front();
  // Thread bodies come with their arguments bound already.
  llvm::SmallVector<ProgramValue, 4> blockArguments(arguments);
  // Blocks left so far; a branch back to one of them closes a loop. Only
  // multi-block regions fill it.
  llvm::SmallPtrSet<Block *, 8> left;
  Operation *enclosingLoop = frame.loop;
  uint64_t budget = options.stepBudget;
  while (true) {
    // Bound only now: a branch's operands may be the target's own arguments.
    for (auto [argument, value] :
         llvm::zip(block->getArguments(), blockArguments))
      frame.env[argument] = value;
    Operation *terminator =
        !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>()
            ? &block->back()
            : nullptr;
    for (Operation &op : *block) {
      if (++frame.steps > budget)
        return stepBudgetError(op, frame);
      if (&op == terminator)
        break;
      if (llvm::Error error = runOp(op, frame))
        return error;
    }
    if (!terminator) {
      frame.loop = enclosingLoop;
      return llvm::Error::success();
    }
    blockArguments.clear();
    llvm::Expected<Block *> next =
        getBranchTarget(*terminator, frame.env, blockArguments);
    if (!next)
      return next.takeError();
    if (!*next) {
      // func.return, llvm.return, scf.yield, scf.condition, thread.yield.
      for (Value operand : terminator->getOperands())
        results.push_back(frame.env.lookup(operand));
      frame.loop = enclosingLoop;
      return llvm::Error::success();
    }
    left.insert(block);
    if (left.contains(*next))
      frame.loop = terminator;
    block = *next;
  }
}

llvm::Error ProgramInterpreter::stepBudgetError(Operation &op,
                                                const Frame &frame) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "host code exceeded its step budget of " << options.stepBudget
     << " ops";
  if (!options.stepBudgetSetting.empty())
    os << " (" << options.stepBudgetSetting << ")";
  Operation *loop = frame.loop;
  if (!loop)
    os << " at '" << op.getName() << "'";
  else if (loop->getNumRegions() != 0)
    os << " in the '" << loop->getName() << "' loop";
  else
    os << " in the loop closed by the '" << loop->getName() << "'";
  os << " at " << detail::formatLocation(loop ? loop->getLoc() : op.getLoc());
  return fail(text);
}

llvm::Error ProgramInterpreter::runMemoryOp(Operation &op, Frame &frame) {
  auto &env = frame.env;
  if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
    MemRefType type = alloca.getType();
    if (!type.hasStaticShape() || !type.getLayout().isIdentity() ||
        !isSupportedTokenType(type.getElementType()) ||
        isa<NoneType>(type.getElementType()))
      return fail("emu cannot run a 'memref.alloca' of " + printType(type));
    env[alloca.getResult()].memory =
        std::make_shared<MemoryBuffer>(type.getElementType(), type.getShape());
    return llvm::Error::success();
  }
  auto load = dyn_cast<memref::LoadOp>(op);
  auto store = dyn_cast<memref::StoreOp>(op);
  Value memref = load ? load.getMemRef() : store.getMemRef();
  MemoryBuffer *buffer = env[memref].memory.get();
  if (!buffer)
    return fail("'" + opName(&op) + "' accesses a null pointer");
  llvm::Expected<int64_t> linear =
      address(&op, load ? load.getIndices() : store.getIndices(), *buffer, env);
  if (!linear)
    return linear.takeError();
  if (load)
    env[load.getResult()].token = buffer->getElement(*linear);
  else
    buffer->setElement(*linear, env[store.getValueToStore()].token);
  return llvm::Error::success();
}

llvm::Error ProgramInterpreter::runOp(Operation &op, Frame &frame) {
  auto &env = frame.env;
  // arith and LLVM constants both carry their value as `value`.
  if (isa<arith::ConstantOp, LLVM::ConstantOp>(op)) {
    llvm::Expected<TokenValue> token =
        getTokenFromAttribute(op.getAttr("value"));
    if (!token)
      return token.takeError();
    env[op.getResult(0)].token = *token;
    return llvm::Error::success();
  }
  // A poison value (an iteration argument's unused initial value, say)
  // stays poison: using it where it matters is an error at that use.
  if (auto poison = dyn_cast<ub::PoisonOp>(op)) {
    env[poison.getResult()].token = getPoisonToken(poison.getType());
    return llvm::Error::success();
  }
  if (isa<memref::AllocaOp, memref::LoadOp, memref::StoreOp>(op))
    return runMemoryOp(op, frame);
  if (isa<dataflow::ThreadLaunchOp>(op))
    return runThreadLaunch(&op, frame);
  if (isa<dataflow::GraphLaunchOp>(op))
    return runGraphLaunch(&op, frame);
  if (auto spawn = dyn_cast<dataflow::WorkSpawnOp>(op)) {
    // The verifier keeps work.spawn inside dynamic-work threads.
    assert(frame.work && "work.spawn outside a dynamic work item");
    return frame.work->spawn(env[spawn.getChildItem()].token);
  }
  // Launches run to completion in program order: every token a wait names
  // has retired already.
  if (isa<dataflow::ThreadWaitOp, dataflow::GraphWaitOp>(op))
    return llvm::Error::success();
  if (isa<scf::IfOp>(op))
    return runIf(op, frame);
  if (isa<scf::ForOp>(op))
    return runFor(op, frame);
  if (isa<scf::WhileOp>(op))
    return runWhile(op, frame);
  if (isa<scf::IndexSwitchOp>(op))
    return runIndexSwitch(op, frame);
  if (isa<scf::ParallelOp>(op))
    return runParallel(op, frame);
  if (auto execute = dyn_cast<scf::ExecuteRegionOp>(op)) {
    llvm::SmallVector<ProgramValue, 2> yielded;
    if (llvm::Error error = runRegion(execute.getRegion(), {}, frame, yielded))
      return error;
    for (auto [result, value] : llvm::zip_equal(op.getResults(), yielded))
      env[result] = value;
    return llvm::Error::success();
  }
  if (auto assertOp = dyn_cast<cf::AssertOp>(op)) {
    const TokenValue &condition = env[assertOp.getArg()].token;
    if (condition.isPoison() || !condition.isTrue())
      return fail("'cf.assert' failed: " + assertOp.getMsg());
    return llvm::Error::success();
  }
  if (isa<CallOpInterface>(op))
    return runCall(op, frame);
  if (interp::isHostMemoryOp(&op))
    return runLLVMOp(op, frame);
  llvm::Expected<ComputeOp> decoded = decodeHostComputeOp(&op);
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

llvm::Error ProgramInterpreter::runThreadLaunch(Operation *op, Frame &frame) {
  auto launch = cast<dataflow::ThreadLaunchOp>(op);
  auto thread = module.lookupSymbol<dataflow::ThreadOp>(launch.getCallee());
  if (!thread)
    return fail("thread '" + launch.getCallee() + "' is missing");
  LaunchRecord record;
  record.callee = launch.getCallee().str();
  record.dispatch = nextDispatch.fetch_add(1);
  auto start = std::chrono::steady_clock::now();
  // Top-level launches collect the graph statistics of everything they run.
  bool topLevel = frame.depth == 0;
  if (topLevel)
    currentLaunch = &record;
  llvm::Error error = thread.isDynamicWork()
                          ? runDynamicThread(op, frame, record)
                          : runDenseThread(op, frame, record);
  record.seconds = secondsSince(start);
  std::lock_guard<std::mutex> lock(statsMutex);
  stats.threadInstances += record.instances;
  if (topLevel) {
    currentLaunch = nullptr;
    stats.launches.push_back(std::move(record));
  }
  frame.env[launch.getAsyncToken()].token = TokenValue::getNone();
  return error;
}

namespace {
using Frame = ProgramInterpreter::Frame;

/// Binds a thread's payload arguments and thread_ctrl for one launch; every
/// instance or item copies this frame.
void bindThreadArguments(dataflow::ThreadOp thread,
                         dataflow::ThreadLaunchOp launch, const Frame &caller,
                         Frame &base) {
  Block &body = thread.getBody().front();
  for (auto [arg, operand] : llvm::zip_equal(
           body.getArguments().take_front(thread.getNumPayloadArguments()),
           launch.getBodyOperands()))
    base.env[arg] = caller.env.lookup(operand);
  base.env[thread.getThreadCtrl()].token = TokenValue::getNone();
  base.depth = caller.depth + 1;
}
} // namespace

llvm::Error ProgramInterpreter::runDenseThread(Operation *op, Frame &frame,
                                               LaunchRecord &record) {
  auto launch = cast<dataflow::ThreadLaunchOp>(op);
  auto thread = module.lookupSymbol<dataflow::ThreadOp>(launch.getCallee());
  record.kind = LaunchRecord::Kind::DenseThread;
  // Admission: every extent is checked before any instance exists.
  llvm::SmallVector<uint64_t, 2> extents;
  for (auto [dim, extent] : llvm::enumerate(launch.getExtents())) {
    const TokenValue &token = frame.env[extent].token;
    if (token.isPoison())
      return fail("thread '" + launch.getCallee() + "' has a poison extent " +
                  "in dimension " + llvm::Twine(dim) + "; no instance ran");
    int64_t value = token.getInteger().getSExtValue();
    if (value < 0)
      return fail("thread '" + launch.getCallee() + "' has a negative extent " +
                  llvm::Twine(value) + " in dimension " + llvm::Twine(dim) +
                  "; no instance ran");
    extents.push_back(value);
  }
  uint64_t count = 1;
  for (uint64_t extent : extents)
    count = extent == 0 ? 0 : count;
  for (uint64_t extent : extents) {
    if (count != 0 && extent > UINT64_MAX / count)
      return fail("thread '" + launch.getCallee() +
                  "' has more instances than fit in 64 bits");
    count *= extent;
  }
  record.instances = count;
  // An empty domain runs no body; its token retires after its
  // dependencies, which have retired already.
  if (count == 0)
    return llvm::Error::success();
  Frame base;
  bindThreadArguments(thread, launch, frame, base);
  if (dataflow::GraphLaunchOp graphLaunch = getBatchableLaunch(thread))
    return runDenseBatches(launch, graphLaunch, extents, count, base);
  unsigned numWorkers = frame.depth == 0 ? options.numWorkers : 1;
  WorkScheduler scheduler({numWorkers, options.dequeCapacity});
  bool reverse = options.reverseDenseOrder;
  auto runInstance = [&](uint64_t position, unsigned) -> llvm::Error {
    uint64_t linear = reverse ? count - 1 - position : position;
    Frame instance = base;
    llvm::SmallVector<uint64_t, 2> coords(extents.size());
    for (unsigned dim = extents.size(); dim-- > 0;) {
      coords[dim] = linear % extents[dim];
      linear /= extents[dim];
      instance.env[thread.getCoordinate(dim)].token =
          TokenValue::getInteger(64, coords[dim]);
    }
    llvm::SmallVector<ProgramValue, 1> yielded;
    llvm::Error error = runRegion(thread.getBody(), {}, instance, yielded);
    if (!error)
      return error;
    std::string where;
    llvm::raw_string_ostream os(where);
    os << "thread '" << launch.getCallee() << "' instance (";
    llvm::interleaveComma(coords, os);
    os << "): ";
    return fail(where + llvm::toString(std::move(error)));
  };
  llvm::Expected<SchedulerStats> result =
      scheduler.runDense(count, runInstance);
  if (!result)
    return result.takeError();
  record.scheduler = std::move(*result);
  return llvm::Error::success();
}

llvm::Error ProgramInterpreter::runDynamicThread(Operation *op, Frame &frame,
                                                 LaunchRecord &record) {
  auto launch = cast<dataflow::ThreadLaunchOp>(op);
  auto thread = module.lookupSymbol<dataflow::ThreadOp>(launch.getCallee());
  record.kind = LaunchRecord::Kind::DynamicThread;
  Frame base;
  bindThreadArguments(thread, launch, frame, base);
  BlockArgument itemArgument = thread.getWorkItemArgument();
  TokenValue rootPayload = base.env[itemArgument].token;
  unsigned numWorkers = frame.depth == 0 ? options.numWorkers : 1;
  WorkScheduler scheduler({numWorkers, options.dequeCapacity});
  std::mutex observerMutex;
  auto runItem = [&](WorkContext &context) -> llvm::Error {
    const WorkItem &item = context.getItem();
    if (options.onWorkItem) {
      std::lock_guard<std::mutex> lock(observerMutex);
      options.onWorkItem(item.id, item.payload);
    }
    Frame itemFrame = base;
    itemFrame.work = &context;
    itemFrame.env[itemArgument].token = item.payload;
    llvm::SmallVector<ProgramValue, 1> yielded;
    return runRegion(thread.getBody(), {}, itemFrame, yielded);
  };
  llvm::Expected<SchedulerStats> result =
      scheduler.runDynamic(record.dispatch, rootPayload, runItem);
  if (!result)
    return fail("thread '" + launch.getCallee() +
                "': " + llvm::toString(result.takeError()));
  record.instances = result->items;
  record.scheduler = std::move(*result);
  return llvm::Error::success();
}

void ProgramInterpreter::addGraphStats(const EmulationStats &graphStats,
                                       uint64_t launches) {
  std::lock_guard<std::mutex> lock(statsMutex);
  stats.graphLaunches += launches;
  accumulate(stats.emulation, graphStats);
  if (currentLaunch) {
    currentLaunch->graphLaunches += launches;
    accumulate(currentLaunch->emulation, graphStats);
  }
}

llvm::Error ProgramInterpreter::runGraphLaunch(Operation *op, Frame &frame) {
  auto launch = cast<dataflow::GraphLaunchOp>(op);
  auto graph = module.lookupSymbol<dataflow::GraphOp>(launch.getCallee());
  if (!graph)
    return fail("graph '" + launch.getCallee() + "' is missing");
  auto start = std::chrono::steady_clock::now();
  llvm::SmallVector<TokenValue> values;
  for (Value value : launch.getValueInputs())
    values.push_back(frame.env[value].token);
  llvm::SmallVector<MemoryBuffer *> memories;
  for (auto [i, memory] : llvm::enumerate(launch.getMemoryInputs())) {
    memories.push_back(frame.env[memory].memory.get());
    if (!memories.back())
      return fail("graph '" + launch.getCallee() + "': memory input #" +
                  llvm::Twine(i) + " is a null pointer");
  }
  llvm::Expected<EmulationResult> result = [&] {
    if (options.graphRunner)
      return options.graphRunner(graph, values, memories, options.firingBudget);
    EmulatorOptions emulatorOptions;
    emulatorOptions.firingBudget = options.firingBudget;
    return DataflowEmulator::runGraph(graph, values, memories, emulatorOptions);
  }();
  if (!result)
    return result.takeError();
  for (auto [value, token] :
       llvm::zip_equal(launch.getValueResults(), result->valueOutputs))
    frame.env[value].token = token;
  frame.env[launch.getDone()].token = TokenValue::getNone();
  addGraphStats(result->stats);
  if (frame.depth == 0) {
    LaunchRecord record;
    record.kind = LaunchRecord::Kind::Graph;
    record.callee = launch.getCallee().str();
    record.instances = 1;
    record.graphLaunches = 1;
    record.emulation = std::move(result->stats);
    record.seconds = secondsSince(start);
    std::lock_guard<std::mutex> lock(statsMutex);
    stats.launches.push_back(std::move(record));
  }
  return llvm::Error::success();
}
