//===- Fabric.h - the immutable model of a CGRA fabric --------------------===//
//
// Part of the Loom project.
//
// What the mapper and the cycle simulator read about a fabric: the grid of
// processing elements with their function units, the switch graph as explicit
// nodes and directed links, the memory interfaces and the clock. A Fabric is
// built only by parseFabric (FabricParser.h), after validation, so every
// value here is already checked (docs/fabric.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_FABRIC_H
#define LOOM_FABRIC_FABRIC_H

#include "loom/Fabric/OperationClass.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace loom::fabric {

struct FunctionUnit {
  /// Unique within its element: the unit type, suffixed ".1", ".2"... when
  /// the element has several units of the same type.
  std::string name;
  /// The key of the unit type in the fabric's "unit_types".
  std::string type;
  OperationClassSet classes;
  /// Cycles from accepting operands to producing the result.
  unsigned latency = 1;
  /// Initiation interval: cycles between two accepted firings.
  unsigned initiationInterval = 1;

  bool supports(OperationClass cls) const { return classes.contains(cls); }
};

struct ProcessingElement {
  unsigned row = 0, col = 0;
  /// The switch node this element's units inject into and eject from.
  unsigned switchNode = 0;
  llvm::SmallVector<FunctionUnit, 4> units;
  /// Extra FIFO slots the mapper may configure in front of each input
  /// operand of the element's units (a configurable delay FIFO): they
  /// absorb the latency skew where a short path rejoins a long one.
  unsigned operandBufferDepth = 0;
  /// Entries of the element's instruction memory: how many actors each of
  /// its units may be configured with (1 = a spatial element, one actor per
  /// unit). The actors of one unit share it in time: the unit fires at most
  /// one of them per initiation interval, whichever is ready, with no cost
  /// to switch between them (docs/fabric.md "Time-multiplexed elements").
  unsigned contexts = 1;
};

/// The largest `contexts` of an element or a link.
inline constexpr unsigned kMaxContexts = 64;

/// The largest operand_buffer_depth a fabric may declare.
inline constexpr unsigned kMaxOperandBufferDepth = 256;

struct SwitchNode {
  enum class Kind { Switch, MemoryPort };
  Kind kind = Kind::Switch;
  /// The element of a switch, or the element a memory interface attaches to.
  unsigned row = 0, col = 0;
  /// Index into Fabric::getMemoryInterfaces() for MemoryPort nodes, else -1.
  int memoryInterface = -1;
};

/// A directed link of the switch graph. Mesh neighbours are joined by two
/// links, one per direction.
struct Link {
  unsigned from = 0, to = 0;
  /// Parallel channels (ports) of the link: values it carries per cycle.
  unsigned channels = 1;
  /// Cycles a value takes over this hop.
  unsigned latency = 1;
  /// Values buffered per channel at the receiving end.
  unsigned fifoDepth = 2;
  /// Values one channel may be configured to carry in time (1 = a channel
  /// carries one value): the link carries up to channels * contexts values,
  /// at most `channels` of them in one cycle, and keeps `fifoDepth` slots
  /// for each at its receiving end, so a value that cannot move never
  /// blocks another. Links to and from memory interfaces have one: their
  /// channels are the interface's ports.
  unsigned contexts = 1;

  /// Distinct values the link may be configured with.
  unsigned getCapacity() const { return channels * contexts; }
};

struct MemoryInterface {
  std::string name;
  /// The element whose switch the interface is joined to.
  unsigned row = 0, col = 0;
  /// The interface's node in the switch graph.
  unsigned node = 0;
  unsigned loadPorts = 1, storePorts = 1;
  unsigned latency = 1;
  unsigned requestsPerCycle = 1;
  unsigned banks = 1;
};

class Fabric {
public:
  unsigned getVersion() const { return version; }
  llvm::StringRef getName() const { return name; }
  double getClockMHz() const { return clockMHz; }
  unsigned getRows() const { return rows; }
  unsigned getCols() const { return cols; }

  /// Row-major: element (r, c) is at index r * cols + c.
  llvm::ArrayRef<ProcessingElement> getElements() const { return elements; }
  const ProcessingElement &getElement(unsigned row, unsigned col) const {
    return elements[row * cols + col];
  }
  llvm::ArrayRef<SwitchNode> getNodes() const { return nodes; }
  llvm::ArrayRef<Link> getLinks() const { return links; }
  /// Indices into getLinks() of the links leaving `node`.
  llvm::ArrayRef<unsigned> getOutgoingLinks(unsigned node) const {
    return outgoing[node];
  }
  llvm::ArrayRef<MemoryInterface> getMemoryInterfaces() const {
    return memories;
  }

  /// Number of function units that execute `cls`, over the whole grid.
  unsigned countUnits(OperationClass cls) const;
  /// True when some unit can execute the registered operation `opName`.
  bool supportsOperation(llvm::StringRef opName) const;
  /// True when some element or link has more than one context: actors may
  /// share units and values may share channels in time.
  bool isTimeMultiplexed() const;
  /// This fabric with every element and link at one context: what a kernel
  /// that asks to run spatially (LOOM_TARGET("spatial")) is mapped on
  /// first. A mapping of it is also a mapping of this fabric.
  Fabric getSpatialView() const;

private:
  // Only FabricBuilder (after validation) creates fabrics.
  Fabric() = default;
  friend class FabricBuilder;
  unsigned version = 1;
  std::string name;
  double clockMHz = 0;
  unsigned rows = 0, cols = 0;
  std::vector<ProcessingElement> elements;
  std::vector<SwitchNode> nodes;
  std::vector<Link> links;
  std::vector<llvm::SmallVector<unsigned, 4>> outgoing;
  std::vector<MemoryInterface> memories;
};

} // namespace loom::fabric

#endif // LOOM_FABRIC_FABRIC_H
