//===- MapperTest.cpp - mappings the mapper returns
//------------------------===//
//
// Part of the Loom project.
//
// Every mapping is checked against all of Mapping.h's promises
// (MappingChecks.h); the graphs are the lowered copy loop of samples/ir, a
// hand-numbered graph and synthetic lane graphs up to 100 actors.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Dataflow/IR/GraphAttributes.h"

#include <map>

using namespace mlir;
using namespace loom;
using namespace loom::fabric;
using namespace loom::mapper;
using namespace loom::mapper::testing;

namespace {

Mapping mapOrFail(dataflow::GraphOp graph, const Fabric &fabric,
                  const MapperOptions &options = {}) {
  llvm::Expected<Mapping> mapping = mapGraph(graph, fabric, options);
  if (!mapping) {
    ADD_FAILURE() << llvm::toString(mapping.takeError());
    return Mapping();
  }
  return std::move(*mapping);
}

class CopyLoopTest : public ::testing::TestWithParam<const char *> {};

TEST_P(CopyLoopTest, MapsWithEveryPromiseKept) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module =
      parseModule(*context, readSourceFile("samples/ir/for.mlir"));
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module, "copy_loop");
  Fabric fabric = loadPreset(GetParam());
  Mapping mapping = mapOrFail(graph, fabric);
  EXPECT_TRUE(isValidMapping(graph, fabric, mapping));
  EXPECT_EQ(mapping.memories.size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Presets, CopyLoopTest,
                         ::testing::Values("cgra-4x4", "cgra-8x8",
                                           "cgra-8x8-hetero"));

TEST(MapperTest, NumbersActorsAndEdgesAsMappingHSays) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, R"mlir(
    dataflow.graph private @order(%start: none) values(%x: i32)
        -> values(i32) {
      %c = dataflow.constant %start {value = 1 : i32} : i32
      %a = arith.addi %x, %c : i32
      %b = arith.muli %c, %a : i32
      dataflow.graph.return %start, %b : none, i32
    })mlir");
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module);
  Fabric fabric = loadPreset("cgra-4x4");
  Mapping mapping = mapOrFail(graph, fabric);
  ASSERT_TRUE(isValidMapping(graph, fabric, mapping));
  ASSERT_EQ(mapping.actors.size(), 3u);
  EXPECT_EQ(mapping.actors[0].opName, "dataflow.constant");
  EXPECT_EQ(mapping.actors[2].opName, "arith.muli");
  // {producer, result, consumer, operand}: the constant's two uses, the
  // add's, the product to graph.return (its values come before the
  // completion witness), then %start's and %x's uses.
  const int32_t b = kGraphBoundary;
  const int32_t expected[][4] = {{0, 0, 1, 1}, {0, 0, 2, 0}, {1, 0, 2, 1},
                                 {2, 0, b, 0}, {b, 0, 0, 0}, {b, 0, b, 1},
                                 {b, 1, 1, 0}};
  ASSERT_EQ(mapping.edges.size(), std::size(expected));
  for (auto [edge, want] : llvm::zip_equal(mapping.edges, expected)) {
    EXPECT_EQ(edge.producer, want[0]);
    EXPECT_EQ(int32_t(edge.result), want[1]);
    EXPECT_EQ(edge.consumer, want[2]);
    EXPECT_EQ(int32_t(edge.operand), want[3]);
  }
  // The constant (ctl), the add (alu) and the product (mul) fit one element
  // of the presets: every inner edge is a local bypass, to which the mapper
  // adds the element's operand buffer slots.
  EXPECT_EQ(mapping.totalHops, 0u);
  for (unsigned e = 0; e < 3; ++e) {
    uint32_t depth =
        fabric.getElements()[mapping.actors[mapping.edges[e].consumer].element]
            .operandBufferDepth;
    EXPECT_GT(depth, 0u);
    EXPECT_TRUE(mapping.edges[e].links.empty());
    EXPECT_EQ(mapping.edges[e].buffer, depth);
    EXPECT_EQ(mapping.edges[e].capacity, kLocalBypassCapacity + depth);
    EXPECT_EQ(mapping.edges[e].latency, 0u);
  }
  EXPECT_EQ(mapping.edges[3].capacity, kUnboundedCapacity);
  EXPECT_EQ(mapping.edges[3].latency, 0u);
}

TEST(MapperTest, SameInputsGiveTheSameMapping) {
  auto context = makeContext();
  std::string text = makeLaneGraph(6);
  OwningOpRef<ModuleOp> first = parseModule(*context, text);
  OwningOpRef<ModuleOp> second = parseModule(*context, text);
  ASSERT_TRUE(first && second);
  Fabric fabric = loadPreset("cgra-8x8");
  Mapping a = mapOrFail(findGraph(*first), fabric);
  Mapping b = mapOrFail(findGraph(*second), fabric);
  EXPECT_TRUE(sameMapping(a, b));
  EXPECT_GT(a.totalHops, 0u);
}

/// Other seeds give other, equally valid mappings: the copy loop on the
/// small fabric and four lanes (40 actors) on cgra-8x8.
TEST(MapperTest, EverySeedGivesAValidMapping) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> copy =
      parseModule(*context, readSourceFile("samples/ir/for.mlir"));
  OwningOpRef<ModuleOp> lanes = parseModule(*context, makeLaneGraph(4));
  ASSERT_TRUE(copy && lanes);
  Fabric small = loadPreset("cgra-4x4");
  Fabric big = loadPreset("cgra-8x8");
  for (uint64_t seed : {1, 2, 3, 42, 12345}) {
    MapperOptions options;
    options.seed = seed;
    dataflow::GraphOp copyLoop = findGraph(*copy, "copy_loop");
    EXPECT_TRUE(
        isValidMapping(copyLoop, small, mapOrFail(copyLoop, small, options)))
        << "seed " << seed;
    dataflow::GraphOp lanesGraph = findGraph(*lanes);
    EXPECT_TRUE(
        isValidMapping(lanesGraph, big, mapOrFail(lanesGraph, big, options)))
        << "seed " << seed;
  }
}

TEST(MapperTest, HeteroPlacesFloatActorsOnFloatElements) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, makeLaneGraph(8));
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module);
  Fabric fabric = loadPreset("cgra-8x8-hetero");
  Mapping mapping = mapOrFail(graph, fabric);
  ASSERT_TRUE(isValidMapping(graph, fabric, mapping));
  unsigned floatActors = 0;
  for (const ActorPlacement &actor : mapping.actors) {
    OperationClass cls = *classifyOperation(actor.opName);
    if (cls != OperationClass::FloatAdd && cls != OperationClass::FloatMul)
      continue;
    ++floatActors;
    unsigned col = fabric.getElements()[actor.element].col;
    EXPECT_TRUE(col <= 1 || col >= 6) << actor.opName << " in column " << col;
  }
  EXPECT_EQ(floatActors, 24u);
}

// Its mapping time is printed and recorded, not asserted: tests do not time
// things (docs/mapper.md "Measured" and bench/ hold the figures).
TEST(MapperTest, MapsHundredActorsOnCgra8x8) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, makeLaneGraph(10));
  ASSERT_TRUE(module);
  dataflow::GraphOp graph = findGraph(*module);
  ASSERT_EQ(getGraphActors(graph).size(), 100u);
  Fabric fabric = loadPreset("cgra-8x8");
  Mapping mapping = mapOrFail(graph, fabric);
  EXPECT_TRUE(isValidMapping(graph, fabric, mapping));
  RecordProperty("seconds", std::to_string(mapping.seconds));
  std::printf("100 actors on cgra-8x8: %.3f s, %llu hops, cost %g\n",
              mapping.seconds, (unsigned long long)mapping.totalHops,
              mapping.placementCost);
}

} // namespace

namespace {

/// mergeSorted (samples/cpp/merge.cpp) nearly fills cgra-8x8's steering
/// units and its links: before the hop term of ElementPressure and the
/// refinements after a congested routing, every placement attempt left a
/// link with three values on two channels. It now routes, every promise of
/// Mapping.h kept, and the same inputs give the same mapping.
TEST(MapperTest, RoutesTheDenseMergeGraphDeterministically) {
  auto context = makeContext();
  std::string text =
      readSourceFile("tests/unit/Mapper/Inputs/merge-sorted.mlir");
  OwningOpRef<ModuleOp> first = parseModule(*context, text);
  OwningOpRef<ModuleOp> second = parseModule(*context, text);
  ASSERT_TRUE(first && second);
  dataflow::GraphOp graph = findGraph(*first);
  ASSERT_EQ(getGraphActors(graph).size(), 147u);
  Fabric fabric = loadPreset("cgra-8x8");
  Mapping a = mapOrFail(graph, fabric);
  ASSERT_TRUE(isValidMapping(graph, fabric, a));
  EXPECT_LE(a.maxLinkSharing, 2u);
  Mapping b = mapOrFail(findGraph(*second), fabric);
  EXPECT_TRUE(sameMapping(a, b));
}

} // namespace

namespace {

/// Issue K: a graph far larger than a time-multiplexed preset's units maps
/// there by sharing them, within the contexts and link capacities, and the
/// same inputs give the same mapping.
TEST(MapperTest, SharesUnitsOfATimeMultiplexedPresetDeterministically) {
  auto context = makeContext();
  std::string text =
      readSourceFile("tests/unit/Mapper/Inputs/merge-sorted.mlir");
  OwningOpRef<ModuleOp> first = parseModule(*context, text);
  OwningOpRef<ModuleOp> second = parseModule(*context, text);
  ASSERT_TRUE(first && second);
  dataflow::GraphOp graph = findGraph(*first);
  Fabric fabric = loadPreset("cgra-4x4-temporal");
  ASSERT_GT(getGraphActors(graph).size(), 8 * fabric.getElements().size());
  Mapping a = mapOrFail(graph, fabric);
  ASSERT_TRUE(isValidMapping(graph, fabric, a));
  // Placement spreads the actors: no unit holds many more than its share.
  std::map<std::pair<uint32_t, uint32_t>, unsigned> actorsOnUnit;
  for (const ActorPlacement &actor : a.actors)
    ++actorsOnUnit[{actor.element, actor.unit}];
  unsigned most = 0;
  for (auto &[unit, actors] : actorsOnUnit)
    most = std::max(most, actors);
  EXPECT_EQ(actorsOnUnit.size(), fabric.getElements().size());
  EXPECT_LE(most, 2 * (a.actors.size() / actorsOnUnit.size() + 1));
  Mapping b = mapOrFail(findGraph(*second), fabric);
  EXPECT_TRUE(sameMapping(a, b));
}

/// LOOM_TARGET("spatial") on a time-multiplexed fabric: one actor per unit
/// and one value per channel when the graph fits that way; the hint is
/// advice, so a graph that does not fit still maps, sharing.
TEST(MapperTest, SpatialTargetMapsWithoutSharingWhereItFits) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> small = parseModule(*context, makeLaneGraph(1));
  OwningOpRef<ModuleOp> big = parseModule(*context, makeLaneGraph(10));
  ASSERT_TRUE(small && big);
  Fabric fabric = loadPreset("cgra-8x8-temporal");
  for (ModuleOp module : {*small, *big}) {
    dataflow::GraphOp graph = findGraph(module);
    graph->setAttr(dataflow::kGraphTargetAttrName,
                   StringAttr::get(context.get(), "spatial"));
  }
  Mapping spatial = mapOrFail(findGraph(*small), fabric);
  ASSERT_TRUE(isValidMapping(findGraph(*small), fabric, spatial));
  for (const ActorPlacement &actor : spatial.actors)
    EXPECT_EQ(actor.context, 0u);
  EXPECT_EQ(evaluateQuality(findGraph(*small), fabric, spatial).sharingInterval,
            1u);
  // 100 actors do not fit 64 one-context units: sharing it is.
  Mapping shared = mapOrFail(findGraph(*big), fabric);
  ASSERT_TRUE(isValidMapping(findGraph(*big), fabric, shared));
  EXPECT_GT(evaluateQuality(findGraph(*big), fabric, shared).sharingInterval,
            1u);
}

/// Without a target the mapper of a time-multiplexed fabric keeps the
/// better of the spatial and the shared mapping: never slower by the
/// quality measure than either, nor than what LOOM_TARGET("temporal")
/// (sharing as the costs decide) gets.
TEST(MapperTest, WithoutTargetKeepsTheFasterOfSpatialAndShared) {
  auto context = makeContext();
  Fabric fabric = loadPreset("cgra-4x4-temporal");
  for (unsigned lanes : {1u, 2u, 4u}) {
    OwningOpRef<ModuleOp> plain = parseModule(*context, makeLaneGraph(lanes));
    OwningOpRef<ModuleOp> temporal =
        parseModule(*context, makeLaneGraph(lanes));
    ASSERT_TRUE(plain && temporal);
    dataflow::GraphOp graph = findGraph(*plain);
    findGraph(*temporal)->setAttr(dataflow::kGraphTargetAttrName,
                                  StringAttr::get(context.get(), "temporal"));
    Mapping chosen = mapOrFail(graph, fabric);
    ASSERT_TRUE(isValidMapping(graph, fabric, chosen));
    MappingQuality quality = evaluateQuality(graph, fabric, chosen);
    Mapping shared = mapOrFail(findGraph(*temporal), fabric);
    EXPECT_TRUE(quality <= evaluateQuality(graph, fabric, shared))
        << lanes << " lanes";
    MapperOptions noSharing;
    noSharing.allowSharing = false;
    llvm::Expected<Mapping> spatial = mapGraph(graph, fabric, noSharing);
    if (!spatial) {
      llvm::consumeError(spatial.takeError());
      continue;
    }
    EXPECT_TRUE(quality <= evaluateQuality(graph, fabric, *spatial))
        << lanes << " lanes";
  }
}

} // namespace
