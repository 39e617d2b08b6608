//===- FabricParserGrid.cpp - elements, network and memory on the grid ----===//
//
// Part of the Loom project.
//
// The second half of the fabric reader (FabricReader.h): element overrides
// applied over the defaults, the checks that need every element resolved
// (a unit type's state machine sharing a unit, a place for every
// primitive), the switch network with its per-link overrides, the memory
// interfaces, and FabricBuilder, which turns the validated parts into the
// immutable model.
//
//===----------------------------------------------------------------------===//

#include "FabricReader.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;
using namespace loom::fabric;
using namespace loom::fabric::detail;

namespace {
/// An inclusive range of rows or columns.
struct Span {
  unsigned first = 0, last = 0;
};
} // namespace

/// Reads "rows"/"cols" of an element override: [first, last], inclusive;
/// absent means the whole extent.
static std::optional<Span> readSpan(const json::Object &obj, StringRef key,
                                    StringRef path, unsigned extent,
                                    StringRef dimension, Diagnostics &diag) {
  const json::Value *value = obj.get(key);
  if (!value)
    return Span{0, extent - 1};
  const json::Array *array = value->getAsArray();
  std::optional<int64_t> first, last;
  if (array && array->size() == 2) {
    first = (*array)[0].getAsInteger();
    last = (*array)[1].getAsInteger();
  }
  std::string spanPath = (path + "." + key).str();
  if (!first || !last || *first < 0 || *last < *first) {
    diag.error(spanPath, "expected [first, last] with 0 <= first <= last");
    return std::nullopt;
  }
  if (*last >= extent) {
    diag.error(spanPath, formatv("{0} {1}..{2} exceed the grid's {3} {0}",
                                 dimension, *first, *last, extent));
    return std::nullopt;
  }
  return Span{unsigned(*first), unsigned(*last)};
}

void FabricReader::readElements(const json::Object &root) {
  ElementSpec defaults;
  if (const json::Array *list = getArray(root, "default_units", "$", true))
    if (std::optional<SmallVector<FunctionUnit, 4>> units =
            readUnitList(*list, "$.default_units"))
      defaults.units = std::move(*units);
  defaults.operandBufferDepth = readBufferDepth(root, "$", 0).value_or(0);
  std::optional<unsigned> contexts = readContexts(root, "$", 1);
  elementContextsInvalid |= !contexts;
  defaults.contexts = contexts.value_or(1);
  elements.assign(rows * cols, defaults);
  const json::Array *list = getArray(root, "elements", "$", false);
  for (auto [index, value] : enumerate(list ? *list : json::Array())) {
    std::string path = formatv("$.elements[{0}]", index);
    if (const json::Object *obj = getObject(&value, path))
      readElementEntry(*obj, path, defaults);
  }
}

void FabricReader::readElementEntry(const json::Object &obj, StringRef path,
                                    const ElementSpec &defaults) {
  checkKeys(
      obj, path,
      {"at", "rows", "cols", "units", "operand_buffer_depth", "contexts"});
  std::optional<Span> rowSpan, colSpan;
  if (obj.get("at")) {
    if (obj.get("rows") || obj.get("cols"))
      diag.error(path, "give either 'at' or 'rows'/'cols', not both");
    else if (std::optional<Coord> at =
                 readCoord(obj.get("at"), (path + ".at").str()))
      rowSpan = Span{at->row, at->row}, colSpan = Span{at->col, at->col};
  } else {
    rowSpan = readSpan(obj, "rows", path, rows, "rows", diag);
    colSpan = readSpan(obj, "cols", path, cols, "columns", diag);
  }
  // An entry sets the units, the operand buffer depth, the contexts or any
  // combination; what it leaves out keeps the defaults.
  bool setsDepth = obj.get("operand_buffer_depth");
  bool setsContexts = obj.get("contexts");
  std::optional<unsigned> depth =
      readBufferDepth(obj, path, defaults.operandBufferDepth);
  std::optional<unsigned> contexts = readContexts(obj, path, defaults.contexts);
  elementContextsInvalid |= !contexts;
  const json::Array *unitList =
      getArray(obj, "units", path, /*required=*/!setsDepth && !setsContexts);
  std::optional<SmallVector<FunctionUnit, 4>> units;
  if (unitList)
    units = readUnitList(*unitList, (path + ".units").str());
  else if ((setsDepth || setsContexts) && !obj.get("units"))
    units = defaults.units;
  if (!rowSpan || !colSpan || !units || !depth || !contexts)
    return;
  ElementSpec spec{std::move(*units), *depth, *contexts, path.str(),
                   unitList || setsContexts ? path.str() : std::string()};
  // One message per override is enough to locate an overlap.
  bool overlapReported = false;
  for (unsigned r = rowSpan->first; r <= rowSpan->last; ++r) {
    for (unsigned c = colSpan->first; c <= colSpan->last; ++c) {
      ElementSpec &element = elements[r * cols + c];
      if (!element.setBy.empty()) {
        if (!overlapReported)
          diag.error(path, formatv("element ({0}, {1}) is already set by {2}",
                                   r, c, element.setBy));
        overlapReported = true;
        continue;
      }
      element = spec;
    }
  }
}

/// A unit of stream, carry, invariant or gate keeps that state machine's
/// registers. On a spatial element (one context) such a unit is dedicated
/// to its class: one actor and one state. An element with several contexts
/// keeps state per context, as the predicated loop control of temporal
/// CGRAs runs on the one function unit of a processing element, so there a
/// unit may combine state machines with each other and with any class.
/// Reported once per unit type and per entry that shaped the elements.
void FabricReader::checkStateMachineUnits() {
  // Elements whose contexts could not be read would only repeat that error.
  if (elementContextsInvalid)
    return;
  struct Offence {
    const UnitType *type;
    Coord first;
    unsigned elements = 0;
  };
  // (unit type, the entry that shaped the element) -> its elements.
  using Key = std::pair<std::string, std::string>;
  MapVector<Key, Offence, std::map<Key, unsigned>> offences;
  for (auto [id, element] : enumerate(elements)) {
    if (element.contexts > 1)
      continue;
    SmallSetVector<StringRef, 4> typeNames;
    for (const FunctionUnit &unit : element.units)
      typeNames.insert(unit.type);
    for (StringRef typeName : typeNames) {
      auto type = find_if(unitTypes, [&](const UnitType &candidate) {
        return candidate.name == typeName;
      });
      if (type == unitTypes.end() || !type->sharedStateMachine)
        continue;
      Coord at{unsigned(id / cols), unsigned(id % cols)};
      auto [it, inserted] = offences.insert(
          {{type->name, element.shapedBy}, Offence{&*type, at, 0}});
      ++it->second.elements;
    }
  }
  for (const auto &[key, offence] : offences) {
    const std::string &shapedBy = key.second;
    std::string where = offence.elements == 1
                            ? formatv("element ({0}, {1}) has 1",
                                      offence.first.row, offence.first.col)
                                  .str()
                            : formatv("elements ({0}, {1}) and {2} more have 1",
                                      offence.first.row, offence.first.col,
                                      offence.elements - 1)
                                  .str();
    std::string message =
        "'" + getOperationClassName(*offence.type->sharedStateMachine).str() +
        "' is a dedicated state machine and cannot share a unit with another "
        "class unless its element has contexts > 1 (" +
        where + ")";
    if (shapedBy.empty())
      diag.error(offence.type->path + ".classes", message);
    else
      diag.error(shapedBy,
                 "unit type '" + offence.type->name + "': " + message);
  }
}

void FabricReader::readNetwork(const json::Object &root) {
  const json::Value *value = root.get("network");
  if (!value) {
    diag.error("$", "missing key 'network'");
    return;
  }
  const json::Object *obj = getObject(value, "$.network");
  if (!obj)
    return;
  StringRef path = "$.network";
  checkKeys(*obj, path,
            {"topology", "channels", "hop_latency", "fifo_depth", "contexts",
             "links"});
  const json::Value *topology = obj->get("topology");
  std::optional<StringRef> topologyName =
      topology ? topology->getAsString() : std::optional<StringRef>("mesh");
  if (topologyName != "mesh")
    diag.error("$.network.topology",
               "unsupported topology '" +
                   topologyName.value_or("<not a string>") +
                   "' (supported: mesh)");
  network.channels = readInt(*obj, "channels", path, 1, 1).value_or(1);
  network.hopLatency = readInt(*obj, "hop_latency", path, 0, 1).value_or(1);
  network.fifoDepth = readInt(*obj, "fifo_depth", path, 1, 2).value_or(2);
  network.contexts = readContexts(*obj, path, 1).value_or(1);
  const json::Array *links = getArray(*obj, "links", path, false);
  std::map<std::pair<unsigned, unsigned>, std::string> seen;
  for (auto [index, linkValue] : enumerate(links ? *links : json::Array())) {
    std::string linkPath = formatv("$.network.links[{0}]", index);
    const json::Object *link = getObject(&linkValue, linkPath);
    if (!link)
      continue;
    std::optional<NetworkSpec::Override> spec =
        readLinkOverride(*link, linkPath);
    if (!spec)
      continue;
    auto key = std::pair(spec->from.row * cols + spec->from.col,
                         spec->to.row * cols + spec->to.col);
    auto [it, inserted] = seen.try_emplace(key, linkPath);
    if (!inserted) {
      diag.error(linkPath,
                 "duplicate override of the link, first at " + it->second);
      continue;
    }
    network.overrides.push_back(*spec);
  }
}

/// One entry of "links": a directed mesh link and what it changes.
std::optional<NetworkSpec::Override>
FabricReader::readLinkOverride(const json::Object &link, StringRef path) {
  checkKeys(
      link, path,
      {"from", "to", "channels", "hop_latency", "fifo_depth", "contexts"});
  std::optional<Coord> from =
      readCoord(link.get("from"), (path + ".from").str());
  std::optional<Coord> to = readCoord(link.get("to"), (path + ".to").str());
  std::optional<int64_t> channels =
      readInt(link, "channels", path, 1, network.channels);
  std::optional<int64_t> hop =
      readInt(link, "hop_latency", path, 0, network.hopLatency);
  std::optional<int64_t> depth =
      readInt(link, "fifo_depth", path, 1, network.fifoDepth);
  std::optional<unsigned> contexts = readContexts(link, path, network.contexts);
  if (!from || !to || !channels || !hop || !depth || !contexts)
    return std::nullopt;
  unsigned distance =
      (from->row > to->row ? from->row - to->row : to->row - from->row) +
      (from->col > to->col ? from->col - to->col : to->col - from->col);
  if (distance != 1) {
    diag.error(path, formatv("({0}, {1}) and ({2}, {3}) are not mesh "
                             "neighbours",
                             from->row, from->col, to->row, to->col));
    return std::nullopt;
  }
  return NetworkSpec::Override{
      *from,    *to, unsigned(*channels), unsigned(*hop), unsigned(*depth),
      *contexts};
}

void FabricReader::readMemoryInterfaces(const json::Object &root) {
  const json::Array *list = getArray(root, "memory_interfaces", "$", true);
  StringMap<std::string> firstPath;
  for (auto [index, value] : enumerate(list ? *list : json::Array())) {
    std::string path = formatv("$.memory_interfaces[{0}]", index);
    const json::Object *obj = getObject(&value, path);
    if (!obj)
      continue;
    checkKeys(*obj, path,
              {"name", "at", "load_ports", "store_ports", "latency",
               "requests_per_cycle", "banks"});
    MemoryInterface memory;
    std::optional<StringRef> memoryName =
        obj->get("name") ? obj->get("name")->getAsString() : std::nullopt;
    if (!memoryName || memoryName->empty()) {
      diag.error(path + ".name", "expected a non-empty string");
    } else {
      memory.name = memoryName->str();
      auto [it, inserted] = firstPath.try_emplace(memory.name, path);
      if (!inserted)
        diag.error(path + ".name", "duplicate memory interface name '" +
                                       memory.name + "' (first defined at " +
                                       it->second + ")");
    }
    std::optional<Coord> at = readCoord(obj->get("at"), path + ".at");
    std::optional<int64_t> loads = readInt(*obj, "load_ports", path, 0, 1);
    std::optional<int64_t> stores = readInt(*obj, "store_ports", path, 0, 1);
    std::optional<int64_t> latency = readInt(*obj, "latency", path, 0, {});
    std::optional<int64_t> requests =
        readInt(*obj, "requests_per_cycle", path, 1, 1);
    std::optional<int64_t> banks = readInt(*obj, "banks", path, 1, 1);
    if (loads && stores && *loads + *stores == 0)
      diag.error(path, "an interface needs at least one load or store port");
    if (!at || !loads || !stores || !latency || !requests || !banks)
      continue;
    memory.row = at->row;
    memory.col = at->col;
    memory.loadPorts = *loads;
    memory.storePorts = *stores;
    memory.latency = *latency;
    memory.requestsPerCycle = *requests;
    memory.banks = *banks;
    memories.push_back(std::move(memory));
  }
}

/// Every dataflow primitive and memory access must have a unit somewhere:
/// any graph may contain them, whatever it computes.
void FabricReader::checkPlacement(StringRef path) {
  OperationClassSet present;
  for (const ElementSpec &element : elements)
    for (const FunctionUnit &unit : element.units)
      for (OperationClass cls : getAllOperationClasses())
        if (unit.supports(cls))
          present.insert(cls);
  for (OperationClass cls : getAllOperationClasses()) {
    if (!isRequiredClass(cls) || present.contains(cls))
      continue;
    diag.error(path, "no function unit executes class '" +
                         getOperationClassName(cls) + "' (" +
                         join(getOperationsOfClass(cls), ", ") +
                         "): every fabric must have a place for it");
  }
  if (present.contains(OperationClass::Memory) && memories.empty())
    diag.error("$.memory_interfaces",
               "the fabric has 'memory' units but no memory interface");
}

void FabricBuilder::addLink(Fabric &fabric, unsigned from, unsigned to,
                            unsigned channels, unsigned latency, unsigned depth,
                            unsigned contexts) {
  fabric.outgoing[from].push_back(fabric.links.size());
  fabric.links.push_back({from, to, channels, latency, depth, contexts});
}

Fabric FabricBuilder::build(unsigned version, std::string name, double clockMHz,
                            unsigned rows, unsigned cols,
                            std::vector<ElementSpec> elements,
                            const NetworkSpec &network,
                            std::vector<MemoryInterface> memories) {
  Fabric fabric;
  fabric.version = version;
  fabric.name = std::move(name);
  fabric.clockMHz = clockMHz;
  fabric.rows = rows;
  fabric.cols = cols;
  for (unsigned r = 0; r < rows; ++r) {
    for (unsigned c = 0; c < cols; ++c) {
      unsigned id = r * cols + c;
      ElementSpec &spec = elements[id];
      fabric.elements.push_back({r, c, id, std::move(spec.units),
                                 spec.operandBufferDepth, spec.contexts});
      fabric.nodes.push_back({SwitchNode::Kind::Switch, r, c, -1});
    }
  }
  fabric.outgoing.resize(rows * cols + memories.size());
  // Mesh links in a fixed order (north, west, east, south of each element)
  // so link indices are stable for mappings and traces.
  const int deltas[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};
  for (unsigned r = 0; r < rows; ++r) {
    for (unsigned c = 0; c < cols; ++c) {
      for (const int *delta : deltas) {
        int nr = int(r) + delta[0], nc = int(c) + delta[1];
        if (nr < 0 || nc < 0 || nr >= int(rows) || nc >= int(cols))
          continue;
        NetworkSpec::Override link{{r, c},
                                   {unsigned(nr), unsigned(nc)},
                                   network.channels,
                                   network.hopLatency,
                                   network.fifoDepth,
                                   network.contexts};
        for (const NetworkSpec::Override &o : network.overrides)
          if (o.from.row == r && o.from.col == c && o.to.row == unsigned(nr) &&
              o.to.col == unsigned(nc))
            link = o;
        addLink(fabric, r * cols + c, nr * cols + nc, link.channels,
                link.hopLatency, link.fifoDepth, link.contexts);
      }
    }
  }
  // A memory interface is one more node, joined both ways to the switch of
  // the element it attaches to: requests go in over as many channels as it
  // has ports, load responses come back over its load ports. Those links
  // have one context: their channels are the interface's ports, which a
  // request or a response holds for the cycle it crosses.
  for (auto [index, memory] : enumerate(memories)) {
    memory.node = fabric.nodes.size();
    fabric.nodes.push_back(
        {SwitchNode::Kind::MemoryPort, memory.row, memory.col, int(index)});
    unsigned attached = memory.row * cols + memory.col;
    addLink(fabric, attached, memory.node, memory.loadPorts + memory.storePorts,
            network.hopLatency, network.fifoDepth, 1);
    if (memory.loadPorts)
      addLink(fabric, memory.node, attached, memory.loadPorts,
              network.hopLatency, network.fifoDepth, 1);
  }
  fabric.memories = std::move(memories);
  return fabric;
}
