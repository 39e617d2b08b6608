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
// On a time-multiplexed fabric a unit may hold several actors: it gets one
// row per actor, in context order, each naming its context, with a count
// badge and a tooltip listing them; a link given more values than channels
// is drawn dashed with its value count. A spatial picture has neither.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace loom::fabric;

namespace {

constexpr int kMargin = 20;
constexpr int kLegendHeight = 56;
constexpr int kBoxWidth = 170;
/// Rows read "alu.1 c12: label (a123)" on a time-multiplexed fabric.
constexpr int kTemporalBoxWidth = 210;
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
    return {kMargin + kGap / 2 + int(pe.col) * (boxWidth + kGap),
            kMargin + kLegendHeight + int(pe.row) * (boxHeight + kGap)};
  }
  Point nodePosition(unsigned node) const;
  /// The right end of an actor's row in its element's box.
  Point actorAnchor(unsigned actor) const {
    Point box = boxOrigin(mapping.actors[actor].element);
    return {box.x + boxWidth - 6, box.y + kHeaderHeight +
                                      int(actorRow[actor]) * kUnitHeight +
                                      kUnitHeight / 2};
  }
  Point memoryBox(unsigned interface) const;
  void layOutRows();
  std::string actorLabel(unsigned actor) const;
  std::string netColour(unsigned net) const;
  void drawLegend();
  void drawElement(unsigned element);
  void drawUnitActors(unsigned element, unsigned unit, int y,
                      ArrayRef<unsigned> actors);
  void drawLinks();
  void drawTimeSharedLink(unsigned linkId, Point a, Point b);
  void drawMemories();
  void drawRoutes();
  void drawKey();

  raw_ostream &os;
  const Fabric &fabric;
  const Mapping &mapping;
  ArrayRef<std::string> labels;
  bool timeMultiplexed = false;
  int boxWidth = kBoxWidth, boxHeight = 0;
  int width = 0, height = 0;
  /// (element, unit) -> its actors in context order.
  DenseMap<std::pair<unsigned, unsigned>, SmallVector<unsigned, 1>> occupants;
  /// Per element, the row of each unit's first line; per actor, its row.
  SmallVector<SmallVector<unsigned, 16>> unitRow;
  SmallVector<unsigned> actorRow;
  /// Each routed value in order of its first edge -> its edge indices.
  MapVector<std::pair<int32_t, uint32_t>, SmallVector<unsigned>> nets;
  /// Per link id, the distinct values routed over it.
  SmallVector<unsigned> linkValues;
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
    : os(os), fabric(fabric), mapping(mapping), labels(labels),
      timeMultiplexed(fabric.isTimeMultiplexed()) {
  if (timeMultiplexed)
    boxWidth = kTemporalBoxWidth;
  for (auto [index, actor] : enumerate(mapping.actors))
    occupants[{actor.element, actor.unit}].push_back(index);
  for (auto &entry : occupants)
    llvm::sort(entry.second, [&](unsigned a, unsigned b) {
      return mapping.actors[a].context < mapping.actors[b].context;
    });
  layOutRows();
  width = 2 * kMargin + int(fabric.getCols()) * (boxWidth + kGap) + kKeyWidth;
  height =
      2 * kMargin + kLegendHeight + int(fabric.getRows()) * (boxHeight + kGap);
  for (auto [index, edge] : enumerate(mapping.edges))
    if (edge.producer != kGraphBoundary && edge.consumer != kGraphBoundary)
      nets[{edge.producer, edge.result}].push_back(index);
  // The uses of one value share a channel: count each value once per link.
  linkValues.assign(fabric.getLinks().size(), 0);
  DenseSet<std::pair<uint32_t, unsigned>> seen;
  for (auto [net, entry] : enumerate(nets))
    for (unsigned edgeIndex : entry.second)
      for (uint32_t linkId : mapping.edges[edgeIndex].links)
        if (seen.insert({linkId, unsigned(net)}).second)
          ++linkValues[linkId];
}

/// One row per unit, or per actor on a unit that holds several; every box
/// is as tall as the element with the most rows.
void MappingPicture::layOutRows() {
  unsigned maxRows = 0;
  actorRow.assign(mapping.actors.size(), 0);
  for (auto [id, element] : enumerate(fabric.getElements())) {
    SmallVector<unsigned, 16> &rows = unitRow.emplace_back();
    unsigned row = 0;
    for (unsigned unit = 0; unit < element.units.size(); ++unit) {
      rows.push_back(row);
      auto it = occupants.find({unsigned(id), unit});
      if (it == occupants.end()) {
        ++row;
        continue;
      }
      for (unsigned actor : it->second)
        actorRow[actor] = row++;
    }
    maxRows = std::max(maxRows, row);
  }
  boxHeight = kHeaderHeight + int(maxRows) * kUnitHeight + kMemoryStrip;
}

Point MappingPicture::nodePosition(unsigned node) const {
  const SwitchNode &n = fabric.getNodes()[node];
  if (n.kind == SwitchNode::Kind::MemoryPort) {
    Point box = memoryBox(n.memoryInterface);
    return {box.x + 22, box.y + 6};
  }
  Point box = boxOrigin(n.row * fabric.getCols() + n.col);
  return {box.x + boxWidth + kGap / 2, box.y + boxHeight + kGap / 2};
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
  std::string sharing;
  if (timeMultiplexed) {
    unsigned sharedUnits = 0, sharingActors = 0, sharedLinks = 0;
    for (const auto &entry : occupants)
      if (entry.second.size() > 1) {
        ++sharedUnits;
        sharingActors += entry.second.size();
      }
    for (auto [linkId, values] : enumerate(linkValues))
      sharedLinks += values > fabric.getLinks()[linkId].channels;
    sharing = formatv(", {0} actors share {1} unit{2}, {3} time-shared "
                      "link{4}",
                      sharingActors, sharedUnits, sharedUnits == 1 ? "" : "s",
                      sharedLinks, sharedLinks == 1 ? "" : "s");
  }
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"12\">{2} actors, {3} "
                "edges ({4} routed on the fabric, {5} values), {6} memory "
                "bindings, total hops {7}, max link sharing {8}{9}</text>\n",
                kMargin, kMargin + 34, mapping.actors.size(),
                mapping.edges.size(), routed, nets.size(),
                mapping.memories.size(), mapping.totalHops,
                mapping.maxLinkSharing, sharing);
}

void MappingPicture::drawElement(unsigned element) {
  const ProcessingElement &pe = fabric.getElements()[element];
  Point box = boxOrigin(element);
  os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                "fill=\"#f7f7f7\" stroke=\"#555\"/>\n",
                box.x, box.y, boxWidth, boxHeight);
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"11\" "
                "font-weight=\"bold\">PE ({2}, {3})</text>\n",
                box.x + 4, box.y + 13, pe.row, pe.col);
  if (pe.contexts > 1)
    os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" "
                  "text-anchor=\"end\" fill=\"#777\">{2} contexts</text>\n",
                  box.x + boxWidth - 4, box.y + 13, pe.contexts);
  for (auto [unitIndex, unit] : enumerate(pe.units)) {
    int y =
        box.y + kHeaderHeight + int(unitRow[element][unitIndex]) * kUnitHeight;
    auto it = occupants.find({element, unsigned(unitIndex)});
    if (it == occupants.end()) {
      os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" "
                    "fill=\"#999\">{2}</text>\n",
                    box.x + 6, y + 10, escapeXML(unit.name));
      continue;
    }
    drawUnitActors(element, unitIndex, y, it->second);
  }
}

/// A unit's actors, one row each: "alu: addi (a3)" on a spatial element,
/// "alu c2: addi (a3)" (its context) on a time-multiplexed one, where a
/// unit holding several is grouped with an "n/contexts" badge and a
/// tooltip listing them in context order.
void MappingPicture::drawUnitActors(unsigned element, unsigned unit, int y,
                                    ArrayRef<unsigned> actors) {
  const ProcessingElement &pe = fabric.getElements()[element];
  StringRef unitName = pe.units[unit].name;
  Point box = boxOrigin(element);
  bool shared = actors.size() > 1;
  if (shared) {
    SmallVector<std::string> names;
    for (unsigned actor : actors)
      names.push_back(formatv("c{0} {1} (a{2})", mapping.actors[actor].context,
                              escapeXML(actorLabel(actor)), actor));
    os << formatv("<g><title>shared unit {0} of PE ({1}, {2}): {3} of {4} "
                  "contexts: {5}</title>\n",
                  escapeXML(unitName), pe.row, pe.col, actors.size(),
                  pe.contexts, join(names, ", "));
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                  "fill=\"#ffd27a\" stroke=\"#c80\"/>\n",
                  box.x + 2, y, boxWidth - 4, int(actors.size()) * kUnitHeight);
  }
  for (auto [row, actor] : enumerate(actors)) {
    int rowY = y + int(row) * kUnitHeight;
    if (!shared)
      os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"{2}\" height=\"{3}\" "
                    "fill=\"#ffe9a8\"/>\n",
                    box.x + 2, rowY, boxWidth - 4, kUnitHeight);
    std::string context =
        pe.contexts > 1 ? formatv(" c{0}", mapping.actors[actor].context).str()
                        : std::string();
    os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\">{2}{3}: {4} "
                  "(a{5})</text>\n",
                  box.x + 6, rowY + 10, escapeXML(unitName), context,
                  escapeXML(actorLabel(actor)), actor);
  }
  if (!shared)
    return;
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"10\" "
                "font-weight=\"bold\" text-anchor=\"end\" "
                "fill=\"#a60\">{2}/{3}</text>\n</g>\n",
                box.x + boxWidth - 10, y + 10, actors.size(), pe.contexts);
}

void MappingPicture::drawLinks() {
  for (auto [linkId, link] : enumerate(fabric.getLinks())) {
    if (fabric.getNodes()[link.from].kind != SwitchNode::Kind::Switch ||
        fabric.getNodes()[link.to].kind != SwitchNode::Kind::Switch)
      continue;
    // The two directions of a mesh pair are drawn 3 pixels apart.
    Point a = nodePosition(link.from), b = nodePosition(link.to);
    int shift = link.from < link.to ? 3 : -3;
    int dx = a.y == b.y ? 0 : shift, dy = a.y == b.y ? shift : 0;
    a = {a.x + dx, a.y + dy};
    b = {b.x + dx, b.y + dy};
    if (linkValues[linkId] > link.channels) {
      drawTimeSharedLink(linkId, a, b);
      continue;
    }
    os << formatv("<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
                  "stroke=\"#ccc\" stroke-width=\"1\"/>\n",
                  a.x, a.y, b.x, b.y);
  }
  for (const ProcessingElement &element : fabric.getElements()) {
    Point at = nodePosition(element.switchNode);
    os << formatv("<rect x=\"{0}\" y=\"{1}\" width=\"10\" height=\"10\" "
                  "fill=\"#888\"/>\n",
                  at.x - 5, at.y - 5);
  }
}

/// A link whose values take turns on its channels: dashed, with the value
/// count beside it (on the side of its direction) and a tooltip.
void MappingPicture::drawTimeSharedLink(unsigned linkId, Point a, Point b) {
  const Link &link = fabric.getLinks()[linkId];
  auto describe = [&](unsigned node) {
    const SwitchNode &n = fabric.getNodes()[node];
    return formatv("({0}, {1})", n.row, n.col).str();
  };
  os << formatv(
      "<line x1=\"{0}\" y1=\"{1}\" x2=\"{2}\" y2=\"{3}\" "
      "stroke=\"#d2691e\" stroke-width=\"2\" "
      "stroke-dasharray=\"6 3\"><title>time-shared link {4} {5} -&gt; "
      "{6}: {7} values on {8} channels x {9} contexts</title></line>\n",
      a.x, a.y, b.x, b.y, linkId, describe(link.from), describe(link.to),
      linkValues[linkId], link.channels, link.contexts);
  // Beside the middle: above a row link, left of a column link, or the
  // other side for the other direction.
  bool row = a.y == b.y;
  int side = link.from < link.to ? 1 : -1;
  int x = (a.x + b.x) / 2 + (row ? 0 : side * 8);
  int y = (a.y + b.y) / 2 + (row ? (side > 0 ? 12 : -5) : 3);
  os << formatv("<text x=\"{0}\" y=\"{1}\" font-size=\"9\" "
                "text-anchor=\"{2}\" fill=\"#d2691e\">{3} values</text>\n",
                x, y, row ? "middle" : (side > 0 ? "start" : "end"),
                linkValues[linkId]);
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
    Point from = actorAnchor(binding.actor);
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
      SmallVector<Point> points{actorAnchor(edge.producer)};
      if (edge.links.empty()) {
        // A local bypass bulges out of the element's right edge.
        Point from = points.front();
        Point to = actorAnchor(edge.consumer);
        points.push_back({from.x + 14, (from.y + to.y) / 2});
      } else {
        points.push_back(nodePosition(fabric.getLinks()[edge.links[0]].from));
        for (uint32_t linkId : edge.links)
          points.push_back(nodePosition(fabric.getLinks()[linkId].to));
        for (Point &point : MutableArrayRef(points).drop_front())
          point = {point.x + offset, point.y + offset};
      }
      points.push_back(actorAnchor(edge.consumer));
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
  int x = kMargin + int(fabric.getCols()) * (boxWidth + kGap) + 10;
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
