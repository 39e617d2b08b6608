//===- HintFollower.h - what a hint precedes ------------------*- C++ -*-===//
//
// Part of the Loom project.
//
// The pragma handler must decide what a hint precedes before the parser
// sees it: its carrier tokens only parse before the right kind of code, and
// injected before the wrong kind they make the code after them parse
// differently (a declaration after a loop-hint carrier is scoped to the
// carrier). This file classifies the tokens after a hint. Keywords decide
// most cases; a leading name is looked up through the parser's Sema, which
// the AST action hands over; without it (-E) a name stays undecided.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_CLANGPLUGIN_HINTFOLLOWER_H
#define LOOM_CLANGPLUGIN_HINTFOLLOWER_H

#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace clang {
class Sema;
} // namespace clang

namespace loom::plugin {

/// The tokens after a pragma, lexed on demand to see what the hint
/// precedes; the handler puts them back after its own. Lexing (rather than
/// Preprocessor::LookAhead) keeps the order right when the next token is
/// itself a hint whose handler injects tokens.
class NextTokens {
public:
  explicit NextTokens(clang::Preprocessor &pp) : pp(pp) {}

  /// The `i`th token after the pragma; eof once the input ends.
  clang::Token at(unsigned i);

  /// The tokens lexed so far, to be put back.
  llvm::ArrayRef<clang::Token> lexed() const { return tokens; }

private:
  clang::Preprocessor &pp;
  llvm::SmallVector<clang::Token, 8> tokens;
};

/// What the tokens after a hint begin.
enum class FollowerKind {
  End,         ///< the end of the input
  CloseBrace,  ///< `}`
  Loop,        ///< `for`, `while`, `do`, or a clang loop pragma
  Switch,      ///< `switch`: a switch statement or a stacked loop carrier
  Statement,   ///< another statement: a keyword statement, `{`, `;`
  Label,       ///< `name:`, a labeled statement
  Declaration, ///< a declaration
  Expression,  ///< an expression statement
  Stray,       ///< a token that begins neither (`else`, `)`, `:`)
  Unknown,     ///< undecided: no Sema, or a name lookup cannot tell
};

struct Follower {
  FollowerKind kind = FollowerKind::Unknown;
  /// The text a diagnostic names it by: "a declaration", "'else'", ...
  std::string description;
};

/// Classifies the tokens from `next.at(0)`. Conservative: Declaration and
/// Expression only when the code cannot be anything else.
Follower classifyFollower(clang::Preprocessor &pp, NextTokens &next);

/// True if the parser is, for sure, at namespace scope (outside functions
/// and classes). False when unknown: without Sema, with delayed template
/// parsing, or right after a function body's `}`, which Sema has not left
/// yet when the token after it is lexed.
bool isAtNamespaceScope(clang::Preprocessor &pp);

/// True if the hint at `loc` directly follows the body of a function
/// defined at namespace scope: Sema is still in the function, but the
/// tokens after the hint are at namespace scope. Looks at the source text
/// before the hint, so a `}` at the end of a comment spanning lines may
/// mislead it; use it only where a wrong answer changes a diagnostic.
bool isAfterFunctionAtNamespaceScope(clang::Preprocessor &pp,
                                     clang::SourceLocation loc);

/// Sets the Sema parsing the current translation unit (null: none).
void setParserSema(clang::Sema *sema);

} // namespace loom::plugin

#endif // LOOM_CLANGPLUGIN_HINTFOLLOWER_H
