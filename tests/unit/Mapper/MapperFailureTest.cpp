//===- MapperFailureTest.cpp - graphs that cannot be mapped ---------------===//
//
// Part of the Loom project.
//
// Each failure names what could not be placed or routed and why.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace loom;
using namespace loom::fabric;
using namespace loom::mapper;
using namespace loom::mapper::testing;

namespace {

/// The mapper's message for `text` on `fabric`, or "" when it maps.
std::string failureOf(StringRef text, const Fabric &fabric,
                      const MapperOptions &options = {}) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, text);
  if (!module)
    return "parse error";
  llvm::Expected<Mapping> mapping =
      mapGraph(findGraph(*module), fabric, options);
  if (mapping)
    return "";
  return llvm::toString(mapping.takeError());
}

/// A graph of `count` copies of `line` ({0} is the copy's number) returning
/// %start.
std::string repeatGraph(StringRef prologue, StringRef line, unsigned count) {
  std::string text =
      "dataflow.graph private @g(%start: none) " + prologue.str() + " {\n";
  for (unsigned i = 0; i < count; ++i)
    text += llvm::formatv(line.data(), i).str() + "\n";
  return text + "  dataflow.graph.return complete(%start)\n}\n";
}

TEST(MapperFailureTest, TooManyMemoryActorsFor4x4) {
  std::string text = repeatGraph(
      "values(%i: index) memories(%A: memref<?xi32>)",
      "  %v{0}, %d{0} = dataflow.load %A[%i] %start : memref<?xi32>", 17);
  EXPECT_EQ(failureOf(text, loadPreset("cgra-4x4")),
            "graph @g has 17 memory actors but cgra-4x4 has 16 memory units");
  EXPECT_EQ(failureOf(repeatGraph("values(%i: index) memories(%A: "
                                  "memref<?xi32>)",
                                  "  %v{0}, %d{0} = dataflow.load %A[%i] "
                                  "%start : memref<?xi32>",
                                  16),
                      loadPreset("cgra-4x4")),
            "");
}

TEST(MapperFailureTest, ClassesSharingTheAluOutnumberIt) {
  // 9 comparisons and 8 adds each fit the 16 ALUs of cgra-4x4 alone;
  // together they need 17.
  std::string text =
      "dataflow.graph private @alus(%start: none) values(%x: i32) {\n";
  for (unsigned i = 0; i < 9; ++i)
    text += llvm::formatv("  %c{0} = arith.cmpi slt, %x, %x : i32\n", i).str();
  for (unsigned i = 0; i < 8; ++i)
    text += llvm::formatv("  %a{0} = arith.addi %x, %x : i32\n", i).str();
  text += "  dataflow.graph.return complete(%start)\n}\n";
  EXPECT_EQ(failureOf(text, loadPreset("cgra-4x4")),
            "graph @alus has 17 actors of classes that share units (int-alu "
            "8, compare-select 9) but cgra-4x4 has 16 units executing them");
  EXPECT_EQ(failureOf(text, loadPreset("cgra-8x8")), "");
}

TEST(MapperFailureTest, MoreFloatActorsThanHeteroFloatUnits) {
  // cgra-8x8-hetero has float-add units in columns 0, 1, 6 and 7 only.
  std::string text =
      repeatGraph("values(%x: f32)", "  %y{0} = arith.addf %x, %x : f32", 33);
  EXPECT_EQ(failureOf(text, loadPreset("cgra-8x8-hetero")),
            "graph @g has 33 float-add actors but cgra-8x8-hetero has 32 "
            "float-add units");
  EXPECT_EQ(failureOf(text, loadPreset("cgra-8x8")), "");
}

/// A 1x2 fabric: element (0, 0) has everything but a multiplier, element
/// (0, 1) only a multiplier; one channel per link. `extra` adds unit types.
std::string twoElementFabric(StringRef name) {
  return llvm::formatv(R"json({{
  "version": 1, "name": "{0}", "clock_mhz": 100,
  "grid": {{"rows": 1, "cols": 2},
  "unit_types": [
    {{"name": "alu", "classes": ["int-alu", "compare-select", "steer", "constant"]},
    {{"name": "mul", "classes": ["int-mul"]},
    {{"name": "lsu", "classes": ["memory"]},
    {{"name": "stream", "classes": ["stream"]},
    {{"name": "carry", "classes": ["carry"]},
    {{"name": "invariant", "classes": ["invariant"]},
    {{"name": "gate", "classes": ["gate"]}
  ],
  "default_units": ["alu", "alu", "lsu", "stream", "carry", "invariant", "gate"],
  "elements": [{{"at": [0, 1], "units": ["mul"]}],
  "network": {{"topology": "mesh", "channels": 1},
  "memory_interfaces": [{{"name": "mem0", "at": [0, 0], "latency": 1}]
})json",
                       name)
      .str();
}

TEST(MapperFailureTest, UnsupportedClassOnCustomFabric) {
  Fabric fabric = parseFabricJson(twoElementFabric("tiny"));
  std::string text =
      repeatGraph("values(%x: f32)", "  %y{0} = arith.divf %x, %x : f32", 1);
  EXPECT_EQ(failureOf(text, fabric),
            "no function unit on tiny supports arith.divf (class float-div)");
}

TEST(MapperFailureTest, CongestedLinkAfterTheLastRound) {
  // Both constants must sit on (0, 0) and the product on (0, 1): two values
  // need the one-channel link between them.
  Fabric fabric = parseFabricJson(twoElementFabric("two"));
  StringRef text = R"mlir(
    dataflow.graph private @pair(%start: none) -> values(i32) {
      %c1 = dataflow.constant %start {value = 1 : i32} : i32
      %c2 = dataflow.constant %start {value = 2 : i32} : i32
      %m = arith.muli %c1, %c2 : i32
      dataflow.graph.return %start, %m : none, i32
    })mlir";
  MapperOptions options;
  options.maxRoutingIterations = 5;
  std::string message = failureOf(text, fabric, options);
  EXPECT_NE(message.find("cannot route graph @pair on two: after 5 rounds "
                         "the most congested link"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("(0, 0) -> (0, 1) carries 2 values on 1 channels: "),
            std::string::npos)
      << message;
}

TEST(MapperFailureTest, TimeBudgetRunsOut) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(*context, makeLaneGraph(4));
  ASSERT_TRUE(module);
  MapperOptions options;
  options.timeBudgetSeconds = 0;
  llvm::Expected<Mapping> mapping =
      mapGraph(findGraph(*module), loadPreset("cgra-8x8"), options);
  ASSERT_FALSE(bool(mapping));
  EXPECT_EQ(llvm::toString(mapping.takeError()),
            "mapping graph @lanes on cgra-8x8 ran out of its time budget of 0 "
            "s during placement");
}

} // namespace
