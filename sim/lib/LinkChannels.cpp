//===- LinkChannels.cpp - the channels of time-shared links ---------------===//
//
// Part of the Loom project.
//
// A link that the mapping gives more distinct values than it has channels
// (a time-multiplexed link: Link::contexts > 1) moves at most `channels` of
// them in one cycle; each value keeps its own slots at the receiving end
// (virtual channels), so its route's capacity stays the mapping's and a
// value that cannot move never blocks another. The tokens a firing at cycle
// t emits cross link j of their route at t + delay + (latencies of the links
// before j), the cycles send() delivers them by; the firing may go only if
// every such link has a channel free in that cycle, and takes it. Tokens of
// one value crossing one link in one cycle take one channel (a value's uses
// share its channel, as the mapper routes them as one net).
//
// Taking channels at firing time gives the link to the firing with the
// longest way to it: an actor whose tokens reach the link d cycles after it
// fires has taken that cycle's channel d - d' cycles before one whose
// tokens take d'. So an actor that finds no channel books one: it takes the
// channels of a firing cycle so late that no channel of it can be taken yet
// (every channel taken so far lies at most maxOffset cycles ahead), and the
// others find them taken. It fires then at the latest, and the booking of
// an earlier firing is dropped. A wait for a link therefore ends within
// holdSpan + 1 cycles of the first link-busy stall, unless the actor loses
// its unit or a memory port at the booked cycle (then it books again).
//
//===----------------------------------------------------------------------===//

#include "CycleSimImpl.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MathExtras.h"

using namespace loom::sim;
using namespace loom::sim::detail;

static uint64_t getValue(uint32_t actor, uint32_t result) {
  return (uint64_t(actor) << 32) | result;
}

static uint32_t getActorOf(uint64_t value) { return value >> 32; }

std::string loom::sim::detail::describeLink(const fabric::Fabric &fabric,
                                            uint32_t link) {
  auto describeNode = [&](unsigned node) {
    const fabric::SwitchNode &info = fabric.getNodes()[node];
    if (info.memoryInterface >= 0)
      return fabric.getMemoryInterfaces()[info.memoryInterface].name;
    return ("(" + llvm::Twine(info.row) + ", " + llvm::Twine(info.col) + ")")
        .str();
  };
  const fabric::Link &info = fabric.getLinks()[link];
  return "link #" + std::to_string(link) + " " + describeNode(info.from) +
         " -> " + describeNode(info.to);
}

llvm::Error LinkChannels::findSharedLinks(llvm::ArrayRef<Actor> actors,
                                          const fabric::Fabric &fabric,
                                          const fabric::Mapping &mapping,
                                          llvm::ArrayRef<int32_t> queueEdge) {
  llvm::ArrayRef<fabric::Link> fabricLinks = fabric.getLinks();
  // Distinct values per link: a value counts once however many of its
  // uses the link carries.
  llvm::DenseMap<uint32_t, uint32_t> valuesOf;
  for (const Actor &actor : actors)
    for (llvm::ArrayRef<uint32_t> uses : actor.outputs) {
      llvm::SmallDenseSet<uint32_t, 8> seen;
      for (uint32_t queue : uses)
        if (queueEdge[queue] >= 0)
          for (uint32_t link : mapping.edges[queueEdge[queue]].links)
            if (seen.insert(link).second)
              ++valuesOf[link];
    }
  // A link with one context has a channel per value in a mapping the
  // mapper returns; one that a hand-built mapping overfills is not limited,
  // as before links had contexts (its tokens still take the route's
  // latency and capacity).
  llvm::SmallVector<uint32_t, 0> sharedIds;
  for (auto [link, values] : valuesOf) {
    if (link >= fabricLinks.size() || fabricLinks[link].contexts == 1)
      continue;
    const fabric::Link &info = fabricLinks[link];
    if (values > info.getCapacity())
      return llvm::createStringError(
          "the mapping routes " + llvm::Twine(values) + " values over " +
          describeLink(fabric, link) + ", which carries at most " +
          llvm::Twine(info.getCapacity()) + " (" + llvm::Twine(info.channels) +
          " channels x " + llvm::Twine(info.contexts) + " contexts)");
    if (values > info.channels)
      sharedIds.push_back(link);
  }
  // Link order, so that the statistics do not depend on the hash map.
  llvm::sort(sharedIds);
  for (uint32_t link : sharedIds) {
    SharedLink &shared = links.emplace_back();
    shared.link = link;
    shared.channels = std::max(1u, fabricLinks[link].channels);
    shared.values = valuesOf[link];
  }
  return llvm::Error::success();
}

void LinkChannels::addCrossings(
    const fabric::Fabric &fabric, const fabric::EdgeRoute &route,
    const llvm::DenseMap<uint32_t, uint32_t> &sharedIndex, uint32_t actor,
    uint32_t result, uint32_t queue, uint32_t delay) {
  uint32_t offset = delay;
  for (uint32_t link : route.links) {
    auto it = sharedIndex.find(link);
    if (it != sharedIndex.end()) {
      Crossing crossing{it->second, offset};
      byQueue[queue].push_back(crossing);
      valueOfQueue[queue] = getValue(actor, result);
      auto &mine = byActor[actor];
      if (llvm::none_of(mine, [&](const auto &entry) {
            return entry.first == result &&
                   entry.second.link == crossing.link &&
                   entry.second.offset == crossing.offset;
          }))
        mine.push_back({result, crossing});
      SharedLink &shared = links[crossing.link];
      shared.maxOffset = std::max(shared.maxOffset, offset);
    }
    offset += fabric.getLinks()[link].latency;
  }
}

llvm::Error LinkChannels::bind(llvm::ArrayRef<Actor> actors,
                               const fabric::Fabric &fabric,
                               const fabric::Mapping &mapping,
                               llvm::ArrayRef<int32_t> queueEdge,
                               llvm::ArrayRef<ActorTiming> timing) {
  if (llvm::Error error = findSharedLinks(actors, fabric, mapping, queueEdge))
    return error;
  if (links.empty())
    return llvm::Error::success();
  llvm::DenseMap<uint32_t, uint32_t> sharedIndex;
  for (auto [index, shared] : llvm::enumerate(links))
    sharedIndex[shared.link] = index;
  byQueue.resize(queueEdge.size());
  valueOfQueue.resize(queueEdge.size());
  byActor.resize(actors.size());
  holdSpan.assign(actors.size(), 0);
  holds.resize(actors.size());
  for (uint32_t index = 0, e = actors.size(); index < e; ++index)
    for (uint32_t result = 0, r = actors[index].outputs.size(); result < r;
         ++result)
      for (uint32_t queue : actors[index].outputs[result])
        if (queueEdge[queue] >= 0)
          addCrossings(fabric, mapping.edges[queueEdge[queue]], sharedIndex,
                       index, result, queue, timing[index].delay);
  for (auto [index, crossings] : llvm::enumerate(byActor))
    for (const auto &[result, crossing] : crossings)
      holdSpan[index] = std::max(
          holdSpan[index], links[crossing.link].maxOffset - crossing.offset);
  for (SharedLink &shared : links)
    shared.ring.resize(
        llvm::PowerOf2Ceil(std::max<uint64_t>(16, 2 * shared.maxOffset + 2)));
  return llvm::Error::success();
}

const LinkChannels::Slot *LinkChannels::findSlot(const SharedLink &link,
                                                 uint64_t cycle) const {
  const Slot &slot = link.ring[cycle & (link.ring.size() - 1)];
  return slot.cycle == cycle ? &slot : nullptr;
}

LinkChannels::Slot &LinkChannels::getSlot(SharedLink &link, uint64_t cycle,
                                          uint64_t now) {
  // Every live slot lies in [now, now + size); a later cycle needs a
  // larger ring, into which the live slots move.
  if (cycle - now >= link.ring.size()) {
    std::vector<Slot> grown(llvm::PowerOf2Ceil(cycle - now + 1));
    for (Slot &slot : link.ring)
      if (slot.cycle != UINT64_MAX && slot.cycle >= now)
        grown[slot.cycle & (grown.size() - 1)] = std::move(slot);
    link.ring = std::move(grown);
  }
  Slot &slot = link.ring[cycle & (link.ring.size() - 1)];
  // A slot of another cycle is one that has passed.
  if (slot.cycle != cycle) {
    slot.cycle = cycle;
    slot.uses.clear();
  }
  return slot;
}

void LinkChannels::getNeeds(
    uint32_t actor, uint64_t cycle, llvm::function_ref<bool(unsigned)> emits,
    llvm::SmallVectorImpl<std::tuple<uint32_t, uint64_t, uint64_t>> &needs)
    const {
  for (const auto &[result, crossing] : byActor[actor])
    if (emits(result))
      needs.push_back(
          {crossing.link, cycle + crossing.offset, getValue(actor, result)});
}

bool LinkChannels::hasChannels(uint32_t actor, uint64_t cycle,
                               llvm::function_ref<bool(unsigned)> emits) const {
  llvm::SmallVector<std::tuple<uint32_t, uint64_t, uint64_t>, 8> needs;
  getNeeds(actor, cycle, emits, needs);
  for (auto [link, at, value] : needs) {
    const Slot *slot = findSlot(links[link], at);
    if (!slot)
      continue;
    // A slot that only this actor's values use (committed by an earlier
    // firing, or booked) is free for it: a firing that alone needs more
    // channels than the link has takes the whole link in that cycle
    // rather than never firing.
    if (llvm::all_of(slot->uses, [&](const Use &use) {
          return getActorOf(use.value) == actor;
        }))
      continue;
    // The values of this firing the slot does not have yet.
    unsigned added = 0;
    llvm::SmallVector<uint64_t, 4> counted;
    for (const auto &other : needs) {
      uint64_t otherValue = std::get<2>(other);
      if (std::get<0>(other) == link && std::get<1>(other) == at &&
          !llvm::is_contained(counted, otherValue) &&
          llvm::none_of(slot->uses, [&](const Use &use) {
            return use.value == otherValue;
          })) {
        counted.push_back(otherValue);
        ++added;
      }
    }
    if (slot->uses.size() + added > links[link].channels)
      return false;
  }
  return true;
}

void LinkChannels::hold(uint32_t actor, uint64_t now,
                        llvm::function_ref<bool(unsigned)> emits) {
  // Every channel taken so far lies at most maxOffset cycles ahead of the
  // cycle it was taken in, so a firing at now + 1 + holdSpan finds its
  // crossings free of them; only other bookings can be in the way.
  uint64_t cycle = now + 1 + holdSpan[actor];
  while (!hasChannels(actor, cycle, emits))
    ++cycle;
  llvm::SmallVector<std::tuple<uint32_t, uint64_t, uint64_t>, 8> needs;
  getNeeds(actor, cycle, emits, needs);
  Hold &booking = holds[actor];
  booking.cycle = cycle;
  for (auto [link, at, needed] : needs) {
    uint64_t value = needed;
    Slot &slot = getSlot(links[link], at, now);
    if (llvm::any_of(slot.uses,
                     [&](const Use &use) { return use.value == value; }))
      continue;
    slot.uses.push_back({value, int32_t(actor)});
    booking.slots.push_back({link, at});
  }
}

void LinkChannels::release(uint32_t actor) {
  if (links.empty())
    return;
  Hold &booking = holds[actor];
  for (auto [link, at] : booking.slots) {
    SharedLink &shared = links[link];
    Slot &slot = shared.ring[at & (shared.ring.size() - 1)];
    // A slot reused for a later cycle has dropped the booking already.
    if (slot.cycle == at)
      llvm::erase_if(slot.uses, [&](const Use &use) {
        return use.holder == int32_t(actor);
      });
  }
  booking.slots.clear();
  booking.cycle = UINT64_MAX;
}

void LinkChannels::commit(uint32_t queue, uint64_t now,
                          llvm::SmallVectorImpl<LinkTraceEvent> *trace) {
  if (links.empty() || byQueue[queue].empty())
    return;
  uint64_t value = valueOfQueue[queue];
  for (const Crossing &crossing : byQueue[queue]) {
    SharedLink &shared = links[crossing.link];
    uint64_t at = now + crossing.offset;
    Slot &slot = getSlot(shared, at, now);
    bool busy =
        llvm::any_of(slot.uses, [](const Use &use) { return use.holder < 0; });
    auto it = llvm::find_if(slot.uses,
                            [&](const Use &use) { return use.value == value; });
    if (it != slot.uses.end() && it->holder < 0)
      continue; // Another use of the value crosses in this cycle too.
    if (it != slot.uses.end())
      it->holder = -1; // The booking is used.
    else
      slot.uses.push_back({value, -1});
    ++shared.crossings;
    if (!busy)
      ++shared.busyCycles;
    if (trace)
      trace->push_back(
          {shared.link, getActorOf(value), uint32_t(value & UINT32_MAX), at});
  }
}

void LinkChannels::fillStats(CycleSimStats &stats) const {
  for (const SharedLink &shared : links)
    stats.sharedLinks.push_back({shared.link, shared.values, shared.channels,
                                 shared.busyCycles, shared.crossings});
}

void LinkChannels::addChannelCycles(
    uint32_t actor, double firings,
    llvm::SmallVectorImpl<double> &cycles) const {
  if (links.empty())
    return;
  cycles.resize(links.size(), 0);
  for (const auto &[result, crossing] : byActor[actor])
    cycles[crossing.link] += firings / links[crossing.link].channels;
}
