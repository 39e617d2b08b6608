//===- FabricReader.h - the fabric JSON reader, shared by its files -------===//
//
// Part of the Loom project.
//
// Private to LoomFabric. The reader of docs/fabric.md is split in two files:
// FabricParser.cpp reads the document's values (integers, coordinates, unit
// types and unit lists) and drives the reading; FabricParserGrid.cpp applies
// what is placed on the grid (element overrides, the network, memory
// interfaces), runs the checks that need every element resolved, and builds
// the model.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_LIB_FABRICREADER_H
#define LOOM_FABRIC_LIB_FABRICREADER_H

#include "loom/Fabric/Fabric.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace loom::fabric {
namespace detail {

/// Collects "<source>: <path>: <message>" lines.
class Diagnostics {
public:
  explicit Diagnostics(llvm::StringRef source) : source(source.str()) {}
  void error(const llvm::Twine &path, const llvm::Twine &message) {
    messages.push_back((source + ": " + path + ": " + message).str());
  }
  bool hasErrors() const { return !messages.empty(); }
  llvm::Error takeError() const {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::join(messages.begin(), messages.end(), "\n"));
  }

private:
  std::string source;
  llvm::SmallVector<std::string> messages;
};

/// " (did you mean 'x'?)" for the closest candidate within two edits, or "".
std::string suggest(llvm::StringRef word,
                    llvm::ArrayRef<llvm::StringRef> candidates);

struct UnitType {
  std::string name;
  OperationClassSet classes;
  unsigned latency = 1, initiationInterval = 1;
  /// "$.unit_types[i]": errors found once the elements are known point here.
  std::string path;
  /// The state-machine class of a type that combines one with other
  /// classes: its units need an element with more than one context.
  std::optional<OperationClass> sharedStateMachine;
};

struct Coord {
  unsigned row = 0, col = 0;
};

/// The values of a "network" object before the graph is built.
struct NetworkSpec {
  unsigned channels = 1, hopLatency = 1, fifoDepth = 2, contexts = 1;
  struct Override {
    Coord from, to;
    unsigned channels, hopLatency, fifoDepth, contexts;
  };
  llvm::SmallVector<Override> overrides;
};

/// One element once the defaults and its override are applied.
struct ElementSpec {
  llvm::SmallVector<FunctionUnit, 4> units;
  unsigned operandBufferDepth = 0;
  unsigned contexts = 1;
  /// The override entry that set the element ("" when none): an element may
  /// be overridden once.
  std::string setBy;
  /// The entry that set its units or its contexts ("" when both are the
  /// defaults): where a unit that the element's contexts do not allow is
  /// reported.
  std::string shapedBy;
};

/// Parses one document; members hold what is read so far.
class FabricReader {
public:
  explicit FabricReader(Diagnostics &diag) : diag(diag) {}
  std::optional<Fabric> read(const llvm::json::Value &root);

private:
  // Values (FabricParser.cpp).
  bool checkKeys(const llvm::json::Object &obj, llvm::StringRef path,
                 llvm::ArrayRef<llvm::StringRef> allowed);
  std::optional<int64_t> readInt(const llvm::json::Object &obj,
                                 llvm::StringRef key, llvm::StringRef path,
                                 int64_t min, std::optional<int64_t> fallback);
  const llvm::json::Object *getObject(const llvm::json::Value *value,
                                      llvm::StringRef path);
  const llvm::json::Array *getArray(const llvm::json::Object &obj,
                                    llvm::StringRef key, llvm::StringRef path,
                                    bool required);
  std::optional<Coord> readCoord(const llvm::json::Value *value,
                                 llvm::StringRef path);
  std::optional<unsigned> readBufferDepth(const llvm::json::Object &obj,
                                          llvm::StringRef path,
                                          unsigned fallback);
  std::optional<unsigned> readContexts(const llvm::json::Object &obj,
                                       llvm::StringRef path, unsigned fallback);
  void readGrid(const llvm::json::Object &root);
  void readUnitTypes(const llvm::json::Object &root);
  std::optional<UnitType> readUnitType(const llvm::json::Object &obj,
                                       llvm::StringRef path);
  std::optional<llvm::SmallVector<FunctionUnit, 4>>
  readUnitList(const llvm::json::Array &list, llvm::StringRef path);

  // The grid (FabricParserGrid.cpp).
  void readElements(const llvm::json::Object &root);
  void readElementEntry(const llvm::json::Object &obj, llvm::StringRef path,
                        const ElementSpec &defaults);
  void checkStateMachineUnits();
  void readNetwork(const llvm::json::Object &root);
  std::optional<NetworkSpec::Override>
  readLinkOverride(const llvm::json::Object &link, llvm::StringRef path);
  void readMemoryInterfaces(const llvm::json::Object &root);
  void checkPlacement(llvm::StringRef path);

  Diagnostics &diag;
  unsigned rows = 0, cols = 0;
  double clockMHz = 0;
  std::string name;
  std::vector<UnitType> unitTypes;
  /// Row-major, once readElements has run.
  std::vector<ElementSpec> elements;
  /// Some element's contexts were invalid (already reported).
  bool elementContextsInvalid = false;
  NetworkSpec network;
  std::vector<MemoryInterface> memories;
};

} // namespace detail

/// Builds the immutable model from validated parts; the only writer of
/// Fabric's members.
class FabricBuilder {
public:
  static Fabric build(unsigned version, std::string name, double clockMHz,
                      unsigned rows, unsigned cols,
                      std::vector<detail::ElementSpec> elements,
                      const detail::NetworkSpec &network,
                      std::vector<MemoryInterface> memories);

private:
  static void addLink(Fabric &fabric, unsigned from, unsigned to,
                      unsigned channels, unsigned latency, unsigned depth,
                      unsigned contexts);
};

} // namespace loom::fabric

#endif // LOOM_FABRIC_LIB_FABRICREADER_H
