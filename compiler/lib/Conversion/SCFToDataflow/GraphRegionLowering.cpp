//===- GraphRegionLowering.cpp - scopes, leaves and joins -----------------===//
//
// Part of the Loom project.
//
// The sequential part of the recursive traversal: value lookup across
// phases, constants, compute actors and the dispatch to the templates. The
// leaf memory transfer and the event joins are in MemoryFrontiers.cpp.
//
//===----------------------------------------------------------------------===//

#include "GraphRegionLowering.h"

#include "loom/Dialect/Dataflow/IR/ActorSchema.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

GraphRegionLowering::GraphRegionLowering(GraphOp graph, unsigned numPartitions,
                                         unsigned indexWidth)
    : builder(graph.getContext()), numPartitions(numPartitions),
      indexWidth(indexWidth) {
  builder.setInsertionPointToEnd(&graph.getBody().front());
}

FailureOr<Value> GraphRegionLowering::lookup(Value source, Scope &scope) {
  if (isa<MemRefType>(source.getType())) {
    // Memory is a static binding: it is never projected between phases.
    if (Value memory = memories.lookupOrNull(source))
      return memory;
    return failure();
  }
  if (Value mapped = scope.mapping.lookupOrNull(source))
    return mapped;
  if (Value projected = scope.projected.lookup(source))
    return projected;
  if (!scope.parent)
    return failure();
  FailureOr<Value> outer = lookup(source, *scope.parent);
  if (failed(outer))
    return failure();
  Value projected = scope.project(*outer);
  scope.projected[source] = projected;
  return projected;
}

LogicalResult GraphRegionLowering::lowerOp(Operation *op, Scope &scope,
                                           FrontierState &state) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    // A constant fires once per activation of the region it lives in.
    Value value = ConstantOp::create(builder, op->getLoc(), constant.getType(),
                                     scope.control, constant.getValue());
    scope.mapping.map(constant.getResult(), value);
    return success();
  }
  if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
    // Hoisted to the thread by the caller and bound as a memory input.
    if (!memories.contains(alloca.getResult()))
      return op->emitError() << "allocation is not bound to a memory input";
    return success();
  }
  if (isa<memref::LoadOp>(op))
    return lowerLoad(op, scope, state);
  if (isa<memref::StoreOp>(op))
    return lowerStore(op, scope, state);
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return lowerFor(loop, scope, state);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return lowerIf(branch, scope, state);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return lowerWhile(loop, scope, state);
  if (auto loop = dyn_cast<scf::ForallOp>(op))
    return lowerForall(loop, scope, state);
  if (auto loop = dyn_cast<scf::ParallelOp>(op))
    return lowerParallel(loop, scope, state);
  if (auto wrapper = dyn_cast<scf::ExecuteRegionOp>(op))
    return lowerInlined(op, wrapper.getRegion().front(), scope, state);
  if (auto branch = dyn_cast<scf::IndexSwitchOp>(op)) {
    // A zero-case switch is its default region (structured normalization).
    if (branch.getNumCases() == 0)
      return lowerInlined(op, branch.getDefaultBlock(), scope, state);
    return lowerIndexSwitch(branch, scope, state);
  }
  if (op->getNumRegions() == 0 &&
      lookupActorSchema(op->getName().getStringRef())) {
    // A registered compute actor keeps its semantics; only operands change.
    IRMapping operands;
    for (Value operand : op->getOperands()) {
      FailureOr<Value> mapped = lookup(operand, scope);
      if (failed(mapped))
        return op->emitError() << "operand is not available in the graph";
      operands.map(operand, *mapped);
    }
    Operation *clone = builder.clone(*op, operands);
    for (auto [from, to] : llvm::zip(op->getResults(), clone->getResults()))
      scope.mapping.map(from, to);
    return success();
  }
  return op->emitError() << "'" << op->getName()
                         << "' has no dataflow template or actor";
}

LogicalResult GraphRegionLowering::lowerInlined(Operation *op, Block &block,
                                                Scope &scope,
                                                FrontierState &state) {
  // The block runs exactly once per activation of the enclosing region, so
  // it shares that region's phase, scope and frontiers.
  FailureOr<FrontierState> out = lowerBlock(block, scope, state);
  if (failed(out))
    return failure();
  state = *out;
  for (auto [result, yielded] :
       llvm::zip(op->getResults(), block.getTerminator()->getOperands())) {
    FailureOr<Value> value = lookup(yielded, scope);
    if (failed(value))
      return op->emitError() << "yielded value is not available";
    scope.mapping.map(result, *value);
  }
  return success();
}

FailureOr<FrontierState> GraphRegionLowering::lowerBlock(Block &block,
                                                         Scope &scope,
                                                         FrontierState state) {
  // A join begun outside this block may be the start of several blocks
  // (the lanes of a parallel op start from one state): only joins built in
  // this block's straight line are extended (MemoryFrontiers.cpp).
  readJoins.clear();
  for (Operation &op : block.without_terminator())
    if (failed(lowerOp(&op, scope, state)))
      return failure();
  return state;
}

GraphRegionLowering::Ring
GraphRegionLowering::buildRing(Value phase, Value init, Location loc) {
  // The feedback is set once the body exists; until then it is the init.
  auto carry = CarryOp::create(builder, loc, init.getType(), phase, init, init);
  auto lanes = DemuxOp::create(
      builder, loc, TypeRange{init.getType(), init.getType()}, phase, carry);
  return {carry, lanes.getLanes()[0], lanes.getLanes()[1]};
}
