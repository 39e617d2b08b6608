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
//   loop hint:                 switch (__loom_loop_hint("<hint>", args))
//   default:
//
// Counts stay token sequences so that Sema evaluates them; the AST checker
// (HintChecker.cpp) then validates what only Sema knows.
//
//===----------------------------------------------------------------------===//

#include "Diagnostics.h"
#include "Hints.h"

#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/LiteralSupport.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;
using namespace loom::plugin;

namespace {

/// One parsed hint argument: its tokens and, for words, its spelling.
struct ParsedArg {
  SmallVector<Token, 4> tokens;
  SourceLocation loc;
};

/// Builds the token stream injected in place of one pragma.
class TokenWriter {
public:
  TokenWriter(Preprocessor &pp, SourceLocation loc) : pp(pp), loc(loc) {}

  TokenWriter &punct(tok::TokenKind kind) {
    Token t = make(kind);
    tokens.push_back(t);
    return *this;
  }
  TokenWriter &ident(StringRef name) {
    IdentifierInfo *info = pp.getIdentifierInfo(name);
    Token t = make(info->getTokenID());
    t.setIdentifierInfo(info);
    tokens.push_back(t);
    return *this;
  }
  TokenWriter &string(StringRef text) {
    SmallString<64> quoted;
    quoted += '"';
    quoted += text;
    quoted += '"';
    Token t = make(tok::string_literal);
    pp.CreateString(quoted, t, loc, loc);
    tokens.push_back(t);
    return *this;
  }
  TokenWriter &raw(ArrayRef<Token> original) {
    tokens.append(original.begin(), original.end());
    return *this;
  }

  /// Hands the tokens to the preprocessor, which lexes them next.
  void enter() {
    auto array = std::make_unique<Token[]>(tokens.size());
    llvm::copy(tokens, array.get());
    pp.EnterTokenStream(std::move(array), tokens.size(),
                        /*DisableMacroExpansion=*/false, /*IsReinject=*/false);
  }

private:
  Token make(tok::TokenKind kind) {
    Token t;
    t.startToken();
    t.setKind(kind);
    t.setLocation(loc);
    t.setLength(0);
    return t;
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
  void inject(Preprocessor &pp, const HintInfo &hint, SourceLocation loc,
              ArrayRef<ParsedArg> args, ArrayRef<std::string> words);
};

} // namespace

/// Skips to the end of the pragma line.
static void skipToEnd(Preprocessor &pp, Token &tok) {
  while (tok.isNot(tok::eod) && tok.isNot(tok::eof))
    pp.Lex(tok);
}

void LoomPragmaHandler::HandlePragma(Preprocessor &pp, PragmaIntroducer,
                                     Token &firstToken) {
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
  inject(pp, *hint, hintLoc, args, words);
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

/// Returns the value of a lone integer literal, if `arg` is one.
static std::optional<int64_t> getLiteralValue(Preprocessor &pp,
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
  llvm::APInt value(64, 0);
  if (literal.GetIntegerValue(value))
    return std::nullopt;
  int64_t result = static_cast<int64_t>(value.getZExtValue());
  return negative ? -result : result;
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
    std::optional<int64_t> value = getLiteralValue(pp, arg);
    if (value && shape == HintArg::Count && *value <= 0) {
      report(diags, arg.loc, LoomDiag::NonPositiveCount)
          << index + 1 << hint.spelling << std::to_string(*value);
      return false;
    }
    if (value && shape == HintArg::MinCount && *value < 0) {
      report(diags, arg.loc, LoomDiag::NegativeCount)
          << index + 1 << hint.spelling << std::to_string(*value);
      return false;
    }
    return true;
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
    if (shape == HintArg::Target && !isValidTarget(word)) {
      report(diags, arg.loc, LoomDiag::UnknownTarget) << word;
      return false;
    }
    return true;
  }
  }
  llvm_unreachable("unknown argument shape");
}

/// True if the next token starts a loop or another loop hint's carrier.
static bool nextIsLoop(Preprocessor &pp) {
  const Token &next = pp.LookAhead(0);
  return next.isOneOf(tok::kw_for, tok::kw_while, tok::kw_do, tok::kw_switch);
}

void LoomPragmaHandler::inject(Preprocessor &pp, const HintInfo &hint,
                               SourceLocation loc, ArrayRef<ParsedArg> args,
                               ArrayRef<std::string> words) {
  TokenWriter out(pp, loc);
  bool asLoop = hint.placement == HintPlacement::Loop ||
                (hint.placement == HintPlacement::Candidate && nextIsLoop(pp));
  auto writeArgs = [&]() {
    for (auto [i, arg] : llvm::enumerate(args)) {
      out.punct(tok::comma);
      if (words[i].empty())
        out.raw(arg.tokens);
      else
        out.string(words[i]);
    }
  };
  if (asLoop) {
    // switch (__loom_loop_hint("<hint>", "<file:line:col>", args...))
    //   default:
    // The location lets the IR pass name and report the loop without debug
    // information.
    PresumedLoc presumed = pp.getSourceManager().getPresumedLoc(
        pp.getSourceManager().getExpansionLoc(loc));
    std::string where;
    if (presumed.isValid())
      where = (llvm::Twine(presumed.getFilename()) + ":" +
               llvm::Twine(presumed.getLine()) + ":" +
               llvm::Twine(presumed.getColumn()))
                  .str();
    out.ident("switch").punct(tok::l_paren).ident(kLoopHintCallee);
    out.punct(tok::l_paren).string(hint.spelling).punct(tok::comma);
    out.string(where);
    writeArgs();
    out.punct(tok::r_paren).punct(tok::r_paren).ident("default");
    out.punct(tok::colon);
  } else {
    // __attribute__((annotate("loom.<hint>", args...)))
    out.ident("__attribute__").punct(tok::l_paren).punct(tok::l_paren);
    out.ident("annotate").punct(tok::l_paren);
    out.string((kAnnotationPrefix + hint.spelling).str());
    writeArgs();
    out.punct(tok::r_paren).punct(tok::r_paren).punct(tok::r_paren);
  }
  out.enter();
}

static PragmaHandlerRegistry::Add<LoomPragmaHandler>
    registerLoomPragmas("loom", "Loom kernel, variable and loop hints");
