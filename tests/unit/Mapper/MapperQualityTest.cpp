//===- MapperQualityTest.cpp - the quality measure; bigger is never slower ===//
//
// Part of the Loom project.
//
// The quality measure of docs/mapper.md on a hand-timed ring, and issue F's
// promise that a bigger fabric never gives a slower mapping: every graph of
// samples/ir and of the mapper's lit inputs, and the synthetic lane graphs,
// map on cgra-8x8 at least as well as on cgra-4x4 whenever both map.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

using namespace mlir;
using namespace loom;
using namespace loom::fabric;
using namespace loom::mapper;
using namespace loom::mapper::testing;

namespace {

/// A loop-carried value: carry -> demux -> addi -> carry. The constant and
/// the exit lane are off the ring.
constexpr llvm::StringLiteral kRing = R"mlir(
  dataflow.graph private @ring(%start: none) values(%p: i1, %init: i32)
      -> values(i32) {
    %acc = dataflow.carry %p, %init, %next : i32
    %exit, %body = dataflow.demux %p, %acc : (i1, i32) -> (i32, i32)
    %one = dataflow.constant %start {value = 1 : i32} : i32
    %next = arith.addi %body, %one : i32
    dataflow.graph.return %start, %exit : none, i32
  })mlir";

TEST(MappingQualityTest, RecurrenceIsTheRingsRouteAndUnitLatency) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, kRing);
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module);
  Fabric fabric = loadPreset("cgra-4x4");
  llvm::Expected<Mapping> mapped = mapGraph(graph, fabric);
  ASSERT_TRUE(bool(mapped)) << llvm::toString(mapped.takeError());
  ASSERT_TRUE(isValidMapping(graph, fabric, *mapped));
  // Give every edge a known latency: 10 off the ring, 2, 3, 4 on it (in
  // edge order). The three ring units (carry, ctl, alu) take 1 cycle each.
  Mapping mapping = *mapped;
  uint64_t onRing = 0, total = 0, nextRingLatency = 2;
  for (EdgeRoute &edge : mapping.edges) {
    bool ring = edge.producer >= 0 && edge.consumer >= 0 &&
                edge.producer != 2 && edge.consumer != 2 &&
                !(edge.producer == 1 && edge.result == 0);
    edge.latency = ring ? nextRingLatency++ : 10;
    if (ring)
      onRing += edge.latency;
    total += edge.latency;
  }
  ASSERT_EQ(onRing, 2u + 3u + 4u);
  MappingQuality quality = evaluateQuality(graph, fabric, mapping);
  EXPECT_EQ(quality.recurrenceLatency, 3 + onRing);
  EXPECT_EQ(quality.totalLatency, total);
}

TEST(MappingQualityTest, OrdersRecurrenceFirst) {
  MappingQuality fastLoop{4, 20, 100}, slowLoop{5, 10, 10}, shorter{4, 20, 99},
      shallower{4, 19, 200};
  EXPECT_TRUE(fastLoop < slowLoop);
  EXPECT_TRUE(shorter < fastLoop);
  EXPECT_TRUE(shallower < shorter);
  EXPECT_TRUE(fastLoop <= fastLoop);
  EXPECT_FALSE(slowLoop <= fastLoop);
  // Sharing a unit or a channel in time bounds the loop like a recurrence
  // of that many cycles: the larger of the two comes first.
  MappingQuality shared{4, 20, 100, 6}, unshared{5, 30, 300, 1};
  EXPECT_EQ(shared.getInterval(), 6u);
  EXPECT_TRUE(unshared < shared);
  EXPECT_TRUE((MappingQuality{4, 20, 100, 4}) <
              (MappingQuality{4, 21, 100, 1}));
  // So do buffers too shallow for the skew between two paths.
  MappingQuality skewed{4, 20, 100, 1, 7};
  EXPECT_EQ(skewed.getInterval(), 7u);
  EXPECT_TRUE(unshared < skewed);
}

/// A short path (a -> c) that rejoins a long one (a -> b -> c).
constexpr llvm::StringLiteral kSkew = R"mlir(
  dataflow.graph private @skew(%start: none) values(%x: i32) -> values(i32) {
    %a = arith.addi %x, %x : i32
    %b = arith.addi %a, %a : i32
    %c = arith.addi %b, %a : i32
    dataflow.graph.return %start, %c : none, i32
  })mlir";

TEST(MappingQualityTest, BufferIntervalIsTheSkewOverTheShortEdgesCapacity) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, kSkew);
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module);
  Fabric fabric = loadPreset("cgra-4x4");
  llvm::Expected<Mapping> mapped = mapGraph(graph, fabric);
  ASSERT_TRUE(bool(mapped)) << llvm::toString(mapped.takeError());
  // a -> b and b -> c take 10 cycles and hold 20 tokens; a -> c takes 1
  // and holds 3. In the steady state c fires 2 * (d + 10) cycles after a
  // (d the adds' unit latency), so at one token per T cycles a -> c holds
  // 2 * (d + 10) / T tokens: T >= ceil(2 * (d + 10) / 3).
  Mapping mapping = *mapped;
  for (EdgeRoute &edge : mapping.edges) {
    if (edge.producer < 0 || edge.consumer < 0)
      continue;
    bool shortEdge = edge.producer == 0 && edge.consumer == 2;
    edge.latency = shortEdge ? 1 : 10;
    edge.capacity = shortEdge ? 3 : 20;
  }
  const ActorPlacement &place = mapping.actors[0];
  uint64_t d = fabric.getElements()[place.element].units[place.unit].latency;
  MappingQuality quality = evaluateQuality(graph, fabric, mapping);
  EXPECT_EQ(quality.bufferInterval, llvm::divideCeil(2 * (d + 10), 3));
  EXPECT_EQ(quality.getInterval(), quality.bufferInterval);
  // Room for the skew: the buffers no longer bound the rate.
  for (EdgeRoute &edge : mapping.edges)
    if (edge.producer == 0 && edge.consumer == 2)
      edge.capacity = 2 * (d + 10);
  EXPECT_EQ(evaluateQuality(graph, fabric, mapping).bufferInterval, 1u);
}

/// Maps every graph of `module` on cgra-4x4 and cgra-8x8; where both map,
/// the 8x8 mapping is valid and at least as good. Returns the graphs
/// compared.
unsigned expectBiggerNeverSlower(ModuleOp module, llvm::StringRef source) {
  Fabric small = loadPreset("cgra-4x4");
  Fabric big = loadPreset("cgra-8x8");
  unsigned compared = 0;
  for (dataflow::GraphOp graph : module.getOps<dataflow::GraphOp>()) {
    llvm::Expected<Mapping> onSmall = mapGraph(graph, small);
    llvm::Expected<Mapping> onBig = mapGraph(graph, big);
    if (!onBig) {
      // Whatever fails on the bigger fabric must fail on the smaller too.
      EXPECT_FALSE(bool(onSmall))
          << source.str() << " @" << graph.getSymName().str()
          << " maps on cgra-4x4 but not on cgra-8x8: "
          << llvm::toString(onBig.takeError());
      llvm::consumeError(onBig.takeError());
      if (!onSmall)
        llvm::consumeError(onSmall.takeError());
      continue;
    }
    EXPECT_TRUE(isValidMapping(graph, big, *onBig));
    if (!onSmall) {
      llvm::consumeError(onSmall.takeError());
      continue;
    }
    MappingQuality qualitySmall = evaluateQuality(graph, small, *onSmall);
    MappingQuality qualityBig = evaluateQuality(graph, big, *onBig);
    EXPECT_TRUE(qualityBig <= qualitySmall)
        << source.str() << " @" << graph.getSymName().str() << ": cgra-8x8 ("
        << qualityBig.recurrenceLatency << ", " << qualityBig.pipelineLatency
        << ", " << qualityBig.totalLatency << ") is slower than cgra-4x4 ("
        << qualitySmall.recurrenceLatency << ", "
        << qualitySmall.pipelineLatency << ", " << qualitySmall.totalLatency
        << ")";
    ++compared;
  }
  return compared;
}

class BiggerFabricFileTest : public ::testing::TestWithParam<const char *> {};

TEST_P(BiggerFabricFileTest, NeverSlower) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module =
      parseModule(*context, readSourceFile(GetParam()));
  ASSERT_TRUE(module);
  EXPECT_GT(expectBiggerNeverSlower(*module, GetParam()), 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, BiggerFabricFileTest,
    ::testing::Values("samples/ir/for.mlir", "samples/ir/for-iter-args.mlir",
                      "samples/ir/forall-thread.mlir", "samples/ir/if.mlir",
                      "samples/ir/index-switch.mlir", "samples/ir/while.mlir",
                      "tests/lit/Mapper/Inputs/pair.mlir"));

TEST(BiggerFabricTest, RingAndLaneGraphsNeverSlower) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> ring = parseModule(*context, kRing);
  ASSERT_TRUE(ring);
  EXPECT_EQ(expectBiggerNeverSlower(*ring, "ring"), 1u);
  for (unsigned lanes : {1u, 2u, 4u}) {
    OwningOpRef<ModuleOp> module = parseModule(*context, makeLaneGraph(lanes));
    ASSERT_TRUE(module);
    EXPECT_EQ(expectBiggerNeverSlower(*module, "lanes"), 1u) << lanes;
  }
}

} // namespace
