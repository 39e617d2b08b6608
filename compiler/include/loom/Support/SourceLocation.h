//===- SourceLocation.h - source positions and text for messages -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Remarks and warnings speak about the user's source: "file:line:col" of a
// construct, and sometimes its text ('out[i - 1]', the loop variable). The
// kernel's ops carry clang's debug locations (fused with their scope, whose
// directory relative file names are relative to); these helpers turn them
// into what a message prints.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SUPPORT_SOURCELOCATION_H
#define LOOM_SUPPORT_SOURCELOCATION_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace loom {

/// "file:line:col", the file made absolute against the compilation
/// directory unless that is the current directory; "" for line 0.
std::string formatSourceLocation(llvm::StringRef file,
                                 llvm::StringRef directory, unsigned line,
                                 unsigned column);

/// "file:line:col" of the first file location in `loc`, or "".
std::string describeSourceLocation(mlir::Location loc);

/// The innermost frame of `loc` whose file is named like `file` (compared
/// by file name): code inlined from another file, such as a standard
/// library helper, is shown at its call site in the user's file. `loc`
/// itself when no frame is.
mlir::Location getFrameInFile(mlir::Location loc, llvm::StringRef file);

/// A parsed "file:line:col" (the column may be missing).
struct SourcePosition {
  std::string file;
  unsigned line = 0, column = 0;
};
std::optional<SourcePosition> parseSourcePosition(llvm::StringRef where);

/// The text of the lvalue or subscript expression clang located at
/// `where`: for a load, the expression that starts there (`out[i - 1]`,
/// `p->x`); for a store, the left-hand side of the assignment whose
/// operator is there. Empty when the file cannot be read or the text there
/// is no such expression.
std::string getAccessText(llvm::StringRef where, bool isStore);

/// The variable that the update located at `where` assigns: the left-hand
/// side of the last assignment operator at or before that column
/// (`state = a * state + x[i]` located at its `+`), else of the first after
/// it (`if (x[i] > m) m = x[i]` located at its `>`), or the operand of `++`
/// or `--` there; a `for` header's `int i = 0` is no update. "" when there
/// is none.
std::string getUpdatedVariable(llvm::StringRef where);

/// The variable a `for` loop written after the hint at `where` declares
/// (`i` in `for (int i = 0; ...)`), or "".
std::string getLoopVariableName(llvm::StringRef where);

} // namespace loom

#endif // LOOM_SUPPORT_SOURCELOCATION_H
