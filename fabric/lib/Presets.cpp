//===- Presets.cpp - embedded fabric presets and LOOM_FABRIC --------------===//
//
// Part of the Loom project.
//
// The preset JSON is compiled in (FabricPresets.inc, generated from
// fabric/presets/*.json by EmbedPresets.cmake) so an installed toolchain and
// every program linked with the runtime carry the same fabrics.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/FabricParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdlib>

using namespace llvm;
using namespace loom::fabric;

static const Preset kPresets[] = {
#include "FabricPresets.inc"
};

ArrayRef<Preset> loom::fabric::getPresets() { return kPresets; }

const Preset *loom::fabric::findPreset(StringRef name) {
  for (const Preset &preset : kPresets)
    if (preset.name == name)
      return &preset;
  return nullptr;
}

static std::string listPresetNames() {
  SmallVector<StringRef> names;
  for (const Preset &preset : kPresets)
    names.push_back(preset.name);
  return join(names, ", ");
}

Expected<Fabric> loom::fabric::loadFabric(StringRef value) {
  if (const Preset *preset = findPreset(value))
    return parseFabric(preset->json, ("preset '" + value + "'").str());
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(value, /*IsText=*/true);
  if (!buffer)
    return createStringError(
        buffer.getError(),
        "fabric '%s' is neither a preset (%s) nor a readable file: %s",
        value.str().c_str(), listPresetNames().c_str(),
        buffer.getError().message().c_str());
  return parseFabric((*buffer)->getBuffer(), value);
}

Expected<Fabric> loom::fabric::resolveFabricFromEnvironment() {
  const char *value = std::getenv("LOOM_FABRIC");
  if (!value || !*value)
    return loadFabric(kDefaultPreset);
  Expected<Fabric> fabric = loadFabric(value);
  if (!fabric)
    return createStringError(inconvertibleErrorCode(), "LOOM_FABRIC='%s': %s",
                             value, toString(fabric.takeError()).c_str());
  return fabric;
}
