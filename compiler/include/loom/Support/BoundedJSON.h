//===- BoundedJSON.h - JSON parsing with a nesting bound ---------*- C++
//-*-===//
//
// Part of the Loom project.
//
// llvm::json::parse recurses once per nesting level, so a document nested
// tens of thousands of levels deep (a corrupt fabric, mapping or cache
// entry, found by tests/fuzz) overflows the stack instead of being
// rejected. Every JSON text Loom reads from a file or a binary goes through
// parseBoundedJSON, which refuses such a document first. Header-only, so
// that every library (fabric, runtime, simulator tools) can use it without
// a new link dependency.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SUPPORT_BOUNDEDJSON_H
#define LOOM_SUPPORT_BOUNDEDJSON_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace loom {

/// No Loom document comes close: fabrics and mappings nest fewer than ten
/// levels.
constexpr unsigned kMaxJSONDepth = 256;

/// llvm::json::parse of `text`, or an error when arrays and objects nest
/// deeper than `maxDepth`.
inline llvm::Expected<llvm::json::Value>
parseBoundedJSON(llvm::StringRef text, unsigned maxDepth = kMaxJSONDepth) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth)
        return llvm::createStringError(
            "JSON nested deeper than %u levels (at byte %zu)", maxDepth, i);
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return llvm::json::parse(text);
}

} // namespace loom

#endif // LOOM_SUPPORT_BOUNDEDJSON_H
