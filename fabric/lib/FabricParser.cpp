//===- FabricParser.cpp - fabric JSON to a validated Fabric ---------------===//
//
// Part of the Loom project.
//
// Reads the format of docs/fabric.md. Validation reports every problem it
// finds, each with the JSON path of the offending value, so one run of
// `loom-fabric --validate` shows all that is wrong with a file. The model is
// built only when there is no error. This file reads the values and the
// unit types and drives the reading; FabricParserGrid.cpp places elements,
// links and memory interfaces on the grid (FabricReader.h).
//
//===----------------------------------------------------------------------===//

#include "FabricReader.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Support/BoundedJSON.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;
using namespace loom::fabric;
using namespace loom::fabric::detail;

std::string loom::fabric::detail::suggest(StringRef word,
                                          ArrayRef<StringRef> candidates) {
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

/// Reads "contexts": 1 to kMaxContexts instruction-memory entries of an
/// element, or values a link channel carries in turns.
std::optional<unsigned> FabricReader::readContexts(const json::Object &obj,
                                                   StringRef path,
                                                   unsigned fallback) {
  std::optional<int64_t> contexts = readInt(obj, "contexts", path, 1, fallback);
  if (!contexts)
    return std::nullopt;
  // The instruction memories of temporal CGRAs hold a few to a few dozen
  // entries, and the cycle simulator keeps a unit's contexts as the bits of
  // one 64-bit word.
  if (*contexts > kMaxContexts) {
    diag.error(path + ".contexts", formatv("{0} is too large (at most {1})",
                                           *contexts, kMaxContexts));
    return std::nullopt;
  }
  return unsigned(*contexts);
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
  type.path = path.str();
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
    if (isStateMachineClass(*cls) && !stateMachine)
      stateMachine = *cls;
  }
  // Whether its units may have other classes depends on their elements'
  // contexts: checkStateMachineUnits decides once the elements are known.
  if (stateMachine && type.classes.size() > 1)
    type.sharedStateMachine = stateMachine;
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

std::optional<Fabric> FabricReader::read(const json::Value &rootValue) {
  const json::Object *root = getObject(&rootValue, "$");
  if (!root)
    return std::nullopt;
  checkKeys(*root, "$",
            {"version", "name", "description", "clock_mhz", "grid",
             "unit_types", "default_units", "operand_buffer_depth", "contexts",
             "elements", "network", "memory_interfaces"});
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
  checkStateMachineUnits();
  readNetwork(*root);
  readMemoryInterfaces(*root);
  if (diag.hasErrors())
    return std::nullopt;
  checkPlacement("$");
  if (diag.hasErrors())
    return std::nullopt;
  return FabricBuilder::build(*formatVersion, name, clockMHz, rows, cols,
                              std::move(elements), network,
                              std::move(memories));
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
