//===- FabricParser.h - read, validate and select fabrics -----------------===//
//
// Part of the Loom project.
//
// parseFabric turns fabric JSON into a validated Fabric or an error listing
// every problem as "<source>: <JSON path>: <what is wrong>". The presets are
// compiled into the library; resolveFabric implements LOOM_FABRIC.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_FABRIC_FABRICPARSER_H
#define LOOM_FABRIC_FABRICPARSER_H

#include "loom/Fabric/Fabric.h"

#include "llvm/Support/Error.h"

namespace loom::fabric {

/// The format version this library reads.
inline constexpr unsigned kFabricFormatVersion = 1;
/// The preset used when LOOM_FABRIC is unset or empty.
inline constexpr llvm::StringLiteral kDefaultPreset = "cgra-8x8";

/// Parses and validates fabric JSON. `sourceName` prefixes every message.
llvm::Expected<Fabric> parseFabric(llvm::StringRef json,
                                   llvm::StringRef sourceName);

struct Preset {
  llvm::StringRef name;
  llvm::StringRef description;
  llvm::StringRef json;
};
/// The embedded presets, in the order of their file names.
llvm::ArrayRef<Preset> getPresets();
const Preset *findPreset(llvm::StringRef name);

/// Loads a fabric from a preset name or, when `value` names no preset, from a
/// JSON file at that path. Errors name `value`.
llvm::Expected<Fabric> loadFabric(llvm::StringRef value);
/// loadFabric of the LOOM_FABRIC environment variable, or of kDefaultPreset
/// when it is unset or empty.
llvm::Expected<Fabric> resolveFabricFromEnvironment();

} // namespace loom::fabric

#endif // LOOM_FABRIC_FABRICPARSER_H
