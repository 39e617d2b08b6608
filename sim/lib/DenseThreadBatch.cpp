//===- DenseThreadBatch.cpp - dense instances as pipelined batches --------===//
//
// Part of the Loom project.
//
// A dense thread whose body is one dataflow.graph.launch (plus the
// constants it takes and the thread.yield of its done) runs, under
// InterpreterOptions::graphBatchRunner, as batches of instances streamed
// through one graph configuration instead of one graph launch per instance.
// Part 4 makes this a legal schedule: dense instances are unordered and
// independent, so a race-free program gives the same results and memory
// whether instance k + 1 starts before instance k ends or not. The memories
// of such a body are thread arguments, hence the same buffers for every
// instance; the value inputs are thread arguments, coordinates or constants.
//
//===----------------------------------------------------------------------===//

#include "InterpreterFrame.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/ProgramInterpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace loom::sim;
namespace dataflow = loom::dataflow;

using interp::fail;

/// Whether every operand of `launch` comes from the thread so that only the
/// coordinates differ between instances.
static bool hasInstanceInvariantOperands(dataflow::ThreadOp thread,
                                         dataflow::GraphLaunchOp launch) {
  Block &body = thread.getBody().front();
  if (!launch.getStreamInputs().empty() || !launch.getStreamOutputs().empty())
    return false;
  if (!llvm::all_of(launch.getDependencies(),
                    [&](Value dep) { return dep == thread.getThreadCtrl(); }))
    return false;
  auto isPayload = [&](Value value) {
    auto arg = dyn_cast<BlockArgument>(value);
    return arg && arg.getOwner() == &body &&
           arg.getArgNumber() < thread.getNumPayloadArguments();
  };
  // Memories must be the thread's arguments: one buffer for all instances.
  if (!llvm::all_of(launch.getMemoryInputs(), isPayload))
    return false;
  return llvm::all_of(launch.getValueInputs(), [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner() == &body;
    return isa_and_nonnull<arith::ConstantOp>(value.getDefiningOp());
  });
}

dataflow::GraphLaunchOp
loom::sim::findBatchableLaunch(dataflow::ThreadOp thread, ModuleOp module) {
  Block &body = thread.getBody().front();
  dataflow::GraphLaunchOp launch;
  for (Operation &op : body.without_terminator()) {
    if (isa<arith::ConstantOp>(op))
      continue;
    auto graphLaunch = dyn_cast<dataflow::GraphLaunchOp>(op);
    if (!graphLaunch || launch)
      return nullptr;
    launch = graphLaunch;
  }
  auto yield = dyn_cast<dataflow::ThreadYieldOp>(body.getTerminator());
  if (!launch || !yield || yield->getNumOperands() != 1 ||
      yield->getOperand(0) != launch.getDone() ||
      !hasInstanceInvariantOperands(thread, launch))
    return nullptr;
  auto graph = module.lookupSymbol<dataflow::GraphOp>(launch.getCallee());
  if (!graph || !CycleSimulator::getInstanceOverlapProblem(graph).empty())
    return nullptr;
  return launch;
}

dataflow::GraphLaunchOp
ProgramInterpreter::getBatchableLaunch(dataflow::ThreadOp thread) {
  if (!options.graphBatchRunner)
    return nullptr;
  return findBatchableLaunch(thread, module);
}

/// "(c0, c1)" for the instance at linear position `linear` of `extents`.
static std::string formatCoordinates(ArrayRef<uint64_t> extents,
                                     uint64_t linear) {
  SmallVector<uint64_t, 2> coords(extents.size());
  for (unsigned dim = extents.size(); dim-- > 0;) {
    coords[dim] = linear % extents[dim];
    linear /= extents[dim];
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "(";
  llvm::interleaveComma(coords, os);
  os << ")";
  return text;
}

llvm::Error ProgramInterpreter::runDenseBatches(
    dataflow::ThreadLaunchOp launch, dataflow::GraphLaunchOp graphLaunch,
    ArrayRef<uint64_t> extents, uint64_t count, Frame &base) {
  auto thread = module.lookupSymbol<dataflow::ThreadOp>(launch.getCallee());
  auto graph = module.lookupSymbol<dataflow::GraphOp>(graphLaunch.getCallee());
  // Constants are the same in every instance: evaluated once.
  for (Operation &op : thread.getBody().front().without_terminator())
    if (isa<arith::ConstantOp>(op))
      if (llvm::Error error = runOp(op, base))
        return error;
  SmallVector<MemoryBuffer *> memories;
  for (auto [i, memory] : llvm::enumerate(graphLaunch.getMemoryInputs())) {
    memories.push_back(base.env[memory].memory.get());
    if (!memories.back())
      return fail("graph '" + graphLaunch.getCallee() + "': memory input #" +
                  llvm::Twine(i) + " is a null pointer");
  }
  llvm::DenseMap<Value, unsigned> coordinateDim;
  for (unsigned dim = 0; dim < extents.size(); ++dim)
    coordinateDim[thread.getCoordinate(dim)] = dim;
  uint64_t batchSize = std::max<uint64_t>(1, options.maxBatchInstances);
  bool reverse = options.reverseDenseOrder;
  for (uint64_t first = 0; first < count; first += batchSize) {
    uint64_t size = std::min(batchSize, count - first);
    SmallVector<SmallVector<TokenValue>> instanceInputs(size);
    for (uint64_t position = 0; position < size; ++position) {
      uint64_t linear = first + position;
      if (reverse)
        linear = count - 1 - linear;
      SmallVector<uint64_t, 2> coords(extents.size());
      for (unsigned dim = extents.size(); dim-- > 0;) {
        coords[dim] = linear % extents[dim];
        linear /= extents[dim];
      }
      for (Value value : graphLaunch.getValueInputs()) {
        auto it = coordinateDim.find(value);
        instanceInputs[position].push_back(
            it != coordinateDim.end()
                ? TokenValue::getInteger(64, coords[it->second])
                : base.env[value].token);
      }
    }
    llvm::Expected<EmulationResult> result = options.graphBatchRunner(
        graph, instanceInputs, memories, options.firingBudget);
    if (!result) {
      uint64_t last = first + size - 1;
      return fail(
          "thread '" + launch.getCallee() + "' instances " +
          formatCoordinates(extents, reverse ? count - 1 - first : first) +
          " to " +
          formatCoordinates(extents, reverse ? count - 1 - last : last) +
          " (one pipelined batch): " + llvm::toString(result.takeError()));
    }
    addGraphStats(result->stats, size);
  }
  return llvm::Error::success();
}
