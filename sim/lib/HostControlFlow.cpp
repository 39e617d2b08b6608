//===- HostControlFlow.cpp - structured control flow of host code --------===//
//
// Part of the Loom project.
//
// The SCF ops of interpreted host code: scf.if, scf.for, scf.while,
// scf.index_switch and scf.parallel. Each runs its regions through
// runRegion, which counts every op executed against the step budget; the
// loops record themselves in the frame so that running out of the budget
// names the innermost loop.
//
//===----------------------------------------------------------------------===//

#include "InterpreterFrame.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace loom::sim;
using interp::fail;
using Frame = ProgramInterpreter::Frame;

namespace {
/// Makes `loop` the frame's innermost loop while it runs.
class LoopScope {
public:
  LoopScope(Frame &frame, Operation *loop) : frame(frame), outer(frame.loop) {
    frame.loop = loop;
  }
  ~LoopScope() { frame.loop = outer; }

private:
  Frame &frame;
  Operation *outer;
};
} // namespace

llvm::Error ProgramInterpreter::runIf(Operation &op, Frame &frame) {
  auto ifOp = cast<scf::IfOp>(op);
  const TokenValue &condition = frame.env[ifOp.getCondition()].token;
  if (condition.isPoison())
    return fail("'scf.if' has a poison condition");
  Region &region = condition.getInteger().getBoolValue() ? ifOp.getThenRegion()
                                                         : ifOp.getElseRegion();
  // An absent else region yields nothing (the op then has no results).
  if (region.empty())
    return llvm::Error::success();
  llvm::SmallVector<ProgramValue, 2> yielded;
  if (llvm::Error error = runRegion(region, {}, frame, yielded))
    return error;
  for (auto [result, value] : llvm::zip_equal(ifOp.getResults(), yielded))
    frame.env[result] = value;
  return llvm::Error::success();
}

llvm::Error ProgramInterpreter::runFor(Operation &op, Frame &frame) {
  auto forOp = cast<scf::ForOp>(op);
  auto &env = frame.env;
  // Copies, not references: the body binds new values in `env`, and a
  // DenseMap that grows moves its entries, so a reference would dangle.
  TokenValue lower = env.lookup(forOp.getLowerBound()).token;
  TokenValue upper = env.lookup(forOp.getUpperBound()).token;
  TokenValue step = env.lookup(forOp.getStep()).token;
  if (lower.isPoison() || upper.isPoison() || step.isPoison())
    return fail("'scf.for' has a poison bound or step");
  bool isUnsigned = forOp.getUnsignedCmp();
  if (step.getInteger().isZero() ||
      (!isUnsigned && step.getInteger().isNegative()))
    return fail("'scf.for' has the non-positive step " +
                llvm::Twine(step.getInteger().getSExtValue()));
  llvm::SmallVector<ProgramValue, 4> carried;
  for (Value init : forOp.getInitArgs())
    carried.push_back(env.lookup(init));
  llvm::APInt iv = lower.getInteger();
  llvm::SmallVector<ProgramValue, 4> arguments, yielded;
  LoopScope scope(frame, &op);
  while (isUnsigned ? iv.ult(upper.getInteger()) : iv.slt(upper.getInteger())) {
    arguments.assign(1, ProgramValue{TokenValue::getInteger(iv), nullptr});
    arguments.append(carried);
    yielded.clear();
    if (llvm::Error error =
            runRegion(forOp.getRegion(), arguments, frame, yielded))
      return error;
    carried = yielded;
    // The induction variable never wraps: an overflowing step ends the loop.
    bool overflow = false;
    iv = isUnsigned ? iv.uadd_ov(step.getInteger(), overflow)
                    : iv.sadd_ov(step.getInteger(), overflow);
    if (overflow)
      break;
  }
  for (auto [result, value] : llvm::zip_equal(forOp.getResults(), carried))
    env[result] = value;
  return llvm::Error::success();
}

llvm::Error ProgramInterpreter::runWhile(Operation &op, Frame &frame) {
  auto whileOp = cast<scf::WhileOp>(op);
  llvm::SmallVector<ProgramValue, 4> arguments, conditionOperands;
  for (Value init : whileOp.getInits())
    arguments.push_back(frame.env.lookup(init));
  LoopScope scope(frame, &op);
  while (true) {
    conditionOperands.clear();
    if (llvm::Error error =
            runRegion(whileOp.getBefore(), arguments, frame, conditionOperands))
      return error;
    // scf.condition's operands: the condition, then the forwarded values.
    const TokenValue &condition = conditionOperands.front().token;
    if (condition.isPoison())
      return fail("'scf.condition' has a poison condition");
    arguments.assign(conditionOperands.begin() + 1, conditionOperands.end());
    if (!condition.isTrue())
      break;
    llvm::SmallVector<ProgramValue, 4> yielded;
    if (llvm::Error error =
            runRegion(whileOp.getAfter(), arguments, frame, yielded))
      return error;
    arguments = std::move(yielded);
  }
  for (auto [result, value] : llvm::zip_equal(whileOp.getResults(), arguments))
    frame.env[result] = value;
  return llvm::Error::success();
}

llvm::Error ProgramInterpreter::runIndexSwitch(Operation &op, Frame &frame) {
  auto switchOp = cast<scf::IndexSwitchOp>(op);
  const TokenValue &selector = frame.env[switchOp.getArg()].token;
  if (selector.isPoison())
    return fail("'scf.index_switch' has a poison selector");
  int64_t value = selector.getInteger().getSExtValue();
  Region *region = &switchOp.getDefaultRegion();
  for (auto [caseValue, caseRegion] :
       llvm::zip_equal(switchOp.getCases(), switchOp.getCaseRegions()))
    if (caseValue == value)
      region = &caseRegion;
  llvm::SmallVector<ProgramValue, 2> yielded;
  if (llvm::Error error = runRegion(*region, {}, frame, yielded))
    return error;
  for (auto [result, value] : llvm::zip_equal(switchOp.getResults(), yielded))
    frame.env[result] = value;
  return llvm::Error::success();
}

namespace {
/// The bounds of an scf.parallel, each dimension checked.
struct ParallelBounds {
  llvm::SmallVector<llvm::APInt, 2> lower, upper, step;
  bool isEmpty = false;
};

llvm::Expected<ParallelBounds>
readParallelBounds(scf::ParallelOp parallel,
                   llvm::DenseMap<Value, ProgramValue> &env) {
  ParallelBounds bounds;
  for (unsigned dim = 0; dim < parallel.getNumLoops(); ++dim) {
    const TokenValue &lower = env[parallel.getLowerBound()[dim]].token;
    const TokenValue &upper = env[parallel.getUpperBound()[dim]].token;
    const TokenValue &step = env[parallel.getStep()[dim]].token;
    if (lower.isPoison() || upper.isPoison() || step.isPoison())
      return fail("'scf.parallel' has a poison bound or step in dimension " +
                  llvm::Twine(dim));
    if (!step.getInteger().isStrictlyPositive())
      return fail("'scf.parallel' has the non-positive step " +
                  llvm::Twine(step.getInteger().getSExtValue()) +
                  " in dimension " + llvm::Twine(dim));
    bounds.isEmpty |= lower.getInteger().sge(upper.getInteger());
    bounds.lower.push_back(lower.getInteger());
    bounds.upper.push_back(upper.getInteger());
    bounds.step.push_back(step.getInteger());
  }
  return bounds;
}

/// Moves `iv` to the next point of the domain in row-major order (the last
/// dimension fastest); false after the last point. An induction variable
/// that would overflow has left its dimension, as in scf.for.
bool advance(llvm::MutableArrayRef<llvm::APInt> iv,
             const ParallelBounds &bounds) {
  for (unsigned dim = iv.size(); dim-- > 0;) {
    bool overflow = false;
    llvm::APInt next = iv[dim].sadd_ov(bounds.step[dim], overflow);
    if (!overflow && next.slt(bounds.upper[dim])) {
      iv[dim] = next;
      return true;
    }
    iv[dim] = bounds.lower[dim];
  }
  return false;
}
} // namespace

// Iterations run one after the other in row-major order, and each
// scf.reduce operand is combined into its accumulator right after its
// iteration, starting from the init value: scf.parallel promises the
// iterations are independent and the reductions associative and
// commutative, so this is one of the schedules it allows.
llvm::Error ProgramInterpreter::runParallel(Operation &op, Frame &frame) {
  auto parallel = cast<scf::ParallelOp>(op);
  llvm::Expected<ParallelBounds> bounds =
      readParallelBounds(parallel, frame.env);
  if (!bounds)
    return bounds.takeError();
  llvm::SmallVector<ProgramValue, 2> accumulators;
  for (Value init : parallel.getInitVals())
    accumulators.push_back(frame.env.lookup(init));
  auto reduce = cast<scf::ReduceOp>(parallel.getBody()->getTerminator());
  llvm::SmallVector<llvm::APInt, 2> iv(bounds->lower);
  llvm::SmallVector<ProgramValue, 4> arguments, reduced, combined;
  LoopScope scope(frame, &op);
  bool more = !bounds->isEmpty;
  while (more) {
    arguments.clear();
    for (const llvm::APInt &value : iv)
      arguments.push_back({TokenValue::getInteger(value), nullptr});
    reduced.clear();
    if (llvm::Error error =
            runRegion(parallel.getRegion(), arguments, frame, reduced))
      return error;
    for (auto [i, region] : llvm::enumerate(reduce.getReductions())) {
      combined.clear();
      if (llvm::Error error =
              runRegion(region, {accumulators[i], reduced[i]}, frame, combined))
        return error;
      accumulators[i] = combined.front();
    }
    more = advance(iv, *bounds);
  }
  for (auto [result, value] :
       llvm::zip_equal(parallel.getResults(), accumulators))
    frame.env[result] = value;
  return llvm::Error::success();
}
