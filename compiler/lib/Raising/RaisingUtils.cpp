//===- RaisingUtils.cpp - helpers shared by the raising passes ------------===//
//
// Part of the Loom project.
//
// The one-shot pattern driver of the raising passes and the loop passes
// constant and cast builders (see RaisingUtils.h).
//
//===----------------------------------------------------------------------===//

#include "RaisingUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

Value loom::raising::createConstant(OpBuilder &builder, Location loc, Type type,
                                    const APInt &value) {
  return createConstant(builder, loc, type, value.getSExtValue());
}

Value loom::raising::createConstant(OpBuilder &builder, Location loc, Type type,
                                    int64_t value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getIntegerAttr(type, value));
}

Value loom::raising::castUnsigned(OpBuilder &builder, Location loc, Value value,
                                  Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (from.isIndex() || type.isIndex())
    return arith::IndexCastUIOp::create(builder, loc, type, value);
  if (from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth())
    return arith::ExtUIOp::create(builder, loc, type, value);
  return arith::TruncIOp::create(builder, loc, type, value);
}

/// Maps LLVM fast-math flags bit by bit onto arith's (the enums number the
/// flags differently).
arith::FastMathFlagsAttr
loom::raising::convertFastMath(MLIRContext *ctx, LLVM::FastmathFlags flags) {
  using LF = LLVM::FastmathFlags;
  using AF = arith::FastMathFlags;
  static constexpr std::pair<LF, AF> kMap[] = {
      {LF::nnan, AF::nnan},         {LF::ninf, AF::ninf},
      {LF::nsz, AF::nsz},           {LF::arcp, AF::arcp},
      {LF::contract, AF::contract}, {LF::afn, AF::afn},
      {LF::reassoc, AF::reassoc}};
  AF result = AF::none;
  for (auto [from, to] : kMap)
    if (LLVM::bitEnumContainsAll(flags, from))
      result = result | to;
  return arith::FastMathFlagsAttr::get(ctx, result);
}

/// Returns whether `value` is a float constant that is not a NaN.
static bool isNonNaNConstant(Value value) {
  Attribute attr;
  if (auto constant = value.getDefiningOp<LLVM::ConstantOp>())
    attr = constant.getValue();
  else if (auto constant = value.getDefiningOp<arith::ConstantOp>())
    attr = constant.getValue();
  auto floatAttr = dyn_cast_or_null<FloatAttr>(attr);
  return floatAttr && !floatAttr.getValue().isNaN();
}

std::pair<Value, Value> loom::raising::orderMinMaxNumOperands(Value a, Value b,
                                                              bool noNaNs) {
  if (noNaNs || isNonNaNConstant(b))
    return {b, a};
  return {a, b};
}
