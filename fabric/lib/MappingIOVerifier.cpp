//===- MappingIOVerifier.cpp - check a Mapping against a Fabric -----------===//
//
// Part of the Loom project.
//
// A Mapping read from a file or from the cache is not trusted: the cycle
// simulator indexes the fabric with its ids and times tokens with its
// latencies. This checks everything that can be checked without the graph
// (docs/mapping.md lists it) and names each problem with the JSON path the
// value has in the configuration format.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>
#include <map>
#include <tuple>

using namespace llvm;
using namespace loom::fabric;

namespace {

class MappingVerifier {
public:
  MappingVerifier(const Mapping &mapping, const Fabric &fabric,
                  StringRef source)
      : mapping(mapping), fabric(fabric), source(source.str()) {}
  Error verify();

private:
  void error(const Twine &path, const Twine &message) {
    messages.push_back((source + ": " + path + ": " + message).str());
  }
  std::string describeNode(unsigned node) const;
  std::string describeElement(unsigned element) const {
    const ProcessingElement &pe = fabric.getElements()[element];
    return formatv("({0}, {1})", pe.row, pe.col);
  }
  void verifyActors();
  void verifyContext(
      const ActorPlacement &actor, StringRef path,
      std::map<std::tuple<uint32_t, uint32_t, uint32_t>, unsigned> &occupant,
      unsigned index);
  bool verifyEndpoint(int32_t actor, StringRef path);
  void verifyEdge(const EdgeRoute &edge, unsigned index);
  void verifyRoute(const EdgeRoute &edge, StringRef path);
  bool verifyBuffer(const EdgeRoute &edge, StringRef path);
  void verifyLinkSharing();
  void verifyMemories();

  const Mapping &mapping;
  const Fabric &fabric;
  std::string source;
  SmallVector<std::string> messages;
  /// Actors whose placement is valid (their element and unit exist).
  SmallVector<bool> placed;
};

} // namespace

std::string MappingVerifier::describeNode(unsigned node) const {
  const SwitchNode &n = fabric.getNodes()[node];
  if (n.kind == SwitchNode::Kind::MemoryPort)
    return "memory interface '" +
           fabric.getMemoryInterfaces()[n.memoryInterface].name + "'";
  return formatv("switch ({0}, {1})", n.row, n.col);
}

void MappingVerifier::verifyActors() {
  ArrayRef<ProcessingElement> elements = fabric.getElements();
  // (element, unit, context) -> the actor placed there first.
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, unsigned> occupant;
  placed.assign(mapping.actors.size(), false);
  for (auto [index, actor] : enumerate(mapping.actors)) {
    std::string path = formatv("$.actors[{0}]", index);
    std::optional<OperationClass> cls = classifyOperation(actor.opName);
    if (!cls)
      error(path + ".op",
            "'" + actor.opName + "' is not a registered actor operation");
    if (actor.element >= elements.size()) {
      error(path + ".element",
            formatv("element {0} does not exist (the fabric has {1})",
                    actor.element, elements.size()));
      continue;
    }
    const ProcessingElement &element = elements[actor.element];
    if (actor.unit >= element.units.size()) {
      error(path + ".unit",
            formatv("unit {0} does not exist in element {1} at {2} (it has "
                    "{3} units)",
                    actor.unit, actor.element, describeElement(actor.element),
                    element.units.size()));
      continue;
    }
    placed[index] = true;
    const FunctionUnit &unit = element.units[actor.unit];
    if (cls && !unit.supports(*cls))
      error(path + ".op",
            formatv("unit '{0}' of element {1} does not execute {2} (class "
                    "{3})",
                    unit.name, describeElement(actor.element), actor.opName,
                    getOperationClassName(*cls)));
    verifyContext(actor, path, occupant, index);
  }
}

/// A unit holds one actor per context of its element, each in a context of
/// its own: at most `contexts` actors share it in time.
void MappingVerifier::verifyContext(
    const ActorPlacement &actor, StringRef path,
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, unsigned> &occupant,
    unsigned index) {
  const ProcessingElement &element = fabric.getElements()[actor.element];
  if (actor.context >= element.contexts) {
    error(path + ".context",
          formatv("context {0} is out of range: element {1} has {2} "
                  "context{3}",
                  actor.context, describeElement(actor.element),
                  element.contexts, element.contexts == 1 ? "" : "s"));
    return;
  }
  auto [it, inserted] =
      occupant.try_emplace({actor.element, actor.unit, actor.context}, index);
  if (inserted)
    return;
  const std::string &unitName = element.units[actor.unit].name;
  // On a spatial element the context is always 0: the unit is what is
  // taken twice.
  if (element.contexts == 1)
    error(path + ".unit",
          formatv("unit '{0}' of element {1} already holds actor {2}", unitName,
                  describeElement(actor.element), it->second));
  else
    error(path + ".context",
          formatv("unit '{0}' of element {1} context {2} already holds actor "
                  "{3}",
                  unitName, describeElement(actor.element), actor.context,
                  it->second));
}

/// Checks that an endpoint names the boundary or an existing actor.
bool MappingVerifier::verifyEndpoint(int32_t actor, StringRef path) {
  if (actor == kGraphBoundary)
    return true;
  if (actor < 0 || size_t(actor) >= mapping.actors.size()) {
    error(path, formatv("actor {0} does not exist (the mapping has {1})", actor,
                        mapping.actors.size()));
    return false;
  }
  return placed[actor];
}

void MappingVerifier::verifyEdge(const EdgeRoute &edge, unsigned index) {
  std::string path = formatv("$.edges[{0}]", index);
  bool producerOk = verifyEndpoint(edge.producer, path + ".from.actor");
  bool consumerOk = verifyEndpoint(edge.consumer, path + ".to.actor");
  if (edge.producer == kGraphBoundary || edge.consumer == kGraphBoundary) {
    // The boundary is free (Mapping.h): no links, no latency, no limit.
    if (!edge.links.empty())
      error(path + ".links", "an edge that crosses the graph boundary has no "
                             "links");
    if (edge.latency != 0)
      error(path + ".latency",
            formatv("an edge that crosses the graph boundary has latency 0, "
                    "got {0}",
                    edge.latency));
    if (edge.buffer != 0)
      error(path + ".buffer",
            formatv("an edge that crosses the graph boundary has no operand "
                    "buffer, got {0}",
                    edge.buffer));
    if (edge.capacity != kUnboundedCapacity)
      error(path + ".capacity",
            formatv("an edge that crosses the graph boundary has unbounded "
                    "capacity, got {0}",
                    edge.capacity));
    return;
  }
  if (producerOk && consumerOk)
    verifyRoute(edge, path);
}

/// " plus its buffer of N" after what a route holds, when it has a buffer.
static std::string describeBuffer(const EdgeRoute &edge) {
  return edge.buffer ? formatv(" plus its buffer of {0}", edge.buffer).str()
                     : std::string();
}

/// Checks that the consumer's element has the operand buffer slots `edge`
/// configures; false when it does not (its capacity is then not checked).
bool MappingVerifier::verifyBuffer(const EdgeRoute &edge, StringRef path) {
  unsigned element = mapping.actors[edge.consumer].element;
  unsigned depth = fabric.getElements()[element].operandBufferDepth;
  if (edge.buffer <= depth)
    return true;
  error(path + ".buffer",
        formatv("is {0}, but element {1} of actor {2} buffers at most {3} "
                "tokens per operand",
                edge.buffer, describeElement(element), edge.consumer, depth));
  return false;
}

void MappingVerifier::verifyRoute(const EdgeRoute &edge, StringRef path) {
  bool bufferOk = verifyBuffer(edge, path);
  ArrayRef<Link> links = fabric.getLinks();
  unsigned from =
      fabric.getElements()[mapping.actors[edge.producer].element].switchNode;
  unsigned to =
      fabric.getElements()[mapping.actors[edge.consumer].element].switchNode;
  if (edge.links.empty()) {
    if (from != to)
      error(path + ".links",
            formatv("no links, but actor {0} is on element {1} and actor {2} "
                    "on element {3}",
                    edge.producer,
                    describeElement(mapping.actors[edge.producer].element),
                    edge.consumer,
                    describeElement(mapping.actors[edge.consumer].element)));
    if (edge.latency != 0)
      error(path + ".latency",
            formatv("a local bypass has latency 0, got {0}", edge.latency));
    if (bufferOk && edge.capacity != kLocalBypassCapacity + edge.buffer)
      error(path + ".capacity",
            formatv("a local bypass holds {0}{1}, got {2}",
                    kLocalBypassCapacity, describeBuffer(edge), edge.capacity));
    return;
  }
  uint64_t latency = 0, capacity = 0;
  unsigned at = from;
  for (auto [hop, linkId] : enumerate(edge.links)) {
    std::string linkPath = formatv("{0}.links[{1}]", path, hop);
    if (linkId >= links.size()) {
      error(linkPath, formatv("link {0} does not exist (the fabric has {1})",
                              linkId, links.size()));
      return;
    }
    const Link &link = links[linkId];
    if (link.from != at) {
      error(linkPath,
            formatv("link {0} leaves {1}, but the route is at {2}", linkId,
                    describeNode(link.from), describeNode(at)));
      return;
    }
    if (fabric.getNodes()[link.to].kind != SwitchNode::Kind::Switch) {
      error(linkPath, formatv("link {0} leads to {1}; values travel between "
                              "switches",
                              linkId, describeNode(link.to)));
      return;
    }
    at = link.to;
    latency += link.latency;
    capacity += link.fifoDepth;
  }
  if (at != to)
    error(path + ".links",
          formatv("the route ends at {0}, but actor {1} is on element {2}",
                  describeNode(at), edge.consumer,
                  describeElement(mapping.actors[edge.consumer].element)));
  if (edge.latency != latency)
    error(path + ".latency", formatv("is {0}, but the links add up to {1}",
                                     edge.latency, latency));
  if (bufferOk && edge.capacity != capacity + edge.buffer)
    error(path + ".capacity",
          formatv("is {0}, but the links' FIFOs hold {1}{2}", edge.capacity,
                  capacity, describeBuffer(edge)));
}

/// "2 channels", or "1 channels x 16 contexts" on a time-shared link (the
/// mapper's wording).
static std::string describeCapacity(const Link &link) {
  std::string text = formatv("{0} channels", link.channels);
  if (link.contexts > 1)
    text += formatv(" x {0} contexts", link.contexts).str();
  return text;
}

/// The uses of one value share a channel, so a link carries one channel per
/// distinct producing (actor, result), and a time-shared link as many values
/// per channel as it has contexts.
void MappingVerifier::verifyLinkSharing() {
  DenseMap<uint32_t, DenseSet<std::pair<int32_t, uint32_t>>> nets;
  DenseSet<uint32_t> reported;
  for (auto [index, edge] : enumerate(mapping.edges)) {
    for (auto [hop, linkId] : enumerate(edge.links)) {
      if (linkId >= fabric.getLinks().size())
        continue;
      DenseSet<std::pair<int32_t, uint32_t>> &values = nets[linkId];
      values.insert({edge.producer, edge.result});
      const Link &link = fabric.getLinks()[linkId];
      if (values.size() <= link.getCapacity() ||
          !reported.insert(linkId).second)
        continue;
      error(formatv("$.edges[{0}].links[{1}]", index, hop),
            formatv("link {0} ({1} -> {2}) carries {3} values but has {4}",
                    linkId, describeNode(link.from), describeNode(link.to),
                    values.size(), describeCapacity(link)));
    }
  }
}

namespace {
/// Hop distance from one node, and the least and greatest latency over the
/// paths of that many hops.
struct ShortestPaths {
  SmallVector<unsigned> hops, minLatency, maxLatency;
};
} // namespace

static ShortestPaths computeShortestPaths(const Fabric &fabric,
                                          unsigned source) {
  constexpr unsigned kUnreached = ~0u;
  size_t count = fabric.getNodes().size();
  ShortestPaths paths{SmallVector<unsigned>(count, kUnreached),
                      SmallVector<unsigned>(count, kUnreached),
                      SmallVector<unsigned>(count, 0)};
  paths.hops[source] = paths.minLatency[source] = 0;
  // Breadth-first order visits a node only after every node one hop closer,
  // so the latency bounds are final when a node is dequeued.
  std::deque<unsigned> queue{source};
  while (!queue.empty()) {
    unsigned node = queue.front();
    queue.pop_front();
    for (unsigned linkId : fabric.getOutgoingLinks(node)) {
      const Link &link = fabric.getLinks()[linkId];
      if (paths.hops[link.to] == kUnreached) {
        paths.hops[link.to] = paths.hops[node] + 1;
        queue.push_back(link.to);
      }
      if (paths.hops[link.to] != paths.hops[node] + 1)
        continue;
      paths.minLatency[link.to] = std::min(
          paths.minLatency[link.to], paths.minLatency[node] + link.latency);
      paths.maxLatency[link.to] = std::max(
          paths.maxLatency[link.to], paths.maxLatency[node] + link.latency);
    }
  }
  return paths;
}

void MappingVerifier::verifyMemories() {
  DenseMap<uint32_t, unsigned> bindingOf;
  int64_t previousActor = -1;
  for (auto [index, memory] : enumerate(mapping.memories)) {
    std::string path = formatv("$.memories[{0}]", index);
    if (memory.actor >= mapping.actors.size()) {
      error(path + ".actor", formatv("actor {0} does not exist (the mapping "
                                     "has {1})",
                                     memory.actor, mapping.actors.size()));
      continue;
    }
    const ActorPlacement &actor = mapping.actors[memory.actor];
    if (classifyOperation(actor.opName) != OperationClass::Memory)
      error(path + ".actor", formatv("actor {0} ({1}) is not a memory actor",
                                     memory.actor, actor.opName));
    if (int64_t(memory.actor) <= previousActor)
      error(path + ".actor", "bindings are listed in increasing actor order, "
                             "one per memory actor");
    previousActor = memory.actor;
    bindingOf.try_emplace(memory.actor, index);
    if (memory.interface >= fabric.getMemoryInterfaces().size()) {
      error(path + ".interface",
            formatv("memory interface {0} does not exist (the fabric has {1})",
                    memory.interface, fabric.getMemoryInterfaces().size()));
      continue;
    }
    if (!placed[memory.actor])
      continue;
    const MemoryInterface &interface =
        fabric.getMemoryInterfaces()[memory.interface];
    unsigned from = fabric.getElements()[actor.element].switchNode;
    ShortestPaths paths = computeShortestPaths(fabric, from);
    unsigned hops = paths.hops[interface.node];
    unsigned low = paths.minLatency[interface.node];
    unsigned high = paths.maxLatency[interface.node];
    if (memory.hops != hops)
      error(path + ".hops",
            formatv("is {0}, but the shortest path from element {1} to '{2}' "
                    "has {3} hops",
                    memory.hops, describeElement(actor.element), interface.name,
                    hops));
    else if (memory.routeLatency < low || memory.routeLatency > high)
      error(path + ".route_latency",
            low == high
                ? formatv("is {0}, but the shortest path takes {1} cycles",
                          memory.routeLatency, low)
                      .str()
                : formatv("is {0}, but the shortest paths take {1} to {2} "
                          "cycles",
                          memory.routeLatency, low, high)
                      .str());
  }
  for (auto [index, actor] : enumerate(mapping.actors))
    if (classifyOperation(actor.opName) == OperationClass::Memory &&
        !bindingOf.count(index))
      error(formatv("$.actors[{0}]", index),
            "memory actor " + actor.opName + " has no entry in $.memories");
}

Error MappingVerifier::verify() {
  if (mapping.fabricName != fabric.getName())
    error("$.fabric", "the mapping is for fabric '" + mapping.fabricName +
                          "', not '" + fabric.getName() + "'");
  verifyActors();
  // (consumer, operand) of actor inputs and graph.return operands.
  std::map<std::pair<int32_t, uint32_t>, unsigned> feeder;
  for (auto [index, edge] : enumerate(mapping.edges)) {
    verifyEdge(edge, index);
    auto [it, inserted] =
        feeder.try_emplace({edge.consumer, edge.operand}, index);
    if (!inserted)
      error(formatv("$.edges[{0}].to", index),
            edge.consumer == kGraphBoundary
                ? formatv("graph.return operand {0} is already fed by edge "
                          "{1}",
                          edge.operand, it->second)
                      .str()
                : formatv("operand {0} of actor {1} is already fed by edge {2}",
                          edge.operand, edge.consumer, it->second)
                      .str());
  }
  verifyLinkSharing();
  verifyMemories();
  if (messages.empty())
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           join(messages.begin(), messages.end(), "\n"));
}

Error loom::fabric::verifyMapping(const Mapping &mapping, const Fabric &fabric,
                                  StringRef source) {
  return MappingVerifier(mapping, fabric, source).verify();
}
