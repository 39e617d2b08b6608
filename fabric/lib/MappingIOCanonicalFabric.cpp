//===- MappingIOCanonicalFabric.cpp - the fabric model as canonical text --===//
//
// Part of the Loom project.
//
// The mapping cache keys on what the mapper sees of a fabric, not on how its
// JSON was written: two files that differ in spacing, key order or in using
// defaults instead of overrides build the same model and share entries,
// while any change to a unit, link or interface gives a new key. So this
// prints the model (Fabric.h) itself, every field, in a fixed order.
//
// The contexts of elements and links are printed only where they are not 1:
// a spatial fabric keeps the text (and the cache keys) it had before
// fabrics could be time-multiplexed, and one that differs only in contexts
// gets another text, so it never shares a cached mapping with it.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace llvm;
using namespace loom::fabric;

static void writeUnit(const FunctionUnit &unit, raw_ostream &os) {
  SmallVector<StringRef> classes;
  for (OperationClass cls : getAllOperationClasses())
    if (unit.supports(cls))
      classes.push_back(getOperationClassName(cls));
  os << "  unit " << unit.name << " type " << unit.type << " classes "
     << join(classes, ",") << " latency " << unit.latency << " ii "
     << unit.initiationInterval << "\n";
}

void loom::fabric::writeCanonicalFabric(const Fabric &fabric, raw_ostream &os) {
  os << "loom-canonical-fabric 1\n";
  os << "name " << fabric.getName() << "\n";
  os << "version " << fabric.getVersion() << "\n";
  // 17 significant digits print every double exactly.
  os << "clock_mhz " << format("%.17g", fabric.getClockMHz()) << "\n";
  os << "grid " << fabric.getRows() << " " << fabric.getCols() << "\n";
  for (const ProcessingElement &element : fabric.getElements()) {
    os << "element " << element.row << " " << element.col << " switch "
       << element.switchNode << " operand_buffer_depth "
       << element.operandBufferDepth;
    if (element.contexts != 1)
      os << " contexts " << element.contexts;
    os << "\n";
    for (const FunctionUnit &unit : element.units)
      writeUnit(unit, os);
  }
  for (auto [id, node] : enumerate(fabric.getNodes()))
    os << "node " << id
       << (node.kind == SwitchNode::Kind::Switch ? " switch " : " memory ")
       << node.row << " " << node.col << " " << node.memoryInterface << "\n";
  for (auto [id, link] : enumerate(fabric.getLinks())) {
    os << "link " << id << " " << link.from << " -> " << link.to << " channels "
       << link.channels << " latency " << link.latency << " fifo "
       << link.fifoDepth;
    if (link.contexts != 1)
      os << " contexts " << link.contexts;
    os << "\n";
  }
  for (const MemoryInterface &memory : fabric.getMemoryInterfaces())
    os << "memory " << memory.name << " at " << memory.row << " " << memory.col
       << " node " << memory.node << " load " << memory.loadPorts << " store "
       << memory.storePorts << " latency " << memory.latency << " requests "
       << memory.requestsPerCycle << " banks " << memory.banks << "\n";
}
