//===- CycleSimulator.cpp - cycle-level simulation of a mapped graph ------===//
//
// Part of the Loom project.
//
// The cycle loop. Each cycle has two phases: tokens whose arrival cycle has
// come become visible, then every actor with pending work is checked against
// what is visible in this cycle (operands, its unit's initiation interval,
// room on its output routes counted with tokens in flight, its memory
// interface's ports and banks, the channels of shared links) and fired
// through the emulator's rules. What a firing emits travels (send) and
// becomes visible at least one cycle later; the room a firing frees is usable
// from the next cycle, so the order in which actors are checked within a
// cycle only decides who wins a memory port or a link channel (lower actor
// index first). The actors sharing a unit take turns round robin.
// docs/simulator.md states the model.
//
//===----------------------------------------------------------------------===//

#include "CycleSimImpl.h"

#include "mlir/IR/AsmState.h"

#include <limits>

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using loom::fabric::kUnboundedCapacity;

llvm::StringRef loom::sim::getStallCauseName(StallCause cause) {
  switch (cause) {
  case StallCause::Input:
    return "input";
  case StallCause::Output:
    return "output";
  case StallCause::UnitBusy:
    return "unit-busy";
  case StallCause::MemoryPort:
    return "memory-port";
  case StallCause::BankConflict:
    return "bank-conflict";
  case StallCause::LinkBusy:
    return "link-busy";
  }
  llvm_unreachable("unknown stall cause");
}

//===----------------------------------------------------------------------===//
// Tokens in flight
//===----------------------------------------------------------------------===//

void FlightCalendar::grow(uint64_t delay) {
  size_t size = buckets.size();
  while (size <= delay)
    size *= 2;
  std::vector<std::vector<Flight>> grown(size);
  // The old window maps one bucket to one cycle: moving the buckets in
  // cycle order keeps each cycle's send order.
  for (uint64_t cycle = next; cycle < next + buckets.size(); ++cycle)
    grown[cycle & (size - 1)] =
        std::move(buckets[cycle & (buckets.size() - 1)]);
  buckets = std::move(grown);
}

void FlightCalendar::push(Flight flight, uint64_t now) {
  // Cycles up to `now` have been delivered, or are being evaluated now.
  next = std::max(next, now);
  if (flight.arrival - next >= buckets.size())
    grow(flight.arrival - next);
  buckets[flight.arrival & (buckets.size() - 1)].push_back(std::move(flight));
  ++count;
}

uint64_t FlightCalendar::getEarliestArrival() const {
  assert(count != 0 && "no flight pending");
  for (uint64_t cycle = next;; ++cycle)
    if (!buckets[cycle & (buckets.size() - 1)].empty())
      return cycle;
}

void FlightCalendar::deliverUntil(uint64_t now,
                                  llvm::function_ref<void(Flight &)> deliver) {
  for (; next <= now && count != 0; ++next) {
    std::vector<Flight> &bucket = buckets[next & (buckets.size() - 1)];
    for (Flight &flight : bucket)
      deliver(flight);
    count -= bucket.size();
    bucket.clear();
  }
  next = std::max(next, now + 1);
}

void CycleEngine::send(uint32_t queue, const TokenValue &token) {
  QueueTiming &timing = queueTiming[queue];
  ++timing.inFlight;
  uint64_t arrival = now + std::max<uint64_t>(1, firingDelay + timing.latency);
  flights.push({arrival, queue, firingInstance, token}, now);
  links.commit(queue, now, options.recordTrace ? &linkTrace : nullptr);
}

void CycleEngine::deliver() {
  flights.deliverUntil(now, [&](Flight &flight) {
    UseQueue &queue = engine.queues[flight.queue];
    queue.fifo.push(std::move(flight.token));
    --queueTiming[flight.queue].inFlight;
    if (tracksInstances)
      queueInstances[flight.queue].push_back(flight.instance);
    if (queue.consumer == kReturnConsumer) {
      engine.onReturnToken(queue);
      if (tracksInstances)
        checkReturnInstance(queue, flight.instance);
    } else {
      if (parked.test(queue.consumer)) {
        parked.reset(queue.consumer);
        --numParked;
      }
      active.set(queue.consumer);
    }
  });
}

//===----------------------------------------------------------------------===//
// Deciding whether an actor fires
//===----------------------------------------------------------------------===//

bool CycleEngine::hasPendingWork(const Actor &actor) const {
  if (actor.rule == Rule::Stream && actor.state == ActorState::Running)
    return true;
  return llvm::any_of(actor.inputs, [&](int32_t queue) {
    return queue != kNoQueue && !engine.queues[queue].fifo.empty();
  });
}

/// Whether `actor` could not put a token on some route it may emit on.
bool CycleEngine::hasFullOutput(const Actor &actor) const {
  for (auto [result, uses] : llvm::enumerate(actor.outputs)) {
    if (!engine.mayEmitOn(actor, result))
      continue;
    for (uint32_t id : uses) {
      const QueueTiming &timing = queueTiming[id];
      if (timing.capacity != kUnboundedCapacity &&
          engine.queues[id].fifo.size() + timing.inFlight +
                  timing.poppedThisCycle >=
              timing.capacity)
        return true;
    }
  }
  return false;
}

std::optional<StallCause> CycleEngine::checkMemory(uint32_t index,
                                                   const ActorTiming &timing) {
  const Actor &actor = engine.actors[index];
  InterfaceState &port = interfaces[timing.interface];
  if (port.cycle != now) {
    // Only a denial of the cycle just before is a turn owed.
    port.waiting.clear();
    if (port.cycle + 1 == now)
      std::swap(port.waiting, port.denied);
    port.denied.clear();
    port.cycle = now;
    port.requests = port.loads = port.stores = 0;
  }
  bool isLoad = actor.rule == Rule::Load;
  // The actors still owed a turn hold a request and a port of their kind
  // each (as far as there are any); an owed actor asking uses its own.
  auto *owed = llvm::find(port.waiting, index);
  bool isOwed = owed != port.waiting.end();
  if (isOwed)
    port.waiting.erase(owed);
  uint32_t heldRequests = 0, heldPorts = 0;
  if (!isOwed)
    for (uint32_t other : port.waiting) {
      ++heldRequests;
      heldPorts += (engine.actors[other].rule == Rule::Load) == isLoad;
    }
  if (port.requests + heldRequests >= port.spec->requestsPerCycle ||
      (isLoad ? port.loads + heldPorts >= port.spec->loadPorts
              : port.stores + heldPorts >= port.spec->storePorts)) {
    // A shared unit's turn may check an actor twice in one cycle.
    if (!llvm::is_contained(port.denied, index))
      port.denied.push_back(index);
    return StallCause::MemoryPort;
  }
  // The bank of the element addressed; an invalid address fails the firing.
  requestBank.reset();
  SmallVector<int64_t, 2> indices;
  for (unsigned i = 0, rank = actor.memory->getRank(); i < rank; ++i) {
    const TokenValue &index = engine.peekToken(actor, 1 + i);
    if (index.isPoison())
      return std::nullopt;
    indices.push_back(index.getInteger().getSExtValue());
  }
  std::optional<int64_t> linear = actor.memory->linearize(indices);
  if (!linear)
    return std::nullopt;
  // Host memory positions count from the bound pointer and may be
  // negative; a bank is the non-negative remainder.
  int64_t banks = port.spec->banks;
  requestBank = ((*linear % banks) + banks) % banks;
  if (port.bankCycle[*requestBank] == now)
    return StallCause::BankConflict;
  return std::nullopt;
}

std::optional<StallCause> CycleEngine::checkFiring(uint32_t index) {
  const Actor &actor = engine.actors[index];
  const ActorTiming &timing = actorTiming[index];
  if (!engine.isReady(actor))
    return StallCause::Input;
  if (units[timing.unit].nextFree > now)
    return StallCause::UnitBusy;
  if (hasFullOutput(actor))
    return StallCause::Output;
  if (links.crosses(index) &&
      !links.hasChannels(index, now, [&](unsigned result) {
        return engine.mayEmitOn(actor, result);
      }))
    return StallCause::LinkBusy;
  if (timing.interface >= 0)
    return checkMemory(index, timing);
  return std::nullopt;
}

std::optional<StallCause> CycleEngine::checkActor(uint32_t index) {
  // A booking whose cycle passed without a firing blocks nobody any more.
  if (links.getHold(index) < now)
    links.release(index);
  std::optional<StallCause> cause = checkFiring(index);
  if (cause == StallCause::LinkBusy && links.getHold(index) == UINT64_MAX) {
    const Actor &actor = engine.actors[index];
    links.hold(index, now, [&](unsigned result) {
      return engine.mayEmitOn(actor, result);
    });
  }
  return cause;
}

std::optional<uint32_t> CycleEngine::pickTurn(const UnitState &unit) {
  // Called for the first actor of the unit with pending work in this
  // cycle's pass: the others with work are still active. Starting after
  // the last that fired, no actor that stays ready waits for more than one
  // firing of each other actor on the unit.
  size_t count = unit.actors.size();
  size_t start = unit.lastTurn == UINT32_MAX ? 0 : unit.lastTurn + 1;
  for (size_t k = 0; k < count; ++k) {
    uint32_t index = unit.actors[(start + k) % count];
    if (!active.test(index) || !hasPendingWork(engine.actors[index]))
      continue;
    if (!checkActor(index))
      return index;
  }
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Firing
//===----------------------------------------------------------------------===//

void CycleEngine::countIteration(uint32_t index, ActorState before) {
  const Actor &actor = engine.actors[index];
  // A stream iterates in every firing that leaves it active (it emitted an
  // iv); a carry in every firing that forwards a next (running before and
  // after).
  bool iterated = actor.state == ActorState::Running &&
                  (actor.rule == Rule::Stream || before == ActorState::Running);
  if (!iterated)
    return;
  LoopState &loop = loops[actorTiming[index].loop];
  // A batch measures each instance's span on its own (the loop's actors
  // take the instances one after another): the gaps between instances are
  // the instance loop's, not this loop's.
  uint32_t instance = tracksInstances ? firingInstance : 0;
  if (loop.iterations++ == 0 || instance != loop.spanInstance) {
    if (loop.spans++ != 0)
      loop.closedSpanCycles += loop.lastCycle - loop.firstCycle;
    loop.spanInstance = instance;
    loop.firstCycle = now;
  }
  loop.lastCycle = now;
}

llvm::Error CycleEngine::fireTimed(uint32_t index) {
  Actor &actor = engine.actors[index];
  const ActorTiming &timing = actorTiming[index];
  SmallVector<size_t, 4> before;
  for (int32_t queue : actor.inputs)
    before.push_back(queue == kNoQueue ? 0 : engine.queues[queue].fifo.size());
  ActorState stateBefore = actor.state;
  firingDelay = timing.delay;
  if (tracksInstances)
    if (llvm::Error error = claimInstance(index))
      return error;
  if (llvm::Error error = engine.step(actor))
    return error;
  for (auto [queue, size] : llvm::zip(actor.inputs, before)) {
    if (queue == kNoQueue || engine.queues[queue].fifo.size() == size)
      continue;
    if (tracksInstances)
      releaseInstances(queue, size - engine.queues[queue].fifo.size());
    QueueTiming &qt = queueTiming[queue];
    if (qt.poppedThisCycle == 0)
      poppedQueues.push_back(queue);
    qt.poppedThisCycle += size - engine.queues[queue].fifo.size();
  }
  // The firing used the channels it booked, if any; the rest go back.
  links.release(index);
  UnitState &unit = units[timing.unit];
  unit.nextFree = now + unit.initiationInterval;
  unit.busyCycles += unit.initiationInterval;
  unit.lastTurn = timing.turn;
  unit.lastFiring = now;
  if (timing.interface >= 0) {
    InterfaceState &port = interfaces[timing.interface];
    bool isLoad = actor.rule == Rule::Load;
    ++port.requests;
    ++(isLoad ? port.loads : port.stores);
    ++(isLoad ? memoryLoads : memoryStores);
    ++(isLoad ? port.totalLoads : port.totalStores);
    if (requestBank)
      port.bankCycle[*requestBank] = now;
  }
  if (options.recordTrace)
    trace.push_back({index, unit.element, unit.unit, now,
                     unit.initiationInterval, mapping.actors[index].context});
  if (timing.loop >= 0)
    countIteration(index, stateBefore);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Instances of a batch
//===----------------------------------------------------------------------===//
//
// Every actor is a sequential process that reads its operand FIFOs in an
// order fixed by its state and the values it read (dataflow-semantics.md;
// no rule looks at arrival times), so the token history of every edge does
// not depend on the schedule. When each instance leaves every actor in its
// initial state and every edge it used empty, instance k + 1 therefore sees
// the graph exactly as a fresh launch would, and the batch computes the
// concatenation of N single launches. The tags below check that premise on
// the run itself instead of assuming it: a firing that would take tokens
// of two instances, or a stateful actor that would take instance k + 1's
// tokens while it still holds instance k's loop state, stops the batch
// with an error, and every graph.return token must belong to the instance
// its position stands for.

void CycleEngine::trackInstances() {
  tracksInstances = true;
  queueInstances.resize(engine.queues.size());
  actorInstance.assign(engine.actors.size(), 0);
  // Seeding put one token per instance, in instance order, on every queue
  // fed by %start or a value input.
  for (auto [id, queue] : llvm::enumerate(engine.queues))
    for (size_t i = 0, e = queue.fifo.size(); i < e; ++i)
      queueInstances[id].push_back(i);
}

llvm::Error CycleEngine::claimInstance(uint32_t index) {
  const Actor &actor = engine.actors[index];
  SmallVector<unsigned, 4> needed;
  engine.getNeededOperands(actor, needed);
  std::optional<uint32_t> instance;
  for (unsigned operand : needed) {
    uint32_t tag = queueInstances[actor.inputs[operand]].front();
    if (instance && *instance != tag)
      return engine.actorError(
          actor, "would consume tokens of instances " + Twine(*instance) +
                     " and " + Twine(tag) +
                     " in one firing; an earlier instance left a token "
                     "behind, so this graph's instances cannot overlap");
    instance = tag;
  }
  uint32_t &current = actorInstance[index];
  // A running stream consumes nothing: it works for the instance of its
  // (init, limit, step).
  if (!instance) {
    firingInstance = current;
    return llvm::Error::success();
  }
  if (*instance < current ||
      (*instance != current && actor.state != ActorState::Initial))
    return engine.actorError(
        actor, "would take tokens of instance " + Twine(*instance) +
                   " while it holds the state of instance " + Twine(current) +
                   "; an instance did not return it to its initial state, "
                   "so this graph's instances cannot overlap");
  current = firingInstance = *instance;
  return llvm::Error::success();
}

void CycleEngine::releaseInstances(uint32_t queue, size_t popped) {
  std::deque<uint32_t> &tags = queueInstances[queue];
  tags.erase(tags.begin(), tags.begin() + popped);
}

void CycleEngine::checkReturnInstance(const UseQueue &queue,
                                      uint32_t instance) {
  uint64_t position = queue.fifo.size() - 1;
  if (instance == position || engine.returnFault)
    return;
  engine.returnFault =
      "graph.return operand #" + std::to_string(queue.operand) +
      " received a token of instance " + std::to_string(instance) +
      " in the place of instance " + std::to_string(position) +
      "; instances must complete in order on every output";
}

//===----------------------------------------------------------------------===//
// The cycle loop
//===----------------------------------------------------------------------===//

llvm::Error CycleEngine::budgetError() const {
  return engine.graphError(
      "exceeded the cycle budget of " + Twine(options.cycleBudget) +
      " cycles " +
      (engine.completed ? "while draining after completion"
                        : "before reaching its completion frontier") +
      "; a longer run needs a larger budget (" +
      (options.cycleBudgetSetting.empty() ? "CycleSimOptions::cycleBudget"
                                          : options.cycleBudgetSetting) +
      ")");
}

void CycleEngine::explainFullOutputs(raw_ostream &os,
                                     const Actor &actor) const {
  dataflow::GraphOp graph = engine.graph;
  AsmState state(graph);
  bool first = true;
  for (auto [result, uses] : llvm::enumerate(actor.outputs)) {
    for (uint32_t id : uses) {
      const QueueTiming &timing = queueTiming[id];
      const UseQueue &queue = engine.queues[id];
      if (timing.capacity == kUnboundedCapacity ||
          !engine.mayEmitOn(actor, result) ||
          queue.fifo.size() + timing.inFlight < timing.capacity)
        continue;
      os << (first ? " " : ", ") << "room on output #" << result << " (";
      first = false;
      if (options.printValueName)
        options.printValueName(os, actor.op->getResult(result));
      else
        actor.op->getResult(result).printAsOperand(os, state);
      os << "), whose route to operand #" << queue.operand << " of ";
      if (queue.consumer == kReturnConsumer) {
        os << "graph.return";
      } else {
        const Actor &consumer = engine.actors[queue.consumer];
        os << "'" << consumer.op->getName() << "' at "
           << formatLocation(consumer.op->getLoc());
      }
      os << " holds " << queue.fifo.size() << " of " << timing.capacity
         << " tokens";
    }
  }
}

void CycleEngine::recordStall(uint32_t index, StallCause cause,
                              CycleOutcome &outcome) {
  ++outcome.stalls[static_cast<unsigned>(cause)];
  // A booking for this cycle that was not used (the unit or a port went
  // to another actor) goes back; the actor books again when it waits for
  // a link again.
  if (links.getHold(index) <= now)
    links.release(index);
  if (cause == StallCause::Input) {
    active.reset(index);
    parked.set(index);
    ++numParked;
  } else if (cause == StallCause::UnitBusy) {
    outcome.wake =
        std::min(outcome.wake, units[actorTiming[index].unit].nextFree);
  } else if (cause == StallCause::MemoryPort ||
             cause == StallCause::BankConflict ||
             cause == StallCause::LinkBusy) {
    // Ports free up next cycle; a link channel may be free next cycle, and
    // the booking guarantees one a bounded number of cycles ahead, so a
    // wait for a link is never a deadlock.
    outcome.retryNext = true;
  }
}

llvm::Error CycleEngine::evaluateCycle(CycleOutcome &outcome) {
  // Only actors that received a token or kept pending work are looked at,
  // in actor order (the priority of memory ports and link channels); parked
  // actors wait for an operand, as they did in the cycle that parked them.
  outcome.stalls[static_cast<unsigned>(StallCause::Input)] += numParked;
  for (int next = active.find_first(); next != -1;
       next = active.find_next(next)) {
    uint32_t i = next;
    const Actor &actor = engine.actors[i];
    if (!hasPendingWork(actor)) {
      active.reset(i);
      continue;
    }
    // A shared unit's turn is decided at its first actor with work: the
    // chosen actor fires then, the others see a busy unit.
    UnitState &unit = units[actorTiming[i].unit];
    if (unit.actors.size() > 1) {
      if (unit.decidedCycle != now) {
        unit.decidedCycle = now;
        if (std::optional<uint32_t> turn = pickTurn(unit)) {
          if (llvm::Error error = fireTimed(*turn))
            return error;
          outcome.fired = true;
        }
      }
      if (unit.lastFiring == now && unit.actors[unit.lastTurn] == i)
        continue;
    }
    std::optional<StallCause> cause = checkActor(i);
    if (!cause) {
      if (llvm::Error error = fireTimed(i))
        return error;
      outcome.fired = true;
      continue;
    }
    recordStall(i, *cause, outcome);
  }
  // Room freed in this cycle is usable from the next one.
  for (uint32_t queue : poppedQueues)
    queueTiming[queue].poppedThisCycle = 0;
  poppedQueues.clear();
  for (unsigned c = 0; c < kNumStallCauses; ++c)
    stalls[c] += outcome.stalls[c];
  return llvm::Error::success();
}

llvm::Error CycleEngine::timedDeadlockError() const {
  auto isFull = [&](const Actor &actor) { return hasFullOutput(actor); };
  auto explain = [&](raw_ostream &os, const Actor &actor) {
    explainFullOutputs(os, actor);
  };
  DeadlockContext context;
  context.cycle = now;
  context.hasFullOutput = isFull;
  context.explainOutputs = explain;
  return engine.deadlockError(&context);
}

llvm::Error CycleEngine::run() {
  engine.sink = this;
  active.resize(engine.actors.size());
  parked.resize(engine.actors.size());
  for (auto [index, actor] : llvm::enumerate(engine.actors))
    if (hasPendingWork(actor))
      active.set(index);
  for (now = 0;; ++now) {
    deliver();
    if (engine.returnFault)
      return engine.graphError(*engine.returnFault);
    if (!engine.completed && engine.isComplete()) {
      engine.completed = true;
      completionCycle = now;
      if (!options.drainAfterCompletion)
        return llvm::Error::success();
    }
    if (now > options.cycleBudget)
      return budgetError();
    CycleOutcome outcome;
    if (llvm::Error error = evaluateCycle(outcome))
      return error;
    if (outcome.fired || outcome.retryNext)
      continue;
    // Nothing fired: until the next arrival or free unit every cycle is
    // this one again.
    uint64_t wake = outcome.wake;
    if (!flights.empty())
      wake = std::min(wake, flights.getEarliestArrival());
    if (wake == UINT64_MAX) {
      if (engine.pendingReturns != 0)
        return timedDeadlockError();
      // Quiescent: graphs with stream results complete here.
      if (!engine.completed)
        completionCycle = now;
      engine.completed = true;
      return llvm::Error::success();
    }
    for (unsigned c = 0; c < kNumStallCauses; ++c)
      stalls[c] += outcome.stalls[c] * (wake - now - 1);
    now = wake - 1;
  }
}

//===----------------------------------------------------------------------===//
// Statistics
//===----------------------------------------------------------------------===//

/// Cycles per iteration of the busiest unit, shared link or memory
/// interface, from the firings of the loop's body.
double CycleEngine::getResourceCycles(const LoopState &loop) const {
  if (loop.iterations == 0)
    return 0;
  SmallVector<uint64_t, 0> unitCycles(units.size(), 0);
  SmallVector<uint64_t, 0> loads(interfaces.size(), 0),
      stores(interfaces.size(), 0);
  SmallVector<double, 0> channelCycles;
  for (int32_t index : loop.body) {
    const ActorTiming &timing = actorTiming[index];
    // Steady state: rounding down drops the entry and exit firings of the
    // loop's own state machines (a stream fires n + 1 times for n).
    uint64_t perIteration = engine.actors[index].firings / loop.iterations;
    unitCycles[timing.unit] +=
        perIteration * units[timing.unit].initiationInterval;
    links.addChannelCycles(index, perIteration, channelCycles);
    if (timing.interface >= 0)
      (engine.actors[index].rule == Rule::Load ? loads
                                               : stores)[timing.interface] +=
          perIteration;
  }
  double busiest = 0;
  for (uint64_t cycles : unitCycles)
    busiest = std::max(busiest, double(cycles));
  for (double cycles : channelCycles)
    busiest = std::max(busiest, cycles);
  for (auto [i, port] : llvm::enumerate(interfaces)) {
    const fabric::MemoryInterface &spec = *port.spec;
    busiest =
        std::max(busiest, double(loads[i] + stores[i]) / spec.requestsPerCycle);
    if (spec.loadPorts)
      busiest = std::max(busiest, double(loads[i]) / spec.loadPorts);
    if (spec.storePorts)
      busiest = std::max(busiest, double(stores[i]) / spec.storePorts);
  }
  return busiest;
}

void CycleEngine::fillStats(CycleSimResult &result) const {
  CycleSimStats &stats = result.timing;
  stats.cycles = completionCycle;
  for (const fabric::ProcessingElement &element : fabric.getElements())
    stats.unitBusyCycles.emplace_back(element.units.size(), 0);
  for (const UnitState &unit : units)
    stats.unitBusyCycles[unit.element][unit.unit] = unit.busyCycles;
  stats.stalls = stalls;
  stats.memoryLoads = memoryLoads;
  stats.memoryStores = memoryStores;
  for (const UnitState &unit : units) {
    if (unit.actors.size() < 2)
      continue;
    SharedUnitUse &use = stats.sharedUnits.emplace_back();
    use.element = unit.element;
    use.unit = unit.unit;
    use.actors.assign(unit.actors.begin(), unit.actors.end());
    for (uint32_t actor : unit.actors)
      use.firings.push_back(engine.actors[actor].firings);
  }
  llvm::sort(stats.sharedUnits,
             [](const SharedUnitUse &a, const SharedUnitUse &b) {
               return std::make_pair(a.element, a.unit) <
                      std::make_pair(b.element, b.unit);
             });
  links.fillStats(stats);
  for (const LoopState &loop : loops) {
    const Actor &controller = engine.actors[loop.controller];
    LoopRate &rate = stats.loops.emplace_back();
    rate.loop = "'" + controller.op->getName().getStringRef().str() + "' at " +
                formatLocation(controller.op->getLoc());
    rate.iterations = loop.iterations;
    // n iterations span n - 1 intervals; one iteration has no rate.
    rate.cycles = loop.spans
                      ? loop.closedSpanCycles + loop.lastCycle - loop.firstCycle
                      : 0;
    rate.achieved =
        rate.cycles ? double(rate.iterations - loop.spans) / rate.cycles : 0;
    double resourceCycles = getResourceCycles(loop);
    rate.resourceBound = resourceCycles > 1 ? 1.0 / resourceCycles : 1.0;
    rate.recurrenceBound = 1.0 / loop.recurrenceCycles;
    rate.physicalBound = getPhysicalBound(loop);
  }
}

LoopRate CycleEngine::getInstanceRate(uint64_t instances) const {
  LoopRate rate;
  rate.loop = kInstanceLoopName.str();
  rate.iterations = instances;
  rate.cycles = completionCycle;
  rate.achieved = completionCycle ? double(instances) / completionCycle : 0;
  // Cycles per instance of the busiest unit, shared link or memory
  // interface.
  double busiest = 0;
  for (const UnitState &unit : units)
    busiest = std::max(busiest, double(unit.busyCycles) / instances);
  SmallVector<double, 0> channelCycles;
  for (auto [index, actor] : llvm::enumerate(engine.actors))
    links.addChannelCycles(index, double(actor.firings) / instances,
                           channelCycles);
  for (double cycles : channelCycles)
    busiest = std::max(busiest, cycles);
  for (const InterfaceState &port : interfaces) {
    const fabric::MemoryInterface &spec = *port.spec;
    double loads = double(port.totalLoads) / instances;
    double stores = double(port.totalStores) / instances;
    busiest = std::max(busiest, (loads + stores) / spec.requestsPerCycle);
    if (spec.loadPorts)
      busiest = std::max(busiest, loads / spec.loadPorts);
    if (spec.storePorts)
      busiest = std::max(busiest, stores / spec.storePorts);
  }
  rate.resourceBound = busiest > 1 ? 1.0 / busiest : 1.0;
  // Independent instances: nothing carries from one to the next.
  rate.recurrenceBound = std::numeric_limits<double>::infinity();
  rate.physicalBound = getInstancePhysicalBound(instances);
  return rate;
}

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

std::string CycleSimulator::getInstanceOverlapProblem(dataflow::GraphOp graph) {
  ArrayRef<int32_t> segments = graph.getInputSegments();
  // A stream input or result has no per-instance boundary in its tokens.
  if (segments[1] != 0 || !graph.getReturn().getStreams().empty())
    return "it has stream inputs or results";
  // Every registered actor follows a rule of dataflow-semantics.md that
  // reads its operands in an order fixed by its state and the values read
  // (a Kahn process); stream, carry, invariant and gate return to their
  // initial state at the end of each activation (the final F of a phase
  // stream, the last element of a stream). An operation without such a
  // rule is refused.
  for (Operation &op : graph.getBody().front().without_terminator())
    if (!loom::dataflow::lookupActorSchema(op.getName().getStringRef()))
      return "'" + op.getName().getStringRef().str() + "' at " +
             formatLocation(op.getLoc()) +
             " has no firing rule; instances run one launch at a time";
  return "";
}

/// Builds the engine and the timing for `instances` launches, seeds with
/// `seed` and runs; a batch gets its instance loop.
static llvm::Expected<CycleSimResult>
simulate(loom::dataflow::GraphOp graph, const loom::fabric::Fabric &fabric,
         const loom::fabric::Mapping &mapping,
         ArrayRef<MemoryBuffer *> memories, const CycleSimOptions &options,
         std::optional<uint64_t> batch,
         llvm::function_ref<llvm::Error(Engine &)> seed) {
  EmulatorOptions emulatorOptions;
  // The cycle budget bounds the run instead.
  emulatorOptions.firingBudget = UINT64_MAX;
  emulatorOptions.drainAfterCompletion = options.drainAfterCompletion;
  emulatorOptions.tracedValues = options.tracedValues;
  emulatorOptions.printValueName = options.printValueName;
  Engine engine(graph, emulatorOptions);
  engine.setInstanceCount(batch.value_or(1));
  if (llvm::Error error = engine.build(memories))
    return std::move(error);
  CycleEngine cycles(engine, fabric, mapping, options);
  if (llvm::Error error = cycles.bindMapping())
    return std::move(error);
  cycles.analyzeLoops();
  if (llvm::Error error = seed(engine))
    return std::move(error);
  if (batch)
    cycles.trackInstances();
  if (llvm::Error error = cycles.run())
    return std::move(error);
  CycleSimResult result;
  result.emulation = engine.takeResult();
  cycles.fillStats(result);
  if (batch)
    result.timing.loops.push_back(cycles.getInstanceRate(*batch));
  result.trace = cycles.takeTrace();
  result.linkTrace = cycles.takeLinkTrace();
  return std::move(result);
}

llvm::Expected<CycleSimResult> CycleSimulator::runGraph(
    dataflow::GraphOp graph, const fabric::Fabric &fabric,
    const fabric::Mapping &mapping, ArrayRef<TokenValue> valueInputs,
    ArrayRef<SmallVector<TokenValue, 0>> streamInputs,
    ArrayRef<MemoryBuffer *> memories, const CycleSimOptions &options) {
  return simulate(
      graph, fabric, mapping, memories, options, std::nullopt,
      [&](Engine &engine) { return engine.seed(valueInputs, streamInputs); });
}

llvm::Expected<CycleSimResult> CycleSimulator::runGraphBatch(
    dataflow::GraphOp graph, const fabric::Fabric &fabric,
    const fabric::Mapping &mapping,
    ArrayRef<SmallVector<TokenValue>> instanceInputs,
    ArrayRef<MemoryBuffer *> memories, const CycleSimOptions &options) {
  std::string problem = getInstanceOverlapProblem(graph);
  if (!problem.empty())
    return llvm::createStringError("graph @" + graph.getSymName() +
                                   ": cannot pipeline instances: " + problem);
  if (instanceInputs.empty())
    return llvm::createStringError("graph @" + graph.getSymName() +
                                   ": a batch needs at least one instance");
  return simulate(
      graph, fabric, mapping, memories, options, instanceInputs.size(),
      [&](Engine &engine) { return engine.seedInstances(instanceInputs); });
}
