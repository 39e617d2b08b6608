//===- RaisingUtils.cpp - helpers shared by the raising passes ------------===//
//
// Part of the Loom project.
//
// The one-shot pattern driver of the raising passes (see RaisingUtils.h).
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/PatternApplicator.h"

using namespace mlir;

unsigned
loom::raising::applyPatternsOnce(Operation *root,
                                 const FrozenRewritePatternSet &patterns) {
  // Collect first: rewriting while walking would visit the new operations.
  SmallVector<Operation *> ops;
  for (Region &region : root->getRegions())
    region.walk([&](Operation *op) { ops.push_back(op); });

  PatternApplicator applicator(patterns);
  applicator.applyDefaultCostModel();
  PatternRewriter rewriter(root->getContext());
  unsigned rewrites = 0;
  // Each pattern replaces only the op it matched, so every later entry of
  // `ops` is still alive when it is reached.
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (succeeded(applicator.matchAndRewrite(op, rewriter)))
      ++rewrites;
  }
  return rewrites;
}
