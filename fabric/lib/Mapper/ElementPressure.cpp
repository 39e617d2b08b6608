//===- ElementPressure.cpp - values in and out of each element ------------===//
//
// Part of the Loom project.
//
// Distance alone packs actors into the elements next to the memory
// interfaces, and a corner element has only two links out: more distinct
// values leave it than its channels carry and no routing can succeed. This
// term charges every value beyond an element's outgoing (incoming) channels,
// so annealing spreads such clusters before routing ever sees them.
//
//===----------------------------------------------------------------------===//

#include "MapperImpl.h"

#include <cmath>

using namespace loom;
using namespace loom::mapper;
using fabric::SwitchNode;

/// Cost of one value beyond an element's channels: above the longest
/// detour it could force, so spreading is always preferred.
static constexpr double kPressureWeight = 8.0;

ElementPressure::ElementPressure(const MapProblem &problem,
                                 const fabric::Fabric &fabric,
                                 double channelShare)
    : problem(problem) {
  unsigned numElements = fabric.getElements().size();
  outNets.assign(numElements, 0);
  inNets.assign(numElements, 0);
  outChannels.assign(numElements, 0);
  inChannels.assign(numElements, 0);
  touchStamp.assign(numElements, 0);
  netStamp.assign(problem.nets.size(), 0);
  llvm::SmallVector<int32_t> elementOfNode(fabric.getNodes().size(), -1);
  for (auto [index, element] : llvm::enumerate(fabric.getElements()))
    elementOfNode[element.switchNode] = index;
  for (const fabric::Link &link : fabric.getLinks()) {
    int32_t from = elementOfNode[link.from], to = elementOfNode[link.to];
    if (from < 0 || to < 0)
      continue; // a memory interface link carries no values
    outChannels[from] += link.channels;
    inChannels[to] += link.channels;
  }
  for (unsigned element = 0; element < numElements; ++element) {
    outChannels[element] = std::floor(outChannels[element] * channelShare);
    inChannels[element] = std::floor(inChannels[element] * channelShare);
  }
  netsOfActor.resize(problem.actors.size());
  for (auto [netIndex, net] : llvm::enumerate(problem.nets)) {
    netsOfActor[net.producer].push_back(netIndex);
    for (uint32_t e : net.edges) {
      uint32_t consumer = problem.edges[e].consumer;
      if (netsOfActor[consumer].empty() ||
          netsOfActor[consumer].back() != netIndex)
        netsOfActor[consumer].push_back(netIndex);
    }
  }
}

double ElementPressure::penalty(unsigned element) const {
  int32_t overOut = outNets[element] - int32_t(outChannels[element]);
  int32_t overIn = inNets[element] - int32_t(inChannels[element]);
  return kPressureWeight * (std::max(0, overOut) + std::max(0, overIn));
}

void ElementPressure::touch(unsigned element) {
  if (touchStamp[element] == stamp)
    return;
  touchStamp[element] = stamp;
  touched.push_back(element);
  penaltyBefore.push_back(penalty(element));
}

void ElementPressure::update(llvm::ArrayRef<uint32_t> nets,
                             llvm::ArrayRef<uint32_t> elementOfActor,
                             int sign) {
  for (uint32_t netIndex : nets) {
    const MapNet &net = problem.nets[netIndex];
    uint32_t source = elementOfActor[net.producer];
    scratch.clear();
    for (uint32_t e : net.edges) {
      uint32_t element = elementOfActor[problem.edges[e].consumer];
      if (element != source && !llvm::is_contained(scratch, element))
        scratch.push_back(element);
    }
    if (scratch.empty())
      continue;
    touch(source);
    outNets[source] += sign;
    for (uint32_t element : scratch) {
      touch(element);
      inNets[element] += sign;
    }
  }
}

void ElementPressure::collectNets(uint32_t a, int32_t b,
                                  llvm::SmallVectorImpl<uint32_t> &nets) {
  ++stamp;
  nets.clear();
  for (int32_t actor : {int32_t(a), b}) {
    if (actor < 0)
      continue;
    for (uint32_t net : netsOfActor[actor])
      if (netStamp[net] != stamp) {
        netStamp[net] = stamp;
        nets.push_back(net);
      }
  }
}

double ElementPressure::takeDelta() {
  double delta = 0;
  for (auto [element, before] : llvm::zip_equal(touched, penaltyBefore))
    delta += penalty(element) - before;
  touched.clear();
  penaltyBefore.clear();
  ++stamp;
  return delta;
}

double ElementPressure::recount(llvm::ArrayRef<uint32_t> elementOfActor) {
  std::fill(outNets.begin(), outNets.end(), 0);
  std::fill(inNets.begin(), inNets.end(), 0);
  llvm::SmallVector<uint32_t> all(problem.nets.size());
  for (uint32_t i = 0; i < all.size(); ++i)
    all[i] = i;
  update(all, elementOfActor, +1);
  touched.clear();
  penaltyBefore.clear();
  ++stamp;
  double total = 0;
  for (unsigned element = 0; element < outNets.size(); ++element)
    total += penalty(element);
  return total;
}
