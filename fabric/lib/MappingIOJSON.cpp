//===- MappingIOJSON.cpp - mapping configuration JSON ---------------------===//
//
// Part of the Loom project.
//
// The configuration format of docs/mapping.md. The writer puts one actor,
// edge or memory binding per line so a configuration diffs well; the reader
// reports every structural problem with its JSON path, then hands the
// Mapping to verifyMapping and finally checks the readable fields (element
// coordinates, unit and interface names) against the fabric, which catches
// a configuration edited by hand or written for another version of a fabric.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "loom/Support/BoundedJSON.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace loom::fabric;

//===----------------------------------------------------------------------===//
// Writer
//===----------------------------------------------------------------------===//

static void writeEndpoint(json::OStream &out, StringRef key, int32_t actor,
                          StringRef portKey, uint32_t port,
                          StringRef boundaryKey) {
  out.attributeObject(key, [&] {
    if (actor == kGraphBoundary) {
      out.attribute(boundaryKey, port);
      return;
    }
    out.attribute("actor", actor);
    out.attribute(portKey, port);
  });
}

static void writeEdge(const EdgeRoute &edge, raw_ostream &os) {
  json::OStream out(os);
  out.object([&] {
    writeEndpoint(out, "from", edge.producer, "result", edge.result,
                  "argument");
    writeEndpoint(out, "to", edge.consumer, "operand", edge.operand, "return");
    out.attributeArray("links", [&] {
      for (uint32_t link : edge.links)
        out.value(link);
    });
    out.attribute("latency", edge.latency);
    out.attribute("buffer", edge.buffer);
    if (edge.capacity == kUnboundedCapacity)
      out.attribute("capacity", "unbounded");
    else
      out.attribute("capacity", edge.capacity);
  });
}

static void writeActor(const ActorPlacement &actor, const Fabric &fabric,
                       raw_ostream &os) {
  const ProcessingElement &element = fabric.getElements()[actor.element];
  json::OStream out(os);
  out.object([&] {
    out.attribute("op", actor.opName);
    out.attribute("element", actor.element);
    out.attributeArray("at", [&] {
      out.value(element.row);
      out.value(element.col);
    });
    out.attribute("unit", actor.unit);
    // Only a time-multiplexed element has contexts to choose from: elsewhere
    // the context is 0 and left out, so a spatial mapping reads as it did
    // before elements had contexts.
    if (element.contexts > 1 || actor.context != 0)
      out.attribute("context", actor.context);
    out.attribute("unit_name", element.units[actor.unit].name);
  });
}

static void writeMemory(const MemoryBinding &memory, const Fabric &fabric,
                        raw_ostream &os) {
  json::OStream out(os);
  out.object([&] {
    out.attribute("actor", memory.actor);
    out.attribute("interface", memory.interface);
    out.attribute("interface_name",
                  fabric.getMemoryInterfaces()[memory.interface].name);
    out.attribute("hops", memory.hops);
    out.attribute("route_latency", memory.routeLatency);
  });
}

/// Writes `items` as a JSON array, one element per line.
template <typename Range, typename WriteItem>
static void writeArray(raw_ostream &os, StringRef key, const Range &items,
                       WriteItem writeItem, bool last = false) {
  os << "  \"" << key << "\": [";
  bool first = true;
  for (const auto &item : items) {
    os << (first ? "\n    " : ",\n    ");
    first = false;
    writeItem(item);
  }
  os << (first ? "]" : "\n  ]") << (last ? "\n" : ",\n");
}

void loom::fabric::writeMappingJSON(const Mapping &mapping,
                                    const Fabric &fabric, raw_ostream &os) {
  os << "{\n";
  os << "  \"format\": " << json::Value(kMappingFormatName) << ",\n";
  os << "  \"version\": " << kMappingFormatVersion << ",\n";
  os << "  \"fabric\": " << json::Value(mapping.fabricName) << ",\n";
  os << "  \"graph\": " << json::Value(mapping.graphName) << ",\n";
  writeArray(os, "actors", mapping.actors, [&](const ActorPlacement &actor) {
    writeActor(actor, fabric, os);
  });
  writeArray(os, "edges", mapping.edges,
             [&](const EdgeRoute &edge) { writeEdge(edge, os); });
  writeArray(
      os, "memories", mapping.memories,
      [&](const MemoryBinding &memory) { writeMemory(memory, fabric, os); });
  os << "  \"stats\": ";
  json::OStream out(os);
  out.object([&] {
    out.attribute("max_link_sharing", mapping.maxLinkSharing);
    out.attribute("total_hops", mapping.totalHops);
    out.attribute("placement_cost", mapping.placementCost);
    out.attribute("seconds", mapping.seconds);
  });
  os << "\n}\n";
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

/// A readable field to compare with the fabric once the ids are verified.
struct ReadableField {
  std::string path;
  enum Kind { ElementAt, UnitName, InterfaceName } kind;
  /// The element or interface id the field describes.
  uint32_t index = 0;
  /// UnitName: the unit id within the element.
  uint32_t unit = 0;
  /// The name (UnitName, InterfaceName) or coordinates (ElementAt) given.
  std::string text;
  int64_t row = 0, col = 0;
};

class MappingReader {
public:
  explicit MappingReader(StringRef source) : source(source.str()) {}
  std::optional<Mapping> read(const json::Value &root);
  void checkReadableFields(const Mapping &mapping, const Fabric &fabric);
  bool hasErrors() const { return !messages.empty(); }
  Error takeError() const {
    return createStringError(inconvertibleErrorCode(),
                             join(messages.begin(), messages.end(), "\n"));
  }

private:
  void error(const Twine &path, const Twine &message) {
    messages.push_back((source + ": " + path + ": " + message).str());
  }
  void checkKeys(const json::Object &obj, StringRef path,
                 ArrayRef<StringRef> allowed);
  std::optional<uint32_t> readUnsigned(const json::Object &obj, StringRef key,
                                       StringRef path);
  std::optional<std::string> readString(const json::Object &obj, StringRef key,
                                        StringRef path);
  const json::Array *readArray(const json::Object &obj, StringRef key,
                               StringRef path);
  std::optional<ActorPlacement> readActor(const json::Object &obj,
                                          StringRef path);
  bool readEndpoint(const json::Object &edge, StringRef key, StringRef path,
                    StringRef portKey, StringRef boundaryKey, int32_t &actor,
                    uint32_t &port);
  std::optional<EdgeRoute> readEdge(const json::Object &obj, StringRef path);
  std::optional<MemoryBinding> readMemory(const json::Object &obj,
                                          StringRef path);
  void readStats(const json::Object &root, Mapping &mapping);

  std::string source;
  SmallVector<std::string> messages;
  SmallVector<ReadableField> readable;
};

} // namespace

void MappingReader::checkKeys(const json::Object &obj, StringRef path,
                              ArrayRef<StringRef> allowed) {
  SmallVector<StringRef> keys;
  for (const auto &entry : obj)
    keys.push_back(entry.first);
  llvm::sort(keys);
  for (StringRef key : keys)
    if (!is_contained(allowed, key))
      error(path + "." + key, "unknown key '" + key + "'");
}

std::optional<uint32_t> MappingReader::readUnsigned(const json::Object &obj,
                                                    StringRef key,
                                                    StringRef path) {
  const json::Value *value = obj.get(key);
  if (!value) {
    error(path, "missing key '" + key + "'");
    return std::nullopt;
  }
  std::optional<int64_t> number = value->getAsInteger();
  if (!number || *number < 0 || *number > int64_t(UINT32_MAX)) {
    error(path + "." + key, "expected an integer in [0, 4294967295]");
    return std::nullopt;
  }
  return uint32_t(*number);
}

std::optional<std::string> MappingReader::readString(const json::Object &obj,
                                                     StringRef key,
                                                     StringRef path) {
  const json::Value *value = obj.get(key);
  if (!value) {
    error(path, "missing key '" + key + "'");
    return std::nullopt;
  }
  std::optional<StringRef> text = value->getAsString();
  if (!text) {
    error(path + "." + key, "expected a string");
    return std::nullopt;
  }
  return text->str();
}

const json::Array *MappingReader::readArray(const json::Object &obj,
                                            StringRef key, StringRef path) {
  const json::Value *value = obj.get(key);
  if (!value) {
    error(path, "missing key '" + key + "'");
    return nullptr;
  }
  const json::Array *array = value->getAsArray();
  if (!array)
    error(path + "." + key, "expected an array");
  return array;
}

std::optional<ActorPlacement> MappingReader::readActor(const json::Object &obj,
                                                       StringRef path) {
  checkKeys(obj, path, {"op", "element", "at", "unit", "context", "unit_name"});
  std::optional<std::string> op = readString(obj, "op", path);
  std::optional<uint32_t> element = readUnsigned(obj, "element", path);
  std::optional<uint32_t> unit = readUnsigned(obj, "unit", path);
  // Left out on spatial elements, whose one context is 0.
  std::optional<uint32_t> context =
      obj.get("context") ? readUnsigned(obj, "context", path) : 0;
  // The readable fields are optional: a hand-written configuration may
  // leave them out, but when present they must agree with the ids.
  if (const json::Value *at = obj.get("at")) {
    const json::Array *pair = at->getAsArray();
    std::optional<int64_t> row, col;
    if (pair && pair->size() == 2) {
      row = (*pair)[0].getAsInteger();
      col = (*pair)[1].getAsInteger();
    }
    if (!row || !col)
      error(path + ".at", "expected [row, col] with integers");
    else if (element)
      readable.push_back({(path + ".at").str(), ReadableField::ElementAt,
                          *element, 0, "", *row, *col});
  }
  if (obj.get("unit_name")) {
    std::optional<std::string> name = readString(obj, "unit_name", path);
    if (name && element && unit)
      readable.push_back({(path + ".unit_name").str(), ReadableField::UnitName,
                          *element, *unit, *name});
  }
  if (!op || !element || !unit || !context)
    return std::nullopt;
  return ActorPlacement{*op, *element, *unit, *context};
}

/// Reads {"actor": a, "<portKey>": p} or {"<boundaryKey>": p}.
bool MappingReader::readEndpoint(const json::Object &edge, StringRef key,
                                 StringRef path, StringRef portKey,
                                 StringRef boundaryKey, int32_t &actor,
                                 uint32_t &port) {
  std::string endpointPath = (path + "." + key).str();
  const json::Value *value = edge.get(key);
  const json::Object *obj = value ? value->getAsObject() : nullptr;
  if (!obj) {
    if (value)
      error(endpointPath, "expected an object");
    else
      error(path, "missing key '" + key + "'");
    return false;
  }
  if (obj->get(boundaryKey)) {
    checkKeys(*obj, endpointPath, {boundaryKey});
    std::optional<uint32_t> number =
        readUnsigned(*obj, boundaryKey, endpointPath);
    actor = kGraphBoundary;
    port = number.value_or(0);
    return number.has_value();
  }
  checkKeys(*obj, endpointPath, {"actor", portKey});
  std::optional<uint32_t> actorId = readUnsigned(*obj, "actor", endpointPath);
  std::optional<uint32_t> number = readUnsigned(*obj, portKey, endpointPath);
  if (actorId && *actorId > uint32_t(INT32_MAX)) {
    error(endpointPath + ".actor", "actor id too large");
    return false;
  }
  actor = int32_t(actorId.value_or(0));
  port = number.value_or(0);
  return actorId && number;
}

std::optional<EdgeRoute> MappingReader::readEdge(const json::Object &obj,
                                                 StringRef path) {
  checkKeys(obj, path,
            {"from", "to", "links", "latency", "buffer", "capacity"});
  EdgeRoute edge;
  bool ok = readEndpoint(obj, "from", path, "result", "argument", edge.producer,
                         edge.result);
  ok &= readEndpoint(obj, "to", path, "operand", "return", edge.consumer,
                     edge.operand);
  if (const json::Array *links = readArray(obj, "links", path)) {
    for (auto [index, value] : enumerate(*links)) {
      std::optional<int64_t> link = value.getAsInteger();
      if (!link || *link < 0 || *link > int64_t(UINT32_MAX)) {
        error(formatv("{0}.links[{1}]", path, index), "expected a link id");
        ok = false;
        continue;
      }
      edge.links.push_back(uint32_t(*link));
    }
  } else {
    ok = false;
  }
  std::optional<uint32_t> latency = readUnsigned(obj, "latency", path);
  // A hand-written configuration may leave the buffer out: none configured.
  std::optional<uint32_t> buffer =
      obj.get("buffer") ? readUnsigned(obj, "buffer", path) : 0;
  const json::Value *capacity = obj.get("capacity");
  if (capacity && capacity->getAsString() == StringRef("unbounded")) {
    edge.capacity = kUnboundedCapacity;
  } else if (capacity && capacity->getAsString()) {
    error(path + ".capacity", "expected an integer or \"unbounded\"");
    ok = false;
  } else {
    std::optional<uint32_t> number = readUnsigned(obj, "capacity", path);
    ok &= number.has_value();
    edge.capacity = number.value_or(0);
  }
  if (!ok || !latency || !buffer)
    return std::nullopt;
  edge.latency = *latency;
  edge.buffer = *buffer;
  return edge;
}

std::optional<MemoryBinding> MappingReader::readMemory(const json::Object &obj,
                                                       StringRef path) {
  checkKeys(obj, path,
            {"actor", "interface", "interface_name", "hops", "route_latency"});
  std::optional<uint32_t> actor = readUnsigned(obj, "actor", path);
  std::optional<uint32_t> interface = readUnsigned(obj, "interface", path);
  std::optional<uint32_t> hops = readUnsigned(obj, "hops", path);
  std::optional<uint32_t> latency = readUnsigned(obj, "route_latency", path);
  if (obj.get("interface_name")) {
    std::optional<std::string> name = readString(obj, "interface_name", path);
    if (name && interface)
      readable.push_back({(path + ".interface_name").str(),
                          ReadableField::InterfaceName, *interface, 0, *name});
  }
  if (!actor || !interface || !hops || !latency)
    return std::nullopt;
  return MemoryBinding{*actor, *interface, *hops, *latency};
}

void MappingReader::readStats(const json::Object &root, Mapping &mapping) {
  const json::Value *value = root.get("stats");
  const json::Object *stats = value ? value->getAsObject() : nullptr;
  if (!stats) {
    error(value ? "$.stats" : "$",
          value ? "expected an object" : "missing key 'stats'");
    return;
  }
  checkKeys(*stats, "$.stats",
            {"max_link_sharing", "total_hops", "placement_cost", "seconds"});
  mapping.maxLinkSharing =
      readUnsigned(*stats, "max_link_sharing", "$.stats").value_or(0);
  const json::Value *hops = stats->get("total_hops");
  std::optional<int64_t> totalHops = hops ? hops->getAsInteger() : std::nullopt;
  if (!totalHops || *totalHops < 0)
    error(hops ? "$.stats.total_hops" : "$.stats",
          hops ? "expected a non-negative integer"
               : "missing key 'total_hops'");
  mapping.totalHops = uint64_t(totalHops.value_or(0));
  for (auto [key, field] : {std::pair{"placement_cost", &mapping.placementCost},
                            std::pair{"seconds", &mapping.seconds}}) {
    const json::Value *number = stats->get(key);
    std::optional<double> parsed =
        number ? number->getAsNumber() : std::nullopt;
    if (!parsed)
      error(number ? "$.stats." + Twine(key) : Twine("$.stats"),
            number ? Twine("expected a number")
                   : "missing key '" + Twine(key) + "'");
    *field = parsed.value_or(0);
  }
}

/// Reads the array `key` of `root`, one object per element, with `readItem`.
template <typename T, typename ReadItem>
static void readItems(const json::Object &root, StringRef key,
                      SmallVectorImpl<T> &items, ReadItem readItem,
                      function_ref<void(const Twine &, const Twine &)> error) {
  const json::Value *value = root.get(key);
  const json::Array *array = value ? value->getAsArray() : nullptr;
  if (!array) {
    error(value ? "$." + Twine(key) : Twine("$"),
          value ? Twine("expected an array")
                : "missing key '" + Twine(key) + "'");
    return;
  }
  for (auto [index, item] : enumerate(*array)) {
    std::string path = formatv("$.{0}[{1}]", key, index);
    const json::Object *obj = item.getAsObject();
    if (!obj) {
      error(path, "expected an object");
      continue;
    }
    if (std::optional<T> parsed = readItem(*obj, path))
      items.push_back(std::move(*parsed));
  }
}

std::optional<Mapping> MappingReader::read(const json::Value &rootValue) {
  const json::Object *root = rootValue.getAsObject();
  if (!root) {
    error("$", "expected an object");
    return std::nullopt;
  }
  checkKeys(*root, "$",
            {"format", "version", "fabric", "graph", "actors", "edges",
             "memories", "stats"});
  std::optional<std::string> format = readString(*root, "format", "$");
  if (format && *format != kMappingFormatName)
    error("$.format",
          "expected \"" + kMappingFormatName + "\", got \"" + *format + "\"");
  std::optional<uint32_t> version = readUnsigned(*root, "version", "$");
  if (version && *version != kMappingFormatVersion)
    error("$.version", formatv("unsupported version {0} (this Loom reads "
                               "version {1})",
                               *version, kMappingFormatVersion));
  Mapping mapping;
  mapping.fabricName = readString(*root, "fabric", "$").value_or("");
  mapping.graphName = readString(*root, "graph", "$").value_or("");
  auto report = [&](const Twine &path, const Twine &message) {
    error(path, message);
  };
  readItems(
      *root, "actors", mapping.actors,
      [&](const json::Object &obj, StringRef path) {
        return readActor(obj, path);
      },
      report);
  readItems(
      *root, "edges", mapping.edges,
      [&](const json::Object &obj, StringRef path) {
        return readEdge(obj, path);
      },
      report);
  readItems(
      *root, "memories", mapping.memories,
      [&](const json::Object &obj, StringRef path) {
        return readMemory(obj, path);
      },
      report);
  readStats(*root, mapping);
  if (hasErrors())
    return std::nullopt;
  return mapping;
}

void MappingReader::checkReadableFields(const Mapping &mapping,
                                        const Fabric &fabric) {
  for (const ReadableField &field : readable) {
    switch (field.kind) {
    case ReadableField::ElementAt: {
      const ProcessingElement &element = fabric.getElements()[field.index];
      if (element.row != field.row || element.col != field.col)
        error(field.path,
              formatv("({0}, {1}) is not element {2}, which is at ({3}, {4})",
                      field.row, field.col, field.index, element.row,
                      element.col));
      break;
    }
    case ReadableField::UnitName: {
      const FunctionUnit &unit =
          fabric.getElements()[field.index].units[field.unit];
      if (unit.name != field.text)
        error(field.path, "unit " + Twine(field.unit) + " of element " +
                              Twine(field.index) + " is '" + unit.name +
                              "', not '" + field.text + "'");
      break;
    }
    case ReadableField::InterfaceName: {
      const MemoryInterface &memory = fabric.getMemoryInterfaces()[field.index];
      if (memory.name != field.text)
        error(field.path, "memory interface " + Twine(field.index) + " is '" +
                              memory.name + "', not '" + field.text + "'");
      break;
    }
    }
  }
}

Expected<std::string> loom::fabric::readMappingFabricName(StringRef json,
                                                          StringRef source) {
  Expected<json::Value> root = loom::parseBoundedJSON(json);
  if (!root)
    return createStringError(inconvertibleErrorCode(),
                             "%s: $: invalid JSON: %s", source.str().c_str(),
                             toString(root.takeError()).c_str());
  const json::Object *obj = root->getAsObject();
  std::optional<StringRef> name = obj && obj->get("fabric")
                                      ? obj->get("fabric")->getAsString()
                                      : std::nullopt;
  if (!name)
    return createStringError(inconvertibleErrorCode(),
                             "%s: $.fabric: expected the fabric's name",
                             source.str().c_str());
  return name->str();
}

Expected<Mapping> loom::fabric::parseMappingJSON(StringRef json,
                                                 StringRef source,
                                                 const Fabric &fabric) {
  MappingReader reader(source);
  Expected<json::Value> root = loom::parseBoundedJSON(json);
  if (!root)
    return createStringError(inconvertibleErrorCode(),
                             "%s: $: invalid JSON: %s", source.str().c_str(),
                             toString(root.takeError()).c_str());
  std::optional<Mapping> mapping = reader.read(*root);
  if (!mapping)
    return reader.takeError();
  if (Error error = verifyMapping(*mapping, fabric, source))
    return std::move(error);
  reader.checkReadableFields(*mapping, fabric);
  if (reader.hasErrors())
    return reader.takeError();
  return std::move(*mapping);
}
