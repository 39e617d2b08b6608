//===- MappingIO.h - mapping configuration JSON, SVG and on-disk cache ----===//
//
// Part of the Loom project.
//
// Everything that reads or writes a Mapping (Mapping.h) without the graph it
// came from (docs/mapping.md):
// - the configuration JSON: writeMappingJSON and parseMappingJSON round-trip
//   a Mapping exactly (fromCache aside, which describes where a Mapping came
//   from, not the mapping);
// - verifyMapping, which checks a Mapping against a Fabric: every loaded
//   mapping is checked before anything trusts it;
// - renderMappingSVG, a picture of the fabric with the placed actors and
//   their routes;
// - MappingCache, the on-disk cache of mappings keyed by the graph text, the
//   fabric and the mapper options.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_MAPPINGIO_H
#define LOOM_FABRIC_MAPPINGIO_H

#include "loom/Fabric/Fabric.h"
#include "loom/Fabric/Mapping.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <optional>

namespace loom::fabric {

//===----------------------------------------------------------------------===//
// Configuration JSON
//===----------------------------------------------------------------------===//

/// The configuration format version this library writes and reads.
inline constexpr unsigned kMappingFormatVersion = 2;
/// The value of the "format" key, so a mapping is not mistaken for a fabric.
inline constexpr llvm::StringLiteral kMappingFormatName = "loom-mapping";

/// Writes `mapping` as configuration JSON. `fabric` supplies the readable
/// fields (element coordinates, unit and interface names); `mapping` must
/// pass verifyMapping against it.
void writeMappingJSON(const Mapping &mapping, const Fabric &fabric,
                      llvm::raw_ostream &os);

/// The "fabric" member of configuration JSON, so a tool can load the fabric a
/// configuration was made for before parsing it.
llvm::Expected<std::string> readMappingFabricName(llvm::StringRef json,
                                                  llvm::StringRef sourceName);

/// Parses configuration JSON and verifies it against `fabric` (including the
/// readable fields). Errors list every problem as
/// "<source>: <JSON path>: <what is wrong>".
llvm::Expected<Mapping> parseMappingJSON(llvm::StringRef json,
                                         llvm::StringRef sourceName,
                                         const Fabric &fabric);

/// Checks that `mapping` is a placement and routing on `fabric`: ids in
/// range, each actor on a unit that executes its operation, in a context
/// the element has and no context of a unit used twice (so a unit holds at
/// most its element's `contexts` actors, one on a spatial element), every
/// route a connected path of links from the producer's element switch to
/// the consumer's, latency equal to the links' sum, a buffer within the
/// consumer element's operand buffer depth, capacity equal to the links'
/// FIFOs (or the local bypass) plus that buffer, no link carrying more
/// values than Link::getCapacity() (channels x contexts), and every memory
/// actor bound to an interface at its shortest distance. Paths in the
/// messages are those of the configuration JSON.
llvm::Error verifyMapping(const Mapping &mapping, const Fabric &fabric,
                          llvm::StringRef sourceName);

//===----------------------------------------------------------------------===//
// SVG picture
//===----------------------------------------------------------------------===//

/// Draws the fabric's elements (with their units; a unit holding an actor
/// shows the actor's label, a unit holding several lists them in context
/// order), switches and links (dashed where values take turns on a
/// channel), memory interfaces, every routed value in its own colour and a
/// legend. `actorLabels`, when not
/// empty, has one label per actor; otherwise an actor is labelled with its
/// operation name without the dialect ("addi"). `mapping` must pass
/// verifyMapping against `fabric`. The output is deterministic.
void renderMappingSVG(llvm::raw_ostream &os, const Fabric &fabric,
                      const Mapping &mapping,
                      llvm::ArrayRef<std::string> actorLabels = {});

//===----------------------------------------------------------------------===//
// On-disk mapping cache
//===----------------------------------------------------------------------===//

/// Part of every cache key: bump it whenever the mapper may map the same
/// graph, fabric and options differently, so old entries are never reused.
inline constexpr unsigned kMapperVersion = 13;
/// The LOOM_CACHE_DIR value that disables the cache.
inline constexpr llvm::StringLiteral kCacheDisabledValue = "off";

/// Writes the complete model of `fabric` as text, one fact per line, in a
/// fixed order: two fabrics with the same text behave the same for the
/// mapper, however their JSON was written (defaults, overrides, spacing).
/// Contexts appear where they are not 1, so a spatial fabric's text is the
/// one it had before elements and links had contexts.
void writeCanonicalFabric(const Fabric &fabric, llvm::raw_ostream &os);

class MappingCache {
public:
  using WarningHandler = std::function<void(const llvm::Twine &)>;

  /// A cache in `directory` (entries go to `directory`/mappings), or a
  /// disabled cache when `directory` is empty. Warnings go to stderr.
  explicit MappingCache(std::string directory);
  /// The cache named by LOOM_CACHE_DIR: "off" disables it; unset or empty
  /// means $XDG_CACHE_HOME/loom, else $HOME/.cache/loom (disabled when
  /// neither is set).
  static MappingCache fromEnvironment();

  bool isEnabled() const { return !directory.empty(); }
  /// Where the entries are, "" when disabled.
  llvm::StringRef getEntryDirectory() const { return entryDirectory; }
  void setWarningHandler(WarningHandler handler) { warn = std::move(handler); }

  /// The SHA-256 (hex) of the graph's content text, the canonical fabric,
  /// the mapper options text, kMapperVersion and kMappingFormatVersion.
  static std::string computeKey(llvm::StringRef graphText, const Fabric &fabric,
                                llvm::StringRef mapperOptions);
  std::string getEntryPath(llvm::StringRef key) const;

  /// The mapping stored under `key`, verified against `fabric`, with
  /// fromCache set and seconds 0. std::nullopt on a miss or when the cache
  /// is disabled. An entry that does not parse or verify is reported through
  /// the warning handler and deleted, so the next store rewrites it.
  std::optional<Mapping> lookup(llvm::StringRef key, const Fabric &fabric);
  /// Writes `mapping` under `key` atomically: into a unique temporary file
  /// in the entry directory, then renamed over the entry, so a reader (or a
  /// concurrent writer) never sees a partial entry. A no-op when disabled.
  llvm::Error store(llvm::StringRef key, const Mapping &mapping,
                    const Fabric &fabric);

private:
  std::string directory;
  std::string entryDirectory;
  WarningHandler warn;
};

} // namespace loom::fabric

#endif // LOOM_FABRIC_MAPPINGIO_H
