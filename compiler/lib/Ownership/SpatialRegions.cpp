//===- SpatialRegions.cpp - building and inlining spatial regions ---------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/SpatialRegions.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace loom;

SpatialRegionOp loom::ownership::wrapInSpatialRegion(ArrayRef<Operation *> run,
                                                     StringRef name) {
  DenseSet<Operation *> members(run.begin(), run.end());
  auto isInside = [&](Operation *user) {
    for (Operation *op = user; op; op = op->getParentOp())
      if (members.contains(op))
        return true;
    return false;
  };
  SetVector<Value> values, memories;
  for (Operation *op : run)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        // A block argument is outside unless its block is nested in the run.
        bool outside = !isInside(
            def ? def : cast<BlockArgument>(operand).getOwner()->getParentOp());
        if (!outside)
          continue;
        (isa<MemRefType>(operand.getType()) ? memories : values)
            .insert(operand);
      }
    });
  OpBuilder builder(run.front());
  SmallVector<Value> outputs;
  for (Operation *op : run)
    for (Value result : op->getResults()) {
      if (llvm::none_of(result.getUsers(),
                        [&](Operation *user) { return !isInside(user); }))
        continue;
      // A constant used on both sides is duplicated, not exported.
      if (isa<arith::ConstantOp>(op)) {
        Value copy = builder.clone(*op)->getResult(0);
        result.replaceUsesWithIf(
            copy, [&](OpOperand &use) { return !isInside(use.getOwner()); });
        continue;
      }
      outputs.push_back(result);
    }

  Location loc = run.front()->getLoc();
  auto region = SpatialRegionOp::create(
      builder, loc, ValueRange(outputs).getTypes(), TypeRange(),
      values.getArrayRef(), ValueRange(), memories.getArrayRef(), ValueRange(),
      /*source_maps=*/ArrayAttr(), builder.getStringAttr(name));
  Block *body = new Block();
  region.getBody().push_back(body);
  for (Value value : values)
    body->addArgument(value.getType(), value.getLoc());
  for (Value memory : memories)
    body->addArgument(memory.getType(), memory.getLoc());
  for (Operation *op : run)
    op->moveBefore(body, body->end());
  builder.setInsertionPointToEnd(body);
  SpatialYieldOp::create(builder, loc, outputs);
  SmallVector<Value> inputs(values.begin(), values.end());
  inputs.append(memories.begin(), memories.end());
  for (auto [input, arg] : llvm::zip(inputs, body->getArguments())) {
    input.replaceUsesWithIf(arg, [&](OpOperand &use) {
      return region->isProperAncestor(use.getOwner());
    });
  }
  for (auto [output, result] : llvm::zip(outputs, region.getResults()))
    output.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !region->isProperAncestor(use.getOwner());
    });
  return region;
}

SmallVector<Operation *>
loom::ownership::inlineSpatialRegion(SpatialRegionOp region) {
  assert(region.getStreamInputs().empty() &&
         region.getStreamOutputs().empty() &&
         "a stream-bearing region is a channel endpoint, not inlinable");
  Block &body = region.getBody().front();
  for (auto [argument, operand] :
       llvm::zip(body.getArguments(), region->getOperands()))
    argument.replaceAllUsesWith(operand);
  auto yield = cast<SpatialYieldOp>(body.getTerminator());
  region->replaceAllUsesWith(yield.getResults());
  yield->erase();
  SmallVector<Operation *> moved;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    op.moveBefore(region);
    moved.push_back(&op);
  }
  region->erase();
  return moved;
}
