//===- MapperImpl.h - the stages of the fabric mapper -----------*- C++ -*-===//
//
// Part of the Loom project.
//
// The mapper works on an MLIR-free copy of the graph (MapProblem) so that
// each stage sees only actors, edges and nets: GraphExtraction builds it,
// TechnologyMapping chooses which units an actor may use, Placement anneals,
// MemoryBinding picks interfaces, Routing negotiates congestion and
// BufferSizing configures operand buffers. FabricMapper.cpp runs them in
// that order and fills the Mapping.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_LIB_MAPPER_MAPPERIMPL_H
#define LOOM_FABRIC_LIB_MAPPER_MAPPERIMPL_H

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"
#include "loom/Mapper/FabricMapper.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <optional>
#include <string>

namespace loom::mapper {

/// One actor as the mapper sees it.
struct MapActor {
  std::string opName;
  /// std::nullopt for an op the class table does not know.
  std::optional<fabric::OperationClass> cls;
  bool isLoad = false, isStore = false;
};

/// One edge, numbered as Mapping.h prescribes.
struct MapEdge {
  int32_t producer = fabric::kGraphBoundary;
  uint32_t result = 0;
  int32_t consumer = fabric::kGraphBoundary;
  uint32_t operand = 0;
  /// The net this edge belongs to; -1 for edges that cross the boundary.
  int32_t net = -1;
  /// Both ends lie on one cycle of the actor graph (a loop recurrence).
  bool inRecurrence = false;
};

/// One routed value: an actor result with at least one actor consumer.
struct MapNet {
  uint32_t producer = 0;
  uint32_t result = 0;
  /// Its edges between two actors, in edge order.
  llvm::SmallVector<uint32_t, 4> edges;
  /// The value as printed in the graph, for failure messages ("%sum").
  std::string name;
};

struct MapProblem {
  std::string graphName;
  llvm::SmallVector<MapActor, 0> actors;
  llvm::SmallVector<MapEdge, 0> edges;
  llvm::SmallVector<MapNet, 0> nets;
  /// Per actor, the edges between two actors that touch it.
  llvm::SmallVector<llvm::SmallVector<uint32_t, 6>, 0> incidentEdges;
};

/// Builds the problem of `graph` (actor and edge numbering of Mapping.h).
MapProblem extractProblem(dataflow::GraphOp graph);

/// The wall-clock budget of one mapping.
class Deadline {
public:
  explicit Deadline(double budgetSeconds)
      : start(std::chrono::steady_clock::now()), budget(budgetSeconds) {}
  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }
  bool expired() const { return elapsed() > budget; }
  /// The failure of a stage that ran out of time.
  llvm::Error error(const MapProblem &problem, const fabric::Fabric &fabric,
                    llvm::StringRef stage) const;

private:
  std::chrono::steady_clock::time_point start;
  double budget;
};

/// Hop distances on the switch graph. Memory interface nodes end paths but
/// are never crossed: data routes stay on the switches.
struct SwitchDistances {
  static constexpr uint32_t kUnreachable = 1u << 20;
  unsigned numElements = 0;
  /// elementHops[a * numElements + b]: links from a's switch to b's.
  llvm::SmallVector<uint32_t, 0> elementHops;
  /// memoryHops[e * numInterfaces + m]: links from e's switch to memory m.
  llvm::SmallVector<uint32_t, 0> memoryHops;
  /// Per element, the hops to its nearest memory interface.
  llvm::SmallVector<uint32_t, 0> nearestMemoryHops;

  uint32_t hops(unsigned a, unsigned b) const {
    return elementHops[a * numElements + b];
  }
};
SwitchDistances computeSwitchDistances(const fabric::Fabric &fabric);

/// A function unit of the fabric, flattened.
struct UnitSlot {
  uint32_t element = 0;
  uint32_t unit = 0;
  fabric::OperationClassSet classes;
};

/// Which units each actor may run on.
struct TechnologyMapping {
  /// Every unit, element-major.
  llvm::SmallVector<UnitSlot, 0> slots;
  /// Per element, its slot ids.
  llvm::SmallVector<llvm::SmallVector<uint32_t, 12>, 0> slotsOfElement;
  /// Per actor, the class-set of units a feasible initial placement puts it
  /// on (the matching of classes to unit kinds proves one exists).
  llvm::SmallVector<uint32_t, 0> initialUnitKind;

  bool canRun(const MapProblem &problem, uint32_t actor, uint32_t slot) const {
    return slots[slot].classes.contains(*problem.actors[actor].cls);
  }
};
/// Fails when some actor has no unit or the units cannot host all actors.
llvm::Expected<TechnologyMapping> mapTechnology(const MapProblem &problem,
                                                const fabric::Fabric &fabric);

struct Placement {
  /// Per actor, its slot in TechnologyMapping::slots.
  llvm::SmallVector<uint32_t, 0> slotOfActor;
  double cost = 0;
};
/// Simulated annealing from a greedy compact start. `channelShare` (0, 1]
/// is the part of each element's link channels ElementPressure lets values
/// use before it charges them; retries after a routing failure lower it.
llvm::Expected<Placement>
placeActors(const MapProblem &problem, const fabric::Fabric &fabric,
            const TechnologyMapping &tech, const SwitchDistances &distances,
            const MapperOptions &options, double channelShare,
            const Deadline &deadline);
/// The annealing cost of `slotOfActor` (see docs/mapper.md).
double placementCost(const MapProblem &problem, const fabric::Fabric &fabric,
                     const TechnologyMapping &tech,
                     const SwitchDistances &distances,
                     llvm::ArrayRef<uint32_t> slotOfActor, double channelShare);

/// The placement cost term that keeps routing feasible: per element, the
/// distinct values leaving it (nets with a consumer elsewhere) beyond the
/// channels of its outgoing links, and the values entering it beyond its
/// incoming channels. Supports incremental updates for annealing moves.
class ElementPressure {
public:
  ElementPressure(const MapProblem &problem, const fabric::Fabric &fabric,
                  double channelShare);
  /// Counts every net from scratch; returns the total penalty.
  double recount(llvm::ArrayRef<uint32_t> elementOfActor);
  /// The nets whose producer or a consumer is `a` or `b` (b may be -1).
  void collectNets(uint32_t a, int32_t b,
                   llvm::SmallVectorImpl<uint32_t> &nets);
  /// Removes (sign -1) or adds (+1) the contribution of `nets`.
  void update(llvm::ArrayRef<uint32_t> nets,
              llvm::ArrayRef<uint32_t> elementOfActor, int sign);
  /// The penalty change since the last takeDelta (or recount).
  double takeDelta();

private:
  double penalty(unsigned element) const;
  void touch(unsigned element);

  const MapProblem &problem;
  llvm::SmallVector<llvm::SmallVector<uint32_t, 4>, 0> netsOfActor;
  llvm::SmallVector<int32_t, 0> outNets, inNets;
  llvm::SmallVector<uint32_t, 0> outChannels, inChannels;
  /// Elements changed since the last takeDelta, with their penalty before.
  llvm::SmallVector<uint32_t, 16> touched;
  llvm::SmallVector<double, 16> penaltyBefore;
  llvm::SmallVector<uint32_t, 0> touchStamp, netStamp;
  uint32_t stamp = 1;
  llvm::SmallVector<uint32_t, 8> scratch;
};

struct Routing {
  /// Per edge, its links from the producer's switch to the consumer's.
  llvm::SmallVector<llvm::SmallVector<uint32_t, 8>, 0> edgeLinks;
  uint32_t maxLinkSharing = 0;
  /// Non-empty when the last round still overused a link: the failure
  /// message naming it (the caller may place again and retry).
  std::string congestion;
};
/// Negotiated-congestion routing of every net. Errors are final (no path,
/// time budget); congestion is reported in Routing::congestion.
llvm::Expected<Routing> routeNets(const MapProblem &problem,
                                  const fabric::Fabric &fabric,
                                  llvm::ArrayRef<uint32_t> elementOfActor,
                                  const MapperOptions &options,
                                  const Deadline &deadline);

/// Binds every memory actor to an interface (nearest, ports balanced).
llvm::SmallVector<fabric::MemoryBinding, 0>
bindMemories(const MapProblem &problem, const fabric::Fabric &fabric,
             llvm::ArrayRef<uint32_t> elementOfActor);

/// A pipelined steady state of a mapping (docs/mapper.md, "Operand
/// buffers"), as the cycle simulator times it.
struct SteadySchedule {
  /// Per actor, the cycles from a firing until its outputs enter their
  /// routes: the unit latency, plus a memory actor's round trip to its
  /// interface (and a load's interface latency).
  llvm::SmallVector<uint64_t, 0> delay;
  /// Per actor, its earliest firing cycle: the longest path from the graph
  /// inputs (cycle 0) over the edges between actors off every recurrence,
  /// a step p -> c costing max(1, delay(p) + route latency).
  llvm::SmallVector<uint64_t, 0> fire;
};
/// Needs the routes' latencies and the memory bindings of `mapping`.
SteadySchedule computeSteadySchedule(const MapProblem &problem,
                                     const fabric::Fabric &fabric,
                                     const fabric::Mapping &mapping);

/// Gives every edge between two actors off a recurrence the operand buffer
/// slots (EdgeRoute::buffer, added to its capacity) that keep a pipelined
/// steady state of one token per slowest initiation interval from stalling
/// where paths of different latency rejoin, within the consumer element's
/// operandBufferDepth (docs/mapper.md). Needs the routes' latency and
/// capacity and the memory bindings.
void sizeBuffers(const MapProblem &problem, const fabric::Fabric &fabric,
                 fabric::Mapping &mapping);

/// A smaller fabric inside a bigger one, unit for unit: per element,
/// switch-graph node, link and memory interface of the smaller fabric, its
/// twin's index in the bigger one.
struct FabricEmbedding {
  llvm::SmallVector<uint32_t, 0> elementOf, nodeOf, linkOf, interfaceOf;
};
/// The first window of `big` (row-major offsets) where `small` embeds, or
/// std::nullopt.
std::optional<FabricEmbedding> findEmbedding(const fabric::Fabric &small,
                                             const fabric::Fabric &big);
/// A mapping on the smaller fabric of `embedding`, renumbered for `big`.
fabric::Mapping translateMapping(const fabric::Mapping &mapping,
                                 const FabricEmbedding &embedding,
                                 const fabric::Fabric &big);

/// The quality measure of docs/mapper.md on the mapper's own problem.
MappingQuality evaluateQuality(const MapProblem &problem,
                               const fabric::Fabric &fabric,
                               const fabric::Mapping &mapping);

/// "(r, c)" of element `element`.
std::string describeElement(const fabric::Fabric &fabric, unsigned element);
/// "(r, c)" or "mem0" for a switch-graph node.
std::string describeNode(const fabric::Fabric &fabric, unsigned node);

} // namespace loom::mapper

#endif // LOOM_FABRIC_LIB_MAPPER_MAPPERIMPL_H
