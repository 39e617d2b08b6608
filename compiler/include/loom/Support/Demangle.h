//===- Demangle.h - C++ names in messages as the user wrote them -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Remarks, diagnostics and run reports speak to a C++ developer, who knows
// `helper(int)`, not `_ZL6helperi`. The IR keeps mangled symbols (tools and
// the runtime need them); every message leaving the compiler goes through
// demangleSymbols once, at the point where it leaves.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SUPPORT_DEMANGLE_H
#define LOOM_SUPPORT_DEMANGLE_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"

#include <string>

namespace loom {

/// The demangled form of `symbol` (an Itanium `_Z...` name), or `symbol`
/// itself when it is not a mangled C++ name.
inline std::string demangleSymbol(llvm::StringRef symbol) {
  if (!symbol.starts_with("_Z"))
    return symbol.str();
  return llvm::demangle(symbol);
}

/// `text` with every mangled C++ symbol in it demangled. A symbol is a
/// maximal run of identifier characters (and '.', which clang uses in
/// suffixes such as `.loop0`) starting with `_Z`; an `@` right before it
/// (MLIR's symbol reference) is replaced by quotes unless the symbol is
/// already quoted. Runs that do not demangle (derived names such as a
/// thread's `_Z1fPi_t0`) are kept as they are.
inline std::string demangleSymbols(llvm::StringRef text) {
  auto isSymbolChar = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
  };
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    bool atStart = i == 0 || !isSymbolChar(text[i - 1]);
    if (!atStart || !text.substr(i).starts_with("_Z")) {
      out += text[i++];
      continue;
    }
    size_t end = i;
    while (end < text.size() && isSymbolChar(text[end]))
      ++end;
    llvm::StringRef symbol = text.slice(i, end);
    std::string demangled = demangleSymbol(symbol);
    if (demangled == symbol) {
      out += symbol;
    } else if (!out.empty() && out.back() == '@') {
      out.back() = '\'';
      out += demangled + "'";
    } else {
      out += demangled;
    }
    i = end;
  }
  return out;
}

} // namespace loom

#endif // LOOM_SUPPORT_DEMANGLE_H
