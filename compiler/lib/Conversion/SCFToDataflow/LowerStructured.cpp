//===- LowerStructured.cpp - scf.for, scf.if and scf.while templates -----===//
//
// Part of the Loom project.
//
// The structured templates of Part 3 section 6 on top of the recursive
// traversal in GraphRegionLowering.cpp (the parallel ones are in
// LowerParallel.cpp). Lane convention: lane 0 is the false
// lane, lane 1 the true lane.
//
//===----------------------------------------------------------------------===//

#include "GraphRegionLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace loom::dataflow;
using namespace loom::conversion;

/// Casts an `index` loop bound to iN, N the configured index width
/// (dataflow.stream needs a signless integer); other types pass through.
/// RegionLegality.cpp has proven that the bounds fit when N < 64.
Value GraphRegionLowering::toStreamType(Value value, Location loc) {
  if (!value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc,
                                    builder.getIntegerType(indexWidth), value);
}

/// Whether lowering a region took `in` to `out` without changing the
/// frontier of any partition outside `touched` (touchedPartitions holds).
[[maybe_unused]] static bool bypassesUntouched(const FrontierState &in,
                                               const FrontierState &out,
                                               ArrayRef<unsigned> touched) {
  for (unsigned p = 0; p < in.writes.size(); ++p)
    if (!llvm::is_contained(touched, p) &&
        (in.writes[p] != out.writes[p] || in.reads[p] != out.reads[p]))
      return false;
  return true;
}

//===----------------------------------------------------------------------===//
// scf.for
//===----------------------------------------------------------------------===//
//
//   %iv, %phase = dataflow.stream %lb, %ub, %step step add while slt
//   %x_raw = carry %phase, %x_init, %x_next      for E, iter_args and the
//                                                W, R of touched partitions
//   %x_exit, %x_body = demux %phase, %x_raw
//   captured %v: demux(%phase, invariant(%phase, %v)) true lane
//
LogicalResult GraphRegionLowering::lowerFor(scf::ForOp loop, Scope &scope,
                                            FrontierState &state) {
  Location loc = loop.getLoc();
  FailureOr<Value> lb = lookup(loop.getLowerBound(), scope);
  FailureOr<Value> ub = lookup(loop.getUpperBound(), scope);
  FailureOr<Value> step = lookup(loop.getStep(), scope);
  if (failed(lb) || failed(ub) || failed(step))
    return loop.emitError() << "loop bounds are not available in the graph";
  Value init = toStreamType(*lb, loc);
  auto stream =
      StreamOp::create(builder, loc, init.getType(), builder.getI1Type(), init,
                       toStreamType(*ub, loc), toStreamType(*step, loc),
                       StepKindAttr::get(builder.getContext(), StepKind::Add),
                       arith::CmpIPredicateAttr::get(
                           builder.getContext(),
                           loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                 : arith::CmpIPredicate::slt));
  Value phase = stream.getPhase();

  Ring exec = buildRing(phase, state.exec, loc);
  SmallVector<Ring> args, writes, reads;
  for (Value init : loop.getInitArgs()) {
    FailureOr<Value> mapped = lookup(init, scope);
    if (failed(mapped))
      return loop.emitError() << "iter_arg init is not available";
    args.push_back(buildRing(phase, *mapped, loc));
  }
  // Untouched partitions keep their frontier across the loop: no ring.
  SmallVector<unsigned, 2> touched = touchedPartitions(loop);
  // Partitions whose iterations are unordered in memory start each
  // iteration from the entry frontier; the others carry W and R in rings.
  SmallVector<unsigned, 2> unordered =
      getUnorderedPartitions(loop, touched, state);
  SmallVector<unsigned, 2> ringed;
  for (unsigned p : touched) {
    if (llvm::is_contained(unordered, p))
      continue;
    ringed.push_back(p);
    writes.push_back(buildRing(phase, state.writes[p], loc));
    reads.push_back(buildRing(phase, state.reads[p], loc));
  }

  Scope body;
  body.parent = &scope;
  body.control = exec.body;
  body.project = [this, phase, loc](Value outer) -> Value {
    Value replay =
        InvariantOp::create(builder, loc, outer.getType(), phase, outer);
    return DemuxOp::create(builder, loc,
                           TypeRange{outer.getType(), outer.getType()}, phase,
                           replay)
        .getLanes()[1];
  };
  // The iv already has body cardinality: it enters the body ungated.
  Value iv = stream.getIv();
  if (loop.getInductionVar().getType().isIndex())
    iv = arith::IndexCastOp::create(builder, loc, builder.getIndexType(), iv);
  body.mapping.map(loop.getInductionVar(), iv);
  for (auto [arg, ring] : llvm::zip(loop.getRegionIterArgs(), args))
    body.mapping.map(arg, ring.body);

  // The body never reads an untouched partition's frontier, so it keeps
  // the outer stream there.
  FrontierState inside = state;
  inside.exec = exec.body;
  // An unordered iteration starts from the entry frontier; where that is
  // the loop's E, the iteration's E stands for it (it fires after E).
  llvm::SmallDenseMap<Value, Value, 4> projected;
  auto entryOf = [&](Value outer) {
    if (outer == state.exec)
      return exec.body;
    Value &slot = projected[outer];
    if (!slot)
      slot = body.project(outer);
    return slot;
  };
  for (unsigned p : unordered) {
    inside.writes[p] = entryOf(state.writes[p]);
    inside.reads[p] = entryOf(state.reads[p]);
  }
  for (auto [p, write, read] : llvm::zip(ringed, writes, reads)) {
    inside.writes[p] = write.body;
    inside.reads[p] = read.body;
  }
  FailureOr<FrontierState> out = lowerBlock(*loop.getBody(), body, inside);
  if (failed(out))
    return failure();
  assert(bypassesUntouched(inside, *out, touched) &&
         "the body changed a frontier it does not touch");

  // Feedback: every ring takes what one body execution produced.
  exec.carry.getNextMutable().assign(out->exec);
  for (auto [ring, yielded] :
       llvm::zip(args, loop.getBody()->getTerminator()->getOperands())) {
    FailureOr<Value> next = lookup(yielded, body);
    if (failed(next))
      return loop.emitError() << "yielded value is not available";
    ring.carry.getNextMutable().assign(*next);
  }
  for (auto [p, write, read] : llvm::zip(ringed, writes, reads)) {
    write.carry.getNextMutable().assign(out->writes[p]);
    read.carry.getNextMutable().assign(out->reads[p]);
    state.writes[p] = write.exit;
    state.reads[p] = read.exit;
  }
  for (unsigned p : unordered)
    joinIterations(phase, inside, *out, p, state, loc);
  state.exec = exec.exit;
  for (auto [result, ring] : llvm::zip(loop.getResults(), args))
    scope.mapping.map(result, ring.exit);
  return success();
}

/// The exit frontier of partition `p` of a loop whose iterations are
/// unordered in memory: all_of the entry frontier and of every iteration's
/// R[p], accumulated by one ring. R[p] fires after every access of the
/// iteration, writes included (a write sets R[p] to its done, a read only
/// adds to it), so the join also serves as W[p] when the body writes; a W[p]
/// no iteration changed stays the entry's.
void GraphRegionLowering::joinIterations(Value phase,
                                         const FrontierState &inside,
                                         const FrontierState &out, unsigned p,
                                         FrontierState &state, Location loc) {
  bool writes = out.writes[p] != inside.writes[p];
  if (!writes && out.reads[p] == inside.reads[p])
    return;
  Ring ring = buildRing(phase, state.reads[p], loc);
  ring.carry.getNextMutable().assign(allOf({ring.body, out.reads[p]}, loc));
  state.reads[p] = ring.exit;
  if (writes)
    state.writes[p] = ring.exit;
}

//===----------------------------------------------------------------------===//
// scf.if and scf.index_switch: one selection transfer
//===----------------------------------------------------------------------===//
//
//   %e_0, %e_1, ... = demux %sel, %E            and captured values, and
//                                                W, R of touched partitions
//   each region lowered from its own lane (an empty region is the identity)
//   %r = mux %sel, %r_0, %r_1, ...               and E, touched W, R
//
LogicalResult GraphRegionLowering::lowerSelection(Operation *op, Value selector,
                                                  ArrayRef<Region *> lanes,
                                                  Scope &scope,
                                                  FrontierState &state) {
  Location loc = op->getLoc();
  unsigned numLanes = lanes.size();
  // One demux per stream serves every lane and every role: E, W[p] and R[p]
  // are often one stream (the graph start), and a captured value is
  // demuxed once for all the lanes that use it. A stream every lane passes
  // on untouched then comes back as mux(sel, demux(sel, x)...) and folds.
  llvm::MapVector<Value, DemuxOp> demuxes;
  auto split = [&](Value value) -> ValueRange {
    DemuxOp &demux = demuxes[value];
    if (!demux) {
      SmallVector<Type> types(numLanes, value.getType());
      demux = DemuxOp::create(builder, loc, types, selector, value);
    }
    return demux.getLanes();
  };
  // Untouched partitions bypass the selection: no lane reads their
  // frontier, so every lane keeps the outer stream and nothing is muxed.
  SmallVector<unsigned, 2> touched = touchedPartitions(op);
  SmallVector<FrontierState> in(numLanes, state);
  for (auto [lane, exec] : llvm::enumerate(split(state.exec)))
    in[lane].exec = exec;
  for (unsigned p : touched) {
    auto w = split(state.writes[p]);
    auto r = split(state.reads[p]);
    for (unsigned lane = 0; lane < numLanes; ++lane) {
      in[lane].writes[p] = w[lane];
      in[lane].reads[p] = r[lane];
    }
  }
  SmallVector<Scope> sides(numLanes);
  SmallVector<FrontierState> out = in;
  SmallVector<SmallVector<Value>> results(numLanes);
  for (unsigned lane = 0; lane < numLanes; ++lane) {
    Scope &side = sides[lane];
    side.parent = &scope;
    side.control = in[lane].exec;
    side.project = [&split, lane](Value outer) { return split(outer)[lane]; };
    if (lanes[lane]->empty())
      continue; // A missing else is the identity false lane.
    Block &block = lanes[lane]->front();
    FailureOr<FrontierState> lowered = lowerBlock(block, side, in[lane]);
    if (failed(lowered))
      return failure();
    assert(bypassesUntouched(in[lane], *lowered, touched) &&
           "a lane changed a frontier it does not touch");
    out[lane] = *lowered;
    for (Value yielded : block.getTerminator()->getOperands()) {
      FailureOr<Value> value = lookup(yielded, side);
      if (failed(value))
        return op->emitError() << "yielded value is not available";
      results[lane].push_back(*value);
    }
  }
  // A stream that every lane passes on untouched (E through branches whose
  // leaf accesses never replace it, a captured value yielded as it is)
  // comes back as mux(sel, demux(sel, x)...), which folds to x: the code
  // after the selection then does not wait for the selector, so in a loop
  // the next iteration does not wait for this one's branch condition.
  // Equal lane tuples share one mux: after a store on every lane, W[p] and
  // R[p] are both that store's done.
  SmallVector<std::pair<SmallVector<Value>, Value>> joined;
  auto join = [&](auto laneValue) {
    SmallVector<Value> operands;
    for (unsigned lane = 0; lane < numLanes; ++lane)
      operands.push_back(laneValue(lane));
    for (auto &[lanesJoined, result] : joined)
      if (lanesJoined == operands)
        return result;
    Value result = builder.createOrFold<MuxOp>(loc, operands.front().getType(),
                                               selector, operands);
    joined.emplace_back(std::move(operands), result);
    return result;
  };
  state.exec = join([&](unsigned lane) { return out[lane].exec; });
  for (unsigned p : touched) {
    state.writes[p] = join([&](unsigned lane) { return out[lane].writes[p]; });
    state.reads[p] = join([&](unsigned lane) { return out[lane].reads[p]; });
  }
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    scope.mapping.map(op->getResult(i),
                      join([&](unsigned lane) { return results[lane][i]; }));
  // A demux whose only readers were folded muxes has nothing left to feed.
  for (DemuxOp demux : llvm::make_second_range(demuxes))
    if (demux->use_empty())
      demux->erase();
  return success();
}

LogicalResult GraphRegionLowering::lowerIf(scf::IfOp branch, Scope &scope,
                                           FrontierState &state) {
  FailureOr<Value> cond = lookup(branch.getCondition(), scope);
  if (failed(cond))
    return branch.emitError() << "condition is not available in the graph";
  // Lane 0 is the false (else) lane, lane 1 the true (then) lane.
  return lowerSelection(branch, *cond,
                        {&branch.getElseRegion(), &branch.getThenRegion()},
                        scope, state);
}

// Cases [c_0, ..., c_n-1] normalize to dense lanes: lane 0 is the default
// region, lane i+1 case i. One case uses an i1 selector (false = default);
// more use an index selector computed with all-operand arith.select (never
// a mux, which would leave unselected constants queued).
LogicalResult GraphRegionLowering::lowerIndexSwitch(scf::IndexSwitchOp op,
                                                    Scope &scope,
                                                    FrontierState &state) {
  Location loc = op.getLoc();
  FailureOr<Value> arg = lookup(op.getArg(), scope);
  if (failed(arg))
    return op.emitError() << "switch argument is not available in the graph";
  ArrayRef<int64_t> cases = op.getCases();
  SmallVector<Region *> lanes = {&op.getDefaultRegion()};
  for (Region &region : op.getCaseRegions())
    lanes.push_back(&region);
  auto constant = [&](int64_t value) {
    return ConstantOp::create(builder, loc, builder.getIndexType(),
                              scope.control, builder.getIndexAttr(value))
        .getResult();
  };
  auto equals = [&](int64_t value) {
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, *arg,
                                 constant(value))
        .getResult();
  };
  Value selector;
  if (cases.size() == 1) {
    selector = equals(cases.front());
  } else {
    selector = constant(0);
    for (auto [i, value] : llvm::enumerate(cases))
      selector = arith::SelectOp::create(builder, loc, equals(value),
                                         constant(i + 1), selector);
  }
  return lowerSelection(op, selector, lanes, scope, state);
}

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//
//
//   %iter_ctrl = carry %cond, %E, %after_done       and a_i, touched W, R
//   before(%iter_ctrl, %a_i) -> %cond, %b_j, %before_done, W_b, R_b
//   %b_exit_j, %b_after_j = demux %cond, %b_j
//   %while_done, _ = demux %cond, %before_done
//   %after_phase, %after_ctrl = gate %cond, %before_done
//   after(%after_ctrl, %b_after_j) -> %a_next_i, %after_done, W_a, R_a
//
LogicalResult GraphRegionLowering::lowerWhile(scf::WhileOp loop, Scope &scope,
                                              FrontierState &state) {
  Location loc = loop.getLoc();
  // The condition exists only after the before region is lowered: the
  // carries start with a placeholder selector.
  Value placeholder =
      ConstantOp::create(builder, loc, builder.getI1Type(), scope.control,
                         builder.getBoolAttr(false));
  auto carry = [&](Value init) {
    return CarryOp::create(builder, loc, init.getType(), placeholder, init,
                           init);
  };
  CarryOp execCarry = carry(state.exec);
  SmallVector<CarryOp> args, writes, reads;
  for (Value init : loop.getInits()) {
    FailureOr<Value> mapped = lookup(init, scope);
    if (failed(mapped))
      return loop.emitError() << "loop init is not available";
    args.push_back(carry(*mapped));
  }
  // Untouched partitions keep their frontier across the loop: no carry.
  SmallVector<unsigned, 2> touched = touchedPartitions(loop);
  for (unsigned p : touched) {
    writes.push_back(carry(state.writes[p]));
    reads.push_back(carry(state.reads[p]));
  }

  // Before region: runs K+1 times, in the phase of the condition.
  Value cond; // set below; the projections read it lazily
  Scope before;
  before.parent = &scope;
  before.control = execCarry;
  before.project = [this, loc, &cond](Value outer) -> Value {
    return InvariantOp::create(builder, loc, outer.getType(), cond, outer);
  };
  for (auto [arg, c] : llvm::zip(loop.getBeforeArguments(), args))
    before.mapping.map(arg, c.getOut());
  FrontierState beforeIn = state;
  beforeIn.exec = execCarry;
  for (auto [p, write, read] : llvm::zip(touched, writes, reads)) {
    beforeIn.writes[p] = write;
    beforeIn.reads[p] = read;
  }
  // Captured values of the before region need %cond, which the region
  // computes: lower with a placeholder and patch the invariants after.
  cond = placeholder;
  FailureOr<FrontierState> b =
      lowerBlock(loop.getBefore().front(), before, beforeIn);
  if (failed(b))
    return failure();
  assert(bypassesUntouched(beforeIn, *b, touched) &&
         "the before region changed a frontier it does not touch");
  scf::ConditionOp condition = loop.getConditionOp();
  FailureOr<Value> realCond = lookup(condition.getCondition(), before);
  if (failed(realCond))
    return loop.emitError() << "condition is not available in the graph";
  placeholder.replaceAllUsesWith(*realCond);
  placeholder.getDefiningOp()->erase();
  cond = *realCond;

  auto split = [&](Value value) {
    return DemuxOp::create(builder, loc,
                           TypeRange{value.getType(), value.getType()}, cond,
                           value)
        .getLanes();
  };
  SmallVector<Value> exits, afterArgs;
  for (Value operand : condition.getArgs()) {
    FailureOr<Value> value = lookup(operand, before);
    if (failed(value))
      return loop.emitError() << "condition operand is not available";
    auto lanes = split(*value);
    exits.push_back(lanes[0]);
    afterArgs.push_back(lanes[1]);
  }
  Value whileDone = split(b->exec)[0];
  auto gate = GateOp::create(
      builder, loc, TypeRange{builder.getI1Type(), builder.getNoneType()}, cond,
      b->exec);
  FrontierState afterIn = state;
  afterIn.exec = gate.getAfterValue();
  SmallVector<Value> writeExits, readExits;
  for (unsigned p : touched) {
    auto w = split(b->writes[p]);
    auto r = split(b->reads[p]);
    writeExits.push_back(w[0]);
    readExits.push_back(r[0]);
    afterIn.writes[p] = w[1];
    afterIn.reads[p] = r[1];
  }

  // After region: K times; captured values replayed in before phase and
  // projected through the true lane.
  Scope after;
  after.parent = &scope;
  after.control = gate.getAfterValue();
  after.project = [this, loc, cond](Value outer) -> Value {
    Value replay =
        InvariantOp::create(builder, loc, outer.getType(), cond, outer);
    return DemuxOp::create(builder, loc,
                           TypeRange{outer.getType(), outer.getType()}, cond,
                           replay)
        .getLanes()[1];
  };
  for (auto [arg, value] : llvm::zip(loop.getAfterArguments(), afterArgs))
    after.mapping.map(arg, value);
  FailureOr<FrontierState> a =
      lowerBlock(loop.getAfter().front(), after, afterIn);
  if (failed(a))
    return failure();
  assert(bypassesUntouched(afterIn, *a, touched) &&
         "the after region changed a frontier it does not touch");

  execCarry.getNextMutable().assign(a->exec);
  for (auto [c, yielded] : llvm::zip(args, loop.getYieldOp().getOperands())) {
    FailureOr<Value> next = lookup(yielded, after);
    if (failed(next))
      return loop.emitError() << "yielded value is not available";
    c.getNextMutable().assign(*next);
  }
  for (auto [i, p] : llvm::enumerate(touched)) {
    writes[i].getNextMutable().assign(a->writes[p]);
    reads[i].getNextMutable().assign(a->reads[p]);
    state.writes[p] = writeExits[i];
    state.reads[p] = readExits[i];
  }
  state.exec = whileDone;
  for (auto [result, exit] : llvm::zip(loop.getResults(), exits))
    scope.mapping.map(result, exit);
  return success();
}
