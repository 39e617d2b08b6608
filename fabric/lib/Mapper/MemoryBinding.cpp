//===- MemoryBinding.cpp - memory actors to memory interfaces -------------===//
//
// Part of the Loom project.
//
// Every dataflow.load/store reaches memory through one interface. It takes
// the interface with the lowest score: the hops from its element's switch
// plus one per full round of that interface's ports of its kind already
// bound (a soft balance: a nearer interface wins until its ports are
// shared twice as often as a farther one's). Ties go to the lower index.
//
// A graph that streams instances at the interfaces' rate (the laned graph
// of a dense thread, MapProblem::spreadsMemory) counts the rounds fully
// instead: of its ports of the actor's kind, of its requests per cycle,
// and one per actor already bound there whose indices are the same values
// (it always addresses the same bank, so the two are serialized); and an
// actor off the recurrences weighs a round as kThroughputWeight hops, since
// every instance pays a round and the hops cost latency once, which the
// operand buffers absorb.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/ADT/DenseMap.h"

#include <queue>

using namespace loom;
using namespace loom::mapper;
using fabric::MemoryBinding;
using fabric::SwitchNode;

namespace {
/// Hops and latency of the shortest path (fewest hops, then lowest latency)
/// from one switch to every node.
struct PathLengths {
  llvm::SmallVector<uint32_t> hops, latency;
};
} // namespace

static PathLengths shortestPaths(const fabric::Fabric &fabric,
                                 unsigned source) {
  using Key = std::pair<uint32_t, uint32_t>;
  using Entry = std::pair<Key, unsigned>;
  unsigned numNodes = fabric.getNodes().size();
  PathLengths lengths;
  lengths.hops.assign(numNodes, SwitchDistances::kUnreachable);
  lengths.latency.assign(numNodes, SwitchDistances::kUnreachable);
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  lengths.hops[source] = lengths.latency[source] = 0;
  queue.push({{0, 0}, source});
  while (!queue.empty()) {
    auto [key, node] = queue.top();
    queue.pop();
    if (key != Key(lengths.hops[node], lengths.latency[node]))
      continue;
    if (fabric.getNodes()[node].kind == SwitchNode::Kind::MemoryPort)
      continue;
    for (unsigned linkId : fabric.getOutgoingLinks(node)) {
      const fabric::Link &link = fabric.getLinks()[linkId];
      Key candidate(key.first + 1, key.second + link.latency);
      if (candidate < Key(lengths.hops[link.to], lengths.latency[link.to])) {
        lengths.hops[link.to] = candidate.first;
        lengths.latency[link.to] = candidate.second;
        queue.push({candidate, link.to});
      }
    }
  }
  return lengths;
}

/// What a round of sharing an interface costs an actor off recurrences,
/// in hops.
static constexpr uint64_t kThroughputWeight = 16;

/// Whether an edge of `actor` lies on a loop recurrence.
static bool isOnRecurrence(const MapProblem &problem, uint32_t actor) {
  return llvm::any_of(problem.incidentEdges[actor], [&](uint32_t edge) {
    return problem.edges[edge].inRecurrence;
  });
}

llvm::SmallVector<MemoryBinding, 0>
mapper::bindMemories(const MapProblem &problem, const fabric::Fabric &fabric,
                     llvm::ArrayRef<uint32_t> elementOfActor) {
  llvm::ArrayRef<fabric::MemoryInterface> interfaces =
      fabric.getMemoryInterfaces();
  llvm::SmallVector<unsigned> loads(interfaces.size(), 0),
      stores(interfaces.size(), 0);
  llvm::DenseMap<uint32_t, PathLengths> fromElement;
  // The address ids already bound to each interface.
  llvm::SmallVector<llvm::SmallVector<int32_t, 4>> sameAddress(
      interfaces.size());
  llvm::SmallVector<MemoryBinding, 0> bindings;
  for (auto [actor, info] : llvm::enumerate(problem.actors)) {
    if (!info.isLoad && !info.isStore)
      continue;
    uint32_t element = elementOfActor[actor];
    auto it = fromElement.find(element);
    if (it == fromElement.end())
      it = fromElement
               .try_emplace(
                   element,
                   shortestPaths(fabric,
                                 fabric.getElements()[element].switchNode))
               .first;
    const PathLengths &paths = it->second;
    llvm::SmallVector<unsigned> &bound = info.isLoad ? loads : stores;
    bool spread = problem.spreadsMemory;
    uint64_t weight =
        spread && !isOnRecurrence(problem, actor) ? kThroughputWeight : 1;
    uint64_t bestScore = UINT64_MAX;
    uint32_t best = 0;
    for (auto [m, memory] : llvm::enumerate(interfaces)) {
      unsigned ports = info.isLoad ? memory.loadPorts : memory.storePorts;
      if (!ports || !memory.requestsPerCycle)
        continue;
      uint64_t rounds = bound[m] / ports;
      if (spread) {
        rounds = std::max<uint64_t>(rounds, (loads[m] + stores[m]) /
                                                memory.requestsPerCycle);
        int32_t address = info.address;
        rounds += llvm::count(sameAddress[m], address);
      }
      uint64_t score = paths.hops[memory.node] + weight * rounds;
      if (score < bestScore) {
        bestScore = score;
        best = m;
      }
    }
    ++bound[best];
    if (info.address >= 0)
      sameAddress[best].push_back(info.address);
    MemoryBinding binding;
    binding.actor = actor;
    binding.interface = best;
    binding.hops = paths.hops[interfaces[best].node];
    binding.routeLatency = paths.latency[interfaces[best].node];
    bindings.push_back(binding);
  }
  return bindings;
}
