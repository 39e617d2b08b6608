//===- CycleSimTimingTest.cpp - hand-computed cycle counts ----------------===//
//
// Part of the Loom project.
//
// Small graphs placed by hand on cgra-4x4 (every unit latency 1 except mul 2,
// div 16/16; one hop = 1 cycle and 2 FIFO slots; memory interfaces with 2
// load ports, 2 requests per cycle, 4 banks and latency 4), with the cycle
// counts, stalls and loop rates worked out in the comments; then the
// deadlock witness, the cycle budget and the trace.
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

class CycleSimTimingTest : public test::CycleSimFixture {
protected:
  /// Places actor i on element `elements[i]`.
  fabric::Mapping
  place(dataflow::GraphOp graph, ArrayRef<unsigned> elements,
        llvm::function_ref<int(unsigned)> interfaceOf = nullptr) {
    return test::mapByHand(
        graph, *fabric, [&](unsigned i) { return elements[i]; }, interfaceOf);
  }

  llvm::Expected<CycleSimResult>
  run(dataflow::GraphOp graph, const fabric::Mapping &mapping,
      ArrayRef<TokenValue> values,
      ArrayRef<SmallVector<TokenValue, 0>> streams = {},
      ArrayRef<MemoryBuffer *> memories = {}) {
    return CycleSimulator::runGraph(graph, *fabric, mapping, values, streams,
                                    memories, options);
  }

  uint64_t stalls(const CycleSimResult &result, StallCause cause) {
    return result.timing.stalls[static_cast<unsigned>(cause)];
  }

  CycleSimOptions options;
};

TokenValue i32(int64_t v) { return TokenValue::getInteger(32, v, true); }
TokenValue i64(int64_t v) { return TokenValue::getInteger(64, v, true); }
TokenValue indexToken(int64_t v) { return TokenValue::getInteger(64, v, true); }

SmallVector<TokenValue, 0> i32s(ArrayRef<int64_t> values) {
  SmallVector<TokenValue, 0> tokens;
  for (int64_t v : values)
    tokens.push_back(i32(v));
  return tokens;
}

SmallVector<TokenValue, 0> indices(ArrayRef<int64_t> values) {
  SmallVector<TokenValue, 0> tokens;
  for (int64_t v : values)
    tokens.push_back(indexToken(v));
  return tokens;
}

SmallVector<TokenValue, 0> nones(unsigned count) {
  return SmallVector<TokenValue, 0>(count, TokenValue::getNone());
}

constexpr StringLiteral kStream = R"mlir(
  dataflow.graph private @g(%start: none) values(%init: i32, %limit: i32, %step: i32) -> streams(i32) {
    %iv, %phase = dataflow.stream %init, %limit, %step step add while slt : i32
    dataflow.graph.return streams(%iv : i32) complete(%start)
  }
)mlir";

// The stream fires in cycles 0..8 (eight ivs, then the F): one iteration per
// cycle. The last iv becomes visible at cycle 8; cycle 9 is the first in
// which nothing can happen, and a graph with stream results completes there.
TEST_F(CycleSimTimingTest, SingleStreamRunsOneIterationPerCycle) {
  dataflow::GraphOp graph = parse(kStream);
  fabric::Mapping mapping = place(graph, {0});
  options.recordTrace = true;
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i32(0), i32(8), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[0], i32s({0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(result->timing.cycles, 9u);
  ASSERT_EQ(result->timing.loops.size(), 1u);
  const LoopRate &loop = result->timing.loops[0];
  EXPECT_EQ(loop.iterations, 8u);
  EXPECT_EQ(loop.cycles, 7u);
  EXPECT_DOUBLE_EQ(loop.achieved, 1.0);
  EXPECT_DOUBLE_EQ(loop.resourceBound, 1.0);
  EXPECT_DOUBLE_EQ(loop.recurrenceBound, 1.0);
  unsigned streamUnit = mapping.actors[0].unit;
  EXPECT_EQ(result->timing.unitBusyCycles[0][streamUnit], 9u);
  EXPECT_EQ(result->trace.size(), 9u);
  EXPECT_EQ(result->trace.back().cycle, 8u);
}

// sum(i for i < n), the carry ring placed so that its dependence cycle is
// carry (1) -> demux (1, local) -> addi (1 + 1 hop) -> carry (1 + 1 hop):
// 5 cycles. The carry fires its init at cycle 0 and each next at 5, 10,
// ..., 5n; the demux forwards the final value at 5n + 1 and it is visible at
// 5n + 2. The stream runs ahead until the phase FIFOs (2 slots) fill.
constexpr StringLiteral kSum = R"mlir(
  dataflow.graph private @sum(%start: none) values(%n: i32, %zero: i32, %one: i32) -> values(i32) {
    %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i32
    %acc = dataflow.carry %phase, %zero, %next : i32
    %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
    %next = arith.addi %body, %iv : i32
    dataflow.graph.return values(%exit : i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimTimingTest, CarryLoopIsRecurrenceBound) {
  dataflow::GraphOp graph = parse(kSum);
  fabric::Mapping mapping = place(graph, {0, 0, 0, 1});
  for (int64_t n : {3, 6}) {
    llvm::Expected<CycleSimResult> result =
        run(graph, mapping, {i32(n), i32(0), i32(1)});
    ASSERT_TRUE(static_cast<bool>(result))
        << llvm::toString(result.takeError());
    EXPECT_EQ(result->emulation.valueOutputs[0], i32(n * (n - 1) / 2));
    EXPECT_EQ(result->timing.cycles, uint64_t(5 * n + 2));
    ASSERT_EQ(result->timing.loops.size(), 1u);
    const LoopRate &loop = result->timing.loops[0];
    EXPECT_NE(loop.loop.find("'dataflow.carry'"), std::string::npos);
    EXPECT_EQ(loop.iterations, uint64_t(n));
    EXPECT_EQ(loop.cycles, uint64_t(5 * (n - 1)));
    EXPECT_DOUBLE_EQ(loop.achieved, 0.2);
    EXPECT_DOUBLE_EQ(loop.recurrenceBound, 0.2);
    EXPECT_DOUBLE_EQ(loop.resourceBound, 1.0);
  }
}

// Three loads on mem0 (2 requests and 2 load ports per cycle), four
// requests each. L0 at (1, 0) is one hop from the interface: its data is
// visible 1 + 2 * 1 + 4 = 7 cycles after it fires; L1 at (0, 0) and L2 at
// (1, 1) are two hops away: 1 + 2 * 2 + 4 = 9.
constexpr StringLiteral kLoads = R"mlir(
  dataflow.graph private @loads(%start: none) streams(%i0: index, %i1: index, %i2: index, %c: none) memories(%m: memref<16xi32>) -> streams(i32, i32, i32) {
    %x0, %d0 = dataflow.load %m[%i0] %c : memref<16xi32>
    %x1, %d1 = dataflow.load %m[%i1] %c : memref<16xi32>
    %x2, %d2 = dataflow.load %m[%i2] %c : memref<16xi32>
    dataflow.graph.return streams(%x0, %x1, %x2 : i32, i32, i32) complete(%start)
  }
)mlir";

class MemoryBoundTest : public CycleSimTimingTest {
protected:
  llvm::Expected<CycleSimResult>
  runLoads(ArrayRef<int64_t> i0, ArrayRef<int64_t> i1, ArrayRef<int64_t> i2) {
    dataflow::GraphOp graph = parse(kLoads);
    mapping = place(graph, {4, 0, 5}, [](unsigned) { return 0; });
    buffer.emplace(IntegerType::get(&context, 32), ArrayRef<int64_t>{16});
    for (int64_t i = 0; i < 16; ++i)
      buffer->setElement(i, i32(100 + i));
    SmallVector<SmallVector<TokenValue, 0>> streams = {indices(i0), indices(i1),
                                                       indices(i2), nones(4)};
    return run(graph, mapping, {}, streams, {&*buffer});
  }
  fabric::Mapping mapping;
  std::optional<MemoryBuffer> buffer;
};

// Different banks, two request slots for three loads. Cycle 0: L0 and L1
// fire, L2 is turned away. An actor turned away is owed a turn in the next
// cycle (it holds a slot until it asks), so in cycles 1..3 L0 fires with
// whichever of L1 and L2 waited, the other is turned away; then L1 and L2
// fire in cycles 4 and 5. Their last data is visible at 5 + 9 = 14; with
// the actor order alone L2 would have waited for cycles 4..7 (16).
TEST_F(MemoryBoundTest, PortsLimitRequestsPerCycle) {
  llvm::Expected<CycleSimResult> result =
      runLoads({0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[2], i32s({102, 106, 110, 114}));
  EXPECT_EQ(result->timing.cycles, 14u);
  EXPECT_EQ(stalls(*result, StallCause::MemoryPort), 4u);
  EXPECT_EQ(stalls(*result, StallCause::BankConflict), 0u);
  EXPECT_EQ(result->timing.memoryLoads, 12u);
}

// L0 and L1 both address bank 0 (multiples of 4) and L2 has nothing to do:
// one of them per cycle, L1 in cycles 4..7, visible at 7 + 9 = 16.
TEST_F(MemoryBoundTest, BankConflictsSerializeRequests) {
  llvm::Expected<CycleSimResult> result =
      runLoads({0, 4, 8, 12}, {4, 8, 12, 0}, {});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[1], i32s({104, 108, 112, 100}));
  EXPECT_EQ(result->timing.cycles, 16u);
  EXPECT_EQ(stalls(*result, StallCause::BankConflict), 4u);
  EXPECT_EQ(stalls(*result, StallCause::MemoryPort), 0u);
}

// With distinct banks and one idle load, L0 and L1 issue together in cycles
// 0..3; L1's last data is visible at 3 + 9 = 12.
TEST_F(MemoryBoundTest, DistinctBanksIssueTogether) {
  llvm::Expected<CycleSimResult> result =
      runLoads({0, 4, 8, 12}, {1, 5, 9, 13}, {});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->timing.cycles, 12u);
  EXPECT_EQ(stalls(*result, StallCause::BankConflict) +
                stalls(*result, StallCause::MemoryPort),
            0u);
}

// A loop with two loads per iteration on an interface that accepts one
// request per cycle: the resource bound is 1 / 2 iterations per cycle
// (index_cast and demux share element 5's alu: also 2 cycles per
// iteration). The loop cannot beat it; it runs at 63 / 156 = 0.40 because
// the port goes to the lower actor index first, so the load at (1, 0)
// drains its FIFO before the one at (0, 0) gets a turn, and the refill
// takes the routes' latency (docs/simulator.md, "Limits").
constexpr StringLiteral kTwoLoadsPerIteration = R"mlir(
  dataflow.graph private @two(%start: none) values(%n: i64, %zero: i64, %one: i64) memories(%a: memref<64xi32>, %b: memref<64xi32>) -> streams(i32, i32) {
    %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i64
    %i = arith.index_cast %iv : i64 to index
    %c = dataflow.invariant %phase, %start : none
    %cx, %cb = dataflow.demux %phase, %c : (i1, none) -> (none, none)
    %x, %d0 = dataflow.load %a[%i] %cb : memref<64xi32>
    %y, %d1 = dataflow.load %b[%i] %cb : memref<64xi32>
    dataflow.graph.return streams(%x, %y : i32, i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimTimingTest, MemoryBoundLoopStaysBelowItsResourceBound) {
  // cgra-4x4 with one request per cycle on mem0.
  std::string json = fabric::findPreset("cgra-4x4")->json.str();
  std::string from = "\"requests_per_cycle\": 2";
  json.replace(json.find(from), from.size(), "\"requests_per_cycle\": 1");
  llvm::Expected<fabric::Fabric> narrow =
      fabric::parseFabric(json, "narrow.json");
  ASSERT_TRUE(static_cast<bool>(narrow)) << llvm::toString(narrow.takeError());
  fabric.emplace(std::move(*narrow));
  dataflow::GraphOp graph = parse(kTwoLoadsPerIteration);
  fabric::Mapping mapping =
      place(graph, {4, 5, 4, 5, 4, 0}, [](unsigned) { return 0; });
  MemoryBuffer a(IntegerType::get(&context, 32), {64});
  MemoryBuffer b(IntegerType::get(&context, 32), {64});
  for (int64_t i = 0; i < 64; ++i) {
    a.setElement(i, i32(i));
    b.setElement(i, i32(-i));
  }
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i64(64), i64(0), i64(1)}, {}, {&a, &b});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[1].back(), i32(-63));
  ASSERT_EQ(result->timing.loops.size(), 1u);
  const LoopRate &loop = result->timing.loops[0];
  EXPECT_EQ(loop.iterations, 64u);
  EXPECT_DOUBLE_EQ(loop.resourceBound, 0.5);
  EXPECT_DOUBLE_EQ(loop.recurrenceBound, 1.0);
  // The bound holds in the steady state; a finite run may exceed it by the
  // few iterations the stream runs ahead into its FIFOs (docs/simulator.md,
  // "short loops"): 63 intervals in 123 cycles here.
  EXPECT_LE(loop.achieved, loop.resourceBound * 1.05);
  EXPECT_GT(loop.achieved, loop.resourceBound * 0.9);
  EXPECT_EQ(loop.cycles, 123u);
  EXPECT_EQ(result->timing.memoryLoads, 128u);
  EXPECT_GT(stalls(*result, StallCause::MemoryPort), 0u);
}

// addi at (0, 0) feeds divsi (latency 16, interval 16) at (0, 1) over a
// route cut to one slot. addi fires at 0, 3 and 19 (each time the slot is
// free again: the token in flight or queued holds it); divsi at 2, 18 and
// 34, its last result visible at 50. Stalls: addi waits for room in cycles
// 1, 2 and 4..18 (17); divsi waits for its operand in 0, 1, 3, 4, 19, 20
// (6) and for its unit in 5..17 and 21..33 (26).
constexpr StringLiteral kBackPressure = R"mlir(
  dataflow.graph private @bp(%start: none) streams(%x: i32, %d: i32) -> streams(i32) {
    %y = arith.addi %x, %x : i32
    %q = arith.divsi %y, %d : i32
    dataflow.graph.return streams(%q : i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimTimingTest, CapacityOneRouteBackPressures) {
  dataflow::GraphOp graph = parse(kBackPressure);
  fabric::Mapping mapping = place(graph, {0, 1});
  test::findEdge(mapping, 1, 0).capacity = 1;
  SmallVector<SmallVector<TokenValue, 0>> streams = {i32s({1, 2, 3}),
                                                     i32s({1, 1, 1})};
  llvm::Expected<CycleSimResult> result = run(graph, mapping, {}, streams);
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[0], i32s({2, 4, 6}));
  EXPECT_EQ(result->timing.cycles, 50u);
  EXPECT_EQ(stalls(*result, StallCause::Output), 17u);
  EXPECT_EQ(stalls(*result, StallCause::Input), 6u);
  EXPECT_EQ(stalls(*result, StallCause::UnitBusy), 26u);
}

// A mux that always picks lane 1 leaves lane 0's tokens queued (the
// emulator's queues are unbounded). With room for every token the loop
// completes; with a one-slot route on lane 0 the producer of both lanes
// blocks after its first token and the loop deadlocks. The witness names
// the full route and the actors waiting for operands.
constexpr StringLiteral kSkewedMux = R"mlir(
  dataflow.graph private @skew(%start: none) values(%n: i32, %zero: i32, %one: i32) streams(%s: i1) -> values(i32) {
    %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i32
    %y = arith.addi %iv, %iv : i32
    %r = dataflow.mux %s, %y, %y : (i1, i32, i32) -> i32
    %acc = dataflow.carry %phase, %zero, %next : i32
    %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
    %next = arith.addi %body, %r : i32
    dataflow.graph.return values(%exit : i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimTimingTest, TooSmallFifoDeadlocksWithWitness) {
  dataflow::GraphOp graph = parse(kSkewedMux);
  fabric::Mapping mapping = place(graph, {0, 1, 2, 0, 3, 7});
  SmallVector<SmallVector<TokenValue, 0>> selectors = {
      SmallVector<TokenValue, 0>(4, TokenValue::getBool(true))};
  test::findEdge(mapping, 2, 1).capacity = 8;
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i32(4), i32(0), i32(1)}, selectors);
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs[0], i32(12));

  test::findEdge(mapping, 2, 1).capacity = 1;
  result = run(graph, mapping, {i32(4), i32(0), i32(1)}, selectors);
  ASSERT_FALSE(static_cast<bool>(result));
  std::string error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("graph @skew: deadlocked at cycle "), std::string::npos)
      << error;
  EXPECT_NE(error.find("missing: graph.return operand #0"), std::string::npos)
      << error;
  EXPECT_NE(error.find("blocked: 'arith.addi' at "), std::string::npos)
      << error;
  EXPECT_NE(error.find("waits for room on output #0 ("), std::string::npos)
      << error;
  EXPECT_NE(error.find("whose route to operand #1 of 'dataflow.mux'"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("holds 1 of 1 tokens"), std::string::npos) << error;
  // The stream's iv and phase routes are full too, listed one by one.
  EXPECT_NE(error.find("blocked: 'dataflow.stream' at "), std::string::npos)
      << error;
  EXPECT_NE(error.find("holds 2 of 2 tokens, room on output #1 ("),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("blocked: 'dataflow.mux'"), std::string::npos) << error;
  EXPECT_NE(error.find("waits for operand #2"), std::string::npos) << error;
}

// The cycle budget stops a run that needs more cycles.
TEST_F(CycleSimTimingTest, CycleBudgetStopsTheRun) {
  dataflow::GraphOp graph = parse(kSum);
  fabric::Mapping mapping = place(graph, {0, 0, 0, 1});
  options.cycleBudget = 10;
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i32(6), i32(0), i32(1)});
  ASSERT_FALSE(static_cast<bool>(result));
  EXPECT_EQ(llvm::toString(result.takeError()),
            "graph @sum: exceeded the cycle budget of 10 cycles before "
            "reaching its completion frontier; a longer run needs a larger "
            "budget (CycleSimOptions::cycleBudget)");
}

// A mapping that does not fit the graph or the fabric is refused by name.
TEST_F(CycleSimTimingTest, MismatchedMappingIsRefused) {
  dataflow::GraphOp graph = parse(kSum);
  fabric::Mapping mapping = place(graph, {0, 0, 0, 1});
  mapping.actors[3].unit = mapping.actors[0].unit; // the stream unit
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i32(2), i32(0), i32(1)});
  ASSERT_FALSE(static_cast<bool>(result));
  std::string error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("'arith.addi' at"), std::string::npos) << error;
  EXPECT_NE(error.find("is placed on unit 'stream' of element (0, 1), which "
                       "does not execute class 'int-alu'"),
            std::string::npos)
      << error;

  mapping = place(graph, {0, 0, 0, 1});
  mapping.actors.pop_back();
  result = run(graph, mapping, {i32(2), i32(0), i32(1)});
  ASSERT_FALSE(static_cast<bool>(result));
  EXPECT_EQ(llvm::toString(result.takeError()),
            "graph @sum: the mapping places 3 actors, the graph has 4");

  // The addi's edge into the carry's next operand (actor 1, operand 2).
  mapping = place(graph, {0, 0, 0, 1});
  llvm::erase_if(mapping.edges, [](const fabric::EdgeRoute &edge) {
    return edge.consumer == 1 && edge.operand == 2;
  });
  result = run(graph, mapping, {i32(2), i32(0), i32(1)});
  ASSERT_FALSE(static_cast<bool>(result));
  error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("graph @sum: the mapping has no route for operand #2 "
                       "of 'dataflow.carry' at "),
            std::string::npos)
      << error;

  mapping = place(graph, {0, 0, 0, 1});
  test::findEdge(mapping, 1, 2).producer = 0;
  result = run(graph, mapping, {i32(2), i32(0), i32(1)});
  ASSERT_FALSE(static_cast<bool>(result));
  error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("to operand #2 of 'dataflow.carry' at "),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("names the wrong producer"), std::string::npos) << error;
}

// A memory actor needs an interface with ports of its kind.
TEST_F(CycleSimTimingTest, MemoryActorsNeedABinding) {
  dataflow::GraphOp graph = parse(kLoads);
  fabric::Mapping mapping = place(graph, {4, 0, 5});
  mapping.memories.pop_back();
  SmallVector<SmallVector<TokenValue, 0>> streams = {{}, {}, {}, {}};
  MemoryBuffer buffer(IntegerType::get(&context, 32), {16});
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {}, streams, {&buffer});
  ASSERT_FALSE(static_cast<bool>(result));
  std::string error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("'dataflow.load' at "), std::string::npos) << error;
  EXPECT_NE(error.find(": has no memory interface in the mapping"),
            std::string::npos)
      << error;

  mapping = place(graph, {4, 0, 5});
  mapping.memories[0].interface = 7;
  result = run(graph, mapping, {}, streams, {&buffer});
  ASSERT_FALSE(static_cast<bool>(result));
  error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("is bound to memory interface #7, which fabric "
                       "'cgra-4x4' does not have"),
            std::string::npos)
      << error;
}

// The trace is trace-event JSON: one process and one thread name per
// element and unit used, one complete event per firing at the 800 MHz clock.
TEST_F(CycleSimTimingTest, ChromeTraceIsWellFormed) {
  dataflow::GraphOp graph = parse(kSum);
  fabric::Mapping mapping = place(graph, {0, 0, 0, 1});
  options.recordTrace = true;
  llvm::Expected<CycleSimResult> result =
      run(graph, mapping, {i32(3), i32(0), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  writeChromeTrace(os, *fabric, mapping, result->trace);
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  ASSERT_TRUE(static_cast<bool>(json)) << llvm::toString(json.takeError());
  const llvm::json::Array *events =
      json->getAsObject()->getArray("traceEvents");
  ASSERT_TRUE(events);
  // Elements 0 and 1; units stream, carry, alu of element 0 and alu of 1.
  unsigned firings = result->emulation.stats.firings;
  EXPECT_EQ(result->trace.size(), firings);
  EXPECT_EQ(events->size(), firings + 2 + 4);
  unsigned complete = 0;
  double lastTs = 0;
  for (const llvm::json::Value &event : *events) {
    const llvm::json::Object *object = event.getAsObject();
    if (object->getString("ph") != "X")
      continue;
    ++complete;
    lastTs = std::max(lastTs, *object->getNumber("ts"));
  }
  EXPECT_EQ(complete, firings);
  // The demux's last firing, at cycle 5 * 3 + 1 = 16, is 16 / 800 us.
  EXPECT_DOUBLE_EQ(lastTs, 16.0 / 800);
}

} // namespace
