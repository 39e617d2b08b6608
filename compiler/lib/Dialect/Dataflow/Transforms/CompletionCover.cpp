//===- CompletionCover.cpp - causal closure of completion events ---------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/Transforms/CompletionCover.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace loom::dataflow;

const CoverSet &CompletionCover::getCover(Value event) {
  auto it = cache.find(event);
  if (it != cache.end())
    return it->second;
  // A placeholder breaks any cycle conservatively (covers nothing).
  cache[event] = CoverSet();
  CoverSet cover = computeCover(event);
  return cache[event] = std::move(cover);
}

bool CompletionCover::coversAnyLaunch(Value event) {
  return llvm::any_of(getCover(event), [&](const void *entry) {
    return launchEntries.contains(entry);
  });
}

/// Returns the graph launches nested anywhere in `region`.
static llvm::SmallPtrSet<const void *, 8> getLaunchesIn(Region &region) {
  llvm::SmallPtrSet<const void *, 8> launches;
  region.walk([&](GraphLaunchOp launch) {
    launches.insert(launch.getOperation());
  });
  return launches;
}

CoverSet CompletionCover::coverOfRegionResult(Operation *op, unsigned index) {
  // Copies: getCover may grow the cache and move earlier sets.
  SmallVector<CoverSet> yields;
  SmallVector<llvm::SmallPtrSet<const void *, 8>> inside;
  for (Region &region : op->getRegions()) {
    Operation *terminator = region.front().getTerminator();
    yields.push_back(getCover(terminator->getOperand(index)));
    inside.push_back(getLaunchesIn(region));
  }
  // L is covered if on every path k either the path's yield covers it or L
  // lives in another region (then it does not exist on path k).
  auto existsOnlyElsewhere = [&](const void *entry, unsigned path) {
    for (unsigned j = 0; j < inside.size(); ++j)
      if (j != path && inside[j].contains(entry))
        return true;
    return false;
  };
  CoverSet result;
  for (const CoverSet &yield : yields)
    for (const void *entry : yield) {
      bool everyPath = true;
      for (unsigned k = 0; k < yields.size() && everyPath; ++k)
        everyPath = yields[k].contains(entry) || existsOnlyElsewhere(entry, k);
      if (everyPath)
        result.insert(entry);
    }
  return result;
}

CoverSet CompletionCover::coverOfForResult(Operation *op, unsigned index) {
  auto forOp = cast<scf::ForOp>(op);
  BlockArgument iterArg = forOp.getRegionIterArgs()[index];
  const void *marker = iterArg.getAsOpaquePointer();
  Value init = forOp.getInitArgs()[index];
  Value yielded = forOp.getBody()->getTerminator()->getOperand(index);
  CoverSet yieldCover = getCover(yielded);
  CoverSet initCover = getCover(init);
  auto inBody = getLaunchesIn(forOp.getRegion());
  // The yield chains back to the previous iteration when it covers the
  // iteration's own carried argument.
  bool chained = yieldCover.contains(marker);
  CoverSet result;
  // A body launch is covered when every iteration's instance is: the last by
  // the yield, earlier ones through the chain. Zero trips: it never exists.
  for (const void *entry : yieldCover)
    if (inBody.contains(entry) && chained)
      result.insert(entry);
  // An outside launch must be covered by the init (zero trips) and then kept
  // covered by each iteration.
  for (const void *entry : initCover)
    if (chained || yieldCover.contains(entry))
      result.insert(entry);
  return result;
}

CoverSet CompletionCover::computeCover(Value event) {
  CoverSet cover;
  if (auto arg = dyn_cast<BlockArgument>(event)) {
    // A loop-carried argument stands for itself; see coverOfForResult.
    if (auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      if (arg.getArgNumber() >= forOp.getNumInductionVars())
        cover.insert(arg.getAsOpaquePointer());
    return cover;
  }
  Operation *def = event.getDefiningOp();
  unsigned index = cast<OpResult>(event).getResultNumber();
  if (auto launch = dyn_cast<GraphLaunchOp>(def)) {
    if (event != launch.getDone())
      return cover;
    cover.insert(def);
    launchEntries.insert(def);
    for (Value dep : launch.getDependencies()) {
      CoverSet depCover = getCover(dep);
      cover.insert(depCover.begin(), depCover.end());
    }
    return cover;
  }
  if (auto sync = dyn_cast<SyncOp>(def)) {
    for (Value input : sync.getInputs()) {
      CoverSet inputCover = getCover(input);
      cover.insert(inputCover.begin(), inputCover.end());
    }
    return cover;
  }
  if (auto mux = dyn_cast<MuxOp>(def)) {
    // Conservative: only what every lane covers.
    CoverSet first = getCover(mux.getLanes().front());
    for (const void *entry : first)
      if (llvm::all_of(mux.getLanes(), [&](Value lane) {
            return getCover(lane).contains(entry);
          }))
        cover.insert(entry);
    return cover;
  }
  if (isa<scf::IfOp, scf::IndexSwitchOp>(def))
    return coverOfRegionResult(def, index);
  if (isa<scf::ForOp>(def))
    return coverOfForResult(def, index);
  return cover;
}
