//===- MappingSVGTest.cpp - the SVG picture of a mapping ------------------===//
//
// Part of the Loom project.
//
// Well-formedness is checked by parsing with python3's xml.etree in
// tests/lit/Fabric/mapping-svg.test; here, what the picture contains.
//
//===----------------------------------------------------------------------===//

#include "MappingFixtures.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace loom::fabric;
using namespace loom::fabric::testing;

namespace {

std::string render(const Fabric &fabric, const Mapping &mapping,
                   ArrayRef<std::string> labels = {}) {
  std::string text;
  raw_string_ostream os(text);
  renderMappingSVG(os, fabric, mapping, labels);
  return text;
}

size_t countOf(StringRef text, StringRef needle) {
  size_t count = 0;
  for (size_t at = text.find(needle); at != StringRef::npos;
       at = text.find(needle, at + 1))
    ++count;
  return count;
}

class MappingSVGTest : public ::testing::Test {
protected:
  Fabric fabric = loadPreset("cgra-4x4");
  Mapping mapping = buildVecAddMapping(fabric);
};

TEST_F(MappingSVGTest, DrawsElementsUnitsAndActors) {
  std::string svg = render(fabric, mapping);
  EXPECT_TRUE(StringRef(svg).starts_with("<?xml version=\"1.0\""));
  EXPECT_TRUE(StringRef(svg).ends_with("</svg>\n"));
  EXPECT_EQ(countOf(svg, ">PE ("), 16u);
  EXPECT_NE(svg.find(">PE (2, 2)</text>"), std::string::npos);
  // Occupied units name their actor; the others only the unit.
  EXPECT_NE(svg.find(">alu: addi (a3)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mul: muli (a5)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">lsu: store (a4)</text>"), std::string::npos);
  EXPECT_EQ(countOf(svg, "fill=\"#ffe9a8\""), mapping.actors.size());
  EXPECT_NE(svg.find(">fdiv</text>"), std::string::npos);
  // Memory interfaces at their attachment, and the three bindings.
  EXPECT_NE(svg.find(">mem0</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mem1</text>"), std::string::npos);
  EXPECT_EQ(countOf(svg, "stroke-dasharray"), 3u);
}

TEST_F(MappingSVGTest, DrawsOneColouredPolylinePerRoutedEdge) {
  std::string svg = render(fabric, mapping);
  // Edges 0 and 8 cross the boundary and are not drawn.
  EXPECT_EQ(countOf(svg, "<polyline"), mapping.edges.size() - 2);
  // Five values: the stream's index and the results of actors 1, 2, 3, 5;
  // each has its colour in the key.
  EXPECT_NE(svg.find("(7 routed on the fabric, 5 values)"), std::string::npos);
  for (unsigned net = 0; net < 5; ++net) {
    std::string colour = formatv("hsl({0},", (net * 137508u / 1000u) % 360u);
    EXPECT_GE(countOf(svg, colour), 2u) << colour;
  }
  EXPECT_NE(svg.find(">a0.0 stream: 3 uses, 8 hops</text>"), std::string::npos);
}

TEST_F(MappingSVGTest, LegendNamesFabricActorsAndHops) {
  std::string svg = render(fabric, mapping);
  EXPECT_NE(svg.find(">fabric cgra-4x4 - graph vecadd</text>"),
            std::string::npos);
  EXPECT_NE(svg.find(formatv(">6 actors, 9 edges (7 routed on the fabric, 5 "
                             "values), 3 memory bindings, total hops {0}, max "
                             "link sharing 2</text>",
                             mapping.totalHops)
                         .str()),
            std::string::npos);
}

TEST_F(MappingSVGTest, UsesLabelsAndEscapesThem) {
  SmallVector<std::string> labels = {"i",   "a[i]", "b[i]",
                                     "a+b", "c[i]", "x<<2 & \"y\""};
  std::string svg = render(fabric, mapping, labels);
  EXPECT_NE(svg.find(">alu: a+b (a3)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">mul: x&lt;&lt;2 &amp; &quot;y&quot; (a5)</text>"),
            std::string::npos);
  EXPECT_EQ(svg.find("x<<2"), std::string::npos);
}

TEST_F(MappingSVGTest, ShortensLongLabelsAtCharacterBoundaries) {
  // 13 ASCII characters, then 'é' (two bytes) across the cut at 14 bytes.
  SmallVector<std::string> labels(mapping.actors.size(), "x");
  labels[3] = "abcdefghijklm\xC3\xA9tail";
  std::string svg = render(fabric, mapping, labels);
  EXPECT_NE(svg.find(">alu: abcdefghijklm.. (a3)</text>"), std::string::npos);
}

TEST_F(MappingSVGTest, IsDeterministic) {
  EXPECT_EQ(render(fabric, mapping), render(fabric, mapping));
  Fabric big = loadPreset("cgra-8x8");
  Mapping empty;
  empty.fabricName = "cgra-8x8";
  std::string svg = render(big, empty);
  EXPECT_EQ(countOf(svg, ">PE ("), 64u);
  EXPECT_EQ(countOf(svg, "<polyline"), 0u);
  EXPECT_NE(svg.find("graph (unnamed)"), std::string::npos);
}

} // namespace
