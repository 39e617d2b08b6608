//===- CompletionCover.cpp - causal closure of completion events ---------===//
//
// Part of the Loom project.
//
// Bit layout: launches occupy bits [0, #launches); each loop-carried
// argument (scf.for iter_args, scf.while before-region arguments) owns one
// more bit, its "marker", standing for "whatever the previous iteration
// carried". A loop result covers the launches of every iteration when the
// yielded value covers the marker of its own argument: then iteration k's
// event covers iteration k-1's, back to the init.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/Transforms/CompletionCover.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace loom::dataflow;

CompletionCover::CompletionCover(ThreadOp thread) {
  thread.getBody().walk([&](Operation *op) {
    if (auto launch = dyn_cast<GraphLaunchOp>(op)) {
      launchIndex[op] = launches.size();
      launches.push_back(launch);
    }
  });
  numBits = launches.size();
  thread.getBody().walk([&](Operation *op) {
    if (auto forOp = dyn_cast<scf::ForOp>(op))
      for (BlockArgument arg : forOp.getRegionIterArgs())
        markerIndex[arg] = numBits++;
    if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      for (BlockArgument arg : whileOp.getBeforeArguments())
        markerIndex[arg] = numBits++;
  });
  empty = BitVector(numBits);
  // Post-order: region contents before the op whose results they yield.
  thread.getBody().walk<WalkOrder::PostOrder>(
      [&](Operation *op) { visit(op); });
}

bool CompletionCover::coversLaunch(Value event, GraphLaunchOp launch) {
  auto it = launchIndex.find(launch.getOperation());
  return it != launchIndex.end() && getCover(event).test(it->second);
}

bool CompletionCover::coversAnyLaunch(Value event) {
  const BitVector &cover = getCover(event);
  int first = cover.find_first();
  return first >= 0 && static_cast<unsigned>(first) < launches.size();
}

const BitVector &CompletionCover::getCover(Value event) {
  auto it = covers.find(event);
  if (it != covers.end())
    return it->second;
  BitVector cover = empty;
  if (auto arg = dyn_cast<BlockArgument>(event)) {
    auto marker = markerIndex.find(arg);
    if (marker != markerIndex.end()) {
      cover.set(marker->second);
    } else if (auto whileOp =
                   dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp());
               whileOp && arg.getParentRegion() == &whileOp.getAfter()) {
      // The after region receives this iteration's condition operands.
      cover = getCover(whileOp.getConditionOp().getArgs()[arg.getArgNumber()]);
    }
  }
  return covers[event] = std::move(cover);
}

BitVector CompletionCover::launchesIn(Region &region) {
  BitVector bits = empty;
  region.walk([&](GraphLaunchOp launch) {
    bits.set(launchIndex.lookup(launch.getOperation()));
  });
  return bits;
}

unsigned CompletionCover::getMarker(Value carriedArgument) {
  return markerIndex.lookup(carriedArgument);
}

void CompletionCover::visit(Operation *op) {
  for (OpResult result : op->getResults())
    if (isa<NoneType>(result.getType()))
      covers[result] = computeResultCover(result);
}

BitVector CompletionCover::coverOfBranchResult(Operation *op, unsigned index) {
  SmallVector<BitVector> yields, inside;
  for (Region &region : op->getRegions()) {
    yields.push_back(
        getCover(region.front().getTerminator()->getOperand(index)));
    inside.push_back(launchesIn(region));
  }
  BitVector any = empty, everyPath = empty;
  everyPath.set();
  for (unsigned k = 0; k < yields.size(); ++k) {
    any |= yields[k];
    // On path k a launch of another region does not exist.
    BitVector ok = yields[k];
    for (unsigned j = 0; j < inside.size(); ++j)
      if (j != k)
        ok |= inside[j];
    everyPath &= ok;
  }
  return any &= everyPath;
}

BitVector CompletionCover::coverOfLoopResult(Value carried, Value init,
                                             ArrayRef<Value> markers,
                                             ArrayRef<Value> inits,
                                             ArrayRef<Value> yields,
                                             const BitVector &inLoop) {
  // `carried` is what the loop returns, expressed over the markers; `init`
  // is set for scf.for (zero trips return the init directly).
  BitVector result = getCover(carried);
  BitVector covered = empty;
  for (unsigned i = 0; i < markers.size(); ++i) {
    unsigned marker = getMarker(markers[i]);
    if (!result.test(marker))
      continue;
    BitVector yield = getCover(yields[i]);
    bool chained = yield.test(marker);
    BitVector initCover = getCover(inits[i]);
    // Launches of the loop: every iteration's instance through the chain.
    if (chained)
      covered |= BitVector(yield) &= inLoop;
    // What the init covered stays covered through the chain, or when every
    // iteration covers it again.
    BitVector kept = initCover;
    if (!chained)
      kept &= yield;
    covered |= kept;
  }
  // A direct cover of something outside the loop holds on every path.
  BitVector outside = result;
  outside.reset(inLoop);
  for (Value marker : markers)
    outside.reset(getMarker(marker));
  covered |= outside;
  if (init) {
    // Zero trips return the init: only what the init covers survives.
    covered &= BitVector(getCover(init)) |= inLoop;
  }
  return covered;
}

BitVector CompletionCover::coverOfMux(MuxOp mux) {
  Value selector = mux.getSelector();
  unsigned numLanes = mux.getLanes().size();
  BitVector any = empty, everyLane = empty;
  everyLane.set();
  for (unsigned k = 0; k < numLanes; ++k) {
    BitVector lane = getCover(mux.getLanes()[k]);
    any |= lane;
    // A launch that depends on another lane of the same selector never runs
    // when lane k is selected.
    BitVector ok = lane;
    for (auto &[index, facts] : launchLaneFacts)
      for (const LaneFact &fact : facts)
        if (fact.first == selector && fact.second != k)
          ok.set(index);
    everyLane &= ok;
  }
  // After the join the value no longer depends on a lane of this selector.
  SmallVector<LaneFact, 2> common = laneFacts.lookup(mux.getLanes().front());
  llvm::erase_if(common, [&](const LaneFact &fact) {
    return fact.first == selector ||
           llvm::any_of(mux.getLanes(), [&](Value lane) {
             return !llvm::is_contained(laneFacts.lookup(lane), fact);
           });
  });
  laneFacts[mux.getResult()] = common;
  return any &= everyLane;
}

/// Appends the facts of `from` to `into`, without duplicates.
static void mergeFacts(SmallVectorImpl<std::pair<Value, unsigned>> &into,
                       ArrayRef<std::pair<Value, unsigned>> from) {
  for (const auto &fact : from)
    if (!llvm::is_contained(into, fact))
      into.push_back(fact);
}

BitVector CompletionCover::computeResultCover(OpResult result) {
  Operation *op = result.getOwner();
  unsigned index = result.getResultNumber();
  if (auto launch = dyn_cast<GraphLaunchOp>(op)) {
    BitVector cover = empty;
    SmallVector<LaneFact, 2> facts;
    for (Value dep : launch.getDependencies()) {
      cover |= getCover(dep);
      mergeFacts(facts, laneFacts.lookup(dep));
    }
    unsigned bit = launchIndex.lookup(op);
    cover.set(bit);
    launchLaneFacts[bit] = facts;
    laneFacts[result] = facts;
    return cover;
  }
  if (auto sync = dyn_cast<SyncOp>(op)) {
    BitVector cover = empty;
    SmallVector<LaneFact, 2> facts;
    for (Value input : sync.getInputs()) {
      cover |= getCover(input);
      mergeFacts(facts, laneFacts.lookup(input));
    }
    laneFacts[result] = facts;
    return cover;
  }
  if (auto demux = dyn_cast<DemuxOp>(op)) {
    SmallVector<LaneFact, 2> facts = laneFacts.lookup(demux.getValue());
    mergeFacts(facts, {{demux.getSelector(), index}});
    laneFacts[result] = facts;
    return getCover(demux.getValue());
  }
  if (auto mux = dyn_cast<MuxOp>(op))
    return coverOfMux(mux);
  if (isa<scf::IfOp, scf::IndexSwitchOp>(op))
    return coverOfBranchResult(op, index);
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    SmallVector<Value> markers(forOp.getRegionIterArgs().begin(),
                               forOp.getRegionIterArgs().end());
    SmallVector<Value> yields(
        forOp.getBody()->getTerminator()->getOperands().begin(),
        forOp.getBody()->getTerminator()->getOperands().end());
    SmallVector<Value> inits(forOp.getInitArgs().begin(),
                             forOp.getInitArgs().end());
    return coverOfLoopResult(yields[index], inits[index], markers, inits,
                             yields, launchesIn(forOp.getRegion()));
  }
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    SmallVector<Value> markers(whileOp.getBeforeArguments().begin(),
                               whileOp.getBeforeArguments().end());
    SmallVector<Value> yields(whileOp.getYieldOp().getOperands().begin(),
                              whileOp.getYieldOp().getOperands().end());
    SmallVector<Value> inits(whileOp.getInits().begin(),
                             whileOp.getInits().end());
    // The result is the last condition operand; launches of both regions
    // repeat per iteration.
    Value carried = whileOp.getConditionOp().getArgs()[index];
    BitVector inLoop = launchesIn(whileOp.getBefore());
    inLoop |= launchesIn(whileOp.getAfter());
    return coverOfLoopResult(carried, Value(), markers, inits, yields, inLoop);
  }
  return empty;
}
