//===- ExtentExpressionTest.cpp - bounds expressions of pointer args -----===//
//
// Part of the Loom project.
//
// The interval evaluation of the bounds expressions that
// loom-analyze-param-extents writes into the manifest (docs/runtime.md,
// "Bounds of pointer arguments").
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/ExtentExpression.h"

#include "gtest/gtest.h"

#include <vector>

using loom::sim::evaluateIndexRange;
using loom::sim::IndexRange;

namespace {
/// Evaluates `text` with integer arguments `values` (argument i is
/// values[i]; an index past the end is not an integer scalar).
IndexRange evaluate(llvm::StringRef text, std::vector<int64_t> values) {
  llvm::Expected<IndexRange> range =
      evaluateIndexRange(text, [&](unsigned i) -> std::optional<int64_t> {
        if (i >= values.size())
          return std::nullopt;
        return values[i];
      });
  EXPECT_TRUE(bool(range)) << llvm::toString(range.takeError());
  return range ? *range : IndexRange();
}

/// The error message of a malformed expression.
std::string errorOf(llvm::StringRef text, std::vector<int64_t> values = {}) {
  llvm::Expected<IndexRange> range =
      evaluateIndexRange(text, [&](unsigned i) -> std::optional<int64_t> {
        if (i >= values.size())
          return std::nullopt;
        return values[i];
      });
  if (range)
    return "";
  return llvm::toString(range.takeError());
}

void expectBounded(const IndexRange &range, int64_t lowest, int64_t highest) {
  EXPECT_EQ(range.kind, IndexRange::Kind::Bounded) << range.reason;
  EXPECT_EQ(range.lowest, lowest);
  EXPECT_EQ(range.highest, highest);
}
} // namespace

// vecadd: the loop [0, n) accesses 0 .. n-1.
TEST(ExtentExpressionTest, LoopCoversItsRange) {
  expectBounded(evaluate("(for 0 %0)", {100}), 0, 99);
  expectBounded(evaluate("(for 0 %0)", {1}), 0, 0);
}

// A loop of zero iterations, or of a negative count, accesses nothing;
// that is no error (the native loop runs no iteration either).
TEST(ExtentExpressionTest, EmptyLoopAccessesNothing) {
  EXPECT_EQ(evaluate("(for 0 %0)", {0}).kind, IndexRange::Kind::NoAccess);
  EXPECT_EQ(evaluate("(for 0 %0)", {-5}).kind, IndexRange::Kind::NoAccess);
  // An access inside an empty loop is unreachable even when its arithmetic
  // could not be bounded.
  EXPECT_EQ(evaluate("(mul 8 (for 0 %0) 1000)", {0}).kind,
            IndexRange::Kind::NoAccess);
}

// The stencil's hull covers i-1 .. i+1 for i in [1, n).
TEST(ExtentExpressionTest, HullOfStencil) {
  expectBounded(evaluate("(hull (sub 32 (for 1 %0) 1) (for 1 %0) "
                         "(add 32 (for 1 %0) 1))",
                         {10}),
                0, 10);
  // hull drops accesses that cannot run.
  expectBounded(evaluate("(hull (for 0 %0) (for 0 %1))", {0, 4}), 0, 3);
  EXPECT_EQ(evaluate("(hull)", {}).kind, IndexRange::Kind::NoAccess);
}

// A product of two parameters: a[i * m + j] over n rows of m elements.
TEST(ExtentExpressionTest, RowMajorProduct) {
  expectBounded(evaluate("(add 64 (mul 64 (for 0 %0) %1) (for 0 %1))", {4, 3}),
                0, 11);
}

// Products take every corner: a negative factor gives a negative bound.
TEST(ExtentExpressionTest, ProductOfSignedIntervals) {
  expectBounded(evaluate("(mul 64 (for -2 3) (for -1 4))", {}), -6, 6);
}

// Arithmetic that may leave its bit width (or 64 bits) has no bound: the
// kernel itself would wrap there.
TEST(ExtentExpressionTest, OverflowIsUnknown) {
  IndexRange narrow = evaluate("(mul 32 (for 0 %0) %1)", {70000, 70000});
  EXPECT_EQ(narrow.kind, IndexRange::Kind::Unknown);
  EXPECT_NE(narrow.reason.find("range of i32"), std::string::npos)
      << narrow.reason;
  IndexRange wide = evaluate("(mul 64 %0 %0)", {int64_t(1) << 40});
  EXPECT_EQ(wide.kind, IndexRange::Kind::Unknown);
  EXPECT_NE(wide.reason.find("64 bits"), std::string::npos) << wide.reason;
  EXPECT_EQ(evaluate("(add 64 %0 1)", {INT64_MAX}).kind,
            IndexRange::Kind::Unknown);
  EXPECT_EQ(evaluate("(sub 64 %0 1)", {INT64_MIN}).kind,
            IndexRange::Kind::Unknown);
  // Within i32 the same product is fine.
  expectBounded(evaluate("(mul 32 (for 0 %0) %1)", {100, 100}), 0, 9900);
}

// A loop bound of INT64_MIN runs no iteration (ub - 1 must not wrap).
TEST(ExtentExpressionTest, LoopBoundAtTheEdge) {
  EXPECT_EQ(evaluate("(for 0 %0)", {INT64_MIN}).kind,
            IndexRange::Kind::NoAccess);
  expectBounded(evaluate("(for %0 1)", {INT64_MIN}), INT64_MIN, 0);
}

// Negative lower bounds are reported as such; the runtime decides.
TEST(ExtentExpressionTest, NegativeLowerBound) {
  expectBounded(evaluate("(sub 64 (for 0 %0) 1)", {8}), -1, 6);
}

// Casts: zext of a negative i32 reads it as unsigned; trunc must fit.
TEST(ExtentExpressionTest, Casts) {
  expectBounded(evaluate("(zext 32 %0)", {-1}), 4294967295, 4294967295);
  expectBounded(evaluate("(zext 32 %0)", {7}), 7, 7);
  EXPECT_EQ(evaluate("(zext 32 (for -1 2))", {}).kind,
            IndexRange::Kind::Unknown);
  expectBounded(evaluate("(trunc 8 (for 0 100))", {}), 0, 99);
  EXPECT_EQ(evaluate("(trunc 8 (for 0 300))", {}).kind,
            IndexRange::Kind::Unknown);
  // An unsigned loop needs non-negative bounds.
  expectBounded(evaluate("(foru 0 %0)", {5}), 0, 4);
  EXPECT_EQ(evaluate("(foru 0 %0)", {-5}).kind, IndexRange::Kind::Unknown);
}

// Division, remainder, shifts, min/max and masks.
TEST(ExtentExpressionTest, OtherOperations) {
  expectBounded(evaluate("(div (for 0 10) 2)", {}), 0, 4);
  expectBounded(evaluate("(div (for -7 8) 2)", {}), -3, 3);
  EXPECT_EQ(evaluate("(div 5 (for 0 3))", {}).kind, IndexRange::Kind::Unknown);
  expectBounded(evaluate("(rem (for 0 100) 8)", {}), 0, 7);
  expectBounded(evaluate("(rem (for -100 3) 8)", {}), -7, 2);
  expectBounded(evaluate("(remu (for 0 5) 8)", {}), 0, 4);
  expectBounded(evaluate("(shl 64 (for 0 4) 2)", {}), 0, 12);
  expectBounded(evaluate("(shr (for 0 17) 2)", {}), 0, 4);
  expectBounded(evaluate("(min (for 0 10) 4)", {}), 0, 4);
  expectBounded(evaluate("(max (for 0 10) 4)", {}), 4, 9);
  expectBounded(evaluate("(and (for -50 50) 7)", {}), 0, 7);
  EXPECT_EQ(evaluate("(and (for -5 5) -8)", {}).kind,
            IndexRange::Kind::Unknown);
  EXPECT_EQ(evaluate("(shl 64 1 %0)", {64}).kind, IndexRange::Kind::Unknown);
}

// A corrupt manifest is an error saying where, never a crash.
TEST(ExtentExpressionTest, MalformedExpressions) {
  EXPECT_NE(errorOf("(for 0").find("missing ')'"), std::string::npos);
  EXPECT_NE(errorOf("(frob 1 2)").find("unknown operation 'frob'"),
            std::string::npos);
  EXPECT_NE(errorOf("(for 1)").find("takes 2 operands, got 1"),
            std::string::npos);
  EXPECT_NE(errorOf("(add 1 2)").find("takes 2 operands, got 1"),
            std::string::npos);
  EXPECT_NE(errorOf("(add 99 1 2)").find("bit width from 1 to 64"),
            std::string::npos);
  EXPECT_NE(errorOf("%3", {1}).find("argument #3 is not an integer scalar"),
            std::string::npos);
  EXPECT_NE(errorOf("%x").find("argument number"), std::string::npos);
  EXPECT_NE(errorOf("1 2").find("unexpected text"), std::string::npos);
  EXPECT_NE(errorOf("").find("expected a number"), std::string::npos);
  EXPECT_NE(errorOf(")").find("expected a number"), std::string::npos);
  std::string deep;
  for (int i = 0; i < 1000; ++i)
    deep += "(hull ";
  EXPECT_NE(errorOf(deep).find("nests deeper"), std::string::npos);
}
