//===- ElementPressure.cpp - values in and out of each element ------------===//
//
// Part of the Loom project.
//
// Distance alone packs actors into the elements next to the memory
// interfaces, and a corner element has only two links out: more distinct
// values leave it than its channels carry and no routing can succeed. This
// term charges every value beyond an element's outgoing (incoming) channels,
// so annealing spreads such clusters before routing ever sees them. Values
// passing through count too: every net's estimated hops, spread over its
// bounding box, are charged where they exceed the channels of an element's
// links along its row or along its column (a wide box needs row links, a
// tall one column links; an edge element has one column link, not two).
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
/// Cost of one estimated hop beyond the channels of an element's links in
/// one direction: as much as a value beyond its channels, since dense
/// graphs use nearly every channel of the mesh and a region planned above
/// capacity does not route.
static constexpr double kHopWeight = 8.0;

ElementPressure::ElementPressure(const MapProblem &problem,
                                 const fabric::Fabric &fabric,
                                 PressureShares shares)
    : problem(problem), fabric(fabric) {
  unsigned numElements = fabric.getElements().size();
  outNets.assign(numElements, 0);
  inNets.assign(numElements, 0);
  outChannels.assign(numElements, 0);
  inChannels.assign(numElements, 0);
  rowDemand.assign(numElements, 0);
  colDemand.assign(numElements, 0);
  rowCapacity.assign(numElements, 0);
  colCapacity.assign(numElements, 0);
  touchStamp.assign(numElements, 0);
  elementStamp.assign(numElements, 0);
  netStamp.assign(problem.nets.size(), 0);
  appliedBox.assign(problem.nets.size(), NetBox());
  llvm::SmallVector<int32_t> elementOfNode(fabric.getNodes().size(), -1);
  for (auto [index, element] : llvm::enumerate(fabric.getElements()))
    elementOfNode[element.switchNode] = index;
  for (const fabric::Link &link : fabric.getLinks()) {
    int32_t from = elementOfNode[link.from], to = elementOfNode[link.to];
    if (from < 0 || to < 0)
      continue; // a memory interface link carries no values
    // A time-shared link holds channels * contexts values (their rate is
    // the sharing term's concern, not routability's).
    outChannels[from] += link.getCapacity();
    inChannels[to] += link.getCapacity();
    const fabric::ProcessingElement &a = fabric.getElements()[from];
    const fabric::ProcessingElement &b = fabric.getElements()[to];
    // Mesh links only (per-link overrides may add others): along a row or
    // along a column.
    if (a.row == b.row)
      rowCapacity[from] += link.getCapacity() * shares.hops;
    else if (a.col == b.col)
      colCapacity[from] += link.getCapacity() * shares.hops;
  }
  for (unsigned element = 0; element < numElements; ++element) {
    outChannels[element] = std::floor(outChannels[element] * shares.channels);
    inChannels[element] = std::floor(inChannels[element] * shares.channels);
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
  double overRow = rowDemand[element] - rowCapacity[element];
  double overCol = colDemand[element] - colCapacity[element];
  return kPressureWeight * (std::max(0, overOut) + std::max(0, overIn)) +
         kHopWeight * (std::max(0.0, overRow) + std::max(0.0, overCol));
}

void ElementPressure::touch(unsigned element) {
  if (touchStamp[element] == stamp)
    return;
  touchStamp[element] = stamp;
  touched.push_back({element, outNets[element], inNets[element],
                     rowDemand[element], colDemand[element], penalty(element)});
}

/// Boxes without hops (a net within one element, or none applied yet) add
/// nothing and are skipped.
static bool hasHops(double rowHops, double colHops) {
  return rowHops != 0 || colHops != 0;
}

void ElementPressure::respread(const NetBox &from, const NetBox &to) {
  bool fromHops = hasHops(from.rowHops, from.colHops);
  bool toHops = hasHops(to.rowHops, to.colHops);
  if (!fromHops && !toHops)
    return;
  auto inside = [](const NetBox &box, unsigned row, unsigned col) {
    return row >= box.minRow && row <= box.maxRow && col >= box.minCol &&
           col <= box.maxCol;
  };
  // The rectangle around both boxes; an element in neither is left alone.
  unsigned minRow = fromHops ? from.minRow : to.minRow;
  unsigned maxRow = fromHops ? from.maxRow : to.maxRow;
  unsigned minCol = fromHops ? from.minCol : to.minCol;
  unsigned maxCol = fromHops ? from.maxCol : to.maxCol;
  if (fromHops && toHops) {
    minRow = std::min<unsigned>(minRow, to.minRow);
    maxRow = std::max<unsigned>(maxRow, to.maxRow);
    minCol = std::min<unsigned>(minCol, to.minCol);
    maxCol = std::max<unsigned>(maxCol, to.maxCol);
  }
  unsigned cols = fabric.getCols();
  for (unsigned row = minRow; row <= maxRow; ++row)
    for (unsigned col = minCol; col <= maxCol; ++col) {
      bool inFrom = fromHops && inside(from, row, col);
      bool inTo = toHops && inside(to, row, col);
      if (!inFrom && !inTo)
        continue;
      unsigned element = row * cols + col;
      touch(element);
      rowDemand[element] +=
          (inTo ? to.rowHops : 0) - (inFrom ? from.rowHops : 0);
      colDemand[element] +=
          (inTo ? to.colHops : 0) - (inFrom ? from.colHops : 0);
    }
}

void ElementPressure::update(llvm::ArrayRef<uint32_t> nets,
                             llvm::ArrayRef<uint32_t> elementOfActor,
                             int sign) {
  llvm::ArrayRef<fabric::ProcessingElement> elements = fabric.getElements();
  for (uint32_t netIndex : nets) {
    const MapNet &net = problem.nets[netIndex];
    uint32_t source = elementOfActor[net.producer];
    // Distinct consumer elements other than the source's, by stamp.
    ++elementRound;
    elementStamp[source] = elementRound;
    scratch.clear();
    NetBox box;
    box.minRow = box.maxRow = elements[source].row;
    box.minCol = box.maxCol = elements[source].col;
    for (uint32_t e : net.edges) {
      uint32_t element = elementOfActor[problem.edges[e].consumer];
      if (elementStamp[element] == elementRound)
        continue;
      elementStamp[element] = elementRound;
      scratch.push_back(element);
      const fabric::ProcessingElement &pe = elements[element];
      box.minRow = std::min<uint16_t>(box.minRow, pe.row);
      box.maxRow = std::max<uint16_t>(box.maxRow, pe.row);
      box.minCol = std::min<uint16_t>(box.minCol, pe.col);
      box.maxCol = std::max<uint16_t>(box.maxCol, pe.col);
    }
    if (!scratch.empty()) {
      touch(source);
      outNets[source] += sign;
      for (uint32_t element : scratch) {
        touch(element);
        inNets[element] += sign;
      }
    }
    // The hop estimate changes only when the box does: it is removed and
    // added on the +1 pass alone, and only then.
    if (sign < 0)
      continue;
    unsigned height = box.maxRow - box.minRow, width = box.maxCol - box.minCol;
    if (height + width > 0) {
      double perElement = fanoutFactor(1 + net.edges.size()) /
                          double((height + 1) * (width + 1));
      box.rowHops = perElement * width;
      box.colHops = perElement * height;
    }
    if (box == appliedBox[netIndex])
      continue;
    respread(appliedBox[netIndex], box);
    replacedBoxes.push_back({netIndex, appliedBox[netIndex]});
    appliedBox[netIndex] = box;
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

double ElementPressure::delta() const {
  double sum = 0;
  for (const ElementState &before : touched)
    sum += penalty(before.element) - before.penalty;
  return sum;
}

void ElementPressure::clearUndo() {
  touched.clear();
  replacedBoxes.clear();
  ++stamp;
}

void ElementPressure::commit() { clearUndo(); }

void ElementPressure::rollback() {
  for (const ElementState &before : touched) {
    outNets[before.element] = before.outNets;
    inNets[before.element] = before.inNets;
    rowDemand[before.element] = before.rowDemand;
    colDemand[before.element] = before.colDemand;
  }
  // Latest first, so a net replaced twice gets its first box back.
  for (auto &[net, box] : llvm::reverse(replacedBoxes))
    appliedBox[net] = box;
  clearUndo();
}

double ElementPressure::recount(llvm::ArrayRef<uint32_t> elementOfActor) {
  std::fill(outNets.begin(), outNets.end(), 0);
  std::fill(inNets.begin(), inNets.end(), 0);
  std::fill(rowDemand.begin(), rowDemand.end(), 0.0);
  std::fill(colDemand.begin(), colDemand.end(), 0.0);
  std::fill(appliedBox.begin(), appliedBox.end(), NetBox());
  llvm::SmallVector<uint32_t> all(problem.nets.size());
  for (uint32_t i = 0; i < all.size(); ++i)
    all[i] = i;
  update(all, elementOfActor, +1);
  clearUndo();
  double total = 0;
  for (unsigned element = 0; element < outNets.size(); ++element)
    total += penalty(element);
  return total;
}
