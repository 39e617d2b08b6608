//===- MappingIOCache.cpp - the on-disk mapping cache ---------------------===//
//
// Part of the Loom project.
//
// One file per mapping, <dir>/mappings/<sha256>.json, holding the
// configuration JSON. Entries are never trusted: a lookup parses and
// verifies the entry against the fabric, and an entry that fails is deleted
// (with a warning) so the caller maps again and stores a good one. Writers
// go through a unique temporary file renamed over the entry, which POSIX
// makes atomic within a directory: concurrent processes mapping the same
// graph each rename a complete file, and a reader sees the old entry or a
// new one, never a mix.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/MappingIO.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/WithColor.h"

#include <cstdlib>

using namespace llvm;
using namespace loom::fabric;

MappingCache::MappingCache(std::string directory)
    : directory(std::move(directory)) {
  if (!this->directory.empty()) {
    SmallString<256> path(this->directory);
    sys::path::append(path, "mappings");
    entryDirectory = path.str().str();
  }
  warn = [](const Twine &message) {
    WithColor::warning(errs(), "loom") << message << "\n";
  };
}

MappingCache MappingCache::fromEnvironment() {
  auto getEnv = [](const char *name) -> StringRef {
    const char *value = std::getenv(name);
    return value ? StringRef(value) : StringRef();
  };
  StringRef configured = getEnv("LOOM_CACHE_DIR");
  if (configured == kCacheDisabledValue)
    return MappingCache("");
  if (!configured.empty())
    return MappingCache(configured.str());
  SmallString<256> path;
  if (StringRef xdg = getEnv("XDG_CACHE_HOME"); !xdg.empty()) {
    path = xdg;
  } else if (StringRef home = getEnv("HOME"); !home.empty()) {
    path = home;
    sys::path::append(path, ".cache");
  } else {
    return MappingCache("");
  }
  sys::path::append(path, "loom");
  return MappingCache(path.str().str());
}

std::string MappingCache::computeKey(StringRef graphText, const Fabric &fabric,
                                     StringRef mapperOptions) {
  std::string canonicalFabric;
  raw_string_ostream fabricText(canonicalFabric);
  writeCanonicalFabric(fabric, fabricText);
  SHA256 hasher;
  // Length-prefix every field so no two different inputs concatenate to the
  // same bytes.
  auto addField = [&](StringRef tag, StringRef text) {
    hasher.update(tag);
    hasher.update((" " + Twine(text.size()) + ":").str());
    hasher.update(text);
  };
  addField("loom-mapping-cache", "");
  addField("mapper-version", utostr(kMapperVersion));
  addField("format-version", utostr(kMappingFormatVersion));
  addField("graph", graphText);
  addField("fabric", canonicalFabric);
  addField("options", mapperOptions);
  return toHex(hasher.final(), /*LowerCase=*/true);
}

/// Keys are what computeKey returns; anything else could name a path
/// outside the cache.
static bool isWellFormedKey(StringRef key) {
  return key.size() == 64 && all_of(key, [](char c) {
           return isDigit(c) || (c >= 'a' && c <= 'f');
         });
}

std::string MappingCache::getEntryPath(StringRef key) const {
  SmallString<256> path(entryDirectory);
  sys::path::append(path, key + ".json");
  return path.str().str();
}

std::optional<Mapping> MappingCache::lookup(StringRef key,
                                            const Fabric &fabric) {
  if (!isEnabled())
    return std::nullopt;
  if (!isWellFormedKey(key)) {
    warn("mapping cache: ignoring malformed key '" + key + "'");
    return std::nullopt;
  }
  std::string path = getEntryPath(key);
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(path, /*IsText=*/true);
  if (!buffer) {
    if (buffer.getError() != std::errc::no_such_file_or_directory)
      warn("mapping cache: cannot read " + path + ": " +
           buffer.getError().message());
    return std::nullopt;
  }
  Expected<Mapping> mapping =
      parseMappingJSON((*buffer)->getBuffer(), path, fabric);
  if (!mapping) {
    warn("mapping cache: ignoring a corrupt or stale entry, it will be "
         "rewritten: " +
         toString(mapping.takeError()));
    // Another process may have replaced it meanwhile; removing a good entry
    // only costs one more mapping.
    sys::fs::remove(path);
    return std::nullopt;
  }
  mapping->fromCache = true;
  mapping->seconds = 0;
  return std::move(*mapping);
}

Error MappingCache::store(StringRef key, const Mapping &mapping,
                          const Fabric &fabric) {
  if (!isEnabled())
    return Error::success();
  if (!isWellFormedKey(key))
    return createStringError(inconvertibleErrorCode(),
                             "mapping cache: malformed key '%s'",
                             key.str().c_str());
  if (Error error = verifyMapping(mapping, fabric, "mapping cache store"))
    return error;
  if (std::error_code ec = sys::fs::create_directories(entryDirectory))
    return createStringError(ec, "mapping cache: cannot create %s: %s",
                             entryDirectory.c_str(), ec.message().c_str());
  SmallString<256> model(entryDirectory);
  sys::path::append(model, key + "-%%%%%%%%.tmp");
  int fd = -1;
  SmallString<256> temporary;
  if (std::error_code ec = sys::fs::createUniqueFile(model, fd, temporary))
    return createStringError(ec,
                             "mapping cache: cannot create a file in %s: "
                             "%s",
                             entryDirectory.c_str(), ec.message().c_str());
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    writeMappingJSON(mapping, fabric, os);
    os.close();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      sys::fs::remove(temporary);
      return createStringError(ec, "mapping cache: cannot write %s: %s",
                               temporary.c_str(), ec.message().c_str());
    }
  }
  std::string path = getEntryPath(key);
  if (std::error_code ec = sys::fs::rename(temporary, path)) {
    sys::fs::remove(temporary);
    return createStringError(ec, "mapping cache: cannot rename %s to %s: %s",
                             temporary.c_str(), path.c_str(),
                             ec.message().c_str());
  }
  return Error::success();
}
