//===- HintFollower.cpp - what a hint precedes ----------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "HintFollower.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

#include <optional>

using namespace clang;
using namespace loom::plugin;

/// How far the classification looks: attributes and a qualified name.
constexpr unsigned kMaxLookahead = 64;

Token NextTokens::at(unsigned i) {
  while (tokens.size() <= i &&
         (tokens.empty() || tokens.back().isNot(tok::eof))) {
    tokens.emplace_back();
    pp.Lex(tokens.back());
  }
  return tokens[std::min<size_t>(i, tokens.size() - 1)];
}

/// The Sema of the translation unit being parsed; set by the AST action.
static Sema *parserSema = nullptr;

void loom::plugin::setParserSema(Sema *sema) { parserSema = sema; }

/// The parser's Sema if it parses what `pp` lexes.
static Sema *getSema(Preprocessor &pp) {
  if (!parserSema || &parserSema->getPreprocessor() != &pp)
    return nullptr;
  return parserSema;
}

bool loom::plugin::isAtNamespaceScope(Preprocessor &pp) {
  Sema *sema = getSema(pp);
  // With delayed template parsing, function template bodies are lexed at
  // namespace scope and parsed later.
  if (!sema || !sema->getCurScope() || pp.getLangOpts().DelayedTemplateParsing)
    return false;
  constexpr unsigned kInner =
      Scope::FnScope | Scope::BlockScope | Scope::ClassScope |
      Scope::CompoundStmtScope | Scope::FunctionPrototypeScope |
      Scope::FunctionDeclarationScope | Scope::ControlScope;
  for (Scope *scope = sema->getCurScope(); scope; scope = scope->getParent())
    if (scope->getFlags() & kInner)
      return false;
  return sema->CurContext &&
         sema->CurContext->getRedeclContext()->isFileContext();
}

/// The file location of the hint at `loc`: where its macro is used, or the
/// start of its `#pragma loom` line.
static SourceLocation getHintStart(Preprocessor &pp, SourceLocation loc) {
  SourceManager &sources = pp.getSourceManager();
  loc = sources.getExpansionLoc(loc);
  auto [file, offset] = sources.getDecomposedLoc(loc);
  bool invalid = false;
  StringRef buffer = sources.getBufferData(file, &invalid);
  if (invalid || offset > buffer.size())
    return loc;
  size_t lineStart = buffer.rfind('\n', offset);
  lineStart = lineStart == StringRef::npos ? 0 : lineStart + 1;
  if (buffer.substr(lineStart, offset - lineStart).ltrim().starts_with("#"))
    return loc.getLocWithOffset(-int(offset - lineStart));
  return loc;
}

bool loom::plugin::isAfterFunctionAtNamespaceScope(Preprocessor &pp,
                                                   SourceLocation loc) {
  Sema *sema = getSema(pp);
  Scope *scope = sema ? sema->getCurScope() : nullptr;
  // The outermost scope of a function body is the current one only until
  // the token after its `}` is lexed: nested blocks have scopes of their
  // own, and member function bodies in a class are parsed from tokens
  // cached at class scope.
  if (!scope || !(scope->getFlags() & Scope::FnScope) ||
      pp.getLangOpts().DelayedTemplateParsing)
    return false;
  auto *function = dyn_cast_or_null<FunctionDecl>(sema->CurContext);
  if (!function ||
      !function->getLexicalDeclContext()->getRedeclContext()->isFileContext())
    return false;
  std::optional<Token> previous =
      Lexer::findPreviousToken(getHintStart(pp, loc), pp.getSourceManager(),
                               pp.getLangOpts(), /*IncludeComments=*/false);
  return previous && previous->is(tok::r_brace);
}

/// True for keywords that only begin a declaration.
static bool isDeclarationKeyword(const Token &token) {
  switch (token.getKind()) {
  case tok::kw_void:
  case tok::kw_bool:
  case tok::kw_char:
  case tok::kw_wchar_t:
  case tok::kw_char8_t:
  case tok::kw_char16_t:
  case tok::kw_char32_t:
  case tok::kw_short:
  case tok::kw_int:
  case tok::kw_long:
  case tok::kw_signed:
  case tok::kw_unsigned:
  case tok::kw_float:
  case tok::kw_double:
  case tok::kw__Bool:
  case tok::kw__Complex:
  case tok::kw___int128:
  case tok::kw__Float16:
  case tok::kw___float128:
  case tok::kw___bf16:
  case tok::kw_auto:
  case tok::kw_decltype:
  case tok::kw_typename:
  case tok::kw_typeof:
  case tok::kw___auto_type:
  case tok::kw_const:
  case tok::kw_volatile:
  case tok::kw_restrict:
  case tok::kw__Atomic:
  case tok::kw_static:
  case tok::kw_extern:
  case tok::kw_register:
  case tok::kw_thread_local:
  case tok::kw__Thread_local:
  case tok::kw___thread:
  case tok::kw_mutable:
  case tok::kw_inline:
  case tok::kw_constexpr:
  case tok::kw_consteval:
  case tok::kw_constinit:
  case tok::kw_virtual:
  case tok::kw_explicit:
  case tok::kw_friend:
  case tok::kw_typedef:
  case tok::kw_using:
  case tok::kw_template:
  case tok::kw_namespace:
  case tok::kw_static_assert:
  case tok::kw__Static_assert:
  case tok::kw_alignas:
  case tok::kw__Alignas:
  case tok::kw_class:
  case tok::kw_struct:
  case tok::kw_union:
  case tok::kw_enum:
  case tok::kw_operator:
  case tok::kw_concept:
  case tok::kw_export:
  case tok::kw___declspec:
    return true;
  default:
    return false;
  }
}

/// True for tokens that begin an expression statement and nothing else.
static bool isExpressionStart(const Token &token) {
  if (tok::isLiteral(token.getKind()))
    return true;
  switch (token.getKind()) {
  case tok::l_paren:
  case tok::star:
  case tok::amp:
  case tok::plus:
  case tok::minus:
  case tok::exclaim:
  case tok::plusplus:
  case tok::minusminus:
  case tok::kw_this:
  case tok::kw_new:
  case tok::kw_delete:
  case tok::kw_throw:
  case tok::kw_sizeof:
  case tok::kw_alignof:
  case tok::kw__Alignof:
  case tok::kw_static_cast:
  case tok::kw_dynamic_cast:
  case tok::kw_reinterpret_cast:
  case tok::kw_const_cast:
  case tok::kw_typeid:
  case tok::kw_true:
  case tok::kw_false:
  case tok::kw_nullptr:
  case tok::kw_co_await:
  case tok::kw_co_yield:
  case tok::kw_noexcept:
  case tok::kw___null:
    return true;
  default:
    return false;
  }
}

/// True for tokens after a name that make it an expression whatever the
/// name is (unless it names a type): `x = 1`, `f(...)`, `a[i]`, `p->f`.
static bool continuesExpression(const Token &token) {
  switch (token.getKind()) {
  case tok::equal:
  case tok::plusequal:
  case tok::minusequal:
  case tok::starequal:
  case tok::slashequal:
  case tok::percentequal:
  case tok::ampequal:
  case tok::pipeequal:
  case tok::caretequal:
  case tok::lesslessequal:
  case tok::greatergreaterequal:
  case tok::l_paren:
  case tok::l_square:
  case tok::period:
  case tok::arrow:
  case tok::plusplus:
  case tok::minusminus:
  case tok::semi:
    return true;
  default:
    return false;
  }
}

/// True for binary operators after a variable or function name that cannot
/// follow a type (unlike `*`, `&`, `&&` and `<`): `out << x`, `a == b`.
static bool isBinaryOperator(const Token &token) {
  return token.isOneOf(tok::lessless, tok::greatergreater, tok::plus,
                       tok::minus, tok::slash, tok::percent, tok::equalequal,
                       tok::exclaimequal, tok::lessequal, tok::greaterequal,
                       tok::greater, tok::pipepipe, tok::pipe, tok::caret,
                       tok::question, tok::comma, tok::spaceship);
}

/// Returns the index after the balanced group that opens at `i`, or 0 if
/// it does not close within the lookahead.
static unsigned skipBalanced(NextTokens &next, unsigned i) {
  unsigned depth = 0;
  for (unsigned end = i + kMaxLookahead; i < end; ++i) {
    Token token = next.at(i);
    if (token.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
      ++depth;
    else if (token.isOneOf(tok::r_paren, tok::r_square, tok::r_brace) &&
             --depth == 0)
      return i + 1;
    else if (token.is(tok::eof))
      return 0;
  }
  return 0;
}

/// Skips GNU (`__attribute__((...))`) and standard (`[[...]]`) attributes
/// from `i`; returns the index of the token after them, or nullopt if one
/// does not close.
static std::optional<unsigned> skipAttributes(NextTokens &next, unsigned i) {
  while (true) {
    Token token = next.at(i);
    if (token.is(tok::kw___attribute) && next.at(i + 1).is(tok::l_paren))
      i = skipBalanced(next, i + 1);
    else if (token.is(tok::l_square) && next.at(i + 1).is(tok::l_square))
      i = skipBalanced(next, i);
    else
      return i;
    if (i == 0)
      return std::nullopt;
  }
}

namespace {
/// What a (possibly qualified) name at the start of the code names.
enum class NameKind { Type, Value, Template, NotFound, Unknown };

struct ResolvedName {
  NameKind kind = NameKind::Unknown;
  unsigned end = 0;       ///< the index after the name
  bool qualified = false; ///< `a::b` rather than `b`
};
} // namespace

/// Looks `name` up as the parser would at this point: unqualified in the
/// current scope, or qualified in `context`. Returns the single declaration
/// found (looking through using-declarations), or null with `kind` set to
/// NotFound or Unknown (overloads are Value).
static NamedDecl *lookUp(Sema &sema, const Token &name, DeclContext *context,
                         bool beforeScope, NameKind &kind) {
  LookupResult result(sema, name.getIdentifierInfo(), name.getLocation(),
                      beforeScope ? Sema::LookupNestedNameSpecifierName
                                  : Sema::LookupOrdinaryName);
  result.suppressDiagnostics();
  if (context)
    sema.LookupQualifiedName(result, context);
  else
    sema.LookupName(result, sema.getCurScope());
  kind = NameKind::Unknown;
  if (result.empty() && !result.wasNotFoundInCurrentInstantiation())
    kind = NameKind::NotFound;
  else if (result.isOverloadedResult())
    kind = NameKind::Value;
  if (!result.isSingleResult())
    return nullptr;
  return result.getFoundDecl()->getUnderlyingDecl();
}

/// The context a name before `::` opens, or null if it opens none whose
/// members can be looked up now (a dependent or incomplete class).
static DeclContext *getScopeContext(NamedDecl *decl) {
  if (auto *alias = dyn_cast<NamespaceAliasDecl>(decl))
    return alias->getNamespace();
  if (auto *ns = dyn_cast<NamespaceDecl>(decl))
    return ns;
  TagDecl *tag = dyn_cast<TagDecl>(decl);
  if (auto *typedefName = dyn_cast<TypedefNameDecl>(decl))
    tag = typedefName->getUnderlyingType()->getAsTagDecl();
  if (!tag || tag->isDependentContext() ||
      !(tag->isCompleteDefinition() || tag->isBeingDefined()))
    return nullptr;
  return tag;
}

static NameKind getNameKind(const NamedDecl *decl) {
  if (isa<TypeDecl>(decl) || isa<ClassTemplateDecl>(decl) ||
      isa<TypeAliasTemplateDecl>(decl) || isa<TemplateTemplateParmDecl>(decl) ||
      isa<ConceptDecl>(decl))
    return NameKind::Type;
  if (isa<FunctionTemplateDecl>(decl) || isa<VarTemplateDecl>(decl))
    return NameKind::Template;
  if (isa<ValueDecl>(decl))
    return NameKind::Value;
  return NameKind::Unknown;
}

/// True if `decl`, named before `::`, is a type that depends on a template
/// parameter (`T::`, `Base<T>::`).
static bool isDependentScope(const NamedDecl *decl) {
  if (isa<TemplateTypeParmDecl>(decl))
    return true;
  if (const auto *typedefName = dyn_cast<TypedefNameDecl>(decl))
    return typedefName->getUnderlyingType()->isDependentType();
  const auto *tag = dyn_cast<TagDecl>(decl);
  return tag && tag->isDependentContext();
}

/// Skips the rest `b :: c` of a name after a dependent `T ::` at `i`:
/// without `typename`, the parser takes it for a value (NotFound decides
/// as for a name no lookup finds).
static ResolvedName skipDependentName(NextTokens &next, unsigned i,
                                      ResolvedName resolved) {
  for (unsigned steps = 0; steps < kMaxLookahead / 2; ++steps) {
    if (next.at(i).isNot(tok::identifier))
      return resolved;
    resolved.end = i + 1;
    if (next.at(i + 1).isNot(tok::coloncolon)) {
      resolved.kind = NameKind::NotFound;
      return resolved;
    }
    i += 2;
  }
  return resolved;
}

/// Resolves the name `[::] a :: b :: c` that starts at `i`.
static ResolvedName resolveName(Sema &sema, NextTokens &next, unsigned i) {
  ResolvedName resolved;
  DeclContext *context = nullptr;
  if (next.at(i).is(tok::coloncolon)) {
    context = sema.getASTContext().getTranslationUnitDecl();
    resolved.qualified = true;
    ++i;
  }
  for (unsigned steps = 0; steps < kMaxLookahead / 2; ++steps) {
    Token name = next.at(i);
    if (name.isNot(tok::identifier))
      return resolved;
    bool beforeScope = next.at(i + 1).is(tok::coloncolon);
    NamedDecl *decl = lookUp(sema, name, context, beforeScope, resolved.kind);
    resolved.end = i + 1;
    if (!decl)
      return resolved;
    if (!beforeScope) {
      resolved.kind = getNameKind(decl);
      return resolved;
    }
    context = getScopeContext(decl);
    resolved.qualified = true;
    resolved.kind = NameKind::Unknown;
    i += 2;
    // `S::~S`, `S::operator=`: an out-of-line member definition.
    if (context && next.at(i).isOneOf(tok::tilde, tok::kw_operator)) {
      resolved.kind = NameKind::Type;
      return resolved;
    }
    if (!context)
      return isDependentScope(decl) ? skipDependentName(next, i, resolved)
                                    : resolved;
  }
  return resolved;
}

/// Classifies code that starts with a name (at `i`).
static Follower classifyName(Preprocessor &pp, NextTokens &next, unsigned i) {
  Sema *sema = getSema(pp);
  if (next.at(i).is(tok::identifier) && next.at(i + 1).is(tok::colon))
    return {FollowerKind::Label, "a label"};
  if (!sema || !sema->getCurScope())
    return {};
  ResolvedName name = resolveName(*sema, next, i);
  Token after = next.at(name.end);
  switch (name.kind) {
  case NameKind::Type:
    return {FollowerKind::Declaration, "a declaration"};
  case NameKind::Template:
    if (after.is(tok::less))
      return {FollowerKind::Expression, "an expression statement"};
    [[fallthrough]];
  case NameKind::Value:
    if (isBinaryOperator(after))
      return {FollowerKind::Expression, "an expression statement"};
    [[fallthrough]];
  case NameKind::NotFound:
    // A name not found may still be a type the lookup cannot see yet (a
    // member declared later, in an inline member function's body): only
    // what cannot follow a type decides.
    if (name.end != 0 && continuesExpression(after))
      return {FollowerKind::Expression, "an expression statement"};
    return {};
  case NameKind::Unknown:
    return {};
  }
  llvm_unreachable("unknown name kind");
}

Follower loom::plugin::classifyFollower(Preprocessor &pp, NextTokens &next) {
  Token first = next.at(0);
  if (first.is(tok::eof))
    return {FollowerKind::End, "nothing"};
  if (first.is(tok::r_brace))
    return {FollowerKind::CloseBrace, "'}'"};
  if (first.isOneOf(tok::kw_for, tok::kw_while, tok::kw_do,
                    tok::annot_pragma_loop_hint))
    return {FollowerKind::Loop, "a loop"};
  if (first.is(tok::kw_switch))
    return {FollowerKind::Switch, "a 'switch' statement"};
  if (first.isOneOf(tok::kw_else, tok::kw_catch, tok::r_paren, tok::r_square,
                    tok::comma, tok::colon, tok::kw_public, tok::kw_private,
                    tok::kw_protected))
    return {FollowerKind::Stray, "'" + pp.getSpelling(first) + "'"};
  if (first.isOneOf(tok::kw_if, tok::kw_return, tok::kw_break, tok::kw_continue,
                    tok::kw_goto, tok::kw_case, tok::kw_default, tok::kw_try,
                    tok::kw_co_return, tok::l_brace, tok::semi))
    return {FollowerKind::Statement, "a statement"};
  std::optional<unsigned> start = skipAttributes(next, 0);
  if (!start)
    return {};
  Token token = next.at(*start);
  if (isDeclarationKeyword(token))
    return {FollowerKind::Declaration, "a declaration"};
  if (token.isOneOf(tok::identifier, tok::coloncolon))
    return classifyName(pp, next, *start);
  // Attributes before a statement keyword, `{`, `;` or a stacked hint's
  // carrier: the parser decides.
  if (*start > 0)
    return {};
  // `[` not followed by `[` begins a lambda.
  if (isExpressionStart(token) || token.is(tok::l_square))
    return {FollowerKind::Expression, "an expression statement"};
  return {};
}
