//===- MappingSVGTest.cpp - the SVG picture of a mapping ------------------===//
//
// Part of the Loom project.
//
// Well-formedness is checked by parsing with python3's xml.etree in
// tests/lit/Fabric/mapping-tool.test and time-multiplexed.test; here, what
// the picture contains.
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

// A unit holding several actors lists them in context order with a count
// badge and a tooltip; every actor of a time-multiplexed element names its
// context; a link given more values than channels is dashed with its count.
TEST_F(MappingSVGTest, ShowsSharedUnitsAndTimeSharedLinks) {
  Fabric shared = loadTimeMultiplexedPreset(4, 1, 2);
  Mapping sharedMapping = buildSharedUnitMapping(shared);
  std::string svg = render(shared, sharedMapping);
  EXPECT_NE(svg.find(">alu c0: addi (a3)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">alu c2: subi (a6)</text>"), std::string::npos);
  EXPECT_LT(svg.find(">alu c0: addi (a3)</text>"),
            svg.find(">alu c2: subi (a6)</text>"));
  EXPECT_NE(svg.find(">mul c0: muli (a5)</text>"), std::string::npos);
  EXPECT_NE(svg.find("<title>shared unit alu of PE (2, 2): 2 of 4 contexts: "
                     "c0 addi (a3), c2 subi (a6)</title>"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find(">2/4</text>"), std::string::npos);
  EXPECT_EQ(countOf(svg, "<title>shared unit "), 1u);
  EXPECT_EQ(countOf(svg, ">4 contexts</text>"), 16u);
  // (1, 2) -> (2, 2) carries both loads' values on one channel.
  uint32_t link =
      linkBetween(shared, elementAt(shared, 1, 2), elementAt(shared, 2, 2));
  EXPECT_NE(svg.find(formatv("<title>time-shared link {0} (1, 2) -&gt; (2, 2): "
                             "2 values on 1 channels x 2 contexts</title>",
                             link)
                         .str()),
            std::string::npos)
      << svg;
  EXPECT_EQ(countOf(svg, "<title>time-shared link "), 1u);
  EXPECT_EQ(countOf(svg, ">2 values</text>"), 1u);
  EXPECT_NE(svg.find(", 2 actors share 1 unit, 1 time-shared link</text>"),
            std::string::npos);

  // The spatial picture has none of it.
  std::string spatial = render(fabric, mapping);
  EXPECT_EQ(spatial.find("shared"), std::string::npos);
  EXPECT_EQ(spatial.find("contexts"), std::string::npos);
  EXPECT_EQ(spatial.find(" c0:"), std::string::npos);
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
