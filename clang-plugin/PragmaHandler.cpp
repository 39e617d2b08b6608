//===- PragmaHandler.cpp - `#pragma loom ...` --------------------------===//
//
// Part of the Loom project.
//
// Every Loom hint reaches the plugin as `#pragma loom <hint>(<args>)` (the
// macros of loom/loom.h expand to `_Pragma`). A plugin cannot add parser
// productions, so the handler checks the hint's syntax and then injects
// ordinary tokens that the parser attaches to the right entity:
//
//   function / variable hint:  __attribute__((annotate("loom.<hint>", args)))
//   loop hint, per count:      switch (__builtin_annotation(<count>,
//                                "loom.<hint>[#<arg>]@<file:line:col>[:w]"))
//                              default:
//
// Counts stay token sequences so that Sema evaluates them; the AST checker
// (HintChecker.cpp) then validates what only Sema knows. Every injected
// token has a real spelling, so `-E` prints text that compiles again.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "HintFollower.h"
#include "Hints.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;
using namespace loom::plugin;

namespace {

/// One parsed hint argument: its tokens and, for words, its spelling.
struct ParsedArg {
  SmallVector<Token, 4> tokens;
  SourceLocation loc;
};

/// Builds the token stream injected in place of one pragma. Each token gets
/// its spelling in the scratch buffer and the hint's location as expansion
/// location: diagnostics point at the hint, `-E` prints the text.
class TokenWriter {
public:
  TokenWriter(Preprocessor &pp, SourceLocation loc) : pp(pp), loc(loc) {}

  TokenWriter &punct(tok::TokenKind kind, bool space = false) {
    return add(kind, tok::getPunctuatorSpelling(kind), nullptr, space);
  }
  TokenWriter &ident(StringRef name, bool space = false) {
    IdentifierInfo *info = pp.getIdentifierInfo(name);
    return add(info->getTokenID(), name, info, space);
  }
  TokenWriter &string(StringRef text, bool space = false) {
    SmallString<64> quoted;
    quoted += '"';
    quoted += text;
    quoted += '"';
    return add(tok::string_literal, quoted, nullptr, space);
  }
  TokenWriter &number(StringRef digits, bool space = false) {
    return add(tok::numeric_constant, digits, nullptr, space);
  }
  TokenWriter &raw(ArrayRef<Token> original) {
    for (auto [i, token] : llvm::enumerate(original)) {
      Token copy = token;
      copy.clearFlag(Token::StartOfLine);
      if (i == 0)
        copy.clearFlag(Token::LeadingSpace);
      tokens.push_back(copy);
    }
    return *this;
  }

  /// Sets the layout flags of the first token, so that `-E` puts the
  /// injected text where the hint was.
  void setFirstFlags(bool startOfLine, bool leadingSpace) {
    if (tokens.empty())
      return;
    tokens.front().setFlagValue(Token::StartOfLine, startOfLine);
    tokens.front().setFlagValue(Token::LeadingSpace, leadingSpace);
  }

  /// Hands the tokens, then `after`, to the preprocessor, which lexes them
  /// next. One stream: the end of a stream would pass its (empty) layout
  /// flags on to the first token of the next.
  void enter(ArrayRef<Token> after, bool disableMacroExpansion = true) {
    tokens.append(after.begin(), after.end());
    if (tokens.empty())
      return;
    auto array = std::make_unique<Token[]>(tokens.size());
    llvm::copy(tokens, array.get());
    pp.EnterTokenStream(std::move(array), tokens.size(), disableMacroExpansion,
                        /*IsReinject=*/false);
  }

private:
  TokenWriter &add(tok::TokenKind kind, StringRef spelling,
                   IdentifierInfo *info, bool space) {
    Token t;
    t.startToken();
    t.setKind(kind);
    pp.CreateString(spelling, t, loc, loc);
    if (info)
      t.setIdentifierInfo(info);
    if (space)
      t.setFlag(Token::LeadingSpace);
    tokens.push_back(t);
    return *this;
  }

  Preprocessor &pp;
  SourceLocation loc;
  SmallVector<Token, 32> tokens;
};

class LoomPragmaHandler : public PragmaHandler {
public:
  LoomPragmaHandler() : PragmaHandler("loom") {}
  void HandlePragma(Preprocessor &pp, PragmaIntroducer introducer,
                    Token &firstToken) override;

private:
  bool parseArgs(Preprocessor &pp, const HintInfo &hint, Token &tok,
                 SmallVectorImpl<ParsedArg> &args);
  bool checkArg(Preprocessor &pp, const HintInfo &hint, unsigned index,
                ParsedArg &arg, std::string &word);
  bool checkCountLiteral(Preprocessor &pp, const HintInfo &hint, unsigned index,
                         const ParsedArg &arg);
  bool checkFollower(Preprocessor &pp, const HintInfo &hint, SourceLocation loc,
                     NextTokens &next, bool asLoop);
  void inject(Preprocessor &pp, const HintInfo &hint, SourceLocation loc,
              ArrayRef<ParsedArg> args, ArrayRef<std::string> words,
              bool asLoop, TokenWriter &out);
};

} // namespace

/// Skips to the end of the pragma line.
static void skipToEnd(Preprocessor &pp, Token &tok) {
  while (tok.isNot(tok::eod) && tok.isNot(tok::eof))
    pp.Lex(tok);
}

/// Whether the hint begins its line (only blanks, or a `#pragma`, before
/// it) and whether a blank precedes it, for laying out `-E` output.
static std::pair<bool, bool> getLayout(Preprocessor &pp,
                                       PragmaIntroducer introducer) {
  SourceManager &sources = pp.getSourceManager();
  SourceLocation loc = sources.getExpansionLoc(introducer.Loc);
  bool invalid = false;
  const char *text = sources.getCharacterData(loc, &invalid);
  unsigned column = sources.getExpansionColumnNumber(loc, &invalid);
  if (invalid || column == 0)
    return {false, true};
  StringRef before(text - (column - 1), column - 1);
  if (before.ltrim().starts_with("#"))
    return {true, false};
  return {before.trim().empty(),
          !before.empty() && isWhitespace(before.back())};
}

/// Re-enters a `#pragma loom` directive as `_Pragma("loom <text>")`. The
/// directive runs inside the lexer of its file; deciding what the hint
/// precedes means lexing on, possibly past the end of that file, which
/// would destroy the lexer still running the directive. The preprocessor
/// handles `_Pragma` from a token stream, where that is safe.
static void reenterAsPragmaOperator(Preprocessor &pp, const HintInfo &hint,
                                    SourceLocation hintLoc,
                                    ArrayRef<ParsedArg> args) {
  std::string text = ("loom " + hint.spelling + "(").str();
  for (auto [i, arg] : llvm::enumerate(args)) {
    text += i ? ", " : "";
    for (auto [j, token] : llvm::enumerate(arg.tokens))
      text += (j ? " " : "") + pp.getSpelling(token);
  }
  text += ")";
  std::string literal;
  for (char c : text) {
    if (c == '\\' || c == '"')
      literal += '\\';
    literal += c;
  }
  TokenWriter out(pp, hintLoc);
  out.ident("_Pragma").punct(tok::l_paren).string(literal).punct(tok::r_paren);
  out.enter({}, /*disableMacroExpansion=*/false);
}

void LoomPragmaHandler::HandlePragma(Preprocessor &pp,
                                     PragmaIntroducer introducer, Token &) {
  Token tok;
  pp.Lex(tok);
  DiagnosticsEngine &diags = pp.getDiagnostics();
  if (tok.isNot(tok::identifier)) {
    report(diags, tok.getLocation(), LoomDiag::MalformedHint)
        << "loom"
        << "expected a hint name after '#pragma loom'";
    return skipToEnd(pp, tok);
  }
  SourceLocation hintLoc = tok.getLocation();
  StringRef spelling = tok.getIdentifierInfo()->getName();
  const HintInfo *hint = lookupHint(spelling);
  if (!hint) {
    report(diags, hintLoc, LoomDiag::UnknownHint) << spelling;
    return skipToEnd(pp, tok);
  }
  SmallVector<ParsedArg> args;
  pp.Lex(tok);
  if (!parseArgs(pp, *hint, tok, args))
    return skipToEnd(pp, tok);
  if (tok.isNot(tok::eod)) {
    report(diags, tok.getLocation(), LoomDiag::MalformedHint)
        << hint->spelling << "unexpected tokens after the hint";
    return skipToEnd(pp, tok);
  }
  if (args.size() < hint->minArgs) {
    report(diags, hintLoc, LoomDiag::TooFewArgs)
        << hint->spelling << hint->minArgs << unsigned(args.size());
    return;
  }
  if (args.size() > hint->args.size()) {
    report(diags, hintLoc, LoomDiag::TooManyArgs)
        << hint->spelling << unsigned(hint->args.size())
        << unsigned(args.size());
    return;
  }
  SmallVector<std::string> words(args.size());
  for (unsigned i = 0; i < args.size(); ++i)
    if (!checkArg(pp, *hint, i, args[i], words[i]))
      return;
  if (introducer.Kind == PIK_HashPragma)
    return reenterAsPragmaOperator(pp, *hint, hintLoc, args);
  // What follows the hint decides the carrier; a following hint has been
  // handled (and its tokens injected) once its first token is lexed.
  NextTokens next(pp);
  Token first = next.at(0);
  bool asLoop = hint->placement == HintPlacement::Loop ||
                (hint->placement == HintPlacement::Candidate &&
                 first.isOneOf(tok::kw_for, tok::kw_while, tok::kw_do,
                               tok::kw_switch, tok::annot_pragma_loop_hint));
  TokenWriter out(pp, hintLoc);
  if (checkFollower(pp, *hint, hintLoc, next, asLoop))
    inject(pp, *hint, hintLoc, args, words, asLoop, out);
  auto [startOfLine, space] = getLayout(pp, introducer);
  out.setFirstFlags(startOfLine, space);
  out.enter(next.lexed());
}

/// Parses `( arg, arg, ... )` into token lists split at top-level commas.
/// A hint without parentheses has no arguments; `()` has none either.
bool LoomPragmaHandler::parseArgs(Preprocessor &pp, const HintInfo &hint,
                                  Token &tok,
                                  SmallVectorImpl<ParsedArg> &args) {
  if (tok.isNot(tok::l_paren))
    return true;
  SourceLocation open = tok.getLocation();
  pp.Lex(tok);
  if (tok.is(tok::r_paren)) {
    pp.Lex(tok);
    return true;
  }
  unsigned depth = 0;
  args.emplace_back();
  args.back().loc = tok.getLocation();
  while (true) {
    if (tok.isOneOf(tok::eod, tok::eof)) {
      report(pp.getDiagnostics(), open, LoomDiag::MalformedHint)
          << hint.spelling << "missing ')'";
      return false;
    }
    if (depth == 0 && tok.is(tok::r_paren))
      break;
    if (depth == 0 && tok.is(tok::comma)) {
      args.emplace_back();
      pp.Lex(tok);
      args.back().loc = tok.getLocation();
      continue;
    }
    if (tok.isOneOf(tok::l_paren, tok::l_square))
      ++depth;
    if (tok.isOneOf(tok::r_paren, tok::r_square))
      --depth;
    args.back().tokens.push_back(tok);
    pp.Lex(tok);
  }
  pp.Lex(tok);
  for (ParsedArg &arg : args)
    if (arg.tokens.empty()) {
      report(pp.getDiagnostics(), arg.loc, LoomDiag::MalformedHint)
          << hint.spelling << "empty argument";
      return false;
    }
  return true;
}

/// Returns the value of a lone integer literal (or its negation), if `arg`
/// is one. The value is wide enough that no 64-bit literal wraps.
static std::optional<llvm::APSInt> getLiteralValue(Preprocessor &pp,
                                                   const ParsedArg &arg) {
  bool negative = arg.tokens.size() == 2 && arg.tokens[0].is(tok::minus);
  const Token &last = arg.tokens.back();
  if (arg.tokens.size() != (negative ? 2u : 1u) ||
      last.isNot(tok::numeric_constant))
    return std::nullopt;
  SmallString<16> buffer;
  bool invalid = false;
  StringRef text = pp.getSpelling(last, buffer, &invalid);
  NumericLiteralParser literal(text, last.getLocation(), pp.getSourceManager(),
                               pp.getLangOpts(), pp.getTargetInfo(),
                               pp.getDiagnostics());
  if (invalid || literal.hadError || !literal.isIntegerLiteral())
    return std::nullopt;
  llvm::APInt value(128, 0);
  if (literal.GetIntegerValue(value))
    return std::nullopt;
  llvm::APSInt result(value, /*isUnsigned=*/false);
  return negative ? -result : result;
}

/// Checks a count written as a literal: positive (non-negative for a
/// minimum) and representable in the IR's 64-bit counts.
bool LoomPragmaHandler::checkCountLiteral(Preprocessor &pp,
                                          const HintInfo &hint, unsigned index,
                                          const ParsedArg &arg) {
  DiagnosticsEngine &diags = pp.getDiagnostics();
  std::optional<llvm::APSInt> value = getLiteralValue(pp, arg);
  if (!value)
    return true;
  std::string text = toString(*value, 10);
  if (hint.args[index] == HintArg::Count && !value->isStrictlyPositive()) {
    report(diags, arg.loc, LoomDiag::NonPositiveCount)
        << index + 1 << hint.spelling << text;
    return false;
  }
  if (value->isNegative()) {
    report(diags, arg.loc, LoomDiag::NegativeCount)
        << index + 1 << hint.spelling << text;
    return false;
  }
  if (value->getActiveBits() > 63) {
    report(diags, arg.loc, LoomDiag::CountTooLarge)
        << index + 1 << hint.spelling << text;
    return false;
  }
  return true;
}

/// Returns the word a count position holds when it is a word that belongs
/// to a later argument (`parallel(contiguous)`), or an empty string.
static StringRef getMisplacedWord(Preprocessor &pp, const HintInfo &hint,
                                  const ParsedArg &arg) {
  if (arg.tokens.size() != 1 || arg.tokens[0].isNot(tok::identifier))
    return "";
  StringRef word = arg.tokens[0].getIdentifierInfo()->getName();
  for (HintArg shape : hint.args)
    if ((shape == HintArg::Schedule && normalizeSchedule(word)) ||
        (shape == HintArg::BankLayout && isBankLayout(word)))
      return word;
  return "";
}

/// Checks one argument against its shape. Word arguments are returned
/// normalized in `word`; counts keep their tokens for Sema.
bool LoomPragmaHandler::checkArg(Preprocessor &pp, const HintInfo &hint,
                                 unsigned index, ParsedArg &arg,
                                 std::string &word) {
  DiagnosticsEngine &diags = pp.getDiagnostics();
  HintArg shape = hint.args[index];
  const Token &first = arg.tokens.front();
  std::string spelling = pp.getSpelling(first);
  switch (shape) {
  case HintArg::Count:
  case HintArg::MinCount: {
    StringRef misplaced = getMisplacedWord(pp, hint, arg);
    if (!misplaced.empty()) {
      report(diags, arg.loc, LoomDiag::WordForCount)
          << index + 1 << hint.spelling << misplaced
          << (hint.spelling + "(4, " + misplaced + ")").str();
      return false;
    }
    return checkCountLiteral(pp, hint, index, arg);
  }
  case HintArg::Schedule: {
    std::optional<StringRef> schedule =
        arg.tokens.size() == 1 ? normalizeSchedule(spelling) : std::nullopt;
    if (!schedule) {
      report(diags, arg.loc, LoomDiag::UnknownSchedule)
          << spelling << hint.spelling;
      return false;
    }
    word = schedule->str();
    return true;
  }
  case HintArg::BankLayout:
    if (arg.tokens.size() != 1 || !isBankLayout(spelling)) {
      report(diags, arg.loc, LoomDiag::UnknownBankLayout)
          << spelling << hint.spelling;
      return false;
    }
    word = spelling;
    return true;
  case HintArg::ReduceOp: {
    std::string op;
    for (const Token &t : arg.tokens)
      op += pp.getSpelling(t);
    if (first.is(tok::string_literal) && arg.tokens.size() == 1)
      op = StringRef(op).drop_front().drop_back().str();
    if (!isReduceOp(op)) {
      report(diags, arg.loc, LoomDiag::UnknownReduceOp) << op;
      return false;
    }
    word = op;
    return true;
  }
  case HintArg::Target:
  case HintArg::Name: {
    if (arg.tokens.size() != 1 || first.isNot(tok::string_literal)) {
      report(diags, arg.loc, LoomDiag::ExpectedString)
          << index + 1 << hint.spelling;
      return false;
    }
    StringLiteralParser literal(arg.tokens, pp);
    if (literal.hadError)
      return false;
    word = literal.GetString().str();
    if (shape == HintArg::Name && word.empty()) {
      report(diags, arg.loc, LoomDiag::EmptyKernelName) << hint.spelling;
      return false;
    }
    if (shape == HintArg::Target && !isValidTarget(word)) {
      report(diags, arg.loc, LoomDiag::UnknownTarget) << word;
      return false;
    }
    return true;
  }
  }
  llvm_unreachable("unknown argument shape");
}

/// True if the tokens from `next.at(0)` start a class, struct, union or enum
/// definition: a class key, then `{` before any `(`, `;` or `=`.
static bool startsClassDefinition(NextTokens &next) {
  if (!next.at(0).isOneOf(tok::kw_class, tok::kw_struct, tok::kw_union,
                          tok::kw_enum))
    return false;
  for (unsigned i = 1; i < 32; ++i) {
    Token token = next.at(i);
    if (token.is(tok::l_brace))
      return true;
    if (token.isOneOf(tok::l_paren, tok::semi, tok::equal, tok::eof))
      return false;
  }
  return false;
}

/// The description of what follows a hint that makes it misplaced for
/// sure, or "" if its tokens may be injected (the AST checker then reports
/// any misplacement with the statement's kind). Injected before a
/// declaration, a loop carrier would scope the declaration to itself;
/// injected before an expression statement, an attribute would make the
/// parser read a declaration (and before a label, clang would drop it); at
/// namespace scope, a carrier cannot parse.
static std::string getMisplacement(Preprocessor &pp, const HintInfo &hint,
                                   SourceLocation loc, NextTokens &next,
                                   bool asLoop) {
  Follower follower = classifyFollower(pp, next);
  switch (follower.kind) {
  case FollowerKind::End:
  case FollowerKind::CloseBrace:
  case FollowerKind::Stray:
    return follower.description;
  case FollowerKind::Declaration:
    if (asLoop)
      return follower.description;
    break;
  case FollowerKind::Expression:
  case FollowerKind::Label:
    // Clang drops an attribute before a label without a word.
    if (!asLoop)
      return follower.description;
    break;
  default:
    break;
  }
  Token first = next.at(0);
  // A carrier before `case` or `default` would take the label from the
  // switch around it.
  if (asLoop && first.isOneOf(tok::kw_case, tok::kw_default))
    return "a '" + pp.getSpelling(first) + "' label";
  // Clang rejects an attribute before an asm statement.
  if (!asLoop && first.is(tok::kw_asm))
    return "an 'asm' statement";
  if (!asLoop && hint.placement != HintPlacement::Variable &&
      startsClassDefinition(next))
    return first.is(tok::kw_enum)
               ? "an 'enum' definition"
               : "a '" + pp.getSpelling(first) + "' definition";
  // Only declarations stand at namespace scope (a loop there is clang's
  // error: the carrier is left out). A loop hint before anything but a loop
  // is misplaced anyway, so a wrong guess here only changes the message.
  if (asLoop && follower.kind != FollowerKind::Loop &&
      (isAtNamespaceScope(pp) || isAfterFunctionAtNamespaceScope(pp, loc)))
    return "a declaration";
  return "";
}

/// Decides whether the hint's tokens are injected before what follows it.
/// A hint misplaced for sure gets its error here and injects nothing, so
/// that the code after it parses as written.
bool LoomPragmaHandler::checkFollower(Preprocessor &pp, const HintInfo &hint,
                                      SourceLocation loc, NextTokens &next,
                                      bool asLoop) {
  std::string found = getMisplacement(pp, hint, loc, next, asLoop);
  if (found.empty())
    return !(asLoop && isAtNamespaceScope(pp));
  LoomDiag diag = asLoop ? LoomDiag::LoopHintNotOnLoop
                  : hint.placement == HintPlacement::Variable
                      ? LoomDiag::VariableHintMisplaced
                      : LoomDiag::FunctionHintNotOnDefinition;
  report(pp.getDiagnostics(), loc, diag) << hint.spelling << found;
  return false;
}

/// The presumed "file:line:col" of `loc`, where the hint was written.
static std::string getHintLocation(Preprocessor &pp, SourceLocation loc) {
  SourceManager &sources = pp.getSourceManager();
  PresumedLoc presumed = sources.getPresumedLoc(sources.getExpansionLoc(loc));
  if (presumed.isInvalid())
    return "";
  return (Twine(presumed.getFilename()) + ":" + Twine(presumed.getLine()) +
          ":" + Twine(presumed.getColumn()))
      .str();
}

/// Writes the first argument of a loop carrier: the count, wrapped so that
/// it is an integer for __builtin_annotation whatever its type (the checker
/// reports a non-integer count), or 0 when there is none.
static void writeCarrierCount(TokenWriter &out, const ParsedArg *count) {
  if (!count) {
    out.number("0");
    return;
  }
  // __builtin_choose_expr(__builtin_classify_type(N) <= 4, (N) + 0, 0):
  // type classes 1-4 are the integers, enumerations and bool.
  out.ident("__builtin_choose_expr").punct(tok::l_paren);
  out.ident("__builtin_classify_type").punct(tok::l_paren).raw(count->tokens);
  out.punct(tok::r_paren).punct(tok::lessequal, true);
  out.number("4", true).punct(tok::comma).punct(tok::l_paren, true);
  out.raw(count->tokens).punct(tok::r_paren).punct(tok::plus, true);
  out.number("0", true).punct(tok::comma).number("0", true);
  out.punct(tok::r_paren);
}

void LoomPragmaHandler::inject(Preprocessor &pp, const HintInfo &hint,
                               SourceLocation loc, ArrayRef<ParsedArg> args,
                               ArrayRef<std::string> words, bool asLoop,
                               TokenWriter &out) {
  if (!asLoop) {
    // __attribute__((annotate("loom.<hint>", args...)))
    out.ident("__attribute__").punct(tok::l_paren).punct(tok::l_paren);
    out.ident("annotate").punct(tok::l_paren);
    out.string((kAnnotationPrefix + hint.spelling).str());
    for (auto [i, arg] : llvm::enumerate(args)) {
      out.punct(tok::comma);
      if (words[i].empty())
        out.raw(arg.tokens);
      else
        out.string(words[i], true);
    }
    out.punct(tok::r_paren).punct(tok::r_paren).punct(tok::r_paren);
    return;
  }
  // One `switch (__builtin_annotation(count, "text")) default:` per count
  // (one in all when the hint has at most one count); the text carries the
  // hint, its location (for remarks without debug information) and words.
  LoopCarrierText carrier;
  carrier.hint = &hint;
  carrier.location = getHintLocation(pp, loc);
  SmallVector<std::optional<unsigned>, 4> pieces;
  for (auto [i, shape] : llvm::enumerate(hint.args)) {
    if (i < args.size() && !words[i].empty())
      carrier.words.push_back(words[i]);
    if ((shape == HintArg::Count || shape == HintArg::MinCount) &&
        i < args.size())
      pieces.push_back(unsigned(i));
  }
  bool multiCount = getNumCountArgs(hint) > 1;
  if (pieces.empty())
    pieces.push_back(std::nullopt);
  for (auto [n, index] : llvm::enumerate(pieces)) {
    carrier.argIndex = multiCount ? index : std::nullopt;
    out.ident("switch", n > 0).punct(tok::l_paren, true);
    out.ident("__builtin_annotation").punct(tok::l_paren);
    writeCarrierCount(out, index ? &args[*index] : nullptr);
    out.punct(tok::comma).string(formatLoopCarrier(carrier), true);
    out.punct(tok::r_paren).punct(tok::r_paren).ident("default", true);
    out.punct(tok::colon);
  }
}

static PragmaHandlerRegistry::Add<LoomPragmaHandler>
    registerLoomPragmas("loom", "Loom kernel, variable and loop hints");
