//===- CycleSimSetup.cpp - bind a mapping and find the loops --------------===//
//
// Part of the Loom project.
//
// Before the first cycle: every actor gets its unit (and its context is
// checked) and output delay, every use queue its route latency and capacity
// (looked up by consumer and operand, so the simulator does not depend on
// the order of Mapping::edges), every memory actor its interface, every
// shared link its crossings (LinkChannels.cpp); then the loops are
// found (one per phase value driving a stream or carries), with their bodies
// for the resource bound and their slowest carry cycle for the recurrence
// bound.
//
//===----------------------------------------------------------------------===//

#include "CycleSimImpl.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using loom::fabric::kGraphBoundary;
using loom::fabric::kUnboundedCapacity;

//===----------------------------------------------------------------------===//
// Binding the mapping
//===----------------------------------------------------------------------===//

llvm::Error CycleEngine::bindActor(uint32_t index) {
  const Actor &actor = engine.actors[index];
  const fabric::ActorPlacement &place = mapping.actors[index];
  StringRef opName = actor.op->getName().getStringRef();
  if (place.opName != opName)
    return engine.actorError(actor, "is actor #" + Twine(index) +
                                        " but the mapping places '" +
                                        place.opName + "' there");
  ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  if (place.element >= elements.size() ||
      place.unit >= elements[place.element].units.size())
    return engine.actorError(actor, "is placed on unit #" + Twine(place.unit) +
                                        " of element #" + Twine(place.element) +
                                        ", which fabric '" + fabric.getName() +
                                        "' does not have");
  const fabric::FunctionUnit &unit = elements[place.element].units[place.unit];
  std::optional<fabric::OperationClass> cls = fabric::classifyOperation(opName);
  if (!cls)
    return engine.actorError(actor, "has no operation class, so no fabric "
                                    "unit executes it");
  if (!unit.supports(*cls))
    return engine.actorError(
        actor, "is placed on unit '" + unit.name + "' of element (" +
                   Twine(elements[place.element].row) + ", " +
                   Twine(elements[place.element].col) +
                   "), which does not execute class '" +
                   fabric::getOperationClassName(*cls) + "'");
  // Actors placed on one unit share it: one firing per initiation interval.
  uint64_t key = (uint64_t(place.element) << 32) | place.unit;
  auto [it, inserted] = unitSlots.try_emplace(key, units.size());
  if (inserted) {
    UnitState &state = units.emplace_back();
    state.element = place.element;
    state.unit = place.unit;
    state.initiationInterval = unit.initiationInterval;
  }
  UnitState &state = units[it->second];
  if (llvm::Error error = bindContext(index, state))
    return error;
  actorTiming[index].unit = it->second;
  actorTiming[index].turn = state.actors.size();
  actorTiming[index].delay = unit.latency;
  state.actors.push_back(index);
  return llvm::Error::success();
}

/// An actor's context must exist on its element and, where the element has
/// several, be its own among the actors of its unit. A spatial element
/// (one context) is not limited here: the mapper places one actor per unit
/// there, and a hand-built mapping that puts several on one unit runs them
/// in turns as if the unit had a context for each.
llvm::Error CycleEngine::bindContext(uint32_t index, UnitState &unit) {
  const Actor &actor = engine.actors[index];
  const fabric::ActorPlacement &place = mapping.actors[index];
  const fabric::ProcessingElement &element =
      fabric.getElements()[place.element];
  std::string where = "unit '" + element.units[place.unit].name +
                      "' of element (" + std::to_string(element.row) + ", " +
                      std::to_string(element.col) + ")";
  if (place.context >= element.contexts)
    return engine.actorError(
        actor, "is placed in context " + Twine(place.context) + " of " + where +
                   ", which has " + Twine(element.contexts) + " context" +
                   (element.contexts == 1 ? "" : "s"));
  if (element.contexts == 1)
    return llvm::Error::success();
  uint64_t bit = uint64_t(1) << place.context;
  if (unit.usedContexts & bit) {
    uint32_t other = *llvm::find_if(unit.actors, [&](uint32_t actor) {
      return mapping.actors[actor].context == place.context;
    });
    const Actor &holder = engine.actors[other];
    return engine.actorError(
        actor, "is placed in context " + Twine(place.context) + " of " + where +
                   ", which holds '" + holder.op->getName().getStringRef() +
                   "' at " + formatLocation(holder.op->getLoc()) + " already");
  }
  unit.usedContexts |= bit;
  return llvm::Error::success();
}

llvm::Error CycleEngine::bindMemories() {
  DenseMap<uint32_t, uint32_t> interfaceSlots;
  for (const fabric::MemoryBinding &binding : mapping.memories) {
    if (binding.actor >= engine.actors.size() ||
        engine.actors[binding.actor].rule < Rule::Load)
      return engine.graphError("the mapping binds actor #" +
                               Twine(binding.actor) +
                               " to a memory interface, but it is not a "
                               "dataflow.load or dataflow.store");
    const Actor &actor = engine.actors[binding.actor];
    ArrayRef<fabric::MemoryInterface> specs = fabric.getMemoryInterfaces();
    if (binding.interface >= specs.size())
      return engine.actorError(
          actor, "is bound to memory interface #" + Twine(binding.interface) +
                     ", which fabric '" + fabric.getName() + "' does not have");
    const fabric::MemoryInterface &spec = specs[binding.interface];
    bool isLoad = actor.rule == Rule::Load;
    if ((isLoad ? spec.loadPorts : spec.storePorts) == 0)
      return engine.actorError(actor, "is bound to memory interface '" +
                                          spec.name + "', which has no " +
                                          (isLoad ? "load" : "store") +
                                          " ports");
    auto [it, inserted] =
        interfaceSlots.try_emplace(binding.interface, interfaces.size());
    if (inserted) {
      InterfaceState &state = interfaces.emplace_back();
      state.spec = &spec;
      state.bankCycle.assign(spec.banks, UINT64_MAX);
    }
    ActorTiming &timing = actorTiming[binding.actor];
    timing.interface = it->second;
    // The request and the response (a load's data, a store's done) each
    // cross the route; a load also waits for the interface's latency.
    timing.delay += 2 * binding.routeLatency + (isLoad ? spec.latency : 0);
  }
  for (auto [index, actor] : llvm::enumerate(engine.actors))
    if (actor.rule >= Rule::Load && actorTiming[index].interface < 0)
      return engine.actorError(actor, "has no memory interface in the mapping");
  return llvm::Error::success();
}

/// The producer of a use as a mapping edge names it: actor and result, or
/// kGraphBoundary and the block argument number.
static std::pair<int32_t, uint32_t>
getProducer(const DenseMap<Operation *, int32_t> &actorIndex, Value value) {
  if (auto result = dyn_cast<OpResult>(value))
    return {actorIndex.lookup(result.getOwner()), result.getResultNumber()};
  return {kGraphBoundary, cast<BlockArgument>(value).getArgNumber()};
}

llvm::Error CycleEngine::bindQueues() {
  queueTiming.resize(engine.queues.size());
  queueEdge.assign(engine.queues.size(), -1);
  DenseMap<std::pair<int32_t, uint32_t>, uint32_t> edgeOf;
  for (auto [index, edge] : llvm::enumerate(mapping.edges))
    edgeOf[{edge.consumer, edge.operand}] = index;
  for (auto [use, id] : engine.useQueue) {
    const UseQueue &queue = engine.queues[id];
    std::pair<int32_t, uint32_t> producer =
        getProducer(engine.actorIndex, use->get());
    auto it = edgeOf.find({queue.consumer, queue.operand});
    std::string consumer =
        queue.consumer == kReturnConsumer
            ? std::string("graph.return")
            : "'" +
                  engine.actors[queue.consumer]
                      .op->getName()
                      .getStringRef()
                      .str() +
                  "' at " +
                  formatLocation(engine.actors[queue.consumer].op->getLoc());
    if (it == edgeOf.end()) {
      // A graph input crosses the boundary at no cost (Mapping.h), so a
      // mapping may leave it out.
      if (producer.first == kGraphBoundary)
        continue;
      return engine.graphError("the mapping has no route for operand #" +
                               Twine(queue.operand) + " of " + consumer);
    }
    const fabric::EdgeRoute &edge = mapping.edges[it->second];
    if (edge.producer != producer.first || edge.result != producer.second)
      return engine.graphError("mapping edge #" + Twine(it->second) +
                               " to operand #" + Twine(queue.operand) + " of " +
                               consumer + " names the wrong producer");
    if (edge.capacity == 0)
      return engine.graphError("mapping edge #" + Twine(it->second) +
                               " to operand #" + Twine(queue.operand) + " of " +
                               consumer + " has capacity 0");
    queueTiming[id].latency = edge.latency;
    queueTiming[id].capacity = edge.capacity;
    queueEdge[id] = it->second;
  }
  return llvm::Error::success();
}

llvm::Error CycleEngine::bindMapping() {
  if (mapping.actors.size() != engine.actors.size())
    return engine.graphError(
        "the mapping places " + Twine(mapping.actors.size()) +
        " actors, the graph has " + Twine(engine.actors.size()));
  actorTiming.resize(engine.actors.size());
  for (uint32_t i = 0, e = engine.actors.size(); i < e; ++i)
    if (llvm::Error error = bindActor(i))
      return error;
  if (llvm::Error error = bindMemories())
    return error;
  if (llvm::Error error = bindQueues())
    return error;
  // After bindMemories: a memory actor's tokens enter their routes after
  // the trip to the interface and back.
  if (llvm::Error error =
          links.bind(engine.actors, fabric, mapping, queueEdge, actorTiming))
    return engine.graphError(llvm::toString(std::move(error)));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Loops
//===----------------------------------------------------------------------===//

/// The phase value a stream produces or a carry consumes.
static Value getPhase(const Actor &actor) {
  if (actor.rule == Rule::Stream)
    return actor.op->getResult(1);
  if (actor.rule == Rule::Carry)
    return actor.op->getOperand(0);
  return Value();
}

/// True if the edge into `operand` of `actor` closes a loop's dependence
/// cycle: a carry's phase or next, an invariant's phase.
static bool closesCycle(const Actor &actor, unsigned operand) {
  return (actor.rule == Rule::Carry && operand != 1) ||
         (actor.rule == Rule::Invariant && operand == 0);
}

void CycleEngine::collectBody(LoopState &loop, Value phase) {
  SmallVector<bool, 0> seen(engine.actors.size(), false);
  SmallVector<int32_t, 16> work;
  auto visit = [&](int32_t index) {
    if (index >= 0 && !seen[index]) {
      seen[index] = true;
      work.push_back(index);
    }
  };
  auto visitOp = [&](Operation *op) {
    auto it = engine.actorIndex.find(op);
    if (it != engine.actorIndex.end())
      visit(it->second);
  };
  for (OpOperand &use : phase.getUses())
    visitOp(use.getOwner());
  if (auto result = dyn_cast<OpResult>(phase))
    visitOp(result.getOwner());
  while (!work.empty()) {
    const Actor &actor = engine.actors[work.pop_back_val()];
    // Lane 0 of a demux on the phase is the loop's exit: not the body.
    bool isExitDemux =
        actor.rule == Rule::Demux && actor.op->getOperand(0) == phase;
    for (OpResult result : actor.op->getResults()) {
      if (isExitDemux && result.getResultNumber() == 0)
        continue;
      for (OpOperand &use : result.getUses())
        visitOp(use.getOwner());
    }
  }
  for (auto [index, inBody] : llvm::enumerate(seen))
    if (inBody)
      loop.body.push_back(index);
}

/// Cycles from a firing of `from` until a token it emits on `use` is
/// visible to the consumer.
uint64_t CycleEngine::getHopCycles(int32_t from, OpOperand &use) const {
  auto it = engine.useQueue.find(&use);
  uint64_t latency =
      it == engine.useQueue.end() ? 0 : queueTiming[it->second].latency;
  return std::max<uint64_t>(1, actorTiming[from].delay + latency);
}

/// The longest cycles from a firing of `from` to a firing of `carry` along
/// body edges, ending on an edge that closes the carry's cycle; 0 when there
/// is none. `memo` caches per actor (UINT64_MAX: on the current path).
uint64_t CycleEngine::getLongestCycle(int32_t from, int32_t carry,
                                      ArrayRef<bool> inBody,
                                      SmallVectorImpl<uint64_t> &memo,
                                      bool physical) const {
  uint64_t &slot = memo[from];
  if (slot != UINT64_MAX - 1)
    return slot == UINT64_MAX ? 0 : slot;
  slot = UINT64_MAX;
  uint64_t best = 0;
  for (OpResult result : engine.actors[from].op->getResults()) {
    for (OpOperand &use : result.getUses()) {
      auto it = engine.actorIndex.find(use.getOwner());
      if (it == engine.actorIndex.end() || !inBody[it->second])
        continue;
      // Physical hops weigh kPhysicalScale per cycle of compute latency
      // plus 1, so that a cycle of no latency still differs from no cycle
      // (0); the caller divides by kPhysicalScale.
      uint64_t hop = physical ? getComputeLatency(from) * kPhysicalScale + 1
                              : getHopCycles(from, use);
      const Actor &to = engine.actors[it->second];
      if (closesCycle(to, use.getOperandNumber())) {
        if (it->second == carry)
          best = std::max(best, hop);
        continue;
      }
      uint64_t rest =
          getLongestCycle(it->second, carry, inBody, memo, physical);
      if (rest)
        best = std::max(best, hop + rest);
    }
  }
  memo[from] = best;
  return best;
}

void CycleEngine::analyzeLoops() {
  llvm::MapVector<Value, SmallVector<int32_t, 4>> groups;
  for (auto [index, actor] : llvm::enumerate(engine.actors))
    if (Value phase = getPhase(actor))
      groups[phase].push_back(index);
  for (auto &[phase, members] : groups) {
    LoopState &loop = loops.emplace_back();
    // A carry fires once per completed recurrence, so its pace is the
    // loop's; a stream may run ahead until its FIFOs fill.
    auto carry = llvm::find_if(members, [&](int32_t index) {
      return engine.actors[index].rule == Rule::Carry;
    });
    loop.controller = carry != members.end() ? *carry : members.front();
    actorTiming[loop.controller].loop = loops.size() - 1;
    collectBody(loop, phase);
    SmallVector<bool, 0> inBody(engine.actors.size(), false);
    for (int32_t index : loop.body)
      inBody[index] = true;
    for (int32_t member : members) {
      loop.recurrenceCycles = std::max<uint64_t>(
          loop.recurrenceCycles,
          units[actorTiming[member].unit].initiationInterval);
      if (engine.actors[member].rule != Rule::Carry)
        continue;
      SmallVector<uint64_t, 0> memo(engine.actors.size(), UINT64_MAX - 1);
      loop.recurrenceCycles = std::max(
          loop.recurrenceCycles, getLongestCycle(member, member, inBody, memo));
      SmallVector<uint64_t, 0> physicalMemo(engine.actors.size(),
                                            UINT64_MAX - 1);
      loop.physicalRecurrenceCycles =
          std::max(loop.physicalRecurrenceCycles,
                   getLongestCycle(member, member, inBody, physicalMemo,
                                   /*physical=*/true) /
                       kPhysicalScale);
    }
  }
}
