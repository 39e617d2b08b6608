//===- CycleSimBatchTest.cpp - pipelined instances of one graph -----------===//
//
// Part of the Loom project.
//
// CycleSimulator::runGraphBatch against one CycleSimulator::runGraph per
// instance on the same hand mapping: equal value outputs (instance order),
// equal memory, equal firings; the batch takes fewer cycles and reports its
// instances as a loop without a recurrence. The batch's errors name what is
// wrong. CycleSimLoopBatchTest covers graphs with inner loops.
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include <cmath>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

TokenValue i32(int64_t v) { return TokenValue::getInteger(32, v, true); }
TokenValue indexToken(int64_t v) { return TokenValue::getInteger(64, v, true); }

// One instance: c[i] = a[i] * k + a[i], returned as a value too; the store
// is in the completion frontier.
constexpr StringLiteral kAxpy = R"mlir(
  dataflow.graph private @axpy(%start: none) values(%i: index, %k: i32) memories(%a: memref<64xi32>, %c: memref<64xi32>) -> values(i32) {
    %x, %d0 = dataflow.load %a[%i] %start : memref<64xi32>
    %y = arith.muli %x, %k : i32
    %z = arith.addi %y, %x : i32
    %d1 = dataflow.store %c[%i] %z %start : memref<64xi32>
    %s:2 = dataflow.sync %start, %d1 : (none, none) -> (none, none)
    dataflow.graph.return %s#0, %z : none, i32
  }
)mlir";

// A short path (the constant) rejoins a long one (the load) at the add.
constexpr StringLiteral kRejoin = R"mlir(
  dataflow.graph private @rejoin(%start: none) values(%i: index) memories(%a: memref<64xi32>) -> values(i32) {
    %x, %d = dataflow.load %a[%i] %start : memref<64xi32>
    %k = dataflow.constant %start {value = 7 : i32} : i32
    %z = arith.addi %x, %k : i32
    dataflow.graph.return %d, %z : none, i32
  }
)mlir";

class CycleSimBatchTest : public test::CycleSimFixture {
protected:
  std::unique_ptr<MemoryBuffer> makeBuffer(bool filled) {
    auto buffer = std::make_unique<MemoryBuffer>(IntegerType::get(&context, 32),
                                                 SmallVector<int64_t>{64});
    for (int64_t i = 0; filled && i < 64; ++i)
      buffer->setElement(i, i32(3 * i - 50));
    return buffer;
  }
};

TEST_F(CycleSimBatchTest, BatchEqualsOneRunPerInstance) {
  dataflow::GraphOp graph = parse(kAxpy);
  ASSERT_EQ(CycleSimulator::getInstanceOverlapProblem(graph), "");
  // load, muli, addi, store, sync on elements 0, 1, 2, 6, 5 of cgra-4x4.
  fabric::Mapping mapping = test::mapByHand(graph, *fabric, [](unsigned i) {
    static const unsigned elements[] = {0, 1, 2, 6, 5};
    return elements[i];
  });
  constexpr unsigned kInstances = 48;
  // Instances in a scrambled order: any order of independent instances
  // gives the same results.
  SmallVector<SmallVector<TokenValue>> inputs;
  for (unsigned n = 0; n < kInstances; ++n)
    inputs.push_back({indexToken((n * 7) % kInstances), i32(int64_t(n) - 9)});

  std::unique_ptr<MemoryBuffer> singleA = makeBuffer(true),
                                batchA = makeBuffer(true),
                                singleC = makeBuffer(false),
                                batchC = makeBuffer(false);
  CycleSimOptions options;
  SmallVector<TokenValue> singleOutputs;
  uint64_t singleCycles = 0, singleFirings = 0;
  for (ArrayRef<TokenValue> values : inputs) {
    llvm::Expected<CycleSimResult> single =
        CycleSimulator::runGraph(graph, *fabric, mapping, values, {},
                                 {singleA.get(), singleC.get()}, options);
    ASSERT_TRUE(static_cast<bool>(single))
        << llvm::toString(single.takeError());
    ASSERT_EQ(single->emulation.valueOutputs.size(), 1u);
    singleOutputs.push_back(single->emulation.valueOutputs[0]);
    singleCycles += single->timing.cycles;
    singleFirings += single->emulation.stats.firings;
  }

  llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
      graph, *fabric, mapping, inputs, {batchA.get(), batchC.get()}, options);
  ASSERT_TRUE(static_cast<bool>(batch)) << llvm::toString(batch.takeError());
  EXPECT_EQ(batch->emulation.valueOutputs, singleOutputs);
  EXPECT_EQ(batchC->getElements(), singleC->getElements());
  EXPECT_EQ(batch->emulation.stats.firings, singleFirings);
  EXPECT_EQ(batch->timing.memoryLoads, kInstances);
  EXPECT_EQ(batch->timing.memoryStores, kInstances);
  // Instance n's value is a[i] * k + a[i] with its own i and k.
  int64_t i = (5 * 7) % kInstances, k = 5 - 9, x = 3 * i - 50;
  EXPECT_EQ(batch->emulation.valueOutputs[5], i32(x * k + x));

  // Streaming the instances is much faster than one launch after another.
  EXPECT_LT(batch->timing.cycles * 4, singleCycles)
      << batch->timing.cycles << " vs " << singleCycles;
  ASSERT_EQ(batch->timing.loops.size(), 1u);
  const LoopRate &loop = batch->timing.loops[0];
  EXPECT_EQ(loop.loop, kInstanceLoopName);
  EXPECT_EQ(loop.iterations, kInstances);
  EXPECT_EQ(loop.cycles, batch->timing.cycles);
  EXPECT_DOUBLE_EQ(loop.achieved,
                   double(kInstances) / double(batch->timing.cycles));
  // Every unit fires once per instance with interval 1: one instance per
  // cycle at best; the memory interface takes a load and a store per
  // instance at 2 requests per cycle.
  EXPECT_DOUBLE_EQ(loop.resourceBound, 1.0);
  EXPECT_TRUE(std::isinf(loop.recurrenceBound));
  EXPECT_LE(loop.achieved, loop.resourceBound);
}

// Operand buffers are FIFO slots without latency. All three actors sit on
// element (1, 1) of cgra-4x4, mem0 two links away: the load's value leaves
// 1 + 2 * 2 + 4 = 9 cycles after it fires. A token of instance n is held
// from its producer's firing until the add's, 10 cycles. With the bypasses'
// 2 slots, load and constant fire two instances per 10 cycles (at 10m and
// 10m + 1), and the last of 32 adds at 5 * 32 - 9 + 9, its result arriving a
// cycle later: 161 cycles. With 8 buffer slots per edge (10 in all) one
// instance fires per cycle and the last result arrives at 31 + 9 + 1 = 41.
TEST_F(CycleSimBatchTest, OperandBuffersLiftTheBatchRate) {
  dataflow::GraphOp graph = parse(kRejoin);
  fabric::Mapping mapping =
      test::mapByHand(graph, *fabric, [](unsigned) { return 5u; });
  ASSERT_EQ(mapping.memories[0].routeLatency, 2u);
  constexpr unsigned kInstances = 32;
  SmallVector<SmallVector<TokenValue>> inputs;
  for (unsigned n = 0; n < kInstances; ++n)
    inputs.push_back({indexToken(n)});
  std::unique_ptr<MemoryBuffer> a = makeBuffer(true);
  auto runBatch = [&](unsigned count =
                          kInstances) -> std::optional<CycleSimResult> {
    llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
        graph, *fabric, mapping, ArrayRef(inputs).take_front(count), {a.get()},
        CycleSimOptions());
    if (!batch) {
      ADD_FAILURE() << llvm::toString(batch.takeError());
      return std::nullopt;
    }
    return std::move(*batch);
  };
  std::optional<CycleSimResult> bypassOnly = runBatch();
  std::optional<CycleSimResult> oneBypassOnly = runBatch(1);
  for (uint32_t operand : {0u, 1u}) {
    fabric::EdgeRoute &edge = test::findEdge(mapping, 2, operand);
    ASSERT_EQ(edge.capacity, fabric::kLocalBypassCapacity);
    edge.buffer = 8;
    edge.capacity += 8;
  }
  std::optional<CycleSimResult> buffered = runBatch();
  std::optional<CycleSimResult> oneBuffered = runBatch(1);
  ASSERT_TRUE(bypassOnly && buffered && oneBypassOnly && oneBuffered);
  // The slots add room, not latency: one instance takes 9 + 1 cycles with
  // or without them.
  EXPECT_EQ(oneBypassOnly->timing.cycles, 10u);
  EXPECT_EQ(oneBuffered->timing.cycles, 10u);
  EXPECT_EQ(bypassOnly->timing.cycles, 5u * kInstances + 1);
  EXPECT_EQ(buffered->timing.cycles, kInstances + 9);
  // The same values either way: instance n adds 7 to a[n] = 3n - 50.
  ASSERT_EQ(buffered->emulation.valueOutputs.size(), kInstances);
  EXPECT_EQ(buffered->emulation.valueOutputs,
            bypassOnly->emulation.valueOutputs);
  for (unsigned n = 0; n < kInstances; ++n)
    EXPECT_EQ(buffered->emulation.valueOutputs[n],
              i32(3 * int64_t(n) - 50 + 7));
  // The instance rate follows; the bound does not depend on buffering.
  const LoopRate &before = bypassOnly->timing.loops.back();
  const LoopRate &after = buffered->timing.loops.back();
  EXPECT_DOUBLE_EQ(after.achieved, double(kInstances) / (kInstances + 9));
  EXPECT_GT(after.achieved, 3 * before.achieved);
  EXPECT_EQ(after.resourceBound, before.resourceBound);
  EXPECT_LE(after.achieved, after.resourceBound);
}

TEST_F(CycleSimBatchTest, BatchOfOneEqualsOneRun) {
  dataflow::GraphOp graph = parse(kAxpy);
  fabric::Mapping mapping = test::mapByHand(
      graph, *fabric, [](unsigned i) { return i < 3 ? i : 4 + i; });
  std::unique_ptr<MemoryBuffer> a = makeBuffer(true), c = makeBuffer(false);
  SmallVector<TokenValue> values = {indexToken(9), i32(4)};
  llvm::Expected<CycleSimResult> single =
      CycleSimulator::runGraph(graph, *fabric, mapping, values, {},
                               {a.get(), c.get()}, CycleSimOptions());
  ASSERT_TRUE(static_cast<bool>(single)) << llvm::toString(single.takeError());
  SmallVector<SmallVector<TokenValue>> inputs = {values};
  llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
      graph, *fabric, mapping, inputs, {a.get(), c.get()}, CycleSimOptions());
  ASSERT_TRUE(static_cast<bool>(batch)) << llvm::toString(batch.takeError());
  EXPECT_EQ(batch->emulation.valueOutputs, single->emulation.valueOutputs);
  EXPECT_EQ(batch->timing.cycles, single->timing.cycles);
}

TEST_F(CycleSimBatchTest, BadBatchInputsAreErrors) {
  dataflow::GraphOp graph = parse(kAxpy);
  fabric::Mapping mapping = test::mapByHand(
      graph, *fabric, [](unsigned i) { return i < 3 ? i : 4 + i; });
  std::unique_ptr<MemoryBuffer> a = makeBuffer(true), c = makeBuffer(false);
  auto runBatch = [&](ArrayRef<SmallVector<TokenValue>> inputs) {
    llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
        graph, *fabric, mapping, inputs, {a.get(), c.get()}, CycleSimOptions());
    EXPECT_FALSE(static_cast<bool>(batch));
    return batch ? std::string() : llvm::toString(batch.takeError());
  };
  std::string empty = runBatch({});
  EXPECT_NE(empty.find("a batch needs at least one instance"),
            std::string::npos)
      << empty;
  SmallVector<SmallVector<TokenValue>> shortInputs = {{indexToken(1), i32(2)},
                                                      {indexToken(2)}};
  std::string missing = runBatch(shortInputs);
  EXPECT_NE(missing.find("takes 2 value inputs, got 1 for instance 1"),
            std::string::npos)
      << missing;
  SmallVector<SmallVector<TokenValue>> wrongType = {{i32(1), i32(2)}};
  std::string type = runBatch(wrongType);
  EXPECT_NE(type.find("value input #0 expects index"), std::string::npos)
      << type;
  // An out-of-bounds instance fails the batch like a single run.
  SmallVector<SmallVector<TokenValue>> outOfBounds = {{indexToken(1), i32(2)},
                                                      {indexToken(64), i32(2)}};
  std::string oob = runBatch(outOfBounds);
  EXPECT_NE(oob.find("out-of-bounds load at index [64]"), std::string::npos)
      << oob;
}

} // namespace
