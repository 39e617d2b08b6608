//===- CycleSimSharingTest.cpp - units and links shared in time -----------===//
//
// Part of the Loom project.
//
// Time-multiplexed fabrics: several actors on one unit take turns (round
// robin, at most one firing per initiation interval), and a link with more
// values than channels moves at most `channels` of them per cycle. Tiny
// graphs on a 1x2 mesh whose elements have two units "any" (every class
// these graphs use, latency 1, interval 1) and whose links have latency 1
// and 2 FIFO slots per value, with the cycle counts worked out in the
// comments; outputs and memory equal to the emulator's; the mapping checks,
// the statistics and the trace.
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"
#include "loom/Sim/DataflowEmulator.h"
#include "loom/Sim/MappedGraphs.h"

#include "llvm/Support/JSON.h"

#include <set>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

constexpr StringLiteral kMeshJson = R"json({
  "version": 1,
  "name": "shared-1x2",
  "clock_mhz": 500,
  "grid": {"rows": 1, "cols": 2},
  "unit_types": [
    {"name": "any", "classes": ["int-alu", "compare-select", "steer",
     "constant", "stream", "carry", "invariant", "gate", "memory"],
     "latency": 1, "ii": 1}
  ],
  "default_units": ["any", "any"],
  "network": {"topology": "mesh", "channels": 1, "hop_latency": 1,
              "fifo_depth": 2},
  "memory_interfaces": [
    {"name": "mem0", "at": [0, 0], "load_ports": 2, "store_ports": 1,
     "latency": 4, "requests_per_cycle": 2, "banks": 4}
  ]
})json";

TokenValue i32(int64_t v) { return TokenValue::getInteger(32, v, true); }
TokenValue i64(int64_t v) { return TokenValue::getInteger(64, v, true); }

SmallVector<TokenValue, 0> i32s(ArrayRef<int64_t> values) {
  SmallVector<TokenValue, 0> tokens;
  for (int64_t v : values)
    tokens.push_back(i32(v));
  return tokens;
}

using Buffers = std::vector<std::unique_ptr<MemoryBuffer>>;

class CycleSimSharingTest : public test::CycleSimFixture {
protected:
  /// The 1x2 mesh with `unitContexts` contexts per element and links of
  /// `channels` channels and `linkContexts` contexts.
  void useMesh(unsigned unitContexts, unsigned channels,
               unsigned linkContexts) {
    llvm::Expected<llvm::json::Value> json = llvm::json::parse(kMeshJson);
    ASSERT_TRUE(static_cast<bool>(json)) << llvm::toString(json.takeError());
    llvm::json::Object &root = *json->getAsObject();
    if (unitContexts != 1)
      root["contexts"] = unitContexts;
    llvm::json::Object &network = *root.getObject("network");
    network["channels"] = channels;
    if (linkContexts != 1)
      network["contexts"] = linkContexts;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << *json;
    llvm::Expected<fabric::Fabric> parsed =
        fabric::parseFabric(text, "shared-1x2.json");
    ASSERT_TRUE(static_cast<bool>(parsed))
        << llvm::toString(parsed.takeError());
    fabric.emplace(std::move(*parsed));
  }

  /// Places actor i on unit `units[i]` of element `elements[i]`, with
  /// contexts numbered per unit.
  fabric::Mapping place(dataflow::GraphOp graph, ArrayRef<unsigned> elements,
                        ArrayRef<unsigned> units) {
    fabric::Mapping mapping = test::mapByHand(
        graph, *fabric, [&](unsigned i) { return elements[i]; });
    for (auto [place, unit] : llvm::zip_equal(mapping.actors, units))
      place.unit = unit;
    test::numberContexts(mapping);
    return mapping;
  }

  /// Runs the graph on the simulator and on the emulator and expects equal
  /// outputs, memory, traces of every value and firings (the runs drain).
  llvm::Expected<CycleSimResult>
  runBoth(dataflow::GraphOp graph, const fabric::Mapping &mapping,
          ArrayRef<TokenValue> values,
          ArrayRef<SmallVector<TokenValue, 0>> streams = {},
          llvm::function_ref<Buffers()> makeMemories = nullptr);

  uint64_t stalls(const CycleSimResult &result, StallCause cause) {
    return result.timing.stalls[static_cast<unsigned>(cause)];
  }

  /// The cycles in which actor `actor` fired.
  SmallVector<uint64_t> firings(const CycleSimResult &result, uint32_t actor) {
    SmallVector<uint64_t> cycles;
    for (const TraceEvent &event : result.trace)
      if (event.actor == actor)
        cycles.push_back(event.cycle);
    return cycles;
  }

  CycleSimOptions options;
};

llvm::Expected<CycleSimResult> CycleSimSharingTest::runBoth(
    dataflow::GraphOp graph, const fabric::Mapping &mapping,
    ArrayRef<TokenValue> values, ArrayRef<SmallVector<TokenValue, 0>> streams,
    llvm::function_ref<Buffers()> makeMemories) {
  SmallVector<Value> traced;
  for (Operation &op : graph.getBody().front().without_terminator())
    llvm::append_range(traced, op.getResults());
  Buffers emuBuffers, simBuffers;
  if (makeMemories) {
    emuBuffers = makeMemories();
    simBuffers = makeMemories();
  }
  SmallVector<MemoryBuffer *> emuMemories, simMemories;
  for (auto [emu, sim] : llvm::zip_equal(emuBuffers, simBuffers)) {
    emuMemories.push_back(emu.get());
    simMemories.push_back(sim.get());
  }
  EmulatorOptions emuOptions;
  emuOptions.drainAfterCompletion = true;
  emuOptions.tracedValues.assign(traced.begin(), traced.end());
  llvm::Expected<EmulationResult> expected = DataflowEmulator::runGraph(
      graph, values, streams, emuMemories, emuOptions);
  EXPECT_TRUE(static_cast<bool>(expected))
      << llvm::toString(expected.takeError());
  CycleSimOptions simOptions = options;
  simOptions.drainAfterCompletion = true;
  simOptions.recordTrace = true;
  simOptions.tracedValues.assign(traced.begin(), traced.end());
  llvm::Expected<CycleSimResult> actual = CycleSimulator::runGraph(
      graph, *fabric, mapping, values, streams, simMemories, simOptions);
  if (!actual || !expected)
    return actual;
  EXPECT_EQ(actual->emulation.valueOutputs, expected->valueOutputs);
  EXPECT_EQ(actual->emulation.streamOutputs, expected->streamOutputs);
  EXPECT_EQ(actual->emulation.traces, expected->traces);
  EXPECT_EQ(actual->emulation.stats.firings, expected->stats.firings);
  for (auto [emu, sim] : llvm::zip_equal(emuBuffers, simBuffers))
    EXPECT_TRUE(llvm::equal(emu->getElements(), sim->getElements()));
  return actual;
}

constexpr StringLiteral kTwoAdds = R"mlir(
  dataflow.graph private @two(%start: none) values(%x: i32, %y: i32) -> values(i32, i32) {
    %a = arith.addi %x, %x : i32
    %b = arith.addi %y, %y : i32
    dataflow.graph.return values(%a, %b : i32, i32) complete(%start)
  }
)mlir";

// Both adds have their token at cycle 0 and one unit: the first fires at 0
// (context 0), the second waits for the unit once and fires at 1 (context
// 1, no switching cost); its result is visible at 2. On two units both fire
// at 0 and the run ends at 1.
TEST_F(CycleSimSharingTest, TwoAddsTakeTurnsOnOneUnit) {
  useMesh(2, 1, 1);
  dataflow::GraphOp graph = parse(kTwoAdds);
  fabric::Mapping shared = place(graph, {0, 0}, {0, 0});
  EXPECT_EQ(shared.actors[1].context, 1u);
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, shared, {i32(3), i32(5)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs,
            SmallVector<TokenValue>({i32(6), i32(10)}));
  EXPECT_EQ(result->timing.cycles, 2u);
  EXPECT_EQ(firings(*result, 0), SmallVector<uint64_t>({0}));
  EXPECT_EQ(firings(*result, 1), SmallVector<uint64_t>({1}));
  ASSERT_EQ(result->trace.size(), 2u);
  EXPECT_EQ(result->trace[0].context, 0u);
  EXPECT_EQ(result->trace[1].context, 1u);
  EXPECT_EQ(stalls(*result, StallCause::UnitBusy), 1u);
  EXPECT_EQ(result->timing.unitBusyCycles[0][0], 2u);
  ASSERT_EQ(result->timing.sharedUnits.size(), 1u);
  const SharedUnitUse &unit = result->timing.sharedUnits[0];
  EXPECT_EQ(unit.element, 0u);
  EXPECT_EQ(unit.unit, 0u);
  EXPECT_EQ(unit.actors, (SmallVector<uint32_t, 4>{0, 1}));
  EXPECT_EQ(unit.firings, (SmallVector<uint64_t, 4>{1, 1}));
  EXPECT_TRUE(result->timing.sharedLinks.empty());

  fabric::Mapping spatial = place(graph, {0, 0}, {0, 1});
  result = runBoth(graph, spatial, {i32(3), i32(5)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->timing.cycles, 1u);
  EXPECT_EQ(stalls(*result, StallCause::UnitBusy), 0u);
  EXPECT_TRUE(result->timing.sharedUnits.empty());
}

constexpr StringLiteral kStreamAndConsumer = R"mlir(
  dataflow.graph private @sc(%start: none) values(%init: i32, %limit: i32, %step: i32) -> streams(i32) {
    %iv, %phase = dataflow.stream %init, %limit, %step step add while slt : i32
    %y = arith.addi %iv, %iv : i32
    dataflow.graph.return streams(%y : i32) complete(%start)
  }
)mlir";

// A stream and the add it feeds on one unit. The stream always has work;
// round robin gives the add the unit whenever its iv is visible: stream at
// 0, 2, 4, 6 (ivs) and 8 (its F), add at 1, 3, 5, 7, the last sum visible
// at 8, quiescent at 9. (Fixed priority to the lower actor index would run
// the stream until its 2-slot FIFO fills, at 0 and 1, and finish at 10.)
TEST_F(CycleSimSharingTest, RoundRobinAlternatesAStreamAndItsConsumer) {
  useMesh(2, 1, 1);
  dataflow::GraphOp graph = parse(kStreamAndConsumer);
  fabric::Mapping mapping = place(graph, {0, 0}, {0, 0});
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, mapping, {i32(0), i32(4), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[0], i32s({0, 2, 4, 6}));
  EXPECT_EQ(result->timing.cycles, 9u);
  EXPECT_EQ(firings(*result, 0), SmallVector<uint64_t>({0, 2, 4, 6, 8}));
  EXPECT_EQ(firings(*result, 1), SmallVector<uint64_t>({1, 3, 5, 7}));
  EXPECT_EQ(result->timing.sharedUnits[0].firings,
            (SmallVector<uint64_t, 4>{5, 4}));
}

// sum(i for i < n): the stream, the carry, the demux and the add all on one
// unit (four contexts). Every iteration takes the four firings in turn, so
// the loop is bound by the unit: 4 cycles per iteration (the resource
// bound, 0.25) against 3 on separate units of one element (the ring carry
// -> demux -> add -> carry, each hop 1 cycle).
constexpr StringLiteral kSum = R"mlir(
  dataflow.graph private @sum(%start: none) values(%n: i32, %zero: i32, %one: i32) -> values(i32) {
    %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i32
    %acc = dataflow.carry %phase, %zero, %next : i32
    %exit, %body = dataflow.demux %phase, %acc : (i1, i32) -> (i32, i32)
    %next = arith.addi %body, %iv : i32
    dataflow.graph.return values(%exit : i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimSharingTest, StateMachinesShareAUnitWithTheirBody) {
  useMesh(4, 1, 1);
  dataflow::GraphOp graph = parse(kSum);
  fabric::Mapping shared = place(graph, {0, 0, 0, 0}, {0, 0, 0, 0});
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, shared, {i32(8), i32(0), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs[0], i32(28));
  ASSERT_EQ(result->timing.loops.size(), 1u);
  const LoopRate &loop = result->timing.loops[0];
  EXPECT_EQ(loop.iterations, 8u);
  EXPECT_DOUBLE_EQ(loop.resourceBound, 0.25);
  EXPECT_DOUBLE_EQ(loop.achieved, 0.25);
  EXPECT_EQ(result->timing.sharedUnits[0].actors.size(), 4u);

  // Two actors per unit: the carry ring's three hops bound the loop.
  fabric::Mapping twoPerUnit = place(graph, {0, 0, 0, 0}, {0, 1, 0, 1});
  result = runBoth(graph, twoPerUnit, {i32(8), i32(0), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs[0], i32(28));
  EXPECT_DOUBLE_EQ(result->timing.loops[0].achieved, 1.0 / 3);
}

// Two loads per iteration and the loop's state machines on one unit, with
// the memory interface's latency between them: memory reads equal the
// emulator's whatever the turns.
constexpr StringLiteral kTwoLoads = R"mlir(
  dataflow.graph private @two(%start: none) values(%n: i64, %zero: i64, %one: i64) memories(%a: memref<16xi32>, %b: memref<16xi32>) -> streams(i32, i32) {
    %iv, %phase = dataflow.stream %zero, %n, %one step add while slt : i64
    %i = arith.index_cast %iv : i64 to index
    %c = dataflow.invariant %phase, %start : none
    %cx, %cb = dataflow.demux %phase, %c : (i1, none) -> (none, none)
    %x, %d0 = dataflow.load %a[%i] %cb : memref<16xi32>
    %y, %d1 = dataflow.load %b[%i] %cb : memref<16xi32>
    dataflow.graph.return streams(%x, %y : i32, i32) complete(%start)
  }
)mlir";

TEST_F(CycleSimSharingTest, MemoryActorsShareAUnitWithStateMachines) {
  useMesh(8, 1, 4);
  dataflow::GraphOp graph = parse(kTwoLoads);
  auto memories = [&] {
    Buffers buffers;
    for (int sign : {1, -1}) {
      buffers.push_back(std::make_unique<MemoryBuffer>(
          IntegerType::get(&context, 32), ArrayRef<int64_t>{16}));
      for (int64_t i = 0; i < 16; ++i)
        buffers.back()->setElement(i, i32(sign * i));
    }
    return buffers;
  };
  // Everything on unit 0 of element 1, one hop from the interface; then
  // spread over both elements, so that values share the links too.
  for (auto [elements, units] :
       {std::pair<SmallVector<unsigned>, SmallVector<unsigned>>(
            {1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0}),
        std::pair<SmallVector<unsigned>, SmallVector<unsigned>>(
            {0, 1, 0, 1, 0, 1}, {0, 0, 1, 1, 0, 1})}) {
    fabric::Mapping mapping = place(graph, elements, units);
    llvm::Expected<CycleSimResult> result =
        runBoth(graph, mapping, {i64(16), i64(0), i64(1)}, {}, memories);
    ASSERT_TRUE(static_cast<bool>(result))
        << llvm::toString(result.takeError());
    EXPECT_EQ(result->emulation.streamOutputs[1].back(), i32(-15));
    EXPECT_EQ(result->timing.memoryLoads, 32u);
  }
}

constexpr StringLiteral kTwoHops = R"mlir(
  dataflow.graph private @hops(%start: none) values(%x: i32, %y: i32) -> values(i32, i32) {
    %a = arith.addi %x, %x : i32
    %b = arith.addi %y, %y : i32
    %c = arith.addi %a, %a : i32
    %d = arith.addi %b, %b : i32
    dataflow.graph.return values(%c, %d : i32, i32) complete(%start)
  }
)mlir";

// a and b fire at 0 on element 0; c and d consume them on element 1, one
// hop east. With one channel (two contexts) a's tokens take the link at 1
// (its two uses, one channel); b finds none, books cycle 1 and crosses at 2,
// visible at 3; d fires at 3 and the run ends at 4. With two channels b's
// tokens cross at 1 too and the run ends at 3.
TEST_F(CycleSimSharingTest, TwoValuesTakeTurnsOnAOneChannelLink) {
  useMesh(2, 1, 2);
  dataflow::GraphOp graph = parse(kTwoHops);
  fabric::Mapping mapping = place(graph, {0, 0, 1, 1}, {0, 1, 0, 1});
  uint32_t link = test::findEdge(mapping, 2, 0).links.front();
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, mapping, {i32(3), i32(5)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs,
            SmallVector<TokenValue>({i32(12), i32(20)}));
  EXPECT_EQ(result->timing.cycles, 4u);
  EXPECT_EQ(firings(*result, 1), SmallVector<uint64_t>({1}));
  EXPECT_EQ(firings(*result, 3), SmallVector<uint64_t>({3}));
  EXPECT_EQ(stalls(*result, StallCause::LinkBusy), 1u);
  ASSERT_EQ(result->timing.sharedLinks.size(), 1u);
  const SharedLinkUse &use = result->timing.sharedLinks[0];
  EXPECT_EQ(use.link, link);
  EXPECT_EQ(use.values, 2u);
  EXPECT_EQ(use.channels, 1u);
  EXPECT_EQ(use.busyCycles, 2u);
  EXPECT_EQ(use.crossings, 2u);
  ASSERT_EQ(result->linkTrace.size(), 2u);
  EXPECT_EQ(result->linkTrace[0].actor, 0u);
  EXPECT_EQ(result->linkTrace[0].cycle, 1u);
  EXPECT_EQ(result->linkTrace[1].actor, 1u);
  EXPECT_EQ(result->linkTrace[1].cycle, 2u);

  useMesh(2, 2, 1);
  mapping = place(graph, {0, 0, 1, 1}, {0, 1, 0, 1});
  result = runBoth(graph, mapping, {i32(3), i32(5)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->timing.cycles, 3u);
  EXPECT_EQ(stalls(*result, StallCause::LinkBusy), 0u);
  EXPECT_TRUE(result->timing.sharedLinks.empty());
  EXPECT_TRUE(result->linkTrace.empty());
}

// A run's timing sums the sharing of every launch per graph, unit and link.
TEST_F(CycleSimSharingTest, RunTimingSumsTheSharingOfLaunches) {
  useMesh(2, 1, 2);
  dataflow::GraphOp graph = parse(kTwoHops);
  fabric::Mapping mapping = place(graph, {0, 0, 1, 1}, {0, 0, 0, 0});
  RunTiming timing;
  for (int launch = 0; launch < 2; ++launch) {
    llvm::Expected<CycleSimResult> result = CycleSimulator::runGraph(
        graph, *fabric, mapping, {i32(3), i32(5)}, {}, {}, options);
    ASSERT_TRUE(static_cast<bool>(result))
        << llvm::toString(result.takeError());
    timing.add("hops", result->timing);
  }
  // Units (0, 0) and (1, 0) hold two adds each; a's and b's tokens cross
  // the link once per launch.
  ASSERT_EQ(timing.sharedUnits.size(), 2u);
  EXPECT_EQ(timing.sharedUnits[1].graph, "hops");
  EXPECT_EQ(timing.sharedUnits[1].use.element, 1u);
  EXPECT_EQ(timing.sharedUnits[1].use.firings,
            (SmallVector<uint64_t, 4>{2, 2}));
  ASSERT_EQ(timing.sharedLinks.size(), 1u);
  EXPECT_EQ(timing.sharedLinks[0].use.values, 2u);
  EXPECT_EQ(timing.sharedLinks[0].use.crossings, 4u);
  EXPECT_EQ(timing.sharedLinks[0].use.busyCycles, 4u);
}

constexpr StringLiteral kTwoStreams = R"mlir(
  dataflow.graph private @two(%start: none) values(%n: i32, %zero: i32, %one: i32) -> streams(i32, i32) {
    %i, %p = dataflow.stream %zero, %n, %one step add while slt : i32
    %j, %q = dataflow.stream %zero, %n, %one step add while slt : i32
    %x = arith.addi %i, %i : i32
    %y = arith.addi %j, %j : i32
    dataflow.graph.return streams(%x, %y : i32, i32) complete(%start)
  }
)mlir";

// Two streams on element 0 feed adds on element 1 over one channel; their
// ivs need the link in the same cycles. The first stream wins cycle 0; the
// second books the next cycle's channel, which the first then finds taken
// and books the one after, so they alternate: ivs at 0, 2, 4, 6 and 1, 3,
// 5, 7, one link-busy stall in each of cycles 0..6. The first stream's F
// (no iv, no channel) fires at 7, the second's at 8. A wait for a link is
// no deadlock.
TEST_F(CycleSimSharingTest, StreamsAlternateOnASharedLink) {
  useMesh(2, 1, 2);
  dataflow::GraphOp graph = parse(kTwoStreams);
  fabric::Mapping mapping = place(graph, {0, 0, 1, 1}, {0, 1, 0, 1});
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, mapping, {i32(4), i32(0), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[0], i32s({0, 2, 4, 6}));
  EXPECT_EQ(result->emulation.streamOutputs[1], i32s({0, 2, 4, 6}));
  EXPECT_EQ(firings(*result, 0), SmallVector<uint64_t>({0, 2, 4, 6, 7}));
  EXPECT_EQ(firings(*result, 1), SmallVector<uint64_t>({1, 3, 5, 7, 8}));
  EXPECT_EQ(stalls(*result, StallCause::LinkBusy), 7u);
  ASSERT_EQ(result->timing.sharedLinks.size(), 1u);
  EXPECT_EQ(result->timing.sharedLinks[0].crossings, 8u);
  EXPECT_EQ(result->timing.sharedLinks[0].busyCycles, 8u);
}

constexpr StringLiteral kTwoValuesPerIteration = R"mlir(
  dataflow.graph private @twovalues(%start: none) values(%n: i32, %zero: i32, %one: i32) -> streams(i32) {
    %i, %p = dataflow.stream %zero, %n, %one step add while slt : i32
    %a = arith.addi %i, %i : i32
    %b = arith.addi %a, %i : i32
    dataflow.graph.return streams(%b : i32) complete(%start)
  }
)mlir";

// The stream and the first add on element 0, the second add on element 1:
// two values (%i and %a) cross the one channel east every iteration, so
// the link, not a unit, is the loop's busiest resource (2 cycles per
// iteration) and the loop runs at that bound.
TEST_F(CycleSimSharingTest, SharedLinkBoundsTheLoop) {
  useMesh(2, 1, 2);
  dataflow::GraphOp graph = parse(kTwoValuesPerIteration);
  fabric::Mapping mapping = place(graph, {0, 0, 1}, {0, 1, 0});
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, mapping, {i32(8), i32(0), i32(1)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.streamOutputs[0],
            i32s({0, 3, 6, 9, 12, 15, 18, 21}));
  ASSERT_EQ(result->timing.loops.size(), 1u);
  const LoopRate &loop = result->timing.loops[0];
  EXPECT_EQ(loop.iterations, 8u);
  EXPECT_DOUBLE_EQ(loop.resourceBound, 0.5);
  EXPECT_LE(loop.achieved, loop.resourceBound);
  EXPECT_GT(loop.achieved, 0.4);
}

// A real deadlock is still one where links are shared: a mux that never
// takes lane 0 leaves its one-slot route full, the stream behind it stops,
// and nothing waits for a link any more.
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

TEST_F(CycleSimSharingTest, DeadlockIsStillReportedWithSharedLinks) {
  useMesh(4, 1, 4);
  dataflow::GraphOp graph = parse(kSkewedMux);
  fabric::Mapping mapping =
      place(graph, {0, 0, 1, 0, 1, 1}, {0, 1, 0, 0, 1, 1});
  SmallVector<SmallVector<TokenValue, 0>> selectors = {
      SmallVector<TokenValue, 0>(4, TokenValue::getBool(true))};
  // Room for the four tokens the mux leaves on lane 0: the loop completes.
  test::findEdge(mapping, 2, 1).capacity = 8;
  llvm::Expected<CycleSimResult> result = CycleSimulator::runGraph(
      graph, *fabric, mapping, {i32(4), i32(0), i32(1)}, selectors, {},
      options);
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  EXPECT_EQ(result->emulation.valueOutputs[0], i32(12));
  EXPECT_FALSE(result->timing.sharedLinks.empty());

  test::findEdge(mapping, 2, 1).capacity = 1;
  result = CycleSimulator::runGraph(graph, *fabric, mapping,
                                    {i32(4), i32(0), i32(1)}, selectors, {},
                                    options);
  ASSERT_FALSE(static_cast<bool>(result));
  std::string error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("graph @skew: deadlocked at cycle "), std::string::npos)
      << error;
  EXPECT_NE(error.find("holds 1 of 1 tokens"), std::string::npos) << error;
}

// Contexts must exist on the element and be distinct on its unit; a
// time-multiplexed link carries at most channels x contexts values.
TEST_F(CycleSimSharingTest, MappingsMustRespectTheContexts) {
  useMesh(2, 1, 1);
  dataflow::GraphOp graph = parse(kTwoAdds);
  fabric::Mapping mapping = place(graph, {0, 0}, {0, 0});
  mapping.actors[1].context = 0;
  llvm::Expected<CycleSimResult> result = CycleSimulator::runGraph(
      graph, *fabric, mapping, {i32(1), i32(2)}, {}, {}, options);
  ASSERT_FALSE(static_cast<bool>(result));
  std::string error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("graph @two: 'arith.addi' at "), std::string::npos)
      << error;
  EXPECT_NE(error.find(": is placed in context 0 of unit 'any' of element "
                       "(0, 0), which holds 'arith.addi' at "),
            std::string::npos)
      << error;

  mapping.actors[1].context = 2;
  result = CycleSimulator::runGraph(graph, *fabric, mapping, {i32(1), i32(2)},
                                    {}, {}, options);
  ASSERT_FALSE(static_cast<bool>(result));
  error = llvm::toString(result.takeError());
  EXPECT_NE(error.find("is placed in context 2 of unit 'any' of element (0, "
                       "0), which has 2 contexts"),
            std::string::npos)
      << error;

  // Three values over a link of one channel and two contexts.
  useMesh(2, 1, 2);
  graph = parse(R"mlir(
    dataflow.graph private @three(%start: none) values(%x: i32) -> values(i32) {
      %a = arith.addi %x, %x : i32
      %b = arith.subi %x, %x : i32
      %c = arith.andi %x, %x : i32
      %d = arith.addi %a, %b : i32
      %e = arith.addi %d, %c : i32
      dataflow.graph.return values(%e : i32) complete(%start)
    }
  )mlir");
  mapping = place(graph, {0, 0, 0, 1, 1}, {0, 1, 0, 0, 1});
  result = CycleSimulator::runGraph(graph, *fabric, mapping, {i32(1)}, {}, {},
                                    options);
  ASSERT_FALSE(static_cast<bool>(result));
  error = llvm::toString(result.takeError());
  EXPECT_NE(
      error.find("graph @three: the mapping routes 3 values over link #0"),
      std::string::npos)
      << error;
  EXPECT_NE(error.find(" (0, 0) -> (0, 1), which carries at most 2 (1 "
                       "channels x 2 contexts)"),
            std::string::npos)
      << error;
}

// The trace shows who fired on a shared unit (the context in args) and a
// "shared links" process with one event per value crossing a link.
TEST_F(CycleSimSharingTest, TraceShowsTurnsAndLinkCrossings) {
  useMesh(2, 1, 2);
  dataflow::GraphOp graph = parse(kTwoHops);
  fabric::Mapping mapping = place(graph, {0, 0, 1, 1}, {0, 0, 0, 0});
  llvm::Expected<CycleSimResult> result =
      runBoth(graph, mapping, {i32(3), i32(5)});
  ASSERT_TRUE(static_cast<bool>(result)) << llvm::toString(result.takeError());
  std::string text;
  llvm::raw_string_ostream os(text);
  writeChromeTrace(os, *fabric, mapping, result->trace, result->linkTrace);
  llvm::Expected<llvm::json::Value> json = llvm::json::parse(text);
  ASSERT_TRUE(static_cast<bool>(json)) << llvm::toString(json.takeError());
  const llvm::json::Array *events =
      json->getAsObject()->getArray("traceEvents");
  ASSERT_TRUE(events);
  std::set<int64_t> contexts;
  unsigned crossings = 0;
  bool namedLinks = false, namedLink = false;
  for (const llvm::json::Value &event : *events) {
    const llvm::json::Object *object = event.getAsObject();
    const llvm::json::Object *args = object->getObject("args");
    std::optional<int64_t> pid = object->getInteger("pid");
    ASSERT_TRUE(args && pid);
    if (object->getString("ph") == "M") {
      std::optional<StringRef> name = args->getString("name");
      namedLinks |= name == "shared links" && *pid == 2;
      namedLink |= name && name->starts_with("link #") &&
                   name->ends_with(" (0, 0) -> (0, 1)");
      continue;
    }
    if (*pid == 2) {
      ++crossings;
      EXPECT_TRUE(args->getInteger("result"));
    } else if (std::optional<int64_t> context = args->getInteger("context")) {
      contexts.insert(*context);
    }
  }
  EXPECT_TRUE(namedLinks);
  EXPECT_TRUE(namedLink);
  EXPECT_EQ(crossings, result->linkTrace.size());
  EXPECT_EQ(crossings, 2u);
  EXPECT_EQ(contexts, std::set<int64_t>({0, 1}));
}

} // namespace
