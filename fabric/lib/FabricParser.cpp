//===- FabricParser.cpp - fabric JSON to a validated Fabric ---------------===//
//
// Part of the Loom project.
//
// Reads the format of docs/fabric.md. Validation reports every problem it
// finds, each with the JSON path of the offending value, so one run of
// `loom-fabric --validate` shows all that is wrong with a file. The model is
// built only when there is no error.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"

#include "loom/Support/BoundedJSON.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cmath>
#include <map>

using namespace llvm;
using namespace loom::fabric;

namespace {

/// Collects "<source>: <path>: <message>" lines.
class Diagnostics {
public:
  explicit Diagnostics(StringRef source) : source(source.str()) {}
  void error(const Twine &path, const Twine &message) {
    messages.push_back((source + ": " + path + ": " + message).str());
  }
  bool hasErrors() const { return !messages.empty(); }
  Error takeError() const {
    return createStringError(inconvertibleErrorCode(),
                             join(messages.begin(), messages.end(), "\n"));
  }

private:
  std::string source;
  SmallVector<std::string> messages;
};

/// The closest candidate within two edits, for "did you mean" hints.
std::string suggest(StringRef word, ArrayRef<StringRef> candidates) {
  StringRef best;
  unsigned bestDistance = 3;
  for (StringRef candidate : candidates) {
    unsigned distance = word.edit_distance(candidate, true, bestDistance);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = candidate;
    }
  }
  if (best.empty())
    return "";
  return (" (did you mean '" + best + "'?)").str();
}

struct UnitType {
  std::string name;
  OperationClassSet classes;
  unsigned latency = 1, initiationInterval = 1;
};

struct Coord {
  unsigned row = 0, col = 0;
};

/// The values of a "network" object before the graph is built.
struct NetworkSpec {
  unsigned channels = 1, hopLatency = 1, fifoDepth = 2;
  struct Override {
    Coord from, to;
    unsigned channels, hopLatency, fifoDepth;
  };
  SmallVector<Override> overrides;
};

/// Parses one document; members hold what is read so far.
class FabricReader {
public:
  FabricReader(Diagnostics &diag) : diag(diag) {}
  std::optional<Fabric> read(const json::Value &root);

private:
  bool checkKeys(const json::Object &obj, StringRef path,
                 ArrayRef<StringRef> allowed);
  std::optional<int64_t> readInt(const json::Object &obj, StringRef key,
                                 StringRef path, int64_t min,
                                 std::optional<int64_t> fallback);
  const json::Object *getObject(const json::Value *value, StringRef path);
  const json::Array *getArray(const json::Object &obj, StringRef key,
                              StringRef path, bool required);
  std::optional<Coord> readCoord(const json::Value *value, StringRef path);
  std::optional<unsigned> readBufferDepth(const json::Object &obj,
                                          StringRef path, unsigned fallback);
  void readGrid(const json::Object &root);
  void readUnitTypes(const json::Object &root);
  std::optional<UnitType> readUnitType(const json::Object &obj, StringRef path);
  std::optional<SmallVector<FunctionUnit, 4>>
  readUnitList(const json::Array &list, StringRef path);
  void readElements(const json::Object &root);
  void readNetwork(const json::Object &root);
  void readMemoryInterfaces(const json::Object &root);
  void checkPlacement(StringRef path);

  Diagnostics &diag;
  unsigned rows = 0, cols = 0;
  double clockMHz = 0;
  std::string name;
  std::vector<UnitType> unitTypes;
  SmallVector<FunctionUnit, 4> defaultUnits;
  /// Per element: the units, and the path of the override that set them.
  std::vector<SmallVector<FunctionUnit, 4>> elementUnits;
  std::vector<std::string> elementSetBy;
  /// Per element: its operand buffer depth (the top-level default unless
  /// an override sets it).
  std::vector<unsigned> elementBufferDepth;
  NetworkSpec network;
  std::vector<MemoryInterface> memories;
};

} // namespace

bool FabricReader::checkKeys(const json::Object &obj, StringRef path,
                             ArrayRef<StringRef> allowed) {
  // json::Object iterates in hash order; sort so messages are stable.
  SmallVector<StringRef> keys;
  for (const auto &entry : obj)
    keys.push_back(entry.first);
  llvm::sort(keys);
  bool ok = true;
  for (StringRef key : keys) {
    if (is_contained(allowed, key))
      continue;
    diag.error(path + "." + key,
               "unknown key '" + key + "'" + suggest(key, allowed));
    ok = false;
  }
  return ok;
}

std::optional<int64_t> FabricReader::readInt(const json::Object &obj,
                                             StringRef key, StringRef path,
                                             int64_t min,
                                             std::optional<int64_t> fallback) {
  std::string keyPath = (path + "." + key).str();
  const json::Value *value = obj.get(key);
  if (!value) {
    if (!fallback)
      diag.error(path, "missing key '" + key + "'");
    return fallback;
  }
  std::optional<int64_t> number = value->getAsInteger();
  if (!number) {
    diag.error(keyPath, "expected an integer");
    return std::nullopt;
  }
  if (*number < min) {
    if (min == 0)
      diag.error(keyPath, formatv("must not be negative, got {0}", *number));
    else
      diag.error(keyPath,
                 formatv("must be at least {0}, got {1}", min, *number));
    return std::nullopt;
  }
  // Upper bound keeps every count and cycle value well inside `unsigned`.
  if (*number > (int64_t(1) << 20)) {
    diag.error(keyPath, formatv("{0} is too large (at most {1})", *number,
                                int64_t(1) << 20));
    return std::nullopt;
  }
  return number;
}

const json::Object *FabricReader::getObject(const json::Value *value,
                                            StringRef path) {
  const json::Object *obj = value ? value->getAsObject() : nullptr;
  if (value && !obj)
    diag.error(path, "expected an object");
  return obj;
}

const json::Array *FabricReader::getArray(const json::Object &obj,
                                          StringRef key, StringRef path,
                                          bool required) {
  const json::Value *value = obj.get(key);
  if (!value) {
    if (required)
      diag.error(path, "missing key '" + key + "'");
    return nullptr;
  }
  const json::Array *array = value->getAsArray();
  if (!array)
    diag.error(path + "." + key, "expected an array");
  return array;
}

std::optional<Coord> FabricReader::readCoord(const json::Value *value,
                                             StringRef path) {
  const json::Array *array = value ? value->getAsArray() : nullptr;
  std::optional<int64_t> row, col;
  if (array && array->size() == 2) {
    row = (*array)[0].getAsInteger();
    col = (*array)[1].getAsInteger();
  }
  if (!row || !col || *row < 0 || *col < 0) {
    diag.error(path, "expected [row, col] with non-negative integers");
    return std::nullopt;
  }
  if (*row >= rows || *col >= cols) {
    diag.error(path, formatv("({0}, {1}) is outside the {2}x{3} grid", *row,
                             *col, rows, cols));
    return std::nullopt;
  }
  return Coord{unsigned(*row), unsigned(*col)};
}

/// Reads "operand_buffer_depth": 0 to kMaxOperandBufferDepth slots.
std::optional<unsigned> FabricReader::readBufferDepth(const json::Object &obj,
                                                      StringRef path,
                                                      unsigned fallback) {
  std::optional<int64_t> depth =
      readInt(obj, "operand_buffer_depth", path, 0, fallback);
  if (!depth)
    return std::nullopt;
  // A delay FIFO per operand of every unit is real area; deeper than this
  // is no processing element's configuration (and likely a typo).
  if (*depth > kMaxOperandBufferDepth) {
    diag.error(path + ".operand_buffer_depth",
               formatv("{0} is too large (at most {1})", *depth,
                       kMaxOperandBufferDepth));
    return std::nullopt;
  }
  return unsigned(*depth);
}

void FabricReader::readGrid(const json::Object &root) {
  const json::Value *value = root.get("grid");
  if (!value) {
    diag.error("$", "missing key 'grid'");
    return;
  }
  const json::Object *grid = getObject(value, "$.grid");
  if (!grid)
    return;
  checkKeys(*grid, "$.grid", {"rows", "cols"});
  // 64 x 64 is far beyond any fabric we simulate; the bound keeps node
  // numbers small and catches typos such as 80 for 8.
  std::optional<int64_t> r = readInt(*grid, "rows", "$.grid", 1, {});
  std::optional<int64_t> c = readInt(*grid, "cols", "$.grid", 1, {});
  for (auto [key, v] : {std::pair{"rows", r}, std::pair{"cols", c}})
    if (v && *v > 64)
      diag.error(std::string("$.grid.") + key,
                 formatv("at most 64 supported, got {0}", *v));
  if (r && c && *r <= 64 && *c <= 64) {
    rows = *r;
    cols = *c;
  }
}

std::optional<UnitType> FabricReader::readUnitType(const json::Object &obj,
                                                   StringRef path) {
  checkKeys(obj, path, {"name", "classes", "latency", "ii"});
  UnitType type;
  std::optional<StringRef> typeName =
      obj.get("name") ? obj.get("name")->getAsString() : std::nullopt;
  if (!typeName || typeName->empty())
    diag.error(path + ".name", "expected a non-empty string");
  else
    type.name = typeName->str();
  std::optional<int64_t> latency = readInt(obj, "latency", path, 0, 1);
  std::optional<int64_t> ii = readInt(obj, "ii", path, 1, 1);
  const json::Array *classes = getArray(obj, "classes", path, true);
  if (classes && classes->empty())
    diag.error(path + ".classes", "a unit needs at least one class");
  std::optional<OperationClass> stateMachine;
  for (auto [index, value] : enumerate(classes ? *classes : json::Array())) {
    std::string classPath = formatv("{0}.classes[{1}]", path, index);
    std::optional<StringRef> className = value.getAsString();
    std::optional<OperationClass> cls =
        className ? parseOperationClass(*className) : std::nullopt;
    if (!cls) {
      SmallVector<StringRef> known;
      for (OperationClass c : getAllOperationClasses())
        known.push_back(getOperationClassName(c));
      diag.error(classPath, "unknown operation class '" +
                                className.value_or("<not a string>") + "'" +
                                suggest(className.value_or(""), known));
      continue;
    }
    if (type.classes.contains(*cls))
      diag.error(classPath, "duplicate class '" + *className + "'");
    type.classes.insert(*cls);
    if (isStateMachineClass(*cls))
      stateMachine = *cls;
  }
  if (stateMachine && type.classes.size() > 1)
    diag.error(path + ".classes",
               "'" + getOperationClassName(*stateMachine) +
                   "' is a dedicated state machine and cannot share a unit "
                   "with another class");
  if (!latency || !ii || type.name.empty())
    return std::nullopt;
  type.latency = *latency;
  type.initiationInterval = *ii;
  return type;
}

void FabricReader::readUnitTypes(const json::Object &root) {
  const json::Array *list = getArray(root, "unit_types", "$", true);
  if (!list)
    return;
  StringMap<std::string> firstPath;
  for (auto [index, value] : enumerate(*list)) {
    std::string path = formatv("$.unit_types[{0}]", index);
    const json::Object *obj = getObject(&value, path);
    if (!obj)
      continue;
    std::optional<UnitType> type = readUnitType(*obj, path);
    if (!type)
      continue;
    auto [it, inserted] = firstPath.try_emplace(type->name, path);
    if (!inserted) {
      diag.error(path + ".name", "duplicate unit type name '" + type->name +
                                     "' (first defined at " + it->second + ")");
      continue;
    }
    unitTypes.push_back(std::move(*type));
  }
}

/// Reads a list of unit references: "type" or {"type", "latency", "ii"}.
std::optional<SmallVector<FunctionUnit, 4>>
FabricReader::readUnitList(const json::Array &list, StringRef path) {
  SmallVector<FunctionUnit, 4> units;
  bool ok = true;
  StringMap<unsigned> seen;
  for (auto [index, value] : enumerate(list)) {
    std::string unitPath = formatv("{0}[{1}]", path, index);
    const json::Object *obj = value.getAsObject();
    std::optional<StringRef> typeName = value.getAsString();
    if (obj) {
      checkKeys(*obj, unitPath, {"type", "latency", "ii"});
      const json::Value *type = obj->get("type");
      typeName = type ? type->getAsString() : std::nullopt;
    }
    const UnitType *type = nullptr;
    for (const UnitType &candidate : unitTypes)
      if (typeName && candidate.name == *typeName)
        type = &candidate;
    if (!type) {
      SmallVector<StringRef> known;
      for (const UnitType &candidate : unitTypes)
        known.push_back(candidate.name);
      diag.error(obj ? unitPath + ".type" : unitPath,
                 "unknown unit type '" + typeName.value_or("<not a string>") +
                     "'" + suggest(typeName.value_or(""), known));
      ok = false;
      continue;
    }
    FunctionUnit unit{type->name, type->name, type->classes, type->latency,
                      type->initiationInterval};
    if (obj) {
      std::optional<int64_t> latency =
          readInt(*obj, "latency", unitPath, 0, type->latency);
      std::optional<int64_t> ii =
          readInt(*obj, "ii", unitPath, 1, type->initiationInterval);
      ok &= latency && ii;
      unit.latency = latency.value_or(0);
      unit.initiationInterval = ii.value_or(1);
    }
    if (unsigned count = seen[type->name]++)
      unit.name = formatv("{0}.{1}", type->name, count);
    units.push_back(std::move(unit));
  }
  if (!ok)
    return std::nullopt;
  return units;
}

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
  if (const json::Array *list = getArray(root, "default_units", "$", true))
    if (std::optional<SmallVector<FunctionUnit, 4>> units =
            readUnitList(*list, "$.default_units"))
      defaultUnits = std::move(*units);
  std::optional<unsigned> defaultDepth = readBufferDepth(root, "$", 0);
  elementUnits.assign(rows * cols, defaultUnits);
  elementSetBy.assign(rows * cols, "");
  elementBufferDepth.assign(rows * cols, defaultDepth.value_or(0));
  const json::Array *list = getArray(root, "elements", "$", false);
  for (auto [index, value] : enumerate(list ? *list : json::Array())) {
    std::string path = formatv("$.elements[{0}]", index);
    const json::Object *obj = getObject(&value, path);
    if (!obj)
      continue;
    checkKeys(*obj, path,
              {"at", "rows", "cols", "units", "operand_buffer_depth"});
    std::optional<Span> rowSpan, colSpan;
    if (obj->get("at")) {
      if (obj->get("rows") || obj->get("cols"))
        diag.error(path, "give either 'at' or 'rows'/'cols', not both");
      else if (std::optional<Coord> at =
                   readCoord(obj->get("at"), path + ".at"))
        rowSpan = Span{at->row, at->row}, colSpan = Span{at->col, at->col};
    } else {
      rowSpan = readSpan(*obj, "rows", path, rows, "rows", diag);
      colSpan = readSpan(*obj, "cols", path, cols, "columns", diag);
    }
    // An override sets the units, the operand buffer depth or both; what it
    // leaves out keeps the defaults.
    bool setsDepth = obj->get("operand_buffer_depth");
    std::optional<unsigned> depth =
        readBufferDepth(*obj, path, defaultDepth.value_or(0));
    const json::Array *unitList =
        getArray(*obj, "units", path, /*required=*/!setsDepth);
    std::optional<SmallVector<FunctionUnit, 4>> units;
    if (unitList)
      units = readUnitList(*unitList, path + ".units");
    else if (setsDepth && !obj->get("units"))
      units = defaultUnits;
    if (!rowSpan || !colSpan || !units || !depth)
      continue;
    // One message per override is enough to locate an overlap.
    bool overlapReported = false;
    for (unsigned r = rowSpan->first; r <= rowSpan->last; ++r) {
      for (unsigned c = colSpan->first; c <= colSpan->last; ++c) {
        std::string &setBy = elementSetBy[r * cols + c];
        if (!setBy.empty()) {
          if (!overlapReported)
            diag.error(path, formatv("element ({0}, {1}) is already set by {2}",
                                     r, c, setBy));
          overlapReported = true;
          continue;
        }
        setBy = path;
        elementUnits[r * cols + c] = *units;
        elementBufferDepth[r * cols + c] = *depth;
      }
    }
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
            {"topology", "channels", "hop_latency", "fifo_depth", "links"});
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
  const json::Array *links = getArray(*obj, "links", path, false);
  std::map<std::pair<unsigned, unsigned>, std::string> seen;
  for (auto [index, linkValue] : enumerate(links ? *links : json::Array())) {
    std::string linkPath = formatv("$.network.links[{0}]", index);
    const json::Object *link = getObject(&linkValue, linkPath);
    if (!link)
      continue;
    checkKeys(*link, linkPath,
              {"from", "to", "channels", "hop_latency", "fifo_depth"});
    std::optional<Coord> from =
        readCoord(link->get("from"), linkPath + ".from");
    std::optional<Coord> to = readCoord(link->get("to"), linkPath + ".to");
    std::optional<int64_t> channels =
        readInt(*link, "channels", linkPath, 1, network.channels);
    std::optional<int64_t> hop =
        readInt(*link, "hop_latency", linkPath, 0, network.hopLatency);
    std::optional<int64_t> depth =
        readInt(*link, "fifo_depth", linkPath, 1, network.fifoDepth);
    if (!from || !to || !channels || !hop || !depth)
      continue;
    unsigned distance =
        (from->row > to->row ? from->row - to->row : to->row - from->row) +
        (from->col > to->col ? from->col - to->col : to->col - from->col);
    if (distance != 1) {
      diag.error(linkPath, formatv("({0}, {1}) and ({2}, {3}) are not mesh "
                                   "neighbours",
                                   from->row, from->col, to->row, to->col));
      continue;
    }
    auto key =
        std::pair(from->row * cols + from->col, to->row * cols + to->col);
    auto [it, inserted] = seen.try_emplace(key, linkPath);
    if (!inserted) {
      diag.error(linkPath,
                 "duplicate override of the link, first at " + it->second);
      continue;
    }
    network.overrides.push_back(
        {*from, *to, unsigned(*channels), unsigned(*hop), unsigned(*depth)});
  }
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
  for (const SmallVector<FunctionUnit, 4> &units : elementUnits)
    for (const FunctionUnit &unit : units)
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

namespace loom::fabric {
/// Builds the immutable model from validated parts; the only writer of
/// Fabric's members.
class FabricBuilder {
public:
  static Fabric build(unsigned version, std::string name, double clockMHz,
                      unsigned rows, unsigned cols,
                      std::vector<SmallVector<FunctionUnit, 4>> elementUnits,
                      ArrayRef<unsigned> elementBufferDepth,
                      const NetworkSpec &network,
                      std::vector<MemoryInterface> memories);

private:
  static void addLink(Fabric &fabric, unsigned from, unsigned to,
                      unsigned channels, unsigned latency, unsigned depth) {
    fabric.outgoing[from].push_back(fabric.links.size());
    fabric.links.push_back({from, to, channels, latency, depth});
  }
};
} // namespace loom::fabric

Fabric FabricBuilder::build(
    unsigned version, std::string name, double clockMHz, unsigned rows,
    unsigned cols, std::vector<SmallVector<FunctionUnit, 4>> elementUnits,
    ArrayRef<unsigned> elementBufferDepth, const NetworkSpec &network,
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
      fabric.elements.push_back(
          {r, c, id, std::move(elementUnits[id]), elementBufferDepth[id]});
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
        unsigned channels = network.channels, latency = network.hopLatency,
                 depth = network.fifoDepth;
        for (const NetworkSpec::Override &o : network.overrides) {
          if (o.from.row == r && o.from.col == c && o.to.row == unsigned(nr) &&
              o.to.col == unsigned(nc)) {
            channels = o.channels;
            latency = o.hopLatency;
            depth = o.fifoDepth;
          }
        }
        addLink(fabric, r * cols + c, nr * cols + nc, channels, latency, depth);
      }
    }
  }
  // A memory interface is one more node, joined both ways to the switch of
  // the element it attaches to: requests go in over as many channels as it
  // has ports, load responses come back over its load ports.
  for (auto [index, memory] : enumerate(memories)) {
    memory.node = fabric.nodes.size();
    fabric.nodes.push_back(
        {SwitchNode::Kind::MemoryPort, memory.row, memory.col, int(index)});
    unsigned attached = memory.row * cols + memory.col;
    addLink(fabric, attached, memory.node, memory.loadPorts + memory.storePorts,
            network.hopLatency, network.fifoDepth);
    if (memory.loadPorts)
      addLink(fabric, memory.node, attached, memory.loadPorts,
              network.hopLatency, network.fifoDepth);
  }
  fabric.memories = std::move(memories);
  return fabric;
}

std::optional<Fabric> FabricReader::read(const json::Value &rootValue) {
  const json::Object *root = getObject(&rootValue, "$");
  if (!root)
    return std::nullopt;
  checkKeys(*root, "$",
            {"version", "name", "description", "clock_mhz", "grid",
             "unit_types", "default_units", "operand_buffer_depth", "elements",
             "network", "memory_interfaces"});
  std::optional<int64_t> formatVersion = readInt(*root, "version", "$", 0, {});
  if (formatVersion && *formatVersion != kFabricFormatVersion)
    diag.error("$.version", formatv("unsupported version {0} (this Loom "
                                    "reads version {1})",
                                    *formatVersion, kFabricFormatVersion));
  const json::Value *nameValue = root->get("name");
  if (nameValue && nameValue->getAsString())
    name = nameValue->getAsString()->str();
  else if (nameValue)
    diag.error("$.name", "expected a string");
  const json::Value *clock = root->get("clock_mhz");
  std::optional<double> mhz = clock ? clock->getAsNumber() : std::nullopt;
  if (!clock)
    diag.error("$", "missing key 'clock_mhz'");
  else if (!mhz || !(*mhz > 0) || !std::isfinite(*mhz))
    diag.error("$.clock_mhz", "expected a positive number of MHz");
  clockMHz = mhz.value_or(0);
  readGrid(*root);
  // Everything below is placed on the grid; without one it only cascades.
  if (rows == 0)
    return std::nullopt;
  readUnitTypes(*root);
  readElements(*root);
  readNetwork(*root);
  readMemoryInterfaces(*root);
  if (diag.hasErrors())
    return std::nullopt;
  checkPlacement("$");
  if (diag.hasErrors())
    return std::nullopt;
  return FabricBuilder::build(*formatVersion, name, clockMHz, rows, cols,
                              std::move(elementUnits), elementBufferDepth,
                              network, std::move(memories));
}

Expected<Fabric> loom::fabric::parseFabric(StringRef json,
                                           StringRef sourceName) {
  Diagnostics diag(sourceName);
  Expected<json::Value> root = loom::parseBoundedJSON(json);
  if (!root) {
    diag.error("$", "invalid JSON: " + toString(root.takeError()));
    return diag.takeError();
  }
  std::optional<Fabric> fabric = FabricReader(diag).read(*root);
  if (!fabric)
    return diag.takeError();
  return std::move(*fabric);
}
