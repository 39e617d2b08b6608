//===- CycleSimLoopBatchTest.cpp - pipelined instances with loop state ----===//
//
// Part of the Loom project.
//
// CycleSimulator::runGraphBatch on graphs whose instances run an inner loop
// (stream, carry, invariant, demux rings; a while loop's gate), against one
// CycleSimulator::runGraph per instance on the same hand mapping: equal
// value outputs in instance order, equal memory, fewer cycles, the loops'
// iterations summed over the instances. Graphs whose instances do not leave
// every actor in its initial state and every edge empty are stopped with an
// error naming the actor, never run to a wrong value.
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

TokenValue i32(int64_t v) { return TokenValue::getInteger(32, v, true); }
TokenValue indexToken(int64_t v) { return TokenValue::getInteger(64, v, true); }
TokenValue i64(int64_t v) { return TokenValue::getInteger(64, v, true); }
TokenValue boolToken(bool v) { return TokenValue::getBool(v); }

// Row i: c[i] = k * sum(a[8i + j] for j < n), also returned. One stream
// drives a carry ring for the sum, one for the execution (load order), and
// invariants for the row base and k, lowered as in dataflow-semantics.md
// (demux by the phase: lane 0 exits, lane 1 enters the body). n = 0 is a
// zero-trip loop.
constexpr StringLiteral kRowSum = R"mlir(
  dataflow.graph private @rowsum(%start: none) values(%i: index, %n: i64, %k: i32) memories(%a: memref<64xi32>, %c: memref<8xi32>) -> values(i32) {
    %c0 = dataflow.constant %start {value = 0 : i64} : i64
    %c1 = dataflow.constant %start {value = 1 : i64} : i64
    %c8 = dataflow.constant %start {value = 8 : index} : index
    %zero = dataflow.constant %start {value = 0 : i32} : i32
    %base = arith.muli %i, %c8 : index
    %j, %phase = dataflow.stream %c0, %n, %c1 step add while slt : i64
    %acc = dataflow.carry %phase, %zero, %sum : i32
    %accX, %accB = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
    %e = dataflow.carry %phase, %start, %d : none
    %eX, %eB = dataflow.demux %phase, %e : (i1, none) -> (none, none)
    %bs = dataflow.invariant %phase, %base : index
    %bsX, %bsB = dataflow.demux %phase, %bs : (i1, index) -> (index, index)
    %ks = dataflow.invariant %phase, %k : i32
    %ksX, %ksB = dataflow.demux %phase, %ks : (i1, i32) -> (i32, i32)
    %jx = arith.index_cast %j : i64 to index
    %idx = arith.addi %bsB, %jx : index
    %x, %d = dataflow.load %a[%idx] %eB : memref<64xi32>
    %p = arith.muli %x, %ksB : i32
    %sum = arith.addi %accB, %p : i32
    %ds = dataflow.store %c[%i] %accX %eX : memref<8xi32>
    dataflow.graph.return values(%accX : i32) complete(%ds)
  }
)mlir";

// x = a * a + a; while (x < limit) x = x + x; return x * 3: a
// condition-driven carry ring feeds the before region (the compare); the
// gate projects it into the after region. x >= limit is a zero-trip loop.
constexpr StringLiteral kGrow = R"mlir(
  dataflow.graph private @grow(%start: none) values(%a: i32, %limit: i32, %three: i32) -> values(i32) {
    %sq = arith.muli %a, %a : i32
    %x0 = arith.addi %sq, %a : i32
    %x = dataflow.carry %cond, %x0, %next : i32
    %lim = dataflow.invariant %cond, %limit : i32
    %cond = arith.cmpi slt, %x, %lim : i32
    %gc, %gx = dataflow.gate %cond, %x : (i1, i32) -> (i1, i32)
    %next = arith.addi %gx, %gx : i32
    %xX, %xB = dataflow.demux %cond, %x : (i1, i32) -> (i32, i32)
    %r = arith.muli %xX, %three : i32
    dataflow.graph.return values(%r : i32) complete(%start)
  }
)mlir";

// An instance whose selector is T leaves %a's token on the mux's lane 0,
// where the next instance's F selector would find it.
constexpr StringLiteral kLeftover = R"mlir(
  dataflow.graph private @leftover(%start: none) values(%s: i1, %a: i32, %b: i32) -> values(i32) {
    %r = dataflow.mux %s, %a, %b : (i1, i32, i32) -> i32
    dataflow.graph.return %start, %r : none, i32
  }
)mlir";

// A gate that receives T alone never returns to its initial state: the
// instance completes, but the gate still holds its loop state.
constexpr StringLiteral kOpenGate = R"mlir(
  dataflow.graph private @opengate(%start: none) values(%cond: i1, %x: i32) -> values(i32) {
    %gc, %gv = dataflow.gate %cond, %start : (i1, none) -> (i1, none)
    dataflow.graph.return values(%x : i32) complete(%gv)
  }
)mlir";

class CycleSimLoopBatchTest : public test::CycleSimFixture {
protected:
  std::unique_ptr<MemoryBuffer> makeBuffer(int64_t size, bool filled) {
    auto buffer = std::make_unique<MemoryBuffer>(IntegerType::get(&context, 32),
                                                 SmallVector<int64_t>{size});
    for (int64_t i = 0; i < size; ++i)
      buffer->setElement(i, i32(filled ? 5 * i - 70 : -1));
    return buffer;
  }

  /// One runGraph per instance on `singleMemories`, the batch on
  /// `batchMemories`: equal outputs in instance order, fewer cycles in all.
  /// Returns the batch's result.
  std::optional<CycleSimResult>
  compareWithSingleRuns(dataflow::GraphOp graph, const fabric::Mapping &mapping,
                        ArrayRef<SmallVector<TokenValue>> inputs,
                        ArrayRef<MemoryBuffer *> singleMemories,
                        ArrayRef<MemoryBuffer *> batchMemories) {
    SmallVector<TokenValue> singleOutputs;
    uint64_t singleCycles = 0;
    for (ArrayRef<TokenValue> values : inputs) {
      llvm::Expected<CycleSimResult> single = CycleSimulator::runGraph(
          graph, *fabric, mapping, values, {}, singleMemories, options);
      if (!single) {
        ADD_FAILURE() << llvm::toString(single.takeError());
        return std::nullopt;
      }
      llvm::append_range(singleOutputs, single->emulation.valueOutputs);
      singleCycles += single->timing.cycles;
      for (const LoopRate &loop : single->timing.loops) {
        singleLoopIterations += loop.iterations;
        singleLoopCycles += loop.cycles;
      }
    }
    llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
        graph, *fabric, mapping, inputs, batchMemories, options);
    if (!batch) {
      ADD_FAILURE() << llvm::toString(batch.takeError());
      return std::nullopt;
    }
    EXPECT_EQ(batch->emulation.valueOutputs, singleOutputs);
    // The loop's actors take one instance after the other, but instance
    // k + 1's entry into the loop and instance k's exit overlap.
    EXPECT_LT(batch->timing.cycles, singleCycles)
        << batch->timing.cycles << " vs " << singleCycles;
    const LoopRate &instances = batch->timing.loops.back();
    EXPECT_EQ(instances.loop, kInstanceLoopName);
    EXPECT_EQ(instances.iterations, inputs.size());
    return std::move(*batch);
  }

  /// The batch's error for `inputs` (it must fail).
  std::string batchError(dataflow::GraphOp graph,
                         ArrayRef<SmallVector<TokenValue>> inputs) {
    fabric::Mapping mapping =
        test::mapByHand(graph, *fabric, [](unsigned i) { return i; });
    llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
        graph, *fabric, mapping, inputs, {}, options);
    EXPECT_FALSE(static_cast<bool>(batch));
    return batch ? std::string() : llvm::toString(batch.takeError());
  }

  CycleSimOptions options;
  /// Set by compareWithSingleRuns: the loops' iterations and cycles summed
  /// over the single runs.
  uint64_t singleLoopIterations = 0, singleLoopCycles = 0;
};

TEST_F(CycleSimLoopBatchTest, InnerForLoopBatchEqualsOneRunPerInstance) {
  dataflow::GraphOp graph = parse(kRowSum);
  ASSERT_EQ(CycleSimulator::getInstanceOverlapProblem(graph), "");
  // Spread over the 16 elements, neighbours in actor order.
  fabric::Mapping mapping =
      test::mapByHand(graph, *fabric, [](unsigned i) { return i % 16; });
  // Rows in a scrambled order, 0 to 7 trips (zero-trip rows included).
  SmallVector<SmallVector<TokenValue>> inputs;
  int64_t trips = 0;
  for (int64_t n = 0; n < 8; ++n) {
    int64_t row = (n * 5) % 8, count = (n * 3) % 8;
    trips += count;
    inputs.push_back({indexToken(row), i64(count), i32(n - 3)});
  }
  std::unique_ptr<MemoryBuffer> singleA = makeBuffer(64, true),
                                batchA = makeBuffer(64, true),
                                singleC = makeBuffer(8, false),
                                batchC = makeBuffer(8, false);
  std::optional<CycleSimResult> batch = compareWithSingleRuns(
      graph, mapping, inputs, {singleA.get(), singleC.get()},
      {batchA.get(), batchC.get()});
  ASSERT_TRUE(batch);
  EXPECT_EQ(batchC->getElements(), singleC->getElements());
  EXPECT_EQ(batch->timing.memoryLoads, uint64_t(trips));
  EXPECT_EQ(batch->timing.memoryStores, 8u);
  // Instance 3: row 7, 1 trip, k = 0; instance 5: row 1, 7 trips, k = 2.
  EXPECT_EQ(batch->emulation.valueOutputs[3], i32(0));
  int64_t sum = 0;
  for (int64_t j = 0; j < 7; ++j)
    sum += 5 * (8 + j) - 70;
  EXPECT_EQ(batch->emulation.valueOutputs[5], i32(2 * sum));
  // The loop (controlled by its first carry) counts every instance's
  // iterations.
  ASSERT_EQ(batch->timing.loops.size(), 2u);
  EXPECT_NE(batch->timing.loops[0].loop.find("'dataflow.carry' at -:9:"),
            std::string::npos)
      << batch->timing.loops[0].loop;
  EXPECT_EQ(batch->timing.loops[0].iterations, uint64_t(trips));
  EXPECT_EQ(singleLoopIterations, uint64_t(trips));
  // Each instance's span, as in the single runs: the loop's own rate, not
  // the gaps between instances.
  EXPECT_EQ(batch->timing.loops[0].cycles, singleLoopCycles);
}

// The overlap must not depend on the placement or the FIFO depths: random
// placements, edges of 1 to 3 slots and random trip counts. Wherever the
// instances run one at a time, the batch runs too (bounded FIFOs add no
// deadlock to a batch, docs/simulator.md) and equals them.
TEST_F(CycleSimLoopBatchTest, RandomPlacementsAndDepths) {
  dataflow::GraphOp graph = parse(kRowSum);
  uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&](uint64_t bound) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state % bound;
  };
  unsigned batches = 0;
  for (unsigned trial = 0; trial < 64; ++trial) {
    SmallVector<unsigned> elements;
    for (unsigned i = 0; i < 22; ++i)
      elements.push_back(next(16));
    fabric::Mapping mapping = test::mapByHand(
        graph, *fabric, [&](unsigned i) { return elements[i]; });
    for (fabric::EdgeRoute &edge : mapping.edges)
      if (edge.capacity != fabric::kUnboundedCapacity)
        edge.capacity = 1 + next(3);
    SmallVector<SmallVector<TokenValue>> inputs;
    for (int64_t n = 0; n < 8; ++n)
      inputs.push_back({indexToken((n * 3 + trial) % 8), i64(next(9)),
                        i32(int64_t(next(7)) - 3)});
    std::unique_ptr<MemoryBuffer> singleA = makeBuffer(64, true),
                                  singleC = makeBuffer(8, false);
    SmallVector<TokenValue> singleOutputs;
    bool singlesRan = true;
    for (ArrayRef<TokenValue> values : inputs) {
      llvm::Expected<CycleSimResult> single =
          CycleSimulator::runGraph(graph, *fabric, mapping, values, {},
                                   {singleA.get(), singleC.get()}, options);
      if (!single) {
        // Too shallow for one instance alone: nothing to compare.
        llvm::consumeError(single.takeError());
        singlesRan = false;
        break;
      }
      llvm::append_range(singleOutputs, single->emulation.valueOutputs);
    }
    if (!singlesRan)
      continue;
    ++batches;
    std::unique_ptr<MemoryBuffer> batchA = makeBuffer(64, true),
                                  batchC = makeBuffer(8, false);
    llvm::Expected<CycleSimResult> batch = CycleSimulator::runGraphBatch(
        graph, *fabric, mapping, inputs, {batchA.get(), batchC.get()}, options);
    ASSERT_TRUE(static_cast<bool>(batch))
        << "trial " << trial << ": " << llvm::toString(batch.takeError());
    EXPECT_EQ(batch->emulation.valueOutputs, singleOutputs) << trial;
    EXPECT_EQ(batchC->getElements(), singleC->getElements()) << trial;
  }
  // Most configurations run: the comparison is not vacuous.
  EXPECT_GE(batches, 32u);
}

TEST_F(CycleSimLoopBatchTest, WhileLoopBatchEqualsOneRunPerInstance) {
  dataflow::GraphOp graph = parse(kGrow);
  ASSERT_EQ(CycleSimulator::getInstanceOverlapProblem(graph), "");
  // Entry and exit six hops away from the loop in the far corner.
  fabric::Mapping mapping = test::mapByHand(graph, *fabric, [](unsigned i) {
    static const unsigned elements[] = {0, 0, 15, 15, 15, 15, 15, 15, 0};
    return elements[i];
  });
  SmallVector<SmallVector<TokenValue>> inputs;
  for (int64_t n = 0; n < 16; ++n)
    inputs.push_back({i32(1 + n % 4), i32(n * 9 % 70), i32(3)});
  std::optional<CycleSimResult> batch =
      compareWithSingleRuns(graph, mapping, inputs, {}, {});
  ASSERT_TRUE(batch);
  // Instance 9: x = 6 doubles once to reach 11, returns 36; instance 0:
  // x = 2 >= 0 at once, returns 6.
  EXPECT_EQ(batch->emulation.valueOutputs[9], i32(36));
  EXPECT_EQ(batch->emulation.valueOutputs[0], i32(6));
}

TEST_F(CycleSimLoopBatchTest, LeftoverTokenStopsTheBatch) {
  dataflow::GraphOp graph = parse(kLeftover);
  // Every actor has a firing rule: admitted; the run checks the rest.
  ASSERT_EQ(CycleSimulator::getInstanceOverlapProblem(graph), "");
  SmallVector<SmallVector<TokenValue>> inputs = {
      {boolToken(true), i32(10), i32(20)},
      {boolToken(false), i32(30), i32(40)}};
  std::string error = batchError(graph, inputs);
  EXPECT_NE(error.find("'dataflow.mux' at "), std::string::npos) << error;
  EXPECT_NE(error.find("would consume tokens of instances 1 and 0 in one "
                       "firing"),
            std::string::npos)
      << error;
}

TEST_F(CycleSimLoopBatchTest, StateLeftByAnInstanceStopsTheBatch) {
  dataflow::GraphOp graph = parse(kOpenGate);
  SmallVector<SmallVector<TokenValue>> inputs = {{boolToken(true), i32(1)},
                                                 {boolToken(true), i32(2)}};
  // Each instance alone completes.
  fabric::Mapping mapping =
      test::mapByHand(graph, *fabric, [](unsigned i) { return i; });
  for (ArrayRef<TokenValue> values : inputs) {
    llvm::Expected<CycleSimResult> single = CycleSimulator::runGraph(
        graph, *fabric, mapping, values, {}, {}, options);
    EXPECT_TRUE(static_cast<bool>(single))
        << llvm::toString(single.takeError());
  }
  std::string error = batchError(graph, inputs);
  EXPECT_NE(error.find("'dataflow.gate' at "), std::string::npos) << error;
  EXPECT_NE(error.find("would take tokens of instance 1 while it holds the "
                       "state of instance 0"),
            std::string::npos)
      << error;
}

TEST_F(CycleSimLoopBatchTest, StreamPortsAreNotPipelined) {
  dataflow::GraphOp graph = parse(R"mlir(
    dataflow.graph private @streams(%start: none) streams(%s: i32) -> streams(i32) {
      dataflow.graph.return streams(%s : i32) complete(%start)
    }
  )mlir");
  EXPECT_EQ(CycleSimulator::getInstanceOverlapProblem(graph),
            "it has stream inputs or results");
}

} // namespace
