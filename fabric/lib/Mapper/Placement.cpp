//===- Placement.cpp - simulated-annealing placement ----------------------===//
//
// Part of the Loom project.
//
// One actor per function unit. The cost estimates route lengths before any
// route exists: every net costs the half perimeter of its elements' bounding
// box (scaled up for large fan-out), every recurrence edge (a loop-carried
// value: its latency bounds the loop's rate) three times its hop distance
// on top, every memory actor twice its hops to the nearest memory interface
// (a request and its response), and ElementPressure charges elements with
// more values in or out, or more estimated hops along a row or a column,
// than their channels. The start is a greedy compact placement (per-edge
// distances to the neighbours placed so far); the annealing schedule
// follows VPR (adaptive cooling and a shrinking move window) and is driven
// only by a std::mt19937_64 seeded from the options, so the result depends
// on the inputs alone.
//
// On a time-multiplexed fabric a unit has one slot per context and holds up
// to that many actors, which take turns on it: a unit with k actors of a
// loop body fires each of them at most once every k cycles, so sharing
// bounds the loop's rate as a long recurrence does. Every pair of actors on
// one unit costs kShareWeight, which spreads the actors evenly over the
// units that can run them (the sum of k(k-1)/2 is least for equal k) before
// the wire length packs them.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include <cmath>
#include <random>

using namespace loom;
using namespace loom::mapper;

static constexpr double kEdgeWeight = 1.0;
/// Added per hop of a recurrence edge, on top of its net's wire length.
static constexpr double kRecurrenceExtraWeight = 3.0;
static constexpr double kRecurrenceWeight =
    kEdgeWeight + kRecurrenceExtraWeight;
static constexpr double kMemoryWeight = 2.0;
/// Per pair of actors sharing one unit (time-multiplexed fabrics): as much
/// as a hop on a recurrence, since the pair halves the rate of a loop
/// whose body they are in as a ring of that many cycles would.
static constexpr double kShareWeight = 3.0;
/// Moves per temperature: kMovesFactor * actors^(4/3), as in VPR.
static constexpr double kMovesFactor = 4.0;
static constexpr unsigned kMaxTemperatureSteps = 2000;
/// The start temperature, as a multiple of the mean |cost change| of random
/// moves from the greedy start: a compact start is already a fair
/// placement, and melting it (twice the mean, as before) cost half the
/// annealing time without giving lower costs.
static constexpr double kStartTemperature = 0.2;
/// The annealing stops when, for kFrozenSteps temperatures in a row, the
/// best cost fell by less than kFrozenGain (relative) while fewer than
/// kFrozenRate of the moves were accepted.
static constexpr double kFrozenGain = 0.002;
static constexpr double kFrozenRate = 0.1;
static constexpr unsigned kFrozenSteps = 4;

/// The wire length estimate of a net: the half perimeter of the bounding
/// box of its elements (the hops of a mesh route for up to three
/// terminals), scaled for larger fan-out as a Steiner tree needs more.
static double netWireLength(const MapProblem &problem,
                            const fabric::Fabric &fabric,
                            llvm::ArrayRef<uint32_t> elementOfActor,
                            uint32_t netIndex) {
  const MapNet &net = problem.nets[netIndex];
  llvm::ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  const fabric::ProcessingElement &source =
      elements[elementOfActor[net.producer]];
  unsigned minRow = source.row, maxRow = source.row;
  unsigned minCol = source.col, maxCol = source.col;
  for (uint32_t e : net.edges) {
    const fabric::ProcessingElement &sink =
        elements[elementOfActor[problem.edges[e].consumer]];
    minRow = std::min(minRow, sink.row);
    maxRow = std::max(maxRow, sink.row);
    minCol = std::min(minCol, sink.col);
    maxCol = std::max(maxCol, sink.col);
  }
  return kEdgeWeight * fanoutFactor(1 + net.edges.size()) *
         ((maxRow - minRow) + (maxCol - minCol));
}

namespace {
class Annealer {
public:
  Annealer(const MapProblem &problem, const fabric::Fabric &fabric,
           const TechnologyMapping &tech, const SwitchDistances &distances,
           uint64_t seed, PressureShares shares)
      : problem(problem), fabric(fabric), tech(tech), distances(distances),
        rng(seed), actorOfSlot(tech.slots.size(), -1),
        pressure(problem, fabric, shares) {}

  void placeGreedily();
  /// Anneals from the current placement, the whole fabric as the first
  /// move window.
  llvm::Error anneal(const Deadline &deadline);
  Placement takeBest() {
    resetTo(bestSlots);
    Placement placement;
    placement.slotOfActor = std::move(bestSlots);
    placement.cost = cost;
    return placement;
  }

private:
  uint32_t elementOf(uint32_t actor) const { return elementOfActor[actor]; }
  /// The recurrence surcharge of an edge (0 off recurrences).
  double edgeCost(uint32_t edgeIndex) const {
    const MapEdge &edge = problem.edges[edgeIndex];
    if (!edge.inRecurrence)
      return 0;
    return kRecurrenceExtraWeight *
           distances.hops(elementOf(edge.producer), elementOf(edge.consumer));
  }
  /// The cached wire length of `nets` (as of the last refreshNets).
  double netsCost(llvm::ArrayRef<uint32_t> nets) const {
    double sum = 0;
    for (uint32_t net : nets)
      sum += netLength[net];
    return sum;
  }
  /// Recomputes the wire length of `nets`; returns their sum.
  double refreshNets(llvm::ArrayRef<uint32_t> nets) {
    double sum = 0;
    for (uint32_t net : nets)
      sum += netLength[net] =
          netWireLength(problem, fabric, elementOfActor, net);
    return sum;
  }
  /// Places every actor on `slots` and recounts the cached terms.
  void resetTo(llvm::ArrayRef<uint32_t> slots);
  double memoryCost(uint32_t actor) const {
    const MapActor &info = problem.actors[actor];
    if (!info.isLoad && !info.isStore)
      return 0;
    return kMemoryWeight * distances.nearestMemoryHops[elementOf(actor)];
  }
  /// The cost terms that involve `a` or `b` (b may be -1), each once.
  double localCost(uint32_t a, int32_t b) const;
  /// Cost of `actor` on `slot` against its placed neighbours (greedy start).
  double greedyCost(uint32_t actor, uint32_t slot);
  void moveTo(uint32_t actor, uint32_t slot) {
    slotOfActor[actor] = slot;
    elementOfActor[actor] = tech.slots[slot].element;
    actorOfSlot[slot] = actor;
  }
  uint32_t unitOf(uint32_t slot) const { return tech.slots[slot].physicalUnit; }
  /// The sharing cost change of one more actor on `unit` (its k actors
  /// then make k more pairs), or one fewer (k - 1 fewer pairs).
  double sharingIncrement(uint32_t unit) const {
    return kShareWeight * actorsOfUnit[unit];
  }
  /// Moves `actor`'s share of its unit to `slot`'s unit; returns the cost
  /// change. Swaps leave both units' counts as they were.
  double moveShare(uint32_t fromSlot, uint32_t toSlot) {
    if (!tech.timeMultiplexed)
      return 0;
    uint32_t from = unitOf(fromSlot), to = unitOf(toSlot);
    --actorsOfUnit[from];
    double delta = sharingIncrement(to) - sharingIncrement(from);
    ++actorsOfUnit[to];
    return delta;
  }
  /// Proposes moving a random actor into a random unit within `window`
  /// rows/columns; returns false when the draw gives no legal move.
  bool propose(unsigned window, uint32_t &actor, uint32_t &slot,
               int32_t &other);
  /// Applies a proposal (a move or a swap) and returns the cost change;
  /// then either accept() or reject() it.
  double apply(uint32_t actor, uint32_t slot, int32_t other);
  void accept() { pressure.commit(); }
  /// Undoes the last apply(actor, slot, other), which took `actor` from
  /// `oldSlot`.
  void reject(uint32_t actor, uint32_t slot, int32_t other, uint32_t oldSlot);
  double uniform() { return (rng() >> 11) * 0x1.0p-53; }
  /// Temperature at which typical moves are accepted.
  double initialTemperature();
  void runTemperature(double temperature, unsigned window, unsigned moves,
                      unsigned &accepted, const Deadline &deadline,
                      bool &expired);

  const MapProblem &problem;
  const fabric::Fabric &fabric;
  const TechnologyMapping &tech;
  const SwitchDistances &distances;
  std::mt19937_64 rng;
  llvm::SmallVector<uint32_t, 0> slotOfActor, elementOfActor;
  /// Per net, its wire length on the current placement.
  llvm::SmallVector<double, 0> netLength;
  llvm::SmallVector<int32_t, 0> actorOfSlot;
  /// Per physical unit, the actors on its slots.
  llvm::SmallVector<uint32_t, 0> actorsOfUnit;
  ElementPressure pressure;
  llvm::SmallVector<uint32_t, 16> movedNets;
  /// The wire lengths of movedNets before the last apply.
  llvm::SmallVector<double, 16> movedLengths;
  llvm::SmallVector<uint32_t, 0> bestSlots;
  double cost = 0, bestCost = 0;
};
} // namespace

double Annealer::localCost(uint32_t a, int32_t b) const {
  double sum = memoryCost(a);
  for (uint32_t e : problem.incidentEdges[a])
    sum += edgeCost(e);
  if (b < 0)
    return sum;
  sum += memoryCost(b);
  for (uint32_t e : problem.incidentEdges[b]) {
    const MapEdge &edge = problem.edges[e];
    if (edge.producer != int32_t(a) && edge.consumer != int32_t(a))
      sum += edgeCost(e);
  }
  return sum;
}

double Annealer::greedyCost(uint32_t actor, uint32_t slot) {
  uint32_t element = tech.slots[slot].element;
  double sum = tech.timeMultiplexed ? sharingIncrement(unitOf(slot)) : 0;
  const MapActor &info = problem.actors[actor];
  if (info.isLoad || info.isStore)
    sum += kMemoryWeight * distances.nearestMemoryHops[element];
  for (uint32_t e : problem.incidentEdges[actor]) {
    const MapEdge &edge = problem.edges[e];
    uint32_t other =
        edge.producer == int32_t(actor) ? edge.consumer : edge.producer;
    if (slotOfActor[other] == UINT32_MAX)
      continue;
    double weight = edge.inRecurrence ? kRecurrenceWeight : kEdgeWeight;
    sum += weight * distances.hops(element, elementOf(other));
  }
  return sum;
}

/// Visits actors breadth-first along edges so each one lands next to the
/// neighbours placed before it; ties go to the lowest unit (top-left), which
/// keeps the start compact.
void Annealer::placeGreedily() {
  unsigned numActors = problem.actors.size();
  slotOfActor.assign(numActors, UINT32_MAX);
  elementOfActor.assign(numActors, UINT32_MAX);
  actorsOfUnit.assign(tech.numUnits, 0);
  llvm::SmallVector<bool> visited(numActors, false);
  llvm::SmallVector<uint32_t> order;
  for (uint32_t root = 0; root < numActors; ++root) {
    if (visited[root])
      continue;
    visited[root] = true;
    order.push_back(root);
    for (size_t next = order.size() - 1; next < order.size(); ++next)
      for (uint32_t e : problem.incidentEdges[order[next]]) {
        const MapEdge &edge = problem.edges[e];
        for (int32_t end : {edge.producer, edge.consumer})
          if (!visited[end]) {
            visited[end] = true;
            order.push_back(end);
          }
      }
  }
  for (uint32_t actor : order) {
    uint32_t bestSlot = UINT32_MAX;
    double best = 0;
    for (auto [slot, unit] : llvm::enumerate(tech.slots)) {
      if (actorOfSlot[slot] >= 0 ||
          unit.classes.getBits() != tech.initialUnitKind[actor])
        continue;
      double candidate = greedyCost(actor, slot);
      if (bestSlot == UINT32_MAX || candidate < best) {
        best = candidate;
        bestSlot = slot;
      }
    }
    // The class-to-kind flow reserved a unit of this kind for the actor.
    assert(bestSlot != UINT32_MAX && "technology mapping reserved no unit");
    moveTo(actor, bestSlot);
    ++actorsOfUnit[unitOf(bestSlot)];
  }
  resetTo(slotOfActor);
  bestCost = cost;
  bestSlots = slotOfActor;
}

void Annealer::resetTo(llvm::ArrayRef<uint32_t> slots) {
  llvm::SmallVector<uint32_t, 0> copy(slots);
  actorOfSlot.assign(tech.slots.size(), -1);
  slotOfActor.resize(copy.size());
  elementOfActor.resize(copy.size());
  actorsOfUnit.assign(tech.numUnits, 0);
  for (auto [actor, slot] : llvm::enumerate(copy)) {
    moveTo(actor, slot);
    ++actorsOfUnit[unitOf(slot)];
  }
  cost = pressure.recount(elementOfActor);
  if (tech.timeMultiplexed)
    for (uint32_t actors : actorsOfUnit)
      cost += actors > 1 ? kShareWeight * actors * (actors - 1) / 2 : 0;
  llvm::SmallVector<uint32_t, 0> all(problem.nets.size());
  for (uint32_t net = 0; net < all.size(); ++net)
    all[net] = net;
  netLength.assign(problem.nets.size(), 0);
  cost += refreshNets(all);
  for (uint32_t actor = 0; actor < problem.actors.size(); ++actor)
    cost += memoryCost(actor);
  for (uint32_t e = 0; e < problem.edges.size(); ++e)
    if (problem.edges[e].net >= 0)
      cost += edgeCost(e);
}

bool Annealer::propose(unsigned window, uint32_t &actor, uint32_t &slot,
                       int32_t &other) {
  actor = rng() % problem.actors.size();
  const fabric::ProcessingElement &from =
      fabric.getElements()[elementOf(actor)];
  int rows = fabric.getRows(), cols = fabric.getCols(), w = window;
  int rowLo = std::max(0, int(from.row) - w);
  int rowHi = std::min(rows - 1, int(from.row) + w);
  int colLo = std::max(0, int(from.col) - w);
  int colHi = std::min(cols - 1, int(from.col) + w);
  unsigned row = rowLo + rng() % (rowHi - rowLo + 1);
  unsigned col = colLo + rng() % (colHi - colLo + 1);
  llvm::SmallVector<uint32_t, 12> candidates;
  for (uint32_t s : tech.slotsOfElement[row * cols + col])
    if (tech.canRun(problem, actor, s))
      candidates.push_back(s);
  if (candidates.empty())
    return false;
  slot = candidates[rng() % candidates.size()];
  // Another context of the actor's own unit changes nothing.
  if (unitOf(slot) == unitOf(slotOfActor[actor]))
    return false;
  other = actorOfSlot[slot];
  return other < 0 || tech.canRun(problem, other, slotOfActor[actor]);
}

double Annealer::apply(uint32_t actor, uint32_t slot, int32_t other) {
  pressure.collectNets(actor, other, movedNets);
  movedLengths.clear();
  for (uint32_t net : movedNets)
    movedLengths.push_back(netLength[net]);
  double before = localCost(actor, other) + netsCost(movedNets);
  pressure.update(movedNets, elementOfActor, -1);
  uint32_t oldSlot = slotOfActor[actor];
  actorOfSlot[oldSlot] = -1;
  double sharing = other >= 0 ? 0 : moveShare(oldSlot, slot);
  if (other >= 0)
    moveTo(other, oldSlot);
  moveTo(actor, slot);
  pressure.update(movedNets, elementOfActor, +1);
  return localCost(actor, other) + refreshNets(movedNets) - before +
         pressure.delta() + sharing;
}

void Annealer::reject(uint32_t actor, uint32_t slot, int32_t other,
                      uint32_t oldSlot) {
  pressure.rollback();
  for (auto [net, length] : llvm::zip_equal(movedNets, movedLengths))
    netLength[net] = length;
  moveTo(actor, oldSlot);
  if (other >= 0) {
    moveTo(other, slot);
  } else {
    actorOfSlot[slot] = -1;
    moveShare(slot, oldSlot);
  }
}

double Annealer::initialTemperature() {
  double sum = 0;
  unsigned samples = 0;
  for (unsigned i = 0; i < problem.actors.size(); ++i) {
    uint32_t actor, slot;
    int32_t other;
    if (!propose(fabric.getRows() + fabric.getCols(), actor, slot, other))
      continue;
    uint32_t oldSlot = slotOfActor[actor];
    sum += std::fabs(apply(actor, slot, other));
    reject(actor, slot, other, oldSlot);
    ++samples;
  }
  return samples && sum > 0 ? sum / samples : 1.0;
}

void Annealer::runTemperature(double temperature, unsigned window,
                              unsigned moves, unsigned &accepted,
                              const Deadline &deadline, bool &expired) {
  accepted = 0;
  for (unsigned move = 0; move < moves; ++move) {
    if (move % 256 == 0 && deadline.expired()) {
      expired = true;
      return;
    }
    uint32_t actor, slot;
    int32_t other;
    if (!propose(window, actor, slot, other))
      continue;
    uint32_t oldSlot = slotOfActor[actor];
    double delta = apply(actor, slot, other);
    bool accept = delta <= 0 || (temperature > 0 &&
                                 uniform() < std::exp(-delta / temperature));
    if (!accept) {
      reject(actor, slot, other, oldSlot);
      continue;
    }
    this->accept();
    ++accepted;
    cost += delta;
    if (cost < bestCost - 1e-9) {
      bestCost = cost;
      bestSlots = slotOfActor;
    }
  }
}

llvm::Error Annealer::anneal(const Deadline &deadline) {
  unsigned numActors = problem.actors.size();
  if (numActors < 2 || bestCost == 0)
    return llvm::Error::success();
  unsigned numTerms = 0;
  for (const MapEdge &edge : problem.edges)
    numTerms += edge.net >= 0;
  for (const MapActor &actor : problem.actors)
    numTerms += actor.isLoad || actor.isStore;
  unsigned moves =
      std::max(64.0, kMovesFactor * std::pow(double(numActors), 4.0 / 3.0));
  unsigned maxWindow = std::max(fabric.getRows(), fabric.getCols());
  double window = maxWindow;
  double temperature = initialTemperature() * kStartTemperature;
  bool expired = false;
  double stepBest = bestCost;
  unsigned flatSteps = 0;
  for (unsigned step = 0; step < kMaxTemperatureSteps; ++step) {
    unsigned accepted;
    runTemperature(temperature, std::lround(window), moves, accepted, deadline,
                   expired);
    if (expired)
      return deadline.error(problem, fabric, "placement");
    double rate = double(accepted) / moves;
    // VPR's adaptive cooling: cool fast while nearly everything or nearly
    // nothing is accepted, slowly in between where the placement forms.
    temperature *= rate > 0.96   ? 0.5
                   : rate > 0.8  ? 0.9
                   : rate > 0.15 ? 0.95
                                 : 0.8;
    window = std::clamp(window * (1.0 - 0.44 + rate), 1.0, double(maxWindow));
    if (cost == 0 || temperature < 0.005 * cost / std::max(1u, numTerms))
      break;
    // Frozen: the best placement stopped improving while few moves pass.
    if (bestCost < stepBest * (1 - kFrozenGain)) {
      stepBest = bestCost;
      flatSteps = 0;
    } else if (rate < kFrozenRate && ++flatSteps >= kFrozenSteps) {
      break;
    }
  }
  // A final quench from the best placement: only improving moves.
  resetTo(bestSlots);
  bestCost = cost;
  unsigned accepted;
  runTemperature(0, 1, moves, accepted, deadline, expired);
  if (expired)
    return deadline.error(problem, fabric, "placement");
  return llvm::Error::success();
}

llvm::Expected<Placement> mapper::placeActors(const MapProblem &problem,
                                              const fabric::Fabric &fabric,
                                              const TechnologyMapping &tech,
                                              const SwitchDistances &distances,
                                              const MapperOptions &options,
                                              PressureShares shares,
                                              const Deadline &deadline) {
  if (deadline.expired())
    return deadline.error(problem, fabric, "placement");
  Annealer annealer(problem, fabric, tech, distances, options.seed, shares);
  annealer.placeGreedily();
  if (llvm::Error error = annealer.anneal(deadline))
    return std::move(error);
  return annealer.takeBest();
}
