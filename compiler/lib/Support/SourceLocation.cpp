//===- SourceLocation.cpp - source positions and text for messages --------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

std::string loom::formatSourceLocation(StringRef file, StringRef directory,
                                       unsigned line, unsigned column) {
  if (file.empty() || line == 0)
    return "";
  // clang records names relative to the compilation directory, which need
  // not be the directory the compile runs in.
  SmallString<128> path(file);
  SmallString<128> cwd;
  if (sys::path::is_relative(path) && !directory.empty() &&
      (sys::fs::current_path(cwd) || cwd != directory)) {
    SmallString<128> joined(directory);
    sys::path::append(joined, path);
    path = joined;
  }
  return (path + ":" + Twine(line) + ":" + Twine(column)).str();
}

/// describeSourceLocation with the directory a relative file name is
/// relative to, taken from the innermost enclosing subprogram scope.
static std::string describeIn(mlir::Location loc, StringRef directory) {
  if (auto fused = dyn_cast<mlir::FusedLoc>(loc)) {
    if (auto scope =
            dyn_cast_or_null<mlir::LLVM::DISubprogramAttr>(fused.getMetadata()))
      if (scope.getFile() && scope.getFile().getDirectory())
        directory = scope.getFile().getDirectory().getValue();
    for (mlir::Location part : fused.getLocations())
      if (std::string where = describeIn(part, directory); !where.empty())
        return where;
    return "";
  }
  if (auto name = dyn_cast<mlir::NameLoc>(loc))
    return describeIn(name.getChildLoc(), directory);
  if (auto call = dyn_cast<mlir::CallSiteLoc>(loc))
    return describeIn(call.getCallee(), directory);
  auto file = dyn_cast<mlir::FileLineColLoc>(loc);
  if (!file)
    return "";
  return loom::formatSourceLocation(file.getFilename().getValue(), directory,
                                    file.getLine(), file.getColumn());
}

std::string loom::describeSourceLocation(mlir::Location loc) {
  return describeIn(loc, "");
}

/// getFrameInFile below `loc`, inside a FusedLoc with `metadata` (the
/// subprogram that gives a relative file its directory, kept on the frame).
static std::optional<mlir::Location>
findFrameInFile(mlir::Location loc, StringRef name, mlir::Attribute metadata) {
  if (auto call = dyn_cast<mlir::CallSiteLoc>(loc)) {
    if (auto frame = findFrameInFile(call.getCallee(), name, metadata))
      return frame;
    return findFrameInFile(call.getCaller(), name, metadata);
  }
  if (auto fused = dyn_cast<mlir::FusedLoc>(loc)) {
    mlir::Attribute inner =
        fused.getMetadata() ? fused.getMetadata() : metadata;
    for (mlir::Location part : fused.getLocations())
      if (auto frame = findFrameInFile(part, name, inner))
        return frame;
    return std::nullopt;
  }
  if (auto named = dyn_cast<mlir::NameLoc>(loc))
    return findFrameInFile(named.getChildLoc(), name, metadata);
  auto file = dyn_cast<mlir::FileLineColLoc>(loc);
  if (!file || llvm::sys::path::filename(file.getFilename().getValue()) != name)
    return std::nullopt;
  if (!metadata)
    return loc;
  return mlir::FusedLoc::get(loc.getContext(), {loc}, metadata);
}

mlir::Location loom::getFrameInFile(mlir::Location loc, StringRef file) {
  if (file.empty() || !isa<mlir::CallSiteLoc, mlir::FusedLoc>(loc))
    return loc;
  return findFrameInFile(loc, llvm::sys::path::filename(file), {})
      .value_or(loc);
}

std::optional<loom::SourcePosition> loom::parseSourcePosition(StringRef where) {
  // Split from the right: file names may contain ':'.
  auto [rest, last] = where.rsplit(':');
  auto [file, middle] = rest.rsplit(':');
  SourcePosition position;
  if (!middle.getAsInteger(10, position.line)) {
    if (last.getAsInteger(10, position.column))
      return std::nullopt;
    position.file = file.str();
  } else {
    if (last.getAsInteger(10, position.line))
      return std::nullopt;
    position.file = rest.str();
  }
  if (position.file.empty() || position.line == 0)
    return std::nullopt;
  return position;
}

namespace {
/// The text of a file from a line on, read once per lookup: messages name
/// a handful of accesses per kernel.
struct SourceCursor {
  std::unique_ptr<MemoryBuffer> buffer;
  StringRef text; ///< from the start of the line on
  size_t pos = 0; ///< the column, 0-based, into `text`
  StringRef line() const {
    return text.take_until([](char c) { return c == '\n'; });
  }
};
} // namespace

static std::optional<SourceCursor> openAt(StringRef where) {
  std::optional<loom::SourcePosition> position =
      loom::parseSourcePosition(where);
  if (!position || position->column == 0)
    return std::nullopt;
  // Only C and C++ text means what the scanners expect; an IR file (a
  // test of a pass) is not looked at.
  StringRef extension = sys::path::extension(position->file);
  if (extension == ".mlir" || extension == ".ll")
    return std::nullopt;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(position->file, /*IsText=*/true);
  if (!buffer)
    return std::nullopt;
  SourceCursor cursor;
  cursor.buffer = std::move(*buffer);
  StringRef text = cursor.buffer->getBuffer();
  for (unsigned line = 1; line < position->line; ++line) {
    size_t end = text.find('\n');
    if (end == StringRef::npos)
      return std::nullopt;
    text = text.drop_front(end + 1);
  }
  cursor.text = text;
  cursor.pos = position->column - 1;
  if (cursor.pos >= cursor.line().size())
    return std::nullopt;
  return cursor;
}

static bool isIdentifierChar(char c) { return isAlnum(c) || c == '_'; }

/// The end of the bracketed group opening at `line[pos]`, or npos.
static size_t skipGroup(StringRef line, size_t pos) {
  char open = line[pos];
  char close = open == '[' ? ']' : open == '<' ? '>' : ')';
  int depth = 0;
  for (size_t i = pos; i < line.size(); ++i) {
    if (line[i] == open)
      ++depth;
    else if (line[i] == close && --depth == 0)
      return i + 1;
  }
  return StringRef::npos;
}

/// The end of the postfix expression (a name, then subscripts, member
/// accesses and calls) starting at `pos`, or npos. A load inlined from a
/// library function is located at its call: `std::bit_cast<int>(x[i])`.
static size_t skipPostfixExpression(StringRef line, size_t pos) {
  while (pos < line.size() && line[pos] == '*')
    ++pos;
  if (pos < line.size() && line[pos] == '(')
    pos = skipGroup(line, pos);
  else {
    size_t start = pos;
    while (pos < line.size() &&
           (isIdentifierChar(line[pos]) || line.substr(pos).starts_with("::")))
      pos += line[pos] == ':' ? 2 : 1;
    if (pos == start)
      return StringRef::npos;
    // Template arguments, when a call follows them.
    if (line.substr(pos).starts_with("<")) {
      size_t after = skipGroup(line, pos);
      if (after != StringRef::npos && line.substr(after).starts_with("("))
        pos = after;
    }
  }
  while (pos != StringRef::npos && pos < line.size()) {
    StringRef rest = line.substr(pos);
    if (rest.starts_with("[") || rest.starts_with("(")) {
      pos = skipGroup(line, pos);
    } else if (rest.starts_with(".") || rest.starts_with("->")) {
      pos += rest.starts_with(".") ? 1 : 2;
      size_t start = pos;
      while (pos < line.size() && isIdentifierChar(line[pos]))
        ++pos;
      if (pos == start)
        return StringRef::npos;
    } else {
      break;
    }
  }
  return pos;
}

/// The start of the postfix expression that ends just before `end`, or
/// npos.
static size_t findPostfixStart(StringRef line, size_t end) {
  size_t pos = end;
  while (pos > 0) {
    char c = line[pos - 1];
    if (c == ']') {
      int depth = 0;
      size_t i = pos;
      for (; i > 0; --i) {
        if (line[i - 1] == ']')
          ++depth;
        else if (line[i - 1] == '[' && --depth == 0)
          break;
      }
      if (i == 0)
        return StringRef::npos;
      pos = i - 1;
    } else if (isIdentifierChar(c)) {
      while (pos > 0 && isIdentifierChar(line[pos - 1]))
        --pos;
      StringRef before = line.substr(0, pos);
      if (before.ends_with(".") || before.ends_with("::") ||
          before.ends_with("->"))
        pos -= before.ends_with(".") ? 1 : 2;
      else
        break;
    } else {
      return StringRef::npos;
    }
  }
  while (pos > 0 && line[pos - 1] == '*')
    --pos;
  return pos == end ? StringRef::npos : pos;
}

std::string loom::getAccessText(StringRef where, bool isStore) {
  std::optional<SourceCursor> cursor = openAt(where);
  if (!cursor)
    return "";
  StringRef line = cursor->line();
  size_t pos = cursor->pos;
  // A store's location is its assignment operator (`=`, `+=`, ...).
  bool atAssignment = line.substr(pos)
                          .take_while([](char c) {
                            return StringRef("=+-*/%&|^<>").contains(c);
                          })
                          .ends_with("=");
  // A compound assignment's load is located there too.
  if (atAssignment) {
    size_t end = pos;
    while (end > 0 && isSpace(line[end - 1]))
      --end;
    size_t start = findPostfixStart(line, end);
    return start == StringRef::npos ? "" : line.slice(start, end).str();
  }
  size_t end = skipPostfixExpression(line, pos);
  if (end == StringRef::npos || end == pos)
    return "";
  return line.slice(pos, end).str();
}

/// Whether position `at` of `line` lies between the parentheses of a `for`
/// header: `int i = 0` there declares the loop variable, it updates no
/// accumulator.
static bool isInForHeader(StringRef line, size_t at) {
  for (size_t pos = line.find("for"); pos != StringRef::npos && pos < at;
       pos = line.find("for", pos + 3)) {
    if ((pos > 0 && isIdentifierChar(line[pos - 1])) ||
        (pos + 3 < line.size() && isIdentifierChar(line[pos + 3])))
      continue;
    size_t open = line.find_first_not_of(" \t", pos + 3);
    if (open == StringRef::npos || line[open] != '(' || open > at)
      continue;
    int depth = 0;
    for (size_t i = open; i < line.size(); ++i) {
      depth += line[i] == '(' ? 1 : line[i] == ')' ? -1 : 0;
      if (depth == 0)
        return at < i;
    }
    return true;
  }
  return false;
}

/// The left-hand side of the assignment whose `=` is at `at`, or "" when
/// no assignment's `=` is there.
static std::string getAssignedAt(StringRef line, size_t at) {
  if (line[at] != '=' || (at + 1 < line.size() && line[at + 1] == '='))
    return "";
  size_t op = at;
  if (op > 0 && StringRef("+-*/%&|^").contains(line[op - 1]))
    --op;
  else if (op > 0 && StringRef("=!<>").contains(line[op - 1]))
    return ""; // `==`, `!=`, `<=`, `>=` (and the rare `<<=`, `>>=`)
  if (isInForHeader(line, at))
    return "";
  size_t end = op;
  while (end > 0 && isSpace(line[end - 1]))
    --end;
  size_t start = findPostfixStart(line, end);
  return start == StringRef::npos ? "" : line.slice(start, end).str();
}

std::string loom::getUpdatedVariable(StringRef where) {
  std::optional<SourceCursor> cursor = openAt(where);
  if (!cursor)
    return "";
  StringRef line = cursor->line();
  size_t pos = std::min(cursor->pos, line.size());
  // `++count` / `--count`: the operand follows.
  if (line.substr(pos).starts_with("++") || line.substr(pos).starts_with("--"))
    return line.substr(pos + 2).take_while(isIdentifierChar).str();
  // Otherwise the last assignment operator at or before the column (whose
  // `=` may be the character after it: `+=`).
  size_t limit = std::min(pos + 2, line.size());
  for (size_t at = limit; at-- > 0;)
    if (std::string name = getAssignedAt(line, at); !name.empty())
      return name;
  // A conditional update located at its condition, `if (x > m) m = x;`:
  // the first assignment after it.
  for (size_t at = limit; at < line.size(); ++at)
    if (std::string name = getAssignedAt(line, at); !name.empty())
      return name;
  return "";
}

std::string loom::getLoopVariableName(StringRef where) {
  std::optional<SourceCursor> cursor = openAt(where);
  if (!cursor)
    return "";
  // The loop follows the hint within a few lines; its header declares the
  // variable before the first `=`, `:` or `;`.
  StringRef text = cursor->text.substr(cursor->pos).take_front(2000);
  for (size_t pos = 0; pos < text.size(); ++pos) {
    if (!isIdentifierChar(text[pos]) ||
        (pos > 0 && isIdentifierChar(text[pos - 1])))
      continue;
    StringRef word = text.substr(pos).take_while(isIdentifierChar);
    if (word == "while" || word == "do")
      return "";
    if (word != "for") {
      pos += word.size() - 1;
      continue;
    }
    StringRef header = text.substr(pos + 3).ltrim();
    if (!header.consume_front("("))
      return "";
    size_t stop = 0;
    while (stop < header.size() && !StringRef("=;").contains(header[stop]) &&
           !(header[stop] == ':' && !header.substr(stop).starts_with("::")))
      stop += header.substr(stop).starts_with("::") ? 2 : 1;
    if (stop == header.size())
      return "";
    StringRef declaration = header.take_front(stop).rtrim();
    size_t start = declaration.size();
    while (start > 0 && isIdentifierChar(declaration[start - 1]))
      --start;
    return declaration.substr(start).str();
  }
  return "";
}
