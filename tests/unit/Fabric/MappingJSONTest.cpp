//===- MappingJSONTest.cpp - configuration JSON and mapping checks --------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "MappingFixtures.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace loom::fabric;
using namespace loom::fabric::testing;

namespace {

/// The error of verifying `mapping` on `fabric`, or "" when it verifies.
std::string verifyError(const Mapping &mapping, const Fabric &fabric) {
  if (Error error = verifyMapping(mapping, fabric, "m.json"))
    return toString(std::move(error));
  return "";
}

/// The error of parsing `json` on `fabric`, or "" when it parses.
std::string parseError(StringRef json, const Fabric &fabric) {
  Expected<Mapping> mapping = parseMappingJSON(json, "m.json", fabric);
  if (mapping)
    return "";
  return toString(mapping.takeError());
}

/// `text` with the one occurrence of `from` replaced by `to`.
std::string replaced(StringRef text, StringRef from, StringRef to) {
  std::string result = text.str();
  size_t at = result.find(from.str());
  EXPECT_NE(at, std::string::npos) << from.str();
  EXPECT_EQ(result.find(from.str(), at + 1), std::string::npos) << from.str();
  if (at != std::string::npos)
    result.replace(at, from.size(), to.str());
  return result;
}

class MappingJSONTest : public ::testing::Test {
protected:
  Fabric fabric = loadPreset("cgra-4x4");
  Mapping mapping = buildVecAddMapping(fabric);
};

TEST_F(MappingJSONTest, HandBuiltMappingVerifies) {
  EXPECT_EQ(verifyError(mapping, fabric), "");
}

TEST_F(MappingJSONTest, RoundTripIsExact) {
  std::string text = toJSON(mapping, fabric);
  Expected<Mapping> parsed = parseMappingJSON(text, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  expectSameMapping(mapping, *parsed);
  EXPECT_FALSE(parsed->fromCache);
  // Writing the parsed mapping gives the same bytes.
  EXPECT_EQ(toJSON(*parsed, fabric), text);
}

TEST_F(MappingJSONTest, WritesReadableFields) {
  std::string text = toJSON(mapping, fabric);
  EXPECT_NE(text.find("\"format\": \"loom-mapping\""), std::string::npos);
  EXPECT_NE(text.find("\"version\": 2"), std::string::npos);
  EXPECT_NE(text.find("\"fabric\": \"cgra-4x4\""), std::string::npos);
  EXPECT_NE(text.find("{\"op\":\"arith.addi\",\"element\":10,\"at\":[2,2],"
                      "\"unit\":0,\"unit_name\":\"alu\"}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("{\"from\":{\"argument\":0},\"to\":{\"actor\":0,"
                      "\"operand\":0},\"links\":[],\"latency\":0,"
                      "\"buffer\":0,\"capacity\":\"unbounded\"}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\"interface_name\":\"mem1\""), std::string::npos);
}

// The operand buffer the mapper configured is written, read back and kept
// in the capacity; a hand-written edge may leave it out (no buffer).
TEST_F(MappingJSONTest, OperandBuffersRoundTrip) {
  // Edge 4 runs from the load at (1, 1) to the add at (2, 2): two links.
  ASSERT_EQ(mapping.edges[4].capacity, 4u);
  mapping.edges[4].buffer = 9;
  mapping.edges[4].capacity = 13;
  ASSERT_EQ(verifyError(mapping, fabric), "");
  std::string text = toJSON(mapping, fabric);
  EXPECT_NE(text.find("\"latency\":2,\"buffer\":9,\"capacity\":13}"),
            std::string::npos)
      << text;
  Expected<Mapping> parsed = parseMappingJSON(text, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  expectSameMapping(mapping, *parsed);
  EXPECT_EQ(toJSON(*parsed, fabric), text);

  std::string withoutBuffer =
      replaced(text, "\"buffer\":9,\"capacity\":13", "\"capacity\":4");
  parsed = parseMappingJSON(withoutBuffer, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  EXPECT_EQ(parsed->edges[4].buffer, 0u);
  EXPECT_EQ(parsed->edges[4].capacity, 4u);
  EXPECT_EQ(parseError(replaced(text, "\"buffer\":9", "\"buffer\":-1"), fabric),
            "m.json: $.edges[4].buffer: expected an integer in [0, "
            "4294967295]");
}

// A buffer beyond the consumer element's operand_buffer_depth (32 in the
// presets), a capacity that leaves the buffer out, a buffer on a boundary
// edge and on a local bypass.
TEST_F(MappingJSONTest, RejectsBadOperandBuffers) {
  ASSERT_EQ(fabric.getElement(2, 2).operandBufferDepth, 32u);
  Mapping bad = mapping;
  bad.edges[4].buffer = 33;
  bad.edges[4].capacity = 4 + 33;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[4].buffer: is 33, but element (2, 2) of actor 3 "
            "buffers at most 32 tokens per operand");
  bad = mapping;
  bad.edges[4].buffer = 3;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[4].capacity: is 4, but the links' FIFOs hold 4 "
            "plus its buffer of 3");
  bad = mapping;
  bad.edges[0].buffer = 1;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[0].buffer: an edge that crosses the graph "
            "boundary has no operand buffer, got 1");
  // Edge 6 is the local bypass from the add to the multiply.
  bad = mapping;
  bad.edges[6].buffer = 5;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[6].capacity: a local bypass holds 2 plus its "
            "buffer of 5, got 2");
  bad.edges[6].capacity = 7;
  EXPECT_EQ(verifyError(bad, fabric), "");
}

TEST_F(MappingJSONTest, EmptyMappingRoundTrips) {
  Mapping empty;
  empty.fabricName = "cgra-4x4";
  std::string text = toJSON(empty, fabric);
  Expected<Mapping> parsed = parseMappingJSON(text, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  expectSameMapping(empty, *parsed);
}

TEST_F(MappingJSONTest, RejectsAnotherFabric) {
  Fabric other = loadPreset("cgra-8x8");
  EXPECT_NE(verifyError(mapping, other)
                .find("m.json: $.fabric: the mapping is for fabric 'cgra-4x4', "
                      "not 'cgra-8x8'"),
            std::string::npos);
}

TEST_F(MappingJSONTest, RejectsBadPlacements) {
  Mapping bad = mapping;
  bad.actors[0].element = 99;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[0].element: element 99 does not exist (the "
            "fabric has 16)");
  bad = mapping;
  bad.actors[1].unit = 40;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[1].unit: unit 40 does not exist in element 5 at "
            "(1, 1) (it has 14 units)");
  bad = mapping;
  bad.actors[3].unit = unitNamed(fabric, 2, 2, "fadd");
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[3].op: unit 'fadd' of element (2, 2) does not "
            "execute arith.addi (class int-alu)");
  bad = mapping;
  bad.actors[5].unit = bad.actors[3].unit;
  bad.actors[5].opName = "arith.subi";
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[5].unit: unit 'alu' of element (2, 2) already "
            "holds actor 3");
  bad = mapping;
  bad.actors[3].opName = "arith.frobnicate";
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[3].op: 'arith.frobnicate' is not a registered "
            "actor operation");
}

TEST_F(MappingJSONTest, RejectsBrokenRoutes) {
  // Edge 2 runs (0, 0) -> (0, 1) -> (0, 2) -> (1, 2).
  ASSERT_EQ(mapping.edges[2].links.size(), 3u);
  Mapping bad = mapping;
  bad.edges[2].links.erase(bad.edges[2].links.begin() + 1);
  EXPECT_EQ(verifyError(bad, fabric),
            formatv("m.json: $.edges[2].links[1]: link {0} leaves switch (0, "
                    "2), but the route is at switch (0, 1)",
                    mapping.edges[2].links[2])
                .str());
  bad = mapping;
  bad.edges[2].links.pop_back();
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[2].links: the route ends at switch (0, 2), but "
            "actor 2 is on element (1, 2)\n"
            "m.json: $.edges[2].latency: is 3, but the links add up to 2\n"
            "m.json: $.edges[2].capacity: is 6, but the links' FIFOs hold 4");
  bad = mapping;
  bad.edges[2].links[0] = 1000;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[2].links[0]: link 1000 does not exist (the fabric "
            "has 52)");
  bad = mapping;
  bad.edges[2].latency = 7;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[2].latency: is 7, but the links add up to 3");
  bad = mapping;
  bad.edges[2].capacity = 1;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[2].capacity: is 1, but the links' FIFOs hold 6");
  // A route into a memory interface: the stream moves to (1, 0), next to
  // mem0, and its first edge takes the interface's request link.
  bad = mapping;
  bad.actors[0].element = elementAt(fabric, 1, 0);
  unsigned mem0 = fabric.getMemoryInterfaces()[0].node;
  bad.edges[1].links = {linkBetween(fabric, elementAt(fabric, 1, 0), mem0)};
  EXPECT_NE(verifyError(bad, fabric)
                .find(formatv("m.json: $.edges[1].links[0]: link {0} leads to "
                              "memory interface 'mem0'; values travel between "
                              "switches",
                              bad.edges[1].links[0])
                          .str()),
            std::string::npos);
}

TEST_F(MappingJSONTest, RejectsBadBypassAndBoundaryEdges) {
  // Edge 6 is the local bypass from the add to the multiply.
  ASSERT_TRUE(mapping.edges[6].links.empty());
  Mapping bad = mapping;
  bad.edges[6].capacity = 5;
  bad.edges[6].latency = 1;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[6].latency: a local bypass has latency 0, got 1\n"
            "m.json: $.edges[6].capacity: a local bypass holds 2, got 5");
  bad = mapping;
  bad.edges[4].links.clear();
  EXPECT_NE(verifyError(bad, fabric)
                .find("m.json: $.edges[4].links: no links, but actor 1 is on "
                      "element (1, 1) and actor 3 on element (2, 2)"),
            std::string::npos);
  bad = mapping;
  bad.edges[0].links = {0};
  bad.edges[0].latency = 1;
  bad.edges[0].capacity = 2;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[0].links: an edge that crosses the graph boundary "
            "has no links\n"
            "m.json: $.edges[0].latency: an edge that crosses the graph "
            "boundary has latency 0, got 1\n"
            "m.json: $.edges[0].capacity: an edge that crosses the graph "
            "boundary has unbounded capacity, got 2");
  bad = mapping;
  bad.edges[1].consumer = 17;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[1].to.actor: actor 17 does not exist (the mapping "
            "has 6)");
  bad = mapping;
  bad.edges[5].operand = 0;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.edges[5].to: operand 0 of actor 3 is already fed by "
            "edge 4");
}

TEST_F(MappingJSONTest, RejectsOversubscribedLinks) {
  // The same fabric with one channel per link: (1, 2) -> (2, 2) carries the
  // values of both loads.
  std::string json = replaced(findPreset("cgra-4x4")->json, "\"channels\": 2",
                              "\"channels\": 1");
  Expected<Fabric> narrow = parseFabric(json, "narrow");
  ASSERT_TRUE(static_cast<bool>(narrow)) << toString(narrow.takeError());
  uint32_t link =
      linkBetween(*narrow, elementAt(*narrow, 1, 2), elementAt(*narrow, 2, 2));
  EXPECT_EQ(verifyError(mapping, *narrow),
            formatv("m.json: $.edges[5].links[0]: link {0} (switch (1, 2) -> "
                    "switch (2, 2)) carries 2 values but has 1 channels",
                    link)
                .str());
}

TEST_F(MappingJSONTest, RejectsBadMemoryBindings) {
  Mapping bad = mapping;
  bad.memories[0].hops = 5;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.memories[0].hops: is 5, but the shortest path from "
            "element (1, 1) to 'mem0' has 2 hops");
  bad = mapping;
  bad.memories[1].routeLatency = 1;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.memories[1].route_latency: is 1, but the shortest path "
            "takes 3 cycles");
  bad = mapping;
  bad.memories[1].interface = 4;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.memories[1].interface: memory interface 4 does not "
            "exist (the fabric has 2)");
  bad = mapping;
  bad.memories[2].actor = 3;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.memories[2].actor: actor 3 (arith.addi) is not a memory "
            "actor\n"
            "m.json: $.memories[2].hops: is 2, but the shortest path from "
            "element (2, 2) to 'mem1' has 3 hops\n"
            "m.json: $.actors[4]: memory actor dataflow.store has no entry in "
            "$.memories");
  bad = mapping;
  std::swap(bad.memories[0], bad.memories[1]);
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.memories[1].actor: bindings are listed in increasing "
            "actor order, one per memory actor");
}

TEST_F(MappingJSONTest, ReportsJSONErrorsWithPaths) {
  std::string text = toJSON(mapping, fabric);
  EXPECT_NE(parseError("{", fabric).find("m.json: $: invalid JSON: "),
            std::string::npos);
  EXPECT_EQ(
      parseError(replaced(text, "\"version\": 2", "\"version\": 7"), fabric),
      "m.json: $.version: unsupported version 7 (this Loom reads "
      "version 2)");
  EXPECT_EQ(
      parseError(replaced(text, "\"loom-mapping\"", "\"loom-fabric\""), fabric),
      "m.json: $.format: expected \"loom-mapping\", got \"loom-fabric\"");
  EXPECT_EQ(parseError(replaced(text, "\"graph\": \"vecadd\"",
                                "\"graph\": \"vecadd\", \"grpah\": 1"),
                       fabric),
            "m.json: $.grpah: unknown key 'grpah'");
  EXPECT_EQ(parseError(replaced(text, "{\"op\":\"arith.addi\",",
                                "{\"op\":\"arith.addi\",\"rot\":1,"),
                       fabric),
            "m.json: $.actors[3].rot: unknown key 'rot'");
  EXPECT_EQ(parseError(replaced(text, "\"element\":10,\"at\":[2,2],\"unit\":0",
                                "\"element\":-1,\"at\":[2,2],\"unit\":0"),
                       fabric),
            "m.json: $.actors[3].element: expected an integer in [0, "
            "4294967295]");
  EXPECT_EQ(
      parseError(replaced(text, "\"unit_name\":\"mul\"", "\"unit_name\":5"),
                 fabric),
      "m.json: $.actors[5].unit_name: expected a string");
  EXPECT_EQ(parseError(replaced(text, "{\"from\":{\"actor\":3,\"result\":0},",
                                "{\"from\":{\"actor\":3},"),
                       fabric),
            "m.json: $.edges[6].from: missing key 'result'");
  EXPECT_EQ(parseError(replaced(text, "\"capacity\":\"unbounded\"}\n",
                                "\"capacity\":\"lots\"}\n"),
                       fabric),
            "m.json: $.edges[8].capacity: expected an integer or "
            "\"unbounded\"");
  EXPECT_EQ(parseError(replaced(text, "\"seconds\":", "\"secs\":"), fabric),
            "m.json: $.stats.secs: unknown key 'secs'\n"
            "m.json: $.stats: missing key 'seconds'");
  EXPECT_EQ(parseError(replaced(text, "\"memories\": [",
                                "\"memories\": 3, "
                                "\"x\": ["),
                       fabric),
            "m.json: $.x: unknown key 'x'\n"
            "m.json: $.memories: expected an array");
}

TEST_F(MappingJSONTest, ChecksReadableFieldsAgainstTheFabric) {
  std::string text = toJSON(mapping, fabric);
  EXPECT_EQ(parseError(replaced(text, "\"at\":[2,2],\"unit\":0",
                                "\"at\":[2,3],\"unit\":0"),
                       fabric),
            "m.json: $.actors[3].at: (2, 3) is not element 10, which is at "
            "(2, 2)");
  EXPECT_EQ(parseError(replaced(text, "\"unit_name\":\"mul\"",
                                "\"unit_name\":\"alu\""),
                       fabric),
            "m.json: $.actors[5].unit_name: unit 3 of element 10 is 'mul', not "
            "'alu'");
  EXPECT_EQ(parseError(replaced(text, "\"interface_name\":\"mem1\"",
                                "\"interface_name\":\"mem9\""),
                       fabric),
            "m.json: $.memories[2].interface_name: memory interface 1 is "
            "'mem1', not 'mem9'");
  // Verification errors of a parsed file carry the same paths.
  std::string edge2 =
      formatv("\"to\":{{\"actor\":2,\"operand\":0},\"links\":["
              "{0}],\"latency\":3",
              join(map_range(mapping.edges[2].links,
                             [](uint32_t l) { return utostr(l); }),
                   ","));
  EXPECT_EQ(
      parseError(replaced(text, edge2, edge2.substr(0, edge2.size() - 1) + "4"),
                 fabric),
      "m.json: $.edges[2].latency: is 4, but the links add up to 3");
}

/// On a time-multiplexed cgra-4x4 (4 contexts per element, mesh links of
/// 2 channels x 1 context), a unit holds several actors.
class MappingContextsTest : public ::testing::Test {
protected:
  Fabric fabric = loadTimeMultiplexedPreset(4, 2, 1);
  Mapping mapping = buildSharedUnitMapping(fabric);
};

TEST_F(MappingContextsTest, SharedUnitVerifiesAndRoundTrips) {
  EXPECT_EQ(verifyError(mapping, fabric), "");
  std::string text = toJSON(mapping, fabric);
  // Every actor of a time-multiplexed element has its context written.
  EXPECT_NE(text.find("{\"op\":\"arith.subi\",\"element\":10,\"at\":[2,2],"
                      "\"unit\":0,\"context\":2,\"unit_name\":\"alu\"}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("{\"op\":\"arith.addi\",\"element\":10,\"at\":[2,2],"
                      "\"unit\":0,\"context\":0,\"unit_name\":\"alu\"}"),
            std::string::npos)
      << text;
  Expected<Mapping> parsed = parseMappingJSON(text, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  expectSameMapping(mapping, *parsed);
  EXPECT_EQ(parsed->actors[6].context, 2u);
  EXPECT_EQ(toJSON(*parsed, fabric), text);
  // A hand-written configuration may leave a context out: it is 0.
  std::string load = "\"element\":5,\"at\":[1,1],\"unit\":9,";
  std::string handWritten = replaced(text, load + "\"context\":0,", load);
  parsed = parseMappingJSON(handWritten, "m.json", fabric);
  ASSERT_TRUE(static_cast<bool>(parsed)) << toString(parsed.takeError());
  EXPECT_EQ(parsed->actors[1].context, 0u);
  EXPECT_EQ(toJSON(*parsed, fabric), text);
}

// A spatial mapping's configuration has no contexts: it reads as before.
TEST_F(MappingContextsTest, SpatialConfigurationHasNoContexts) {
  Fabric spatial = loadPreset("cgra-4x4");
  EXPECT_EQ(toJSON(buildVecAddMapping(spatial), spatial).find("\"context\""),
            std::string::npos);
}

TEST_F(MappingContextsTest, RejectsContextsTakenTwiceOrOutOfRange) {
  Mapping bad = mapping;
  bad.actors[6].context = 0;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[6].context: unit 'alu' of element (2, 2) context "
            "0 already holds actor 3");
  bad.actors[6].context = 4;
  EXPECT_EQ(verifyError(bad, fabric),
            "m.json: $.actors[6].context: context 4 is out of range: element "
            "(2, 2) has 4 contexts");
  // On a spatial element the one context is 0, and a unit holds one actor.
  Fabric spatial = loadPreset("cgra-4x4");
  EXPECT_EQ(verifyError(mapping, spatial),
            "m.json: $.actors[6].context: context 2 is out of range: element "
            "(2, 2) has 1 context");
  bad = mapping;
  bad.actors[6].context = 0;
  EXPECT_EQ(verifyError(bad, spatial),
            "m.json: $.actors[6].unit: unit 'alu' of element (2, 2) already "
            "holds actor 3");
  EXPECT_EQ(parseError(replaced(toJSON(mapping, fabric), "\"context\":2",
                                "\"context\":-2"),
                       fabric),
            "m.json: $.actors[6].context: expected an integer in [0, "
            "4294967295]");
}

// A link of 1 channel x 2 contexts carries two values, not three.
TEST_F(MappingContextsTest, TimeSharedLinksCarryChannelsTimesContexts) {
  Fabric shared = loadTimeMultiplexedPreset(4, 1, 2);
  EXPECT_EQ(verifyError(mapping, shared), "");
  // A third value over (1, 2) -> (2, 2): an add at (1, 1) feeding the
  // multiply's second operand.
  Mapping bad = mapping;
  bad.actors.push_back(
      {"arith.addi", elementAt(shared, 1, 1), unitNamed(shared, 1, 1, "alu")});
  bad.edges.push_back(routeEdge(shared, bad, 7, 0, 5, 1));
  uint32_t link =
      linkBetween(shared, elementAt(shared, 1, 2), elementAt(shared, 2, 2));
  EXPECT_EQ(verifyError(bad, shared),
            formatv("m.json: $.edges[{0}].links[1]: link {1} (switch (1, 2) -> "
                    "switch (2, 2)) carries 3 values but has 1 channels x 2 "
                    "contexts",
                    bad.edges.size() - 1, link)
                .str());
}

TEST_F(MappingJSONTest, ReadsTheFabricName) {
  Expected<std::string> name =
      readMappingFabricName(toJSON(mapping, fabric), "m.json");
  ASSERT_TRUE(static_cast<bool>(name)) << toString(name.takeError());
  EXPECT_EQ(*name, "cgra-4x4");
  Expected<std::string> missing = readMappingFabricName("{}", "m.json");
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_EQ(toString(missing.takeError()),
            "m.json: $.fabric: expected the fabric's name");
}

} // namespace
