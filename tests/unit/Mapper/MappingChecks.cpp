//===- MappingChecks.cpp - invariants of a mapping, test graphs -----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Fabric/FabricParser.h"

#include "loom/InitAllDialects.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <deque>
#include <set>

using namespace mlir;
using namespace loom;
using namespace loom::fabric;
using ::testing::AssertionFailure;
using ::testing::AssertionResult;
using ::testing::AssertionSuccess;

namespace loom::mapper::testing {

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  loom::registerAllDialects(registry);
  return std::make_unique<MLIRContext>(registry);
}

OwningOpRef<ModuleOp> parseModule(MLIRContext &context, StringRef text) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  EXPECT_TRUE(module) << "cannot parse:\n" << text.str();
  return module;
}

std::string readSourceFile(StringRef relativePath) {
  std::string path = (Twine(LOOM_SOURCE_DIR) + "/" + relativePath).str();
  auto buffer = llvm::MemoryBuffer::getFile(path);
  EXPECT_TRUE(bool(buffer)) << "cannot read " << path;
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

dataflow::GraphOp findGraph(ModuleOp module, StringRef name) {
  for (dataflow::GraphOp graph : module.getOps<dataflow::GraphOp>())
    if (name.empty() || graph.getSymName() == name)
      return graph;
  ADD_FAILURE() << "no graph @" << name.str();
  return {};
}

Fabric loadPreset(StringRef name) {
  llvm::Expected<Fabric> fabric = loadFabric(name);
  if (!fabric) {
    ADD_FAILURE() << llvm::toString(fabric.takeError());
    return std::move(*loadFabric("cgra-4x4"));
  }
  return std::move(*fabric);
}

Fabric parseFabricJson(StringRef json) {
  llvm::Expected<Fabric> fabric = parseFabric(json, "test");
  if (!fabric) {
    ADD_FAILURE() << llvm::toString(fabric.takeError());
    return std::move(*loadFabric("cgra-4x4"));
  }
  return std::move(*fabric);
}

/// Hops from `from` to `to` on the switch graph, not crossing memory nodes.
static uint32_t bfsHops(const Fabric &fabric, unsigned from, unsigned to) {
  llvm::SmallVector<uint32_t> hops(fabric.getNodes().size(), UINT32_MAX);
  std::deque<unsigned> queue{from};
  hops[from] = 0;
  while (!queue.empty()) {
    unsigned node = queue.front();
    queue.pop_front();
    if (fabric.getNodes()[node].kind == SwitchNode::Kind::MemoryPort)
      continue;
    for (unsigned link : fabric.getOutgoingLinks(node)) {
      unsigned next = fabric.getLinks()[link].to;
      if (hops[next] == UINT32_MAX) {
        hops[next] = hops[node] + 1;
        queue.push_back(next);
      }
    }
  }
  return hops[to];
}

static AssertionResult checkActors(dataflow::GraphOp graph,
                                   const Fabric &fabric,
                                   const Mapping &mapping) {
  SmallVector<Operation *> actors = getGraphActors(graph);
  if (actors.size() != mapping.actors.size())
    return AssertionFailure() << mapping.actors.size() << " placements for "
                              << actors.size() << " actors";
  // (element, unit, context): a unit of an element with N contexts holds
  // up to N actors, each in its own context.
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> used;
  for (auto [index, placement] : llvm::enumerate(mapping.actors)) {
    StringRef opName = actors[index]->getName().getStringRef();
    if (placement.opName != opName)
      return AssertionFailure() << "actor " << index << " is " << opName.str()
                                << ", mapping says " << placement.opName;
    if (placement.element >= fabric.getElements().size() ||
        placement.unit >= fabric.getElements()[placement.element].units.size())
      return AssertionFailure() << "actor " << index << " on no unit";
    const FunctionUnit &unit =
        fabric.getElements()[placement.element].units[placement.unit];
    if (!unit.supports(*classifyOperation(opName)))
      return AssertionFailure()
             << "actor " << index << " (" << opName.str() << ") on unit "
             << unit.name << " that does not support its class";
    if (placement.context >= fabric.getElements()[placement.element].contexts)
      return AssertionFailure()
             << "actor " << index << " in context " << placement.context
             << " of a unit with "
             << fabric.getElements()[placement.element].contexts << " contexts";
    if (!used.insert({placement.element, placement.unit, placement.context})
             .second)
      return AssertionFailure()
             << "unit " << unit.name << " of element " << placement.element
             << " context " << placement.context << " used twice";
  }
  return AssertionSuccess();
}

/// The route of one edge between two actors.
static AssertionResult checkRoute(const Fabric &fabric, const Mapping &mapping,
                                  size_t index, const EdgeRoute &edge) {
  unsigned from =
      fabric.getElements()[mapping.actors[edge.producer].element].switchNode;
  unsigned to =
      fabric.getElements()[mapping.actors[edge.consumer].element].switchNode;
  uint32_t latency = 0, capacity = 0;
  unsigned at = from;
  for (uint32_t linkId : edge.links) {
    const Link &link = fabric.getLinks()[linkId];
    if (link.from != at)
      return AssertionFailure() << "edge " << index << " is not connected";
    at = link.to;
    latency += link.latency;
    capacity += link.fifoDepth;
  }
  if (at != to)
    return AssertionFailure()
           << "edge " << index << " does not end at its consumer's switch";
  if (edge.links.empty())
    capacity = kLocalBypassCapacity;
  unsigned depth = fabric.getElements()[mapping.actors[edge.consumer].element]
                       .operandBufferDepth;
  if (edge.buffer > depth)
    return AssertionFailure() << "edge " << index << " buffer " << edge.buffer
                              << " exceeds the consumer's depth " << depth;
  capacity += edge.buffer;
  if (edge.latency != latency || edge.capacity != capacity)
    return AssertionFailure()
           << "edge " << index << " latency " << edge.latency << " capacity "
           << edge.capacity << ", links and buffer say " << latency << " and "
           << capacity;
  return AssertionSuccess();
}

static AssertionResult checkEdges(dataflow::GraphOp graph, const Fabric &fabric,
                                  const Mapping &mapping) {
  SmallVector<EdgeRoute, 0> expected = enumerateGraphEdges(graph);
  if (expected.size() != mapping.edges.size())
    return AssertionFailure()
           << mapping.edges.size() << " edges, graph has " << expected.size();
  std::map<uint32_t, std::set<std::pair<int32_t, uint32_t>>> netsOnLink;
  uint64_t hops = 0;
  for (auto [index, edge] : llvm::enumerate(mapping.edges)) {
    const EdgeRoute &want = expected[index];
    if (edge.producer != want.producer || edge.result != want.result ||
        edge.consumer != want.consumer || edge.operand != want.operand)
      return AssertionFailure() << "edge " << index << " has other endpoints";
    if (edge.producer == kGraphBoundary || edge.consumer == kGraphBoundary) {
      if (!edge.links.empty() || edge.latency != 0 || edge.buffer != 0 ||
          edge.capacity != kUnboundedCapacity)
        return AssertionFailure() << "boundary edge " << index << " has cost";
      continue;
    }
    if (AssertionResult result = checkRoute(fabric, mapping, index, edge);
        !result)
      return result;
    hops += edge.links.size();
    for (uint32_t link : edge.links)
      netsOnLink[link].insert({edge.producer, edge.result});
  }
  uint32_t maxSharing = 0;
  for (auto &[link, nets] : netsOnLink) {
    if (nets.size() > fabric.getLinks()[link].getCapacity())
      return AssertionFailure()
             << "link " << link << " carries " << nets.size() << " values";
    maxSharing = std::max<uint32_t>(maxSharing, nets.size());
  }
  if (maxSharing != mapping.maxLinkSharing || hops != mapping.totalHops)
    return AssertionFailure()
           << "totals: sharing " << mapping.maxLinkSharing << " hops "
           << mapping.totalHops << ", routes say " << maxSharing << " and "
           << hops;
  return AssertionSuccess();
}

static AssertionResult checkMemories(dataflow::GraphOp graph,
                                     const Fabric &fabric,
                                     const Mapping &mapping) {
  SmallVector<Operation *> actors = getGraphActors(graph);
  size_t next = 0;
  for (auto [index, op] : llvm::enumerate(actors)) {
    if (!isa<dataflow::LoadOp, dataflow::StoreOp>(op))
      continue;
    if (next >= mapping.memories.size() ||
        mapping.memories[next].actor != index)
      return AssertionFailure() << "memory actor " << index << " unbound";
    const MemoryBinding &binding = mapping.memories[next++];
    if (binding.interface >= fabric.getMemoryInterfaces().size())
      return AssertionFailure() << "no interface " << binding.interface;
    unsigned from =
        fabric.getElements()[mapping.actors[index].element].switchNode;
    uint32_t hops = bfsHops(
        fabric, from, fabric.getMemoryInterfaces()[binding.interface].node);
    if (binding.hops != hops || binding.routeLatency < 1)
      return AssertionFailure()
             << "memory actor " << index << " binding has " << binding.hops
             << " hops, shortest is " << hops;
  }
  if (next != mapping.memories.size())
    return AssertionFailure() << "bindings for non-memory actors";
  return AssertionSuccess();
}

AssertionResult isValidMapping(dataflow::GraphOp graph, const Fabric &fabric,
                               const Mapping &mapping) {
  if (mapping.fabricName != fabric.getName() ||
      mapping.graphName != graph.getSymName())
    return AssertionFailure()
           << "names " << mapping.fabricName << " " << mapping.graphName;
  if (AssertionResult result = checkActors(graph, fabric, mapping); !result)
    return result;
  if (AssertionResult result = checkEdges(graph, fabric, mapping); !result)
    return result;
  return checkMemories(graph, fabric, mapping);
}

AssertionResult sameMapping(const Mapping &a, const Mapping &b) {
  if (a.actors.size() != b.actors.size() || a.edges.size() != b.edges.size() ||
      a.memories.size() != b.memories.size())
    return AssertionFailure() << "sizes differ";
  for (auto [x, y] : llvm::zip_equal(a.actors, b.actors))
    if (x.opName != y.opName || x.element != y.element || x.unit != y.unit ||
        x.context != y.context)
      return AssertionFailure() << "placements differ";
  for (auto [x, y] : llvm::zip_equal(a.edges, b.edges))
    if (x.links != y.links || x.latency != y.latency ||
        x.capacity != y.capacity || x.buffer != y.buffer)
      return AssertionFailure() << "routes differ";
  for (auto [x, y] : llvm::zip_equal(a.memories, b.memories))
    if (x.actor != y.actor || x.interface != y.interface || x.hops != y.hops ||
        x.routeLatency != y.routeLatency)
      return AssertionFailure() << "memory bindings differ";
  if (a.totalHops != b.totalHops || a.maxLinkSharing != b.maxLinkSharing ||
      a.placementCost != b.placementCost)
    return AssertionFailure() << "totals differ";
  return AssertionSuccess();
}

std::string makeLaneGraph(unsigned lanes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "dataflow.graph private @lanes(%start: none) values(%x: i32)\n"
        "    memories(%A: memref<?xi32>, %B: memref<?xi32>) -> values(f32) {\n";
  for (unsigned k = 0; k < lanes; ++k) {
    std::string prevA = k ? llvm::formatv("%a{0}", k - 1).str() : "%x";
    os << llvm::formatv(
        "  %c{0} = dataflow.constant %start {{value = {0} : i32} : i32\n"
        "  %a{0} = arith.addi {1}, %c{0} : i32\n"
        "  %m{0} = arith.muli %a{0}, %c{0} : i32\n"
        "  %f{0} = arith.sitofp %m{0} : i32 to f32\n"
        "  %g{0} = arith.mulf %f{0}, %f{0} : f32\n",
        k, prevA);
    if (k == 0)
      os << "  %h0 = arith.addf %g0, %f0 : f32\n";
    else
      os << llvm::formatv("  %h{0} = arith.addf %g{0}, %h{1} : f32\n", k,
                          k - 1);
    os << llvm::formatv(
        "  %i{0} = arith.index_cast %a{0} : i32 to index\n"
        "  %l{0}, %ld{0} = dataflow.load %A[%i{0}] %start : memref<?xi32>\n"
        "  %s{0} = arith.addi %l{0}, %m{0} : i32\n"
        "  %st{0} = dataflow.store %B[%i{0}] %s{0} %ld{0} : memref<?xi32>\n",
        k);
  }
  os << llvm::formatv("  dataflow.graph.return %st{0}, %h{0} : none, f32\n}\n",
                      lanes - 1);
  return text;
}

} // namespace loom::mapper::testing
