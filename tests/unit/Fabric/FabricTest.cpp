//===- FabricTest.cpp - the fabric model and its validation ---------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace llvm;
using namespace loom::fabric;

namespace {

// A small valid fabric; each error test changes one thing in it.
constexpr StringLiteral kBase = R"({
  "version": 1,
  "name": "tiny",
  "clock_mhz": 250,
  "grid": {"rows": 2, "cols": 3},
  "unit_types": [
    {"name": "alu", "classes": ["int-alu", "compare-select", "steer", "constant"]},
    {"name": "fpu", "classes": ["float-add", "float-mul"], "latency": 4, "ii": 2},
    {"name": "lsu", "classes": ["memory"]},
    {"name": "stream", "classes": ["stream"]},
    {"name": "carry", "classes": ["carry"]},
    {"name": "invariant", "classes": ["invariant"]},
    {"name": "gate", "classes": ["gate"]}
  ],
  "default_units": ["alu", "lsu", "stream", "carry", "invariant", "gate"],
  "elements": [
    {"at": [1, 2], "units": ["alu", "alu", {"type": "fpu", "latency": 6}]}
  ],
  "network": {"channels": 2, "hop_latency": 1, "fifo_depth": 3,
              "links": [{"from": [0, 0], "to": [0, 1], "fifo_depth": 8}]},
  "memory_interfaces": [
    {"name": "mem0", "at": [0, 0], "load_ports": 2, "store_ports": 1,
     "latency": 5, "requests_per_cycle": 2, "banks": 4}
  ]
})";

/// `text` with the one occurrence of `from` replaced by `to`.
std::string edited(std::string text, StringRef from, StringRef to) {
  size_t at = text.find(from.str());
  EXPECT_NE(at, std::string::npos) << from.str();
  EXPECT_EQ(text.find(from.str(), at + 1), std::string::npos) << from.str();
  if (at != std::string::npos)
    text.replace(at, from.size(), to.str());
  return text;
}

/// kBase with the one occurrence of `from` replaced by `to`.
std::string replaced(StringRef from, StringRef to) {
  return edited(kBase.str(), from, to);
}

/// The presets with function units of every class in every element, and
/// one context: the spatial ones (the temporal presets are checked apart).
constexpr StringLiteral kSpatialPresets[] = {"cgra-4x4", "cgra-8x8",
                                             "cgra-8x8-hetero"};

/// The error message of parsing `json`, or "" when it parses.
std::string errorOf(StringRef json) {
  Expected<Fabric> fabric = parseFabric(json, "test.json");
  if (fabric)
    return "";
  return toString(fabric.takeError());
}

TEST(FabricTest, BuildsTheModel) {
  Expected<Fabric> fabric = parseFabric(kBase, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  EXPECT_EQ(fabric->getName(), "tiny");
  EXPECT_EQ(fabric->getVersion(), 1u);
  EXPECT_EQ(fabric->getClockMHz(), 250.0);
  EXPECT_EQ(fabric->getRows(), 2u);
  EXPECT_EQ(fabric->getCols(), 3u);
  ASSERT_EQ(fabric->getElements().size(), 6u);

  const ProcessingElement &plain = fabric->getElement(0, 1);
  EXPECT_EQ(plain.switchNode, 1u);
  ASSERT_EQ(plain.units.size(), 6u);
  EXPECT_EQ(plain.units[0].name, "alu");
  EXPECT_TRUE(plain.units[0].supports(OperationClass::Steer));
  EXPECT_FALSE(plain.units[0].supports(OperationClass::FloatAdd));

  // The override replaces the default units; repeated types get suffixes
  // and per-element latency overrides keep the type's other values.
  const ProcessingElement &special = fabric->getElement(1, 2);
  ASSERT_EQ(special.units.size(), 3u);
  EXPECT_EQ(special.units[0].name, "alu");
  EXPECT_EQ(special.units[1].name, "alu.1");
  EXPECT_EQ(special.units[2].type, "fpu");
  EXPECT_EQ(special.units[2].latency, 6u);
  EXPECT_EQ(special.units[2].initiationInterval, 2u);
  EXPECT_EQ(fabric->countUnits(OperationClass::FloatMul), 1u);
  EXPECT_EQ(fabric->countUnits(OperationClass::IntAlu), 7u);
  EXPECT_TRUE(fabric->supportsOperation("arith.mulf"));
  EXPECT_FALSE(fabric->supportsOperation("arith.divf"));
  EXPECT_FALSE(fabric->supportsOperation("not.an.op"));
}

// The top-level operand_buffer_depth equips every element; an override may
// set the depth alone (keeping the default units) or with units.
TEST(FabricTest, OperandBufferDepthDefaultsAndOverrides) {
  Expected<Fabric> plain = parseFabric(kBase, "test.json");
  ASSERT_TRUE(static_cast<bool>(plain)) << toString(plain.takeError());
  for (const ProcessingElement &element : plain->getElements())
    EXPECT_EQ(element.operandBufferDepth, 0u);

  std::string text =
      replaced(R"({"at": [1, 2], )",
               R"({"rows": [0, 0], "cols": [1, 2], "operand_buffer_depth": 4},
         {"at": [1, 2], "operand_buffer_depth": 256, )");
  // replaced() edits kBase; the second edit goes into the first's text.
  size_t at = text.find(R"("default_units")");
  ASSERT_NE(at, std::string::npos);
  text.insert(at, R"("operand_buffer_depth": 32, )");
  Expected<Fabric> fabric = parseFabric(text, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  EXPECT_EQ(fabric->getElement(0, 0).operandBufferDepth, 32u);
  EXPECT_EQ(fabric->getElement(1, 1).operandBufferDepth, 32u);
  EXPECT_EQ(fabric->getElement(0, 1).operandBufferDepth, 4u);
  EXPECT_EQ(fabric->getElement(0, 2).operandBufferDepth, 4u);
  EXPECT_EQ(fabric->getElement(0, 2).units.size(), 6u);
  EXPECT_EQ(fabric->getElement(1, 2).operandBufferDepth, 256u);
  EXPECT_EQ(fabric->getElement(1, 2).units.size(), 3u);
  for (StringRef preset : kSpatialPresets) {
    Expected<Fabric> presetFabric = loadFabric(preset);
    ASSERT_TRUE(static_cast<bool>(presetFabric));
    for (const ProcessingElement &element : presetFabric->getElements())
      EXPECT_EQ(element.operandBufferDepth, 32u) << preset.str();
  }
}

/// `json` with `text` inserted before the first occurrence of `before`.
std::string inserted(std::string json, StringRef before, StringRef text) {
  size_t at = json.find(before.str());
  EXPECT_NE(at, std::string::npos) << before.str();
  if (at != std::string::npos)
    json.insert(at, text.str());
  return json;
}

// Every element and link has one context unless the fabric says otherwise:
// kBase and the spatial presets have one everywhere.
TEST(FabricTest, ContextsDefaultToOne) {
  Expected<Fabric> fabric = parseFabric(kBase, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  for (const ProcessingElement &element : fabric->getElements())
    EXPECT_EQ(element.contexts, 1u);
  for (const Link &link : fabric->getLinks()) {
    EXPECT_EQ(link.contexts, 1u);
    EXPECT_EQ(link.getCapacity(), link.channels);
  }
  EXPECT_FALSE(fabric->isTimeMultiplexed());
  for (StringRef preset : kSpatialPresets) {
    Expected<Fabric> presetFabric = loadFabric(preset);
    ASSERT_TRUE(static_cast<bool>(presetFabric));
    EXPECT_FALSE(presetFabric->isTimeMultiplexed()) << preset.str();
  }
}

// The top-level contexts equip every element; an entry may set contexts
// alone (keeping the default units and depth) or with units; the network's
// contexts equip every mesh link and a link override changes one direction.
TEST(FabricTest, ContextsOfElementsAndLinks) {
  std::string text = replaced(
      R"({"at": [1, 2], )",
      R"({"at": [0, 1], "contexts": 2}, {"at": [1, 2], "contexts": 64, )");
  text = inserted(text, R"("default_units")",
                  R"("contexts": 8, "operand_buffer_depth": 3, )");
  text = inserted(text, R"("links": [)", R"("contexts": 4, )");
  text = inserted(text, R"("fifo_depth": 8})", R"("contexts": 16, )");
  Expected<Fabric> fabric = parseFabric(text, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  EXPECT_TRUE(fabric->isTimeMultiplexed());
  EXPECT_EQ(fabric->getElement(0, 0).contexts, 8u);
  EXPECT_EQ(fabric->getElement(1, 1).contexts, 8u);
  EXPECT_EQ(fabric->getElement(0, 1).contexts, 2u);
  EXPECT_EQ(fabric->getElement(0, 1).units.size(), 6u);
  EXPECT_EQ(fabric->getElement(0, 1).operandBufferDepth, 3u);
  EXPECT_EQ(fabric->getElement(1, 2).contexts, 64u);
  EXPECT_EQ(fabric->getElement(1, 2).units.size(), 3u);
  for (const Link &link : fabric->getLinks()) {
    bool memory = link.from == 6 || link.to == 6;
    // (0, 0) -> (0, 1) is overridden; the way back keeps the default.
    unsigned expected = memory ? 1 : link.from == 0 && link.to == 1 ? 16 : 4;
    EXPECT_EQ(link.contexts, expected) << link.from << " -> " << link.to;
    EXPECT_EQ(link.getCapacity(), link.channels * expected);
  }

  // Contexts on links alone make a fabric time-multiplexed too.
  Expected<Fabric> links = parseFabric(
      inserted(kBase.str(), R"("links": [)", R"("contexts": 2, )"), "t.json");
  ASSERT_TRUE(static_cast<bool>(links)) << toString(links.takeError());
  EXPECT_TRUE(links->isTimeMultiplexed());
  EXPECT_EQ(links->getElement(0, 0).contexts, 1u);
}

// On an element with more than one context a unit may combine state
// machines with each other and with any class; on a spatial element it may
// not, and the error points at what gave the element its one context.
TEST(FabricTest, StateMachinesShareUnitsOnlyWithContexts) {
  std::string mixed = replaced(R"(["carry"])", R"(["carry", "int-alu"])");
  EXPECT_EQ(errorOf(mixed),
            "test.json: $.unit_types[4].classes: 'carry' is a dedicated state "
            "machine and cannot share a unit with another class unless its "
            "element has contexts > 1 (elements (0, 0) and 4 more have 1)");
  std::string temporal =
      inserted(mixed, R"("default_units")", R"("contexts": 2, )");
  Expected<Fabric> fabric = parseFabric(temporal, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  EXPECT_TRUE(
      fabric->getElement(0, 0).units[3].supports(OperationClass::Carry));
  EXPECT_TRUE(
      fabric->getElement(0, 0).units[3].supports(OperationClass::IntAlu));
  // An entry that gives some of those elements one context is named.
  EXPECT_EQ(errorOf(inserted(temporal, R"({"at": [1, 2], )",
                             R"({"rows": [0, 0], "contexts": 1}, )")),
            "test.json: $.elements[0]: unit type 'carry': 'carry' is a "
            "dedicated state machine and cannot share a unit with another "
            "class unless its element has contexts > 1 (elements (0, 0) and "
            "2 more have 1)");

  // State machines with each other, in a type used by one entry only.
  std::string loop = replaced(R"({"name": "gate", "classes": ["gate"]})",
                              R"({"name": "gate", "classes": ["gate"]},
    {"name": "loop", "classes": ["stream", "carry", "gate"]})");
  std::string withLoop = edited(loop, R"("units": ["alu", "alu", )",
                                R"("units": ["loop", "alu", )");
  EXPECT_EQ(errorOf(withLoop),
            "test.json: $.elements[0]: unit type 'loop': 'stream' is a "
            "dedicated state machine and cannot share a unit with another "
            "class unless its element has contexts > 1 (element (1, 2) has "
            "1)");
  EXPECT_EQ(errorOf(edited(withLoop, R"({"at": [1, 2], )",
                           R"({"at": [1, 2], "contexts": 3, )")),
            "");
  // Invalid contexts are reported alone, not as units they do not allow.
  EXPECT_EQ(
      errorOf(inserted(mixed, R"("default_units")", R"("contexts": 0, )")),
      "test.json: $.contexts: must be at least 1, got 0");
  // A type no element uses has no unit to check.
  EXPECT_EQ(errorOf(loop), "");
}

TEST(FabricTest, BuildsTheSwitchGraph) {
  Expected<Fabric> fabric = parseFabric(kBase, "test.json");
  ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
  // 2x3 mesh: 7 neighbour pairs, two directions each, plus one memory
  // interface joined both ways to element (0, 0).
  ASSERT_EQ(fabric->getNodes().size(), 7u);
  EXPECT_EQ(fabric->getLinks().size(), 16u);
  const SwitchNode &memoryNode = fabric->getNodes()[6];
  EXPECT_EQ(memoryNode.kind, SwitchNode::Kind::MemoryPort);
  EXPECT_EQ(memoryNode.memoryInterface, 0);
  const MemoryInterface &memory = fabric->getMemoryInterfaces()[0];
  EXPECT_EQ(memory.node, 6u);
  EXPECT_EQ(memory.loadPorts, 2u);
  EXPECT_EQ(memory.storePorts, 1u);
  EXPECT_EQ(memory.latency, 5u);
  EXPECT_EQ(memory.requestsPerCycle, 2u);
  EXPECT_EQ(memory.banks, 4u);

  bool sawOverride = false, sawReverse = false;
  for (unsigned index : fabric->getOutgoingLinks(0)) {
    const Link &link = fabric->getLinks()[index];
    EXPECT_EQ(link.from, 0u);
    EXPECT_EQ(link.channels, link.to == 6 ? 3u : 2u);
    if (link.to == 1) {
      sawOverride = true;
      EXPECT_EQ(link.fifoDepth, 8u);
    }
  }
  for (unsigned index : fabric->getOutgoingLinks(1)) {
    const Link &link = fabric->getLinks()[index];
    if (link.to == 0) {
      sawReverse = true;
      // Overrides are directed: the way back keeps the network default.
      EXPECT_EQ(link.fifoDepth, 3u);
    }
  }
  EXPECT_TRUE(sawOverride);
  EXPECT_TRUE(sawReverse);
  // Every link's end points exist and are mesh neighbours or memory.
  for (const Link &link : fabric->getLinks()) {
    ASSERT_LT(link.from, fabric->getNodes().size());
    ASSERT_LT(link.to, fabric->getNodes().size());
  }
}

TEST(FabricTest, PresetsValidate) {
  ASSERT_EQ(getPresets().size(), 5u);
  for (const Preset &preset : getPresets()) {
    Expected<Fabric> fabric = loadFabric(preset.name);
    ASSERT_TRUE(static_cast<bool>(fabric)) << toString(fabric.takeError());
    EXPECT_EQ(fabric->getName(), preset.name);
    EXPECT_FALSE(preset.description.empty());
  }
  ASSERT_NE(findPreset(kDefaultPreset), nullptr);
  Expected<Fabric> hetero = loadFabric("cgra-8x8-hetero");
  ASSERT_TRUE(static_cast<bool>(hetero));
  EXPECT_TRUE(hetero->getElement(3, 0).units.size() >
              hetero->getElement(3, 3).units.size());
  EXPECT_EQ(hetero->countUnits(OperationClass::FloatAdd), 32u);
  EXPECT_EQ(hetero->countUnits(OperationClass::IntAlu), 64u);
}

TEST(FabricTest, ResolvesLoomFabric) {
  unsetenv("LOOM_FABRIC");
  Expected<Fabric> fallback = resolveFabricFromEnvironment();
  ASSERT_TRUE(static_cast<bool>(fallback));
  EXPECT_EQ(fallback->getName(), "cgra-8x8");

  setenv("LOOM_FABRIC", "cgra-4x4", 1);
  Expected<Fabric> preset = resolveFabricFromEnvironment();
  ASSERT_TRUE(static_cast<bool>(preset));
  EXPECT_EQ(preset->getRows(), 4u);

  std::string path = testing::TempDir() + "loom-fabric-test.json";
  {
    FILE *file = fopen(path.c_str(), "w");
    ASSERT_NE(file, nullptr);
    fwrite(kBase.data(), 1, kBase.size(), file);
    fclose(file);
  }
  setenv("LOOM_FABRIC", path.c_str(), 1);
  Expected<Fabric> fromFile = resolveFabricFromEnvironment();
  ASSERT_TRUE(static_cast<bool>(fromFile)) << toString(fromFile.takeError());
  EXPECT_EQ(fromFile->getName(), "tiny");

  setenv("LOOM_FABRIC", "cgra-9x9", 1);
  Expected<Fabric> missing = resolveFabricFromEnvironment();
  ASSERT_FALSE(static_cast<bool>(missing));
  std::string message = toString(missing.takeError());
  EXPECT_NE(message.find("LOOM_FABRIC='cgra-9x9'"), std::string::npos)
      << message;
  EXPECT_NE(message.find("cgra-4x4, cgra-8x8-hetero, cgra-8x8"),
            std::string::npos)
      << message;
  unsetenv("LOOM_FABRIC");
}

struct ErrorCase {
  const char *name;
  const char *from;
  const char *to;
  const char *expected;
};

class FabricErrorTest : public testing::TestWithParam<ErrorCase> {};

TEST_P(FabricErrorTest, ReportsPathAndProblem) {
  const ErrorCase &c = GetParam();
  std::string message = errorOf(replaced(c.from, c.to));
  EXPECT_NE(message.find(std::string("test.json: ") + c.expected),
            std::string::npos)
      << "got: " << message;
}

const ErrorCase kErrorCases[] = {
    {"InvalidJson", R"("grid")", "grid", "$: invalid JSON"},
    {"UnsupportedVersion", R"("version": 1)", R"("version": 2)",
     "$.version: unsupported version 2 (this Loom reads version 1)"},
    {"MissingVersion", R"("version": 1,)", "", "$: missing key 'version'"},
    {"UnknownTopLevelKey", R"("clock_mhz")", R"("clock_mhx": 1, "clock_mhz")",
     "$.clock_mhx: unknown key 'clock_mhx' (did you mean 'clock_mhz'?)"},
    {"UnknownNestedKey", R"("hop_latency")", R"("hop_latncy")",
     "$.network.hop_latncy: unknown key 'hop_latncy' (did you mean "
     "'hop_latency'?)"},
    {"BadClock", R"("clock_mhz": 250)", R"("clock_mhz": 0)",
     "$.clock_mhz: expected a positive number of MHz"},
    {"NotAnInteger", R"("rows": 2)", R"("rows": "two")",
     "$.grid.rows: expected an integer"},
    {"EmptyGrid", R"("cols": 3)", R"("cols": 0)",
     "$.grid.cols: must be at least 1, got 0"},
    {"UnknownClass", R"("float-mul")", R"("float-mull")",
     "$.unit_types[1].classes[1]: unknown operation class 'float-mull' (did "
     "you mean 'float-mul'?)"},
    {"DuplicateClass", R"(["memory"])", R"(["memory", "memory"])",
     "$.unit_types[2].classes[1]: duplicate class 'memory'"},
    {"NegativeLatency", R"("latency": 4)", R"("latency": -1)",
     "$.unit_types[1].latency: must not be negative, got -1"},
    {"NegativeElementLatency", R"("latency": 6)", R"("latency": -6)",
     "$.elements[0].units[2].latency: must not be negative, got -6"},
    {"ZeroInitiationInterval", R"("ii": 2)", R"("ii": 0)",
     "$.unit_types[1].ii: must be at least 1, got 0"},
    {"StateMachineShared", R"(["carry"])", R"(["carry", "int-alu"])",
     "$.unit_types[4].classes: 'carry' is a dedicated state machine and "
     "cannot share a unit with another class unless its element has "
     "contexts > 1"},
    {"DuplicateUnitType", R"("name": "fpu")", R"("name": "alu")",
     "$.unit_types[1].name: duplicate unit type name 'alu' (first defined at "
     "$.unit_types[0])"},
    {"UnknownUnitType", R"("alu", "lsu")", R"("aluu", "lsu")",
     "$.default_units[0]: unknown unit type 'aluu' (did you mean 'alu'?)"},
    {"ElementOutsideGrid", R"("at": [1, 2])", R"("at": [2, 2])",
     "$.elements[0].at: (2, 2) is outside the 2x3 grid"},
    {"ElementSpanOutsideGrid", R"("at": [1, 2])", R"("cols": [1, 3])",
     "$.elements[0].cols: columns 1..3 exceed the grid's 3 columns"},
    {"OverlappingElements", R"({"at": [1, 2], )",
     R"({"rows": [1, 1], "units": ["alu"]}, {"at": [1, 2], )",
     "$.elements[1]: element (1, 2) is already set by $.elements[0]"},
    {"MemoryOutsideGrid", R"("at": [0, 0])", R"("at": [0, 3])",
     "$.memory_interfaces[0].at: (0, 3) is outside the 2x3 grid"},
    {"DuplicateMemoryName", R"("banks": 4})",
     R"("banks": 4}, {"name": "mem0", "at": [1, 0], "latency": 1})",
     "$.memory_interfaces[1].name: duplicate memory interface name 'mem0'"},
    {"MemoryWithoutPorts", R"("load_ports": 2, "store_ports": 1)",
     R"("load_ports": 0, "store_ports": 0)",
     "$.memory_interfaces[0]: an interface needs at least one load or store "
     "port"},
    {"EmptyClasses", R"(["memory"])", "[]",
     "$.unit_types[2].classes: a unit needs at least one class"},
    {"ClassesNotAnArray", R"(["memory"])", R"("memory")",
     "$.unit_types[2].classes: expected an array"},
    {"MissingUnitTypeName", R"("name": "fpu", )", "",
     "$.unit_types[1].name: expected a non-empty string"},
    {"GridTooLarge", R"("rows": 2)", R"("rows": 65)",
     "$.grid.rows: at most 64 supported, got 65"},
    {"GridNotAnObject", R"("grid": {"rows": 2, "cols": 3})",
     R"("grid": [2, 3])", "$.grid: expected an object"},
    {"ValueTooLarge", R"("latency": 5,)", R"("latency": 2000000,)",
     "$.memory_interfaces[0].latency: 2000000 is too large (at most "
     "1048576)"},
    {"AtAndSpan", R"({"at": [1, 2], )", R"({"at": [1, 2], "rows": [0, 1], )",
     "$.elements[0]: give either 'at' or 'rows'/'cols', not both"},
    {"ReversedSpan", R"("at": [1, 2])", R"("rows": [1, 0])",
     "$.elements[0].rows: expected [first, last] with 0 <= first <= last"},
    {"MissingUnits", R"("units": ["alu", "alu")", R"("unitz": ["alu", "alu")",
     "$.elements[0]: missing key 'units'"},
    {"BadCoordinate", R"("at": [0, 0])", R"("at": [0])",
     "$.memory_interfaces[0].at: expected [row, col] with non-negative "
     "integers"},
    {"DuplicateLinkOverride", R"("fifo_depth": 8})",
     R"("fifo_depth": 8}, {"from": [0, 0], "to": [0, 1]})",
     "$.network.links[1]: duplicate override of the link, first at "
     "$.network.links[0]"},
    {"PrimitiveWithoutPlace", R"("invariant", "gate"])", R"("invariant"])",
     "$: no function unit executes class 'gate' (dataflow.gate)"},
    {"LinkNotNeighbours", R"("to": [0, 1])", R"("to": [1, 1])",
     "$.network.links[0]: (0, 0) and (1, 1) are not mesh neighbours"},
    {"UnsupportedTopology", R"("channels": 2,)",
     R"("topology": "torus", "channels": 2,)",
     "$.network.topology: unsupported topology 'torus' (supported: mesh)"},
    {"ZeroFifoDepth", R"("fifo_depth": 3)", R"("fifo_depth": 0)",
     "$.network.fifo_depth: must be at least 1, got 0"},
    {"NegativeOperandBufferDepth", R"("default_units")",
     R"("operand_buffer_depth": -1, "default_units")",
     "$.operand_buffer_depth: must not be negative, got -1"},
    {"OperandBufferDepthTooLarge", R"({"at": [1, 2], )",
     R"({"at": [1, 2], "operand_buffer_depth": 257, )",
     "$.elements[0].operand_buffer_depth: 257 is too large (at most 256)"},
    {"OperandBufferDepthNotAnInteger", R"("default_units")",
     R"("operand_buffer_depth": "deep", "default_units")",
     "$.operand_buffer_depth: expected an integer"},
    {"ZeroContexts", R"("default_units")", R"("contexts": 0, "default_units")",
     "$.contexts: must be at least 1, got 0"},
    {"ContextsNotAnInteger", R"("default_units")",
     R"("contexts": 2.5, "default_units")", "$.contexts: expected an integer"},
    {"ElementContextsTooLarge", R"({"at": [1, 2], )",
     R"({"at": [1, 2], "contexts": 65, )",
     "$.elements[0].contexts: 65 is too large (at most 64)"},
    {"ElementContextsZero", R"({"at": [1, 2], )",
     R"({"at": [0, 0], "contexts": 2}, {"at": [1, 2], "contexts": 0, )",
     "$.elements[1].contexts: must be at least 1, got 0"},
    {"ElementContextsMisspelt", R"({"at": [1, 2], )",
     R"({"at": [1, 2], "context": 2, )",
     "$.elements[0].context: unknown key 'context' (did you mean "
     "'contexts'?)"},
    {"NetworkContextsNotAnInteger", R"("channels": 2,)",
     R"("channels": 2, "contexts": "many",)",
     "$.network.contexts: expected an integer"},
    {"NetworkContextsTooLarge", R"("channels": 2,)",
     R"("channels": 2, "contexts": 1000,)",
     "$.network.contexts: 1000 is too large (at most 64)"},
    {"LinkContextsZero", R"("fifo_depth": 8})",
     R"("fifo_depth": 8, "contexts": 0})",
     "$.network.links[0].contexts: must be at least 1, got 0"},
};

INSTANTIATE_TEST_SUITE_P(Validation, FabricErrorTest,
                         testing::ValuesIn(kErrorCases),
                         [](const testing::TestParamInfo<ErrorCase> &info) {
                           return std::string(info.param.name);
                         });

TEST(FabricTest, MemoryUnitsNeedAnInterface) {
  std::string json = kBase.str();
  size_t begin = json.find(R"("memory_interfaces": [)");
  size_t end = json.find("]\n}", begin);
  ASSERT_NE(end, std::string::npos);
  json.replace(begin, end + 1 - begin, R"("memory_interfaces": [])");
  EXPECT_NE(errorOf(json).find("test.json: $.memory_interfaces: the fabric "
                               "has 'memory' units but no memory interface"),
            std::string::npos)
      << errorOf(json);
}

TEST(FabricTest, ReportsEveryError) {
  std::string json =
      replaced(R"("latency": 4, "ii": 2)", R"("latency": -4, "ii": 0)");
  std::string message = errorOf(json);
  EXPECT_NE(message.find("$.unit_types[1].latency"), std::string::npos);
  EXPECT_NE(message.find("$.unit_types[1].ii"), std::string::npos);
}

TEST(FabricTest, RejectsNonObjectRoot) {
  EXPECT_NE(errorOf("[1, 2]").find("test.json: $: expected an object"),
            std::string::npos);
}

} // namespace
