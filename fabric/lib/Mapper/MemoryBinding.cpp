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

llvm::SmallVector<MemoryBinding, 0>
mapper::bindMemories(const MapProblem &problem, const fabric::Fabric &fabric,
                     llvm::ArrayRef<uint32_t> elementOfActor) {
  llvm::ArrayRef<fabric::MemoryInterface> interfaces =
      fabric.getMemoryInterfaces();
  llvm::SmallVector<unsigned> loads(interfaces.size(), 0),
      stores(interfaces.size(), 0);
  llvm::DenseMap<uint32_t, PathLengths> fromElement;
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
    uint64_t bestScore = UINT64_MAX;
    uint32_t best = 0;
    for (auto [m, memory] : llvm::enumerate(interfaces)) {
      unsigned ports = info.isLoad ? memory.loadPorts : memory.storePorts;
      uint64_t sharing =
          ports ? bound[m] / ports : SwitchDistances::kUnreachable;
      uint64_t score = paths.hops[memory.node] + sharing;
      if (score < bestScore) {
        bestScore = score;
        best = m;
      }
    }
    ++bound[best];
    MemoryBinding binding;
    binding.actor = actor;
    binding.interface = best;
    binding.hops = paths.hops[interfaces[best].node];
    binding.routeLatency = paths.latency[interfaces[best].node];
    bindings.push_back(binding);
  }
  return bindings;
}
