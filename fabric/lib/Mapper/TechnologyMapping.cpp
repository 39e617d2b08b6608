//===- TechnologyMapping.cpp - which units may run which actor ------------===//
//
// Part of the Loom project.
//
// An actor may run on any function unit whose classes contain the actor's
// operation class (classifyOperation of the schema registry). Besides the
// per-class checks, units that serve several classes (an ALU executing
// int-alu, compare-select, steer and constant) are shared: a transportation
// problem from classes to unit kinds (the distinct class sets) proves that
// every actor gets its own unit, or finds the classes that compete for too
// few units (Hall's condition) and names them.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace loom;
using namespace loom::mapper;
using fabric::OperationClass;

namespace {
/// Classes on the left, unit kinds on the right; unit augmenting paths.
class ClassKindFlow {
public:
  ClassKindFlow(llvm::ArrayRef<unsigned> demand, llvm::ArrayRef<uint32_t> kinds,
                llvm::ArrayRef<unsigned> capacity)
      : demand(demand), kinds(kinds), capacity(capacity),
        flow(demand.size(), llvm::SmallVector<unsigned>(kinds.size(), 0)),
        sent(demand.size(), 0), used(kinds.size(), 0) {}

  bool serves(unsigned cls, unsigned kind) const {
    return kinds[kind] & (1u << cls);
  }

  /// Pushes flow until no augmenting path is left; returns the total.
  unsigned solve() {
    unsigned total = 0;
    while (augment())
      ++total;
    return total;
  }

  /// After solve(): the classes reachable in the residual graph from a class
  /// with unmet demand, and the kinds they reach. Their demand exceeds the
  /// capacity of those kinds.
  void findBottleneck(llvm::SmallVectorImpl<bool> &classes,
                      llvm::SmallVectorImpl<bool> &reachedKinds) const {
    classes.assign(demand.size(), false);
    reachedKinds.assign(kinds.size(), false);
    std::deque<unsigned> queue;
    for (unsigned c = 0; c < demand.size(); ++c)
      if (sent[c] < demand[c]) {
        classes[c] = true;
        queue.push_back(c);
      }
    while (!queue.empty()) {
      unsigned c = queue.front();
      queue.pop_front();
      for (unsigned k = 0; k < kinds.size(); ++k) {
        if (!serves(c, k) || reachedKinds[k])
          continue;
        reachedKinds[k] = true;
        for (unsigned other = 0; other < demand.size(); ++other)
          if (flow[other][k] > 0 && !classes[other]) {
            classes[other] = true;
            queue.push_back(other);
          }
      }
    }
  }

  unsigned getFlow(unsigned cls, unsigned kind) const {
    return flow[cls][kind];
  }

private:
  /// One breadth-first augmenting path source -> class -> kind (-> class ->
  /// kind)* -> sink carrying one unit.
  bool augment() {
    unsigned numClasses = demand.size(), numKinds = kinds.size();
    // Node ids: classes 0..C-1, kinds C..C+K-1. parent -1 = from the source.
    llvm::SmallVector<int> parent(numClasses + numKinds, -2);
    std::deque<unsigned> queue;
    for (unsigned c = 0; c < numClasses; ++c)
      if (sent[c] < demand[c]) {
        parent[c] = -1;
        queue.push_back(c);
      }
    while (!queue.empty()) {
      unsigned node = queue.front();
      queue.pop_front();
      if (node < numClasses) {
        for (unsigned k = 0; k < numKinds; ++k)
          if (serves(node, k) && parent[numClasses + k] == -2) {
            parent[numClasses + k] = node;
            queue.push_back(numClasses + k);
          }
        continue;
      }
      unsigned kind = node - numClasses;
      if (used[kind] < capacity[kind]) {
        pushPath(kind, parent);
        return true;
      }
      for (unsigned c = 0; c < numClasses; ++c)
        if (flow[c][kind] > 0 && parent[c] == -2) {
          parent[c] = node;
          queue.push_back(c);
        }
    }
    return false;
  }

  void pushPath(unsigned kind, llvm::ArrayRef<int> parent) {
    unsigned numClasses = demand.size();
    ++used[kind];
    unsigned node = numClasses + kind;
    while (true) {
      unsigned cls = parent[node];
      ++flow[cls][node - numClasses];
      if (parent[cls] == -1) {
        ++sent[cls];
        return;
      }
      // The class gave up one unit of a kind it used to fill.
      node = parent[cls];
      --flow[cls][node - numClasses];
    }
  }

  llvm::ArrayRef<unsigned> demand;
  llvm::ArrayRef<uint32_t> kinds;
  llvm::ArrayRef<unsigned> capacity;
  llvm::SmallVector<llvm::SmallVector<unsigned>> flow;
  llvm::SmallVector<unsigned> sent, used;
};
} // namespace

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message.str());
}

/// The actors `fabric` can hold of class `cls`: its units of that class,
/// times their element's contexts.
static unsigned countSlots(const fabric::Fabric &fabric, OperationClass cls) {
  unsigned count = 0;
  for (const fabric::ProcessingElement &element : fabric.getElements())
    for (const fabric::FunctionUnit &unit : element.units)
      count += unit.supports(cls) ? element.contexts : 0;
  return count;
}

/// What a count of unit slots is called on `fabric`: units on a spatial
/// fabric, unit contexts when units are time-multiplexed, so that the count
/// is not read as one of units.
static llvm::StringRef slotNoun(const fabric::Fabric &fabric) {
  for (const fabric::ProcessingElement &element : fabric.getElements())
    if (element.contexts > 1)
      return "unit contexts (units times their element's contexts)";
  return "units";
}

/// Checks that every actor has a class some unit supports and that no class
/// has more actors than unit slots; fills `demand` per class.
static llvm::Error checkClasses(const MapProblem &problem,
                                const fabric::Fabric &fabric,
                                llvm::SmallVectorImpl<unsigned> &demand) {
  demand.assign(fabric::kNumOperationClasses, 0);
  for (auto [index, actor] : llvm::enumerate(problem.actors)) {
    if (!actor.cls)
      return fail("actor " + llvm::Twine(index) + " (" + actor.opName +
                  ") of graph @" + problem.graphName +
                  " has no operation class");
    if (fabric.countUnits(*actor.cls) == 0)
      return fail("no function unit on " + fabric.getName() + " supports " +
                  actor.opName + " (class " +
                  fabric::getOperationClassName(*actor.cls) + ")");
    ++demand[static_cast<unsigned>(*actor.cls)];
  }
  for (OperationClass cls : fabric::getAllOperationClasses()) {
    unsigned actors = demand[static_cast<unsigned>(cls)];
    unsigned units = countSlots(fabric, cls);
    if (actors > units)
      return fail(llvm::formatv("graph @{0} has {1} {2} actors but {3} has {4} "
                                "{2} {5}",
                                problem.graphName, actors,
                                fabric::getOperationClassName(cls),
                                fabric.getName(), units, slotNoun(fabric))
                      .str());
  }
  return llvm::Error::success();
}

/// The message for classes that together need more units than serve them.
static llvm::Error sharedUnitsError(const MapProblem &problem,
                                    const fabric::Fabric &fabric,
                                    const ClassKindFlow &flow,
                                    llvm::ArrayRef<unsigned> demand,
                                    llvm::ArrayRef<unsigned> capacity) {
  llvm::SmallVector<bool> classes, kinds;
  flow.findBottleneck(classes, kinds);
  unsigned needed = 0, available = 0;
  llvm::SmallVector<std::string> parts;
  for (unsigned c = 0; c < classes.size(); ++c)
    if (classes[c] && demand[c] > 0) {
      needed += demand[c];
      parts.push_back(
          (fabric::getOperationClassName(static_cast<OperationClass>(c)) + " " +
           llvm::Twine(demand[c]))
              .str());
    }
  for (unsigned k = 0; k < kinds.size(); ++k)
    if (kinds[k])
      available += capacity[k];
  return fail(llvm::formatv("graph @{0} has {1} actors of classes that share "
                            "units ({2}) but {3} has {4} {5} executing "
                            "them",
                            problem.graphName, needed, llvm::join(parts, ", "),
                            fabric.getName(), available, slotNoun(fabric))
                  .str());
}

llvm::Expected<TechnologyMapping>
mapper::mapTechnology(const MapProblem &problem, const fabric::Fabric &fabric) {
  llvm::SmallVector<unsigned> demand;
  if (llvm::Error error = checkClasses(problem, fabric, demand))
    return std::move(error);

  TechnologyMapping tech;
  llvm::SmallVector<uint32_t> kinds;
  llvm::SmallVector<unsigned> capacity;
  tech.slotsOfElement.resize(fabric.getElements().size());
  for (auto [e, element] : llvm::enumerate(fabric.getElements()))
    for (auto [u, unit] : llvm::enumerate(element.units)) {
      for (uint32_t context = 0; context < element.contexts; ++context) {
        tech.slotsOfElement[e].push_back(tech.slots.size());
        tech.slots.push_back(
            {uint32_t(e), uint32_t(u), context, tech.numUnits, unit.classes});
      }
      ++tech.numUnits;
      tech.timeMultiplexed |= element.contexts > 1;
      uint32_t bits = unit.classes.getBits();
      auto *it = llvm::find(kinds, bits);
      if (it == kinds.end()) {
        kinds.push_back(bits);
        capacity.push_back(element.contexts);
      } else {
        capacity[it - kinds.begin()] += element.contexts;
      }
    }

  ClassKindFlow flow(demand, kinds, capacity);
  if (flow.solve() < problem.actors.size())
    return sharedUnitsError(problem, fabric, flow, demand, capacity);

  // Hand out the kinds the flow chose, class by class, in actor order.
  llvm::SmallVector<llvm::SmallVector<unsigned>> quota(demand.size());
  for (unsigned c = 0; c < demand.size(); ++c)
    for (unsigned k = 0; k < kinds.size(); ++k)
      quota[c].push_back(flow.getFlow(c, k));
  for (const MapActor &actor : problem.actors) {
    unsigned c = static_cast<unsigned>(*actor.cls);
    unsigned k = 0;
    while (quota[c][k] == 0)
      ++k;
    --quota[c][k];
    tech.initialUnitKind.push_back(kinds[k]);
  }
  return tech;
}
