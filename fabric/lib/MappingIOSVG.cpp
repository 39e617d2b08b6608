//===- MappingIOSVG.cpp - a picture of a mapping --------------------------===//
//
// Part of the Loom project.
//
// Draws the grid of processing elements as boxes listing their units (the
// unit holding an actor is highlighted and names it), each switch at the
// lower right of its element with the mesh links between switches, memory
// interfaces in the strip at the bottom of the element they attach to, and
// every routed value (net) as polylines in its own colour from the producing
// unit through the switches of its route to each consuming unit. Every
// coordinate is an integer so the output is byte-for-byte deterministic.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace loom::fabric;

namespace {

constexpr int kMargin = 20;
constexpr int kLegendHeight = 56;
constexpr int kBoxWidth = 170;
constexpr int kGap = 44;
constexpr int kHeaderHeight = 18;
constexpr int kUnitHeight = 13;
constexpr int kMemoryStrip = 20;
constexpr int kKeyWidth = 260;
constexpr unsigned kMaxKeyEntries = 48;
constexpr size_t kMaxLabel = 16;

struct Point {
  int x = 0, y = 0;
};

/// Where everything is drawn; one instance per picture.
class MappingPicture {
public:
  MappingPicture(raw_ostream &os, const Fabric &fabric, const Mapping &mapping,
                 ArrayRef<std::string> labels);
  void render();

private:
  Point boxOrigin(unsigned element) const {
    const ProcessingElement &pe = fabric.getElements()[element];
    return {kMargin + kGap / 2 + int(pe.col) * (kBoxWidth + kGap),
            kMargin + kLegendHeight + int(pe.row) * (boxHeight + kGap)};
  }
  Point nodePosition(unsigned node) const;
  Point unitAnchor(unsigned element, unsigned unit) const {
    Point box = boxOrigin(element);
    return {box.x + kBoxWidth - 6,
            box.y + kHeaderHeight + int(unit) * kUnitHeight + kUnitHeight / 2};
  }
  Point memoryBox(unsigned interface) const;
  std::string actorLabel(unsigned actor) const;
  std::string netColour(unsigned net) const;
  void drawLegend();
  void drawElement(unsigned element);
  void drawLinks();
  void drawMemories();
  void drawRoutes();
  void drawKey();

  raw_ostream &os;
  const Fabric &fabric;
  const Mapping &mapping;
  ArrayRef<std::string> labels;
  int boxHeight = 0;
  int width = 0, height = 0;
  /// (element, unit) -> actor.
  DenseMap<std::pair<unsigned, unsigned>, unsigned> occupant;
  /// Each routed value in order of its first edge -> its edge indices.
  MapVector<std::pair<int32_t, uint32_t>, SmallVector<unsigned>> nets;
};

} // namespace

/// Escapes text for XML character data and attribute values.
static std::string escapeXML(StringRef text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
    case '&':
      escaped += "&amp;";
      break;
    case '<':
      escaped += "&lt;";
      break;
    case '>':
      escaped += "&gt;";
      break;
    case '"':
      escaped += "&quot;";
      break;
    case '\'':
      escaped += "&apos;";
      break;
    default:
      // Control characters are not allowed in XML 1.0.
      escaped += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
    }
  }
  return escaped;
}

MappingPicture::MappingPicture(raw_ostream &os, const Fabric &fabric,
                               const Mapping &mapping,
                               ArrayRef<std::string> labels)
    : os(os), fabric(fabric), mapping(mapping), labels(labels) {
  size_t maxUnits = 0;
  for (const ProcessingElement &element : fabric.getElements())
    maxUnits = std::max(maxUnits, element.units.size());
  boxHeight = kHeaderHeight + int(maxUnits) * kUnitHeight + kMemoryStrip;
  width = 2 * kMargin + int(fabric.getCols()) * (kBoxWidth + kGap) + kKeyWidth;
  height =
      2 * kMargin + kLegendHeight + int(fabric.getRows()) * (boxHeight + kGap);
  for (auto [index, actor] : enumerate(mapping.actors))
    occupant[{actor.element, actor.unit}] = index;
  for (auto [index, edge] : enumerate(mapping.edges))
    if (edge.producer != kGraphBoundary && edge.consumer != kGraphBoundary)
      nets[{edge.producer, edge.result}].push_back(index);
}

Point MappingPicture::nodePosition(unsigned node) const {
  const SwitchNode &n = fabric.getNodes()[node];
  if (n.kind == SwitchNode::Kind::MemoryPort) {
    Point box = memoryBox(n.memoryInterface);
    return {box.x + 22, box.y + 6};
  }
  Point box = boxOrigin(n.row * fabric.getCols() + n.col);
  return {box.x + kBoxWidth + kGap / 2, box.y + boxHeight + kGap / 2};
}

/// Interfaces attached to one element sit side by side in its bottom strip.
Point MappingPicture::memoryBox(unsigned interface) const {
  const MemoryInterface &memory = fabric.getMemoryInterfaces()[interface];
  int slot = 0;
  for (unsigned other = 0; other < interface; ++other) {
    const MemoryInterface &before = fabric.getMemoryInterfaces()[other];
    slot += before.row == memory.row && before.col == memory.col;
  }
  Point box = boxOrigin(memory.row * fabric.getCols() + memory.col);
  return {box.x + 6 + slot * 50, box.y + boxHeight - kMemoryStrip + 4};
}

std::string MappingPicture::actorLabel(unsigned actor) const {
  std::string label;
  if (!labels.empty() && actor < labels.size()) {
    label = labels[actor];
  } else {
    StringRef op = mapping.actors[actor].opName;
    label = op.substr(op.find('.') + 1).str();
  }
  if (label.size() <= kMaxLabel)
    return label;
  // Cut at a character boundary: never inside a UTF-8 sequence, which would
  // make the document ill-formed.
  size_t cut = kMaxLabel - 2;
  while (cut > 0 && (static_cast<unsigned char>(label[cut]) & 0xC0) == 0x80)
    --cut;
  return label.substr(0, cut) + "..";
}

/// Hues a golden angle apart stay distinct for the first dozens of nets.
std::string MappingPicture::netColour(unsigned net) const {
  unsigned hue = (net * 137508u / 1000u) % 360u;
  unsigned lightness = 32 + (net % 3) * 8;
  return formatv("hsl({0},80%,{1}%)", hue, lightness);
}

void MappingPicture::drawLegend() {
  uint64_t routed = 0;
  for (const auto &net : nets)
    routed += net.second.size();
  os << formatv(
      "<text x=\"{0}\" y=\"{1}\" font-size=\"16\" "
      "font-weight=\"bold\">fabric {2} - graph {3}</text>\n",
      kMargin, kMargin + 14, escapeXML(fabric.getName()),
      escapeXML(mapping.graphName.empty() ? "(unnamed)" : mapping.graphName));
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\">{2} actors, {3} "
                "edges ({4} routed on the fabric, {5} values), {6} memory "
                "bindings, total hops {7}, max link sharing {8}</text>\n",
                kMargin, kMargin + 34, mapping.actors.size(),
                mapping.edges.size(), routed, nets.size(),
                mapping.memories.size(), mapping.totalHops,
                mapping.maxLinkSharing);
}

void MappingPicture::drawElement(unsigned element) {
  const ProcessingElement &pe = fabric.getElements()[element];
  Point box = boxOrigin(element);
  os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                "fill=\"#f7f7f7\" stroke=\"#555\"/>\n",
                box.x, box.y, kBoxWidth, boxHeight);
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                "font-weight=\"bold\">PE ({2}, {3})</text>\n",
                box.x + 4, box.y + 13, pe.row, pe.col);
  for (auto [unitIndex, unit] : enumerate(pe.units)) {
    int y = box.y + kHeaderHeight + int(unitIndex) * kUnitHeight;
    auto it = occupant.find({element, unsigned(unitIndex)});
    if (it == occupant.end()) {
      os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" "
                    "fill=\"#999\">{2}</text>\n",
                    box.x + 6, y + 10, escapeXML(unit.name));
      continue;
    }
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                  "fill=\"#ffe9a8\"/>\n",
                  box.x + 2, y, kBoxWidth - 4, kUnitHeight);
    os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\">{2}: {3} "
                  "(a{4})</text>\n",
                  box.x + 6, y + 10, escapeXML(unit.name),
                  escapeXML(actorLabel(it->second)), it->second);
  }
}

void MappingPicture::drawLinks() {
  for (const Link &link : fabric.getLinks()) {
    if (fabric.getNodes()[link.from].kind != SwitchNode::Kind::Switch ||
        fabric.getNodes()[link.to].kind != SwitchNode::Kind::Switch)
      continue;
    // The two directions of a mesh pair are drawn 3 pixels apart.
    Point a = nodePosition(link.from), b = nodePosition(link.to);
    int shift = link.from < link.to ? 3 : -3;
    int dx = a.y == b.y ? 0 : shift, dy = a.y == b.y ? shift : 0;
    os << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
                  "stroke=\"#ccc\" stroke-width=\"1\"/>\n",
                  a.x + dx, a.y + dy, b.x + dx, b.y + dy);
  }
  for (const ProcessingElement &element : fabric.getElements()) {
    Point at = nodePosition(element.switchNode);
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"10\" height=\"10\" "
                  "fill=\"#888\"/>\n",
                  at.x - 5, at.y - 5);
  }
}

void MappingPicture::drawMemories() {
  for (auto [index, memory] : enumerate(fabric.getMemoryInterfaces())) {
    Point box = memoryBox(index);
    Point attached = nodePosition(memory.row * fabric.getCols() + memory.col);
    os << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
                  "stroke=\"#36c\" stroke-width=\"2\"/>\n",
                  box.x + 44, box.y + 6, attached.x, attached.y);
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"44\" height=\"13\" "
                  "fill=\"#cfe0ff\" stroke=\"#36c\"/>\n",
                  box.x, box.y);
    os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\">{2}</text>\n",
                  box.x + 3, box.y + 10, escapeXML(memory.name));
  }
  for (const MemoryBinding &binding : mapping.memories) {
    const ActorPlacement &actor = mapping.actors[binding.actor];
    Point from = unitAnchor(actor.element, actor.unit);
    Point to = memoryBox(binding.interface);
    os << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
                  "stroke=\"#36c\" stroke-dasharray=\"4 3\"/>\n",
                  from.x, from.y, to.x + 22, to.y);
  }
}

void MappingPicture::drawRoutes() {
  for (auto [net, entry] : enumerate(nets)) {
    std::string colour = netColour(net);
    // Nets sharing a link are told apart by a small offset per net.
    int offset = int(net % 5) * 2 - 4;
    for (unsigned edgeIndex : entry.second) {
      const EdgeRoute &edge = mapping.edges[edgeIndex];
      const ActorPlacement &producer = mapping.actors[edge.producer];
      const ActorPlacement &consumer = mapping.actors[edge.consumer];
      SmallVector<Point> points{unitAnchor(producer.element, producer.unit)};
      if (edge.links.empty()) {
        // A local bypass bulges out of the element's right edge.
        Point from = points.front();
        Point to = unitAnchor(consumer.element, consumer.unit);
        points.push_back({from.x + 14, (from.y + to.y) / 2});
      } else {
        points.push_back(nodePosition(fabric.getLinks()[edge.links[0]].from));
        for (uint32_t linkId : edge.links)
          points.push_back(nodePosition(fabric.getLinks()[linkId].to));
        for (Point &point : MutableArrayRef(points).drop_front())
          point = {point.x + offset, point.y + offset};
      }
      points.push_back(unitAnchor(consumer.element, consumer.unit));
      os << "<polyline fill=\"none\" stroke=\"" << colour
         << "\" stroke-width=\"2\" points=\"";
      for (auto [i, point] : enumerate(points))
        os << (i ? " " : "") << point.x << "," << point.y;
      os << formatv("\"><title>a{0}.{1} -&gt; a{2} operand {3}, {4} hops, "
                    "latency {5}, buffer {6}</title></polyline>\n",
                    edge.producer, edge.result, edge.consumer, edge.operand,
                    edge.links.size(), edge.latency, edge.buffer);
    }
  }
}

void MappingPicture::drawKey() {
  int x = kMargin + int(fabric.getCols()) * (kBoxWidth + kGap) + 10;
  int y = kMargin + kLegendHeight;
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\" "
                "font-weight=\"bold\">values</text>\n",
                x, y + 10);
  for (auto [net, entry] : enumerate(nets)) {
    y += 15;
    if (net == kMaxKeyEntries) {
      os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\">... and {2} "
                    "more</text>\n",
                    x, y + 10, nets.size() - kMaxKeyEntries);
      break;
    }
    uint64_t hops = 0;
    for (unsigned edgeIndex : entry.second)
      hops += mapping.edges[edgeIndex].links.size();
    auto [producer, result] = entry.first;
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"12\" height=\"10\" "
                  "fill=\"{2}\"/>\n",
                  x, y + 1, netColour(net));
    os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\">a{2}.{3} {4}: "
                  "{5} use{6}, {7} hop{8}</text>\n",
                  x + 16, y + 10, producer, result,
                  escapeXML(actorLabel(producer)), entry.second.size(),
                  entry.second.size() == 1 ? "" : "s", hops,
                  hops == 1 ? "" : "s");
  }
}

void MappingPicture::render() {
  os << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  os << formatv("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" "
                "height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
                "font-family=\"monospace\">\n",
                width, height);
  os << "<title>" << escapeXML(mapping.graphName) << " on "
     << escapeXML(fabric.getName()) << "</title>\n";
  os << formatv("<rect width=\"{0}\" height=\"{1}\" fill=\"white\"/>\n", width,
                height);
  drawLegend();
  drawLinks();
  for (unsigned element = 0; element < fabric.getElements().size(); ++element)
    drawElement(element);
  drawMemories();
  drawRoutes();
  drawKey();
  os << "</svg>\n";
}

void loom::fabric::renderMappingSVG(raw_ostream &os, const Fabric &fabric,
                                    const Mapping &mapping,
                                    ArrayRef<std::string> actorLabels) {
  MappingPicture(os, fabric, mapping, actorLabels).render();
}
