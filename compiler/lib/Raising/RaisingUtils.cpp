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

/// `select(cmpf predicate(d, s), d, s)`: x86's `maxss(d, s)` / `minss`
/// with the ordered `ogt` / `olt`, or also `d` when `s` is a NaN with the
/// unordered `ugt` / `ult`.
static Value buildSelectMinMax(OpBuilder &builder, Location loc, Value d,
                               Value s, arith::CmpFPredicate predicate,
                               arith::FastMathFlagsAttr fastmath) {
  Value takeD =
      arith::CmpFOp::create(builder, loc, predicate, d, s, fastmath.getValue());
  return arith::SelectOp::create(builder, loc, takeD, d, s);
}

Value loom::raising::buildNativeMinMaxNum(OpBuilder &builder, Location loc,
                                          Value a, Value b, bool isMax,
                                          arith::FastMathFlagsAttr fastmath) {
  auto ordered = isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT;
  auto has = [&](arith::FastMathFlags flag) {
    return arith::bitEnumContainsAll(fastmath.getValue(), flag);
  };
  // Under nsz the sign of a zero is insignificant, and x86 code commutes
  // maxss as register allocation likes: the one op is as native as any.
  bool noSignedZeros = has(arith::FastMathFlags::nsz);
  if (!noSignedZeros &&
      (has(arith::FastMathFlags::nnan) || isNonNaNConstant(b)))
    return buildSelectMinMax(builder, loc, a, b, ordered, fastmath);
  if (!noSignedZeros && isNonNaNConstant(a))
    return buildSelectMinMax(builder, loc, b, a, ordered, fastmath);
  if (isMax)
    return arith::MaxNumFOp::create(builder, loc, a, b, fastmath);
  return arith::MinNumFOp::create(builder, loc, a, b, fastmath);
}

Value loom::raising::buildLibmMinMax(OpBuilder &builder, Location loc, Value a,
                                     Value b, bool isMax,
                                     arith::FastMathFlagsAttr fastmath) {
  using P = arith::CmpFPredicate;
  // b cannot be a NaN: maxss(a, b). a cannot: a NaN b gives a, else
  // maxss(a, b), which the unordered predicate folds into one compare.
  if (isNonNaNConstant(b))
    return buildSelectMinMax(builder, loc, a, b, isMax ? P::OGT : P::OLT,
                             fastmath);
  if (isNonNaNConstant(a))
    return buildSelectMinMax(builder, loc, a, b, isMax ? P::UGT : P::ULT,
                             fastmath);
  if (isMax)
    return arith::MaxNumFOp::create(builder, loc, b, a, fastmath);
  return arith::MinNumFOp::create(builder, loc, b, a, fastmath);
}
