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

#include <algorithm>
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
  /// Loads and stores: equal for two memory actors whose indices are the
  /// same values, which therefore always address the same bank; -1
  /// otherwise.
  int32_t address = -1;
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
  /// The graph is limited by its memory interfaces' throughput (the laned
  /// graph of a dense thread, kGraphLanesAttrName): memory binding spreads
  /// its accesses.
  bool spreadsMemory = false;
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

/// One context of a function unit of the fabric, flattened: a unit of an
/// element with N contexts is N slots, each holding at most one actor.
struct UnitSlot {
  uint32_t element = 0;
  uint32_t unit = 0;
  /// The unit's context this slot is (0 on a spatial element).
  uint32_t context = 0;
  /// The physical unit, numbered element-major over the whole fabric: the
  /// slots of one unit share its firings.
  uint32_t physicalUnit = 0;
  fabric::OperationClassSet classes;
};

/// Which units each actor may run on.
struct TechnologyMapping {
  /// Every context of every unit, element-major, then unit, then context.
  llvm::SmallVector<UnitSlot, 0> slots;
  /// The physical units: how many there are.
  uint32_t numUnits = 0;
  /// True when some unit has more than one context: placement then charges
  /// actors that share a unit (Placement.cpp).
  bool timeMultiplexed = false;
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

/// How much of an element's link channels ElementPressure lets placement use
/// before it charges: `channels` (0, 1] of them for the distinct values
/// leaving and entering the element, `hops` (0, 1] of them, per direction,
/// for the estimated hops leaving it.
struct PressureShares {
  double channels = 1.0;
  double hops = 0.5;
};

/// Simulated annealing from a greedy compact start, with ElementPressure
/// charging beyond `shares`.
llvm::Expected<Placement>
placeActors(const MapProblem &problem, const fabric::Fabric &fabric,
            const TechnologyMapping &tech, const SwitchDistances &distances,
            const MapperOptions &options, PressureShares shares,
            const Deadline &deadline);

/// How much longer than the half perimeter of its bounding box a net with
/// `terminals` terminals routes: a Steiner tree needs more for large
/// fan-out (about 1 + 0.06 per terminal beyond three, at most 2.8).
inline double fanoutFactor(unsigned terminals) {
  return terminals <= 3 ? 1.0 : std::min(2.8, 1.0 + 0.06 * (terminals - 3));
}

/// The placement cost terms that keep routing feasible, per element: the
/// distinct values leaving it (nets with a consumer elsewhere) beyond the
/// channels of its outgoing links, the values entering it beyond its
/// incoming channels, and the estimated hops leaving it along its row and
/// along its column (every net's wire length spread evenly over the
/// elements of its bounding box, values passing through included) beyond
/// the channels of its links in that direction. Supports
/// incremental updates for annealing moves.
class ElementPressure {
public:
  ElementPressure(const MapProblem &problem, const fabric::Fabric &fabric,
                  PressureShares shares);
  /// Counts every net from scratch; returns the total penalty.
  double recount(llvm::ArrayRef<uint32_t> elementOfActor);
  /// The nets whose producer or a consumer is `a` or `b` (b may be -1).
  void collectNets(uint32_t a, int32_t b,
                   llvm::SmallVectorImpl<uint32_t> &nets);
  /// Removes (sign -1, before a move) or adds (+1, after it) the
  /// contribution of `nets`.
  void update(llvm::ArrayRef<uint32_t> nets,
              llvm::ArrayRef<uint32_t> elementOfActor, int sign);
  /// The penalty change since the last commit, rollback or recount.
  double delta() const;
  /// Keeps the changes since the last commit, rollback or recount.
  void commit();
  /// Restores every count, demand and box to what it was at the last
  /// commit, rollback or recount: a rejected move costs no second update,
  /// and its floating-point sums leave no trace.
  void rollback();

private:
  /// A net's bounding box and the hops it adds to each element inside.
  struct NetBox {
    uint16_t minRow = 0, maxRow = 0, minCol = 0, maxCol = 0;
    /// Per element of the box, the row (east-west) and column
    /// (north-south) hops.
    double rowHops = 0, colHops = 0;
    bool operator==(const NetBox &other) const {
      return minRow == other.minRow && maxRow == other.maxRow &&
             minCol == other.minCol && maxCol == other.maxCol &&
             rowHops == other.rowHops && colHops == other.colHops;
    }
  };
  /// What an element held before the move being evaluated.
  struct ElementState {
    uint32_t element;
    int32_t outNets, inNets;
    double rowDemand, colDemand, penalty;
  };
  double penalty(unsigned element) const;
  void touch(unsigned element);
  /// Replaces the hops of `from` by those of `to` in the elements of both
  /// boxes, in one pass over them.
  void respread(const NetBox &from, const NetBox &to);
  void clearUndo();

  const MapProblem &problem;
  const fabric::Fabric &fabric;
  llvm::SmallVector<llvm::SmallVector<uint32_t, 4>, 0> netsOfActor;
  llvm::SmallVector<int32_t, 0> outNets, inNets;
  llvm::SmallVector<uint32_t, 0> outChannels, inChannels;
  /// Per element, the estimated hops leaving it east or west (row) and
  /// north or south (column), and the channels of those links.
  llvm::SmallVector<double, 0> rowDemand, colDemand, rowCapacity, colCapacity;
  /// Per net, the box whose hops hopDemand holds.
  llvm::SmallVector<NetBox, 0> appliedBox;
  /// Elements changed since the last commit or rollback, with their state
  /// before, and the boxes replaced since then.
  llvm::SmallVector<ElementState, 32> touched;
  llvm::SmallVector<std::pair<uint32_t, NetBox>, 8> replacedBoxes;
  llvm::SmallVector<uint32_t, 0> touchStamp, netStamp, elementStamp;
  uint32_t stamp = 1, elementRound = 1;
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

/// Whether `edge` joins two actors off every recurrence: the edges that get
/// operand buffers and that the steady schedule walks (an acyclic graph).
inline bool isOffRecurrenceActorEdge(const MapEdge &edge) {
  return edge.net >= 0 && !edge.inRecurrence;
}

/// A pipelined steady state of a mapping (SteadySchedule.cpp), as the cycle
/// simulator times it.
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

/// Gives every edge between two actors off a recurrence its consumer
/// element's whole operandBufferDepth as operand buffer slots
/// (EdgeRoute::buffer, added to its capacity), so that paths of different
/// latency rejoin without stalling their producers (docs/mapper.md).
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
