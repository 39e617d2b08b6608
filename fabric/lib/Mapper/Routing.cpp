//===- Routing.cpp - negotiated-congestion routing (PathFinder) -----------===//
//
// Part of the Loom project.
//
// A net is one value: its uses share links, so a net is routed as a tree
// grown from the producer's switch, one consumer switch at a time (nearest
// first), by Dijkstra from every node already on the tree. A link carries at
// most `channels` nets, or channels * contexts on a time-shared link, where
// each value beyond the channels costs a little more (it shares a channel's
// cycles, which slows every value on it). Each round rips up and reroutes every
// net in net order with link cost (1 + history) * (1 + present * overuse);
// after a round with overused links their history grows and the present factor
// doubles, so nets negotiate who detours. A negotiation stops after
// maxRoutingIterations rounds or kStallRounds rounds without progress; when
// it came within a few channels of routing, it starts again, a few times,
// with the history kept, the present factor reset and the nets in another
// order. Memory interface nodes are never crossed.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <queue>
#include <random>

using namespace loom;
using namespace loom::mapper;
using fabric::SwitchNode;

static constexpr double kInitialPresentFactor = 0.5;
static constexpr double kPresentGrowth = 2.0;
static constexpr double kHistoryFactor = 1.0;
/// The extra cost of a time-shared link per value already on each of its
/// channels: a route shares cycles only where it saves about two hops.
static constexpr double kTimeShareWeight = 2.0;
/// Rounds without a lower total overuse after which a negotiation gives up.
static constexpr unsigned kStallRounds = 12;
/// A negotiation whose best round overused at most kRestartOveruse channels
/// starts again, up to kRestarts times. Near misses are common on dense
/// graphs (one to three channels), and which nets detour depends on the
/// order they are routed in: on the two densest sample graphs, seeds 1 to
/// 24, the restarts cut the placements needed from 66 to 52 (loopForms)
/// and from 38 to 32 (mergeSorted), at a few milliseconds each.
static constexpr unsigned kRestarts = 4;
static constexpr unsigned kRestartOveruse = 4;

namespace {
/// A routed net: which links it uses and, per node on its tree, the link
/// that reaches it.
struct NetTree {
  llvm::SmallVector<uint32_t, 16> links;
  llvm::SmallVector<uint32_t, 16> nodes;
};

class Router {
public:
  Router(const MapProblem &problem, const fabric::Fabric &fabric,
         llvm::ArrayRef<uint32_t> elementOfActor)
      : problem(problem), fabric(fabric), elementOfActor(elementOfActor),
        occupancy(fabric.getLinks().size(), 0),
        history(fabric.getLinks().size(), 0),
        parentLink(fabric.getNodes().size(), UINT32_MAX),
        onTree(fabric.getNodes().size(), false), trees(problem.nets.size()) {}

  llvm::Expected<Routing> run(const MapperOptions &options,
                              const Deadline &deadline);

private:
  unsigned switchOf(uint32_t actor) const {
    return fabric.getElements()[elementOfActor[actor]].switchNode;
  }
  double linkCost(uint32_t link) const {
    const fabric::Link &info = fabric.getLinks()[link];
    unsigned overuse =
        std::max<int>(0, int(occupancy[link]) + 1 - int(info.getCapacity()));
    double base = 1.0;
    if (info.contexts > 1)
      base += kTimeShareWeight * (occupancy[link] / info.channels);
    return (base + history[link]) * (1.0 + presentFactor * overuse);
  }
  /// Negotiates in rounds, routing the nets in `order`, until no link is
  /// overused (returns 0), or maxRoutingIterations rounds, or kStallRounds
  /// rounds without progress; returns the least total overuse of a round
  /// and counts the rounds in `rounds`.
  llvm::Expected<unsigned> negotiate(llvm::ArrayRef<uint32_t> order,
                                     const MapperOptions &options,
                                     const Deadline &deadline,
                                     unsigned &rounds);
  llvm::Error routeNet(uint32_t netIndex);
  /// Dijkstra from the tree to `sink`; adds the path to the tree.
  bool extendTree(NetTree &tree, unsigned sink);
  void ripUp(uint32_t netIndex);
  llvm::Error congestionError(unsigned rounds) const;
  Routing collect() const;

  const MapProblem &problem;
  const fabric::Fabric &fabric;
  llvm::ArrayRef<uint32_t> elementOfActor;
  llvm::SmallVector<uint32_t, 0> occupancy;
  llvm::SmallVector<double, 0> history;
  /// Per node, the link that reaches it on the net being routed.
  llvm::SmallVector<uint32_t, 0> parentLink;
  llvm::SmallVector<bool, 0> onTree;
  llvm::SmallVector<NetTree, 0> trees;
  /// Per net, per node on its tree, the link that reaches it (node order of
  /// NetTree::nodes), to read each edge's path back.
  llvm::SmallVector<llvm::SmallVector<uint32_t, 16>, 0> treeParents;
  double presentFactor = kInitialPresentFactor;
};
} // namespace

bool Router::extendTree(NetTree &tree, unsigned sink) {
  using Entry = std::pair<double, unsigned>;
  llvm::SmallVector<double, 0> distance(
      fabric.getNodes().size(), std::numeric_limits<double>::infinity());
  llvm::SmallVector<uint32_t, 0> via(fabric.getNodes().size(), UINT32_MAX);
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  for (unsigned node : tree.nodes) {
    distance[node] = 0;
    queue.push({0.0, node});
  }
  while (!queue.empty()) {
    auto [dist, node] = queue.top();
    queue.pop();
    if (dist > distance[node])
      continue;
    if (node == sink)
      break;
    if (fabric.getNodes()[node].kind == SwitchNode::Kind::MemoryPort)
      continue;
    for (uint32_t link : fabric.getOutgoingLinks(node)) {
      unsigned next = fabric.getLinks()[link].to;
      if (fabric.getNodes()[next].kind == SwitchNode::Kind::MemoryPort)
        continue;
      double candidate = dist + linkCost(link);
      if (candidate < distance[next]) {
        distance[next] = candidate;
        via[next] = link;
        queue.push({candidate, next});
      }
    }
  }
  if (via[sink] == UINT32_MAX)
    return false;
  for (unsigned node = sink; !onTree[node];
       node = fabric.getLinks()[via[node]].from) {
    onTree[node] = true;
    parentLink[node] = via[node];
    tree.nodes.push_back(node);
    tree.links.push_back(via[node]);
    ++occupancy[via[node]];
  }
  return true;
}

llvm::Error Router::routeNet(uint32_t netIndex) {
  const MapNet &net = problem.nets[netIndex];
  NetTree &tree = trees[netIndex];
  unsigned source = switchOf(net.producer);
  tree.nodes.push_back(source);
  onTree[source] = true;
  parentLink[source] = UINT32_MAX;
  // Nearest consumers first: later ones branch off the shared trunk.
  llvm::SmallVector<std::pair<uint32_t, unsigned>> sinks;
  for (uint32_t e : net.edges) {
    uint32_t consumer = problem.edges[e].consumer;
    const fabric::ProcessingElement &from =
        fabric.getElements()[elementOfActor[net.producer]];
    const fabric::ProcessingElement &to =
        fabric.getElements()[elementOfActor[consumer]];
    uint32_t manhattan = std::abs(int(from.row) - int(to.row)) +
                         std::abs(int(from.col) - int(to.col));
    sinks.emplace_back(manhattan, switchOf(consumer));
  }
  llvm::sort(sinks);
  llvm::Error error = llvm::Error::success();
  for (auto [ignored, sink] : sinks) {
    if (onTree[sink] || extendTree(tree, sink))
      continue;
    error = llvm::createStringError(
        llvm::formatv(
            "cannot route graph @{0} on {1}: no path from switch {2} to switch "
            "{3} for {4}",
            problem.graphName, fabric.getName(), describeNode(fabric, source),
            describeNode(fabric, sink), net.name)
            .str());
    break;
  }
  treeParents.resize(problem.nets.size());
  treeParents[netIndex].clear();
  for (unsigned node : tree.nodes)
    treeParents[netIndex].push_back(parentLink[node]);
  for (unsigned node : tree.nodes)
    onTree[node] = false;
  return error;
}

void Router::ripUp(uint32_t netIndex) {
  for (uint32_t link : trees[netIndex].links)
    --occupancy[link];
  trees[netIndex] = NetTree();
}

/// "2 channels", or "1 channels x 16 contexts" on a time-shared link.
static std::string describeCapacity(const fabric::Link &link) {
  std::string text = llvm::formatv("{0} channels", link.channels);
  if (link.contexts > 1)
    text += llvm::formatv(" x {0} contexts", link.contexts).str();
  return text;
}

llvm::Error Router::congestionError(unsigned rounds) const {
  uint32_t worst = 0;
  int worstOveruse = INT32_MIN;
  for (auto [link, used] : llvm::enumerate(occupancy)) {
    int overuse = int(used) - int(fabric.getLinks()[link].getCapacity());
    if (overuse > worstOveruse) {
      worstOveruse = overuse;
      worst = link;
    }
  }
  llvm::SmallVector<std::string> values;
  for (auto [netIndex, tree] : llvm::enumerate(trees))
    if (llvm::is_contained(tree.links, worst))
      values.push_back(problem.nets[netIndex].name);
  const fabric::Link &link = fabric.getLinks()[worst];
  return llvm::createStringError(
      llvm::formatv("cannot route graph @{0} on {1}: after {2} rounds the "
                    "most congested link {3} {4} -> {5} carries {6} values "
                    "on {7}: {8}",
                    problem.graphName, fabric.getName(), rounds, worst,
                    describeNode(fabric, link.from),
                    describeNode(fabric, link.to), occupancy[worst],
                    describeCapacity(link), llvm::join(values, ", "))
          .str());
}

Routing Router::collect() const {
  Routing routing;
  routing.edgeLinks.resize(problem.edges.size());
  for (auto [netIndex, net] : llvm::enumerate(problem.nets)) {
    const NetTree &tree = trees[netIndex];
    llvm::DenseMap<unsigned, uint32_t> parentOf;
    for (auto [node, parent] :
         llvm::zip_equal(tree.nodes, treeParents[netIndex]))
      parentOf[node] = parent;
    unsigned source = switchOf(net.producer);
    for (uint32_t e : net.edges) {
      llvm::SmallVector<uint32_t, 8> &links = routing.edgeLinks[e];
      for (unsigned node = switchOf(problem.edges[e].consumer); node != source;
           node = fabric.getLinks()[links.back()].from)
        links.push_back(parentOf.lookup(node));
      std::reverse(links.begin(), links.end());
    }
  }
  for (auto [link, used] : llvm::enumerate(occupancy))
    routing.maxLinkSharing = std::max(routing.maxLinkSharing, used);
  return routing;
}

llvm::Expected<unsigned> Router::negotiate(llvm::ArrayRef<uint32_t> order,
                                           const MapperOptions &options,
                                           const Deadline &deadline,
                                           unsigned &rounds) {
  unsigned maxRounds = std::max(1u, options.maxRoutingIterations);
  unsigned bestOveruse = UINT_MAX, stalled = 0;
  presentFactor = kInitialPresentFactor;
  for (rounds = 1; rounds <= maxRounds; ++rounds) {
    for (uint32_t netIndex : order) {
      if (deadline.expired())
        return deadline.error(problem, fabric, "routing");
      ripUp(netIndex);
      if (llvm::Error error = routeNet(netIndex))
        return std::move(error);
    }
    unsigned overuse = 0;
    for (auto [link, used] : llvm::enumerate(occupancy)) {
      unsigned capacity = fabric.getLinks()[link].getCapacity();
      if (used <= capacity)
        continue;
      overuse += used - capacity;
      history[link] += kHistoryFactor * (used - capacity);
    }
    if (overuse == 0)
      return 0;
    // A negotiation that stopped improving will not converge: give the
    // placement another chance early instead of spending every round.
    if (overuse < bestOveruse) {
      bestOveruse = overuse;
      stalled = 0;
    } else if (++stalled == kStallRounds) {
      break;
    }
    presentFactor *= kPresentGrowth;
  }
  rounds = std::min(rounds, maxRounds);
  return bestOveruse;
}

llvm::Expected<Routing> Router::run(const MapperOptions &options,
                                    const Deadline &deadline) {
  llvm::SmallVector<uint32_t, 0> order(problem.nets.size());
  for (auto [index, net] : llvm::enumerate(order))
    net = index;
  // Deterministic: the orders depend on the user's seed alone (llvm::shuffle
  // is the same on every standard library, std::shuffle is not).
  std::mt19937_64 rng(options.seed);
  unsigned rounds = 0;
  for (unsigned restart = 0;; ++restart) {
    llvm::Expected<unsigned> overuse =
        negotiate(order, options, deadline, rounds);
    if (!overuse)
      return overuse.takeError();
    if (*overuse == 0)
      return collect();
    if (restart == kRestarts || *overuse > kRestartOveruse)
      break;
    llvm::shuffle(order.begin(), order.end(), rng);
  }
  Routing failed;
  failed.congestion = llvm::toString(congestionError(rounds));
  return failed;
}

llvm::Expected<Routing>
mapper::routeNets(const MapProblem &problem, const fabric::Fabric &fabric,
                  llvm::ArrayRef<uint32_t> elementOfActor,
                  const MapperOptions &options, const Deadline &deadline) {
  Router router(problem, fabric, elementOfActor);
  return router.run(options, deadline);
}
