//===- TokenValueTest.cpp - tokens, literals and queues -------------------===//
//
// Part of the Loom project.
//
// Token identity is bit-exact, literals read back what they print, and the
// per-use FIFO keeps order and its peak.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/TokenValue.h"
#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/TokenQueue.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace loom::sim;
using llvm::APFloat;
using llvm::APInt;

namespace {

std::string print(const TokenValue &token, bool phase = false) {
  std::string text;
  llvm::raw_string_ostream os(text);
  token.print(os, phase);
  return text;
}

TokenValue parse(StringRef text, Type type) {
  llvm::Expected<TokenValue> token = parseTokenLiteral(text, type);
  EXPECT_TRUE(static_cast<bool>(token)) << text.str();
  if (!token) {
    llvm::consumeError(token.takeError());
    return TokenValue();
  }
  return *token;
}

class TokenValueTest : public ::testing::Test {
protected:
  MLIRContext context;
  Builder b{&context};
};

// Integers print signed; i1 prints as a boolean or a phase letter.
TEST_F(TokenValueTest, PrintsIntegersAndBooleans) {
  EXPECT_EQ(print(TokenValue::getInteger(8, 255)), "-1");
  EXPECT_EQ(print(TokenValue::getInteger(64, -7, true)), "-7");
  EXPECT_EQ(print(TokenValue::getBool(true)), "true");
  EXPECT_EQ(print(TokenValue::getBool(false), /*phase=*/true), "F");
  EXPECT_EQ(print(TokenValue::getNone()), "none");
  EXPECT_EQ(print(getPoisonToken(b.getI32Type())), "poison");
}

// Floats print the shortest text that reads back to the same bits.
TEST_F(TokenValueTest, PrintsShortestFloat) {
  EXPECT_EQ(print(TokenValue::getFloat(APFloat(0.1f))), "0.1");
  EXPECT_EQ(print(TokenValue::getFloat(APFloat(0.1))), "0.1");
  EXPECT_EQ(print(TokenValue::getFloat(APFloat(1.0f / 3.0f))), "0.33333334");
  EXPECT_EQ(print(TokenValue::getFloat(APFloat(10.0f))), "10");
  EXPECT_EQ(print(TokenValue::getFloat(APFloat(-0.0))), "-0");
  EXPECT_EQ(print(TokenValue::getFloat(
                APFloat::getInf(APFloat::IEEEhalf(), /*Negative=*/true))),
            "-inf");
  EXPECT_EQ(print(TokenValue::getFloatBits(APFloat::IEEEsingle(),
                                           APInt(32, 0x7fc00001))),
            "nan(0x7fc00001)");
}

// Identity compares bits: NaN payloads and signed zeros are distinct.
TEST_F(TokenValueTest, EqualityIsBitExact) {
  TokenValue nan1 =
      TokenValue::getFloatBits(APFloat::IEEEsingle(), APInt(32, 0x7fc00000));
  TokenValue nan2 =
      TokenValue::getFloatBits(APFloat::IEEEsingle(), APInt(32, 0x7fc00001));
  EXPECT_EQ(nan1, nan1);
  EXPECT_NE(nan1, nan2);
  EXPECT_NE(TokenValue::getFloat(APFloat(0.0f)),
            TokenValue::getFloat(APFloat(-0.0f)));
  EXPECT_NE(TokenValue::getInteger(32, 1), TokenValue::getInteger(64, 1));
  EXPECT_NE(TokenValue::getFloat(APFloat(1.0f)),
            TokenValue::getInteger(32, 0x3f800000));
  EXPECT_EQ(getPoisonToken(b.getI8Type()), getPoisonToken(b.getI8Type()));
  EXPECT_NE(getPoisonToken(b.getI8Type()), TokenValue::getInteger(8, 0));
}

// Literals: decimal, negative, hex, booleans, raw float bits, specials.
TEST_F(TokenValueTest, ParsesLiterals) {
  EXPECT_EQ(parse("-128", b.getI8Type()), TokenValue::getInteger(8, 128));
  EXPECT_EQ(parse("255", b.getI8Type()), TokenValue::getInteger(8, 255));
  EXPECT_EQ(parse("0x10", b.getIndexType()), TokenValue::getInteger(64, 16));
  EXPECT_EQ(parse("T", b.getI1Type()), TokenValue::getBool(true));
  EXPECT_EQ(parse("0x3f800000", b.getF32Type()),
            TokenValue::getFloat(APFloat(1.0f)));
  EXPECT_EQ(parse("2.5", b.getF16Type()),
            TokenValue::getFloat(APFloat(APFloat::IEEEhalf(), "2.5")));
  EXPECT_TRUE(parse("-inf", b.getF64Type()).getFloat().isInfinity());
  EXPECT_TRUE(parse("poison", b.getF64Type()).isPoison());
  EXPECT_TRUE(parse("none", b.getNoneType()).isNone());
}

// Out-of-range and malformed literals are errors naming the text and type.
TEST_F(TokenValueTest, RejectsBadLiterals) {
  for (auto [text, type] : {std::pair<StringRef, Type>{"256", b.getI8Type()},
                            {"-129", b.getI8Type()},
                            {"x", b.getI32Type()},
                            {"2", b.getI1Type()},
                            {"1.5.2", b.getF32Type()}}) {
    llvm::Expected<TokenValue> token = parseTokenLiteral(text, type);
    ASSERT_FALSE(static_cast<bool>(token)) << text.str();
    std::string message = llvm::toString(token.takeError());
    EXPECT_NE(message.find(text.str()), std::string::npos) << message;
  }
}

// Attributes of every carried type become tokens; others are rejected.
TEST_F(TokenValueTest, ConvertsAttributes) {
  llvm::Expected<TokenValue> index = getTokenFromAttribute(b.getIndexAttr(-3));
  ASSERT_TRUE(static_cast<bool>(index));
  EXPECT_EQ(*index, TokenValue::getInteger(64, -3, true));
  llvm::Expected<TokenValue> half =
      getTokenFromAttribute(b.getF16FloatAttr(1.5));
  ASSERT_TRUE(static_cast<bool>(half));
  EXPECT_EQ(&half->getSemantics(), &APFloat::IEEEhalf());
  llvm::Expected<TokenValue> str = getTokenFromAttribute(b.getStringAttr("x"));
  EXPECT_FALSE(static_cast<bool>(str));
  llvm::consumeError(str.takeError());
}

// A queue is first-in first-out across compaction and records its peak.
TEST(TokenQueueTest, KeepsOrderAndPeak) {
  TokenQueue queue;
  EXPECT_TRUE(queue.empty());
  for (unsigned round = 0; round < 3; ++round) {
    for (unsigned i = 0; i < 100; ++i)
      queue.push(TokenValue::getInteger(32, round * 1000 + i));
    for (unsigned i = 0; i < 70; ++i)
      EXPECT_EQ(queue.pop().getInteger().getZExtValue(), round * 1000 + i);
    for (unsigned i = 70; i < 100; ++i)
      EXPECT_EQ(queue.peek(i - 70).getInteger().getZExtValue(),
                round * 1000 + i);
    while (!queue.empty())
      (void)queue.pop();
  }
  EXPECT_EQ(queue.getPeak(), 100u);
  EXPECT_EQ(queue.getNumPushed(), 300u);
}

// The ring buffer grows while its oldest token is not in the first slot
// (wrapped around) and keeps the order.
TEST(TokenQueueTest, GrowsWhileWrappedAround) {
  TokenQueue queue;
  uint64_t next = 0, expected = 0;
  for (unsigned round = 0; round < 6; ++round) {
    for (unsigned i = 0; i < 3 + round; ++i)
      queue.push(TokenValue::getInteger(32, next++));
    for (unsigned i = 0; i < 2; ++i)
      EXPECT_EQ(queue.pop().getInteger().getZExtValue(), expected++);
  }
  EXPECT_EQ(queue.size(), next - expected);
  for (size_t i = 0; i < queue.size(); ++i)
    EXPECT_EQ(queue.peek(i).getInteger().getZExtValue(), expected + i);
  while (!queue.empty())
    EXPECT_EQ(queue.pop().getInteger().getZExtValue(), expected++);
  EXPECT_EQ(expected, next);
}

// Row-major addressing with bounds checks on every dimension.
TEST_F(TokenValueTest, MemoryBufferLinearizes) {
  MemoryBuffer buffer(b.getI32Type(), {2, 3});
  EXPECT_EQ(buffer.getNumElements(), 6);
  EXPECT_EQ(buffer.linearize({1, 2}), std::optional<int64_t>(5));
  EXPECT_EQ(buffer.linearize({0, 3}), std::nullopt);
  EXPECT_EQ(buffer.linearize({-1, 0}), std::nullopt);
  EXPECT_EQ(buffer.linearize({1}), std::nullopt);
  buffer.setElement(4, TokenValue::getInteger(32, 9));
  std::string text;
  llvm::raw_string_ostream os(text);
  buffer.print(os);
  EXPECT_EQ(text, "[[0, 0, 0], [0, 9, 0]]");
}

// Host memory bound through a pointer into the middle of an array: indices
// below zero address elements before the pointer, checked against the range.
TEST_F(TokenValueTest, HostMemoryIsCheckedFromBeforeThePointer) {
  int32_t array[6] = {10, 11, 12, 13, 14, 15};
  MemoryBuffer buffer(b.getI32Type(), array + 2, /*numElements=*/5,
                      /*firstIndex=*/-2);
  EXPECT_EQ(buffer.getFirstIndex(), -2);
  EXPECT_EQ(buffer.linearize({-2}), std::optional<int64_t>(-2));
  EXPECT_EQ(buffer.linearize({2}), std::optional<int64_t>(2));
  EXPECT_EQ(buffer.linearize({-3}), std::nullopt);
  EXPECT_EQ(buffer.linearize({3}), std::nullopt);
  EXPECT_EQ(buffer.getElement(-2).getInteger().getSExtValue(), 10);
  buffer.setElement(-1, TokenValue::getInteger(32, 7));
  EXPECT_EQ(array[1], 7);
  std::string text;
  llvm::raw_string_ostream os(text);
  buffer.print(os);
  os << " ";
  buffer.printBounds(os);
  EXPECT_EQ(text, "[10, 7, 12, 13, 14] indices [-2, 2]");
}

} // namespace
