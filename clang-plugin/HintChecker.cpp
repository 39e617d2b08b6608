//===- HintChecker.cpp - AST validation of Loom hints -------------------===//
//
// Part of the Loom project.
//
// The pragma handler checks what tokens alone can tell. After Sema this
// checker validates the rest: that each injected annotate attribute sits on
// an entity of the right kind, that each loop-hint carrier wraps a loop, that
// counts are positive integer constants, and that hints on one entity neither
// repeat nor conflict. Templates are checked per instantiation: a count or a
// type that depends on a template parameter is only known there.
//
//===----------------------------------------------------------------------===//

#include "HintChecker.h"
#include "Diagnostics.h"
#include "Hints.h"
#include "ReductionUse.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace loom::plugin;

namespace {

/// One hint found in the AST: its table entry, location and arguments (by
/// argument position; null where a loop carrier holds a word).
struct FoundHint {
  const HintInfo *info;
  SourceLocation loc;
  SmallVector<const Expr *, 4> args;
  /// A loop hint's "file:line:col", as its carrier and metadata write it.
  std::string carrierLocation = {};
};

class HintChecker : public RecursiveASTVisitor<HintChecker> {
public:
  HintChecker(ASTContext &context, HintCheckState &state)
      : context(context), diags(context.getDiagnostics()), state(state) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitDecl(Decl *decl);
  bool VisitAttributedStmt(AttributedStmt *stmt);
  bool VisitSwitchStmt(SwitchStmt *stmt);

private:
  bool firstReport(SourceLocation loc, LoomDiag diag);
  LoomDiagBuilder reportOnce(SourceLocation loc, LoomDiag diag);
  SourceLocation getHintLoc(SourceLocation tokenLoc);
  bool checkDeclHint(Decl *decl, const FoundHint &hint);
  bool checkVariableHint(VarDecl *var, const FoundHint &hint);
  void checkLoopTarget(const Stmt *loop, ArrayRef<FoundHint> hints);
  void checkCounts(const FoundHint &hint);
  void checkDuplicatesAndConflicts(ArrayRef<FoundHint> hints, StringRef entity);
  void sortBySource(SmallVectorImpl<FoundHint> &hints);
  std::string describe(const Decl *decl);
  std::string describe(const Stmt *stmt);

  ASTContext &context;
  DiagnosticsEngine &diags;
  HintCheckState &state;
};

} // namespace

/// What the checks of one translation unit share.
struct loom::plugin::HintCheckState {
  llvm::SmallPtrSet<const SwitchStmt *, 16> seenCarriers;
  /// (location, diagnostic) pairs already reported: a template and its
  /// instantiations share the hint's location.
  llvm::DenseSet<std::pair<unsigned, unsigned>> reported;
  /// (location, hint) of the parameter and variable hints that are ignored:
  /// the copies a redeclaration inherits are removed too.
  llvm::DenseSet<std::pair<unsigned, const HintInfo *>> ignoredDeclHints;
  llvm::StringSet<> ignoredLoopHints;
};

/// Returns the hint an annotate attribute carries, or null if it is not a
/// Loom annotation.
static const HintInfo *getHint(const AnnotateAttr *attr) {
  StringRef name = attr->getAnnotation();
  if (!name.consume_front(kAnnotationPrefix))
    return nullptr;
  return lookupHint(name);
}

/// Returns the parsed carrier text if `expr` is a loop-hint carrier call,
/// `__builtin_annotation(<count>, "loom.<hint>...@<location>...")`.
static std::optional<LoopCarrierText> getCarrier(const Expr *expr,
                                                 const CallExpr *&call) {
  call =
      dyn_cast_or_null<CallExpr>(expr ? expr->IgnoreParenImpCasts() : nullptr);
  if (!call || call->getNumArgs() != 2 ||
      call->getBuiltinCallee() != Builtin::BI__builtin_annotation)
    return std::nullopt;
  const auto *text =
      dyn_cast<StringLiteral>(call->getArg(1)->IgnoreParenImpCasts());
  if (!text || !text->isOrdinary())
    return std::nullopt;
  return parseLoopCarrier(text->getString());
}

/// Returns the count a carrier call holds, or null if it holds none (the
/// literal 0). The pragma handler wraps a count as
/// `__builtin_choose_expr(__builtin_classify_type(N) <= 4, (N) + 0, 0)`.
static const Expr *getCarrierCount(const CallExpr *call) {
  // Not IgnoreParens: it looks through __builtin_choose_expr.
  const Expr *arg = call->getArg(0)->IgnoreImpCasts();
  while (const auto *paren = dyn_cast<ParenExpr>(arg))
    arg = paren->getSubExpr()->IgnoreImpCasts();
  if (const auto *choose = dyn_cast<ChooseExpr>(arg)) {
    const Expr *sum = choose->getLHS()->IgnoreParens();
    if (const auto *op = dyn_cast<BinaryOperator>(sum))
      return op->getLHS()->IgnoreParens();
    if (const auto *op = dyn_cast<CXXOperatorCallExpr>(sum))
      return op->getArg(0)->IgnoreParens();
    return sum;
  }
  if (const auto *literal = dyn_cast<IntegerLiteral>(arg))
    if (literal->getValue().isZero())
      return nullptr;
  return arg;
}

/// Returns the evaluated integer of `expr`, or nullopt if it is not an
/// integer constant expression.
static std::optional<llvm::APSInt> evaluateCount(const Expr *expr,
                                                 ASTContext &context) {
  if (!expr->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  return expr->getIntegerConstantExpr(context);
}

/// The location of the hint an injected token belongs to (see
/// getWrittenLoc): what diagnostics, duplicates and ordering go by.
SourceLocation HintChecker::getHintLoc(SourceLocation tokenLoc) {
  return getWrittenLoc(context.getSourceManager(), tokenLoc);
}

bool HintChecker::firstReport(SourceLocation loc, LoomDiag diag) {
  return state.reported.insert({loc.getRawEncoding(), unsigned(diag)}).second;
}

/// Reports `diag` at `loc` unless it was reported there before; the
/// builder is empty then.
LoomDiagBuilder HintChecker::reportOnce(SourceLocation loc, LoomDiag diag) {
  if (!firstReport(loc, diag))
    return LoomDiagBuilder();
  return report(diags, loc, diag);
}

void HintChecker::checkCounts(const FoundHint &hint) {
  // In a template the count may depend on a parameter: the instantiations
  // are checked instead.
  for (const Expr *arg : hint.args)
    if (arg && arg->isValueDependent())
      return;
  SmallVector<llvm::APSInt, 4> values;
  for (auto [i, arg] : llvm::enumerate(hint.args)) {
    HintArg shape = hint.info->args[i];
    if (!arg || (shape != HintArg::Count && shape != HintArg::MinCount))
      continue;
    std::optional<llvm::APSInt> value = evaluateCount(arg, context);
    LoomDiag diag = LoomDiag::NonConstantCount;
    if (value && shape == HintArg::Count && !value->isStrictlyPositive())
      diag = LoomDiag::NonPositiveCount;
    else if (value && value->isNegative())
      diag = LoomDiag::NegativeCount;
    else if (value && value->getActiveBits() > 63)
      diag = LoomDiag::CountTooLarge;
    else if (value) {
      values.push_back(*value);
      continue;
    }
    LoomDiagBuilder builder = reportOnce(hint.loc, diag);
    builder << unsigned(i + 1) << hint.info->spelling;
    if (value)
      builder << toString(*value, 10);
    return;
  }
  auto le = [&](unsigned a, unsigned b) {
    return llvm::APSInt::compareValues(values[a], values[b]) <= 0;
  };
  StringRef spelling = hint.info->spelling;
  bool ordered = true;
  if (spelling == "tripcount_range" && values.size() == 2)
    ordered = le(0, 1);
  else if (spelling == "tripcount_typical" && values.size() == 3)
    ordered = le(1, 0) && le(0, 2);
  else if (spelling == "tripcount_full" && values.size() == 4)
    ordered = le(2, 0) && le(0, 3) && le(2, 1) && le(1, 3);
  if (!ordered && firstReport(hint.loc, LoomDiag::TripcountOrder)) {
    std::string got;
    llvm::raw_string_ostream os(got);
    llvm::interleaveComma(
        values, os, [&](const llvm::APSInt &v) { os << toString(v, 10); });
    report(diags, hint.loc, LoomDiag::TripcountOrder) << spelling << got;
  }
}

/// True if `a` and `b` may not go on one entity: either names the other.
static bool conflicts(const HintInfo &a, const HintInfo &b) {
  return (!a.conflictsWith.empty() && a.conflictsWith == b.spelling) ||
         (!b.conflictsWith.empty() && b.conflictsWith == a.spelling);
}

void HintChecker::checkDuplicatesAndConflicts(ArrayRef<FoundHint> hints,
                                              StringRef entity) {
  // `hints` is in source order: report at the later hint.
  for (unsigned i = 0; i < hints.size(); ++i)
    for (unsigned j = 0; j < i; ++j) {
      if (hints[i].info == hints[j].info) {
        if (firstReport(hints[i].loc, LoomDiag::DuplicateHint))
          report(diags, hints[i].loc, LoomDiag::DuplicateHint)
              << hints[i].info->spelling << entity;
        return;
      }
      if (conflicts(*hints[i].info, *hints[j].info)) {
        if (firstReport(hints[i].loc, LoomDiag::ConflictingHints))
          report(diags, hints[i].loc, LoomDiag::ConflictingHints)
              << hints[i].info->spelling << hints[j].info->spelling << entity;
        return;
      }
    }
}

void HintChecker::sortBySource(SmallVectorImpl<FoundHint> &hints) {
  SourceManager &sources = context.getSourceManager();
  // Insertion sort: a handful of hints, and equal locations keep their
  // order.
  for (unsigned i = 1; i < hints.size(); ++i)
    for (unsigned j = i;
         j > 0 && sources.isBeforeInTranslationUnit(
                      sources.getExpansionLoc(hints[j].loc),
                      sources.getExpansionLoc(hints[j - 1].loc));
         --j)
      std::swap(hints[j], hints[j - 1]);
}

std::string HintChecker::describe(const Decl *decl) {
  std::string name;
  if (const auto *named = dyn_cast<NamedDecl>(decl))
    name = " '" + named->getNameAsString() + "'";
  if (const auto *fn = dyn_cast<FunctionDecl>(decl))
    return (fn->doesThisDeclarationHaveABody() ? "the definition of function"
                                               : "a declaration without a "
                                                 "body of function") +
           name;
  if (isa<ParmVarDecl>(decl))
    return "parameter" + name;
  if (isa<VarDecl>(decl))
    return "variable" + name;
  return std::string(decl->getDeclKindName()) + " declaration" + name;
}

std::string HintChecker::describe(const Stmt *stmt) {
  if (!stmt)
    return "nothing";
  if (isa<NullStmt>(stmt))
    return "an empty statement";
  return std::string("a statement of kind '") + stmt->getStmtClassName() + "'";
}

/// The string literal argument `index` of `hint`, or "".
static StringRef getStringArg(const FoundHint &hint, unsigned index) {
  if (index >= hint.args.size() || !hint.args[index])
    return "";
  const auto *str =
      dyn_cast<StringLiteral>(hint.args[index]->IgnoreParenImpCasts());
  return str ? str->getString() : "";
}

/// Checks a parameter or variable hint against the object's type; returns
/// true if the hint does not fit (a -Wloom-hint warning) and is ignored.
bool HintChecker::checkVariableHint(VarDecl *var, const FoundHint &hint) {
  StringRef spelling = hint.info->spelling;
  QualType type = var->getType().getNonReferenceType();
  checkCounts(hint);
  // A type that depends on a template parameter is checked per
  // instantiation.
  if (type->isDependentType())
    return false;
  if (spelling == "reduce") {
    StringRef op = getStringArg(hint, 0);
    if (!type->isArithmeticType()) {
      reportOnce(hint.loc, LoomDiag::ReduceNonScalar)
          << var->getName() << var->getType();
      return true;
    }
    if ((op == "&" || op == "|" || op == "^") &&
        !type->isIntegralOrEnumerationType()) {
      reportOnce(hint.loc, LoomDiag::ReduceNonInteger)
          << op << var->getName() << var->getType();
      return true;
    }
    // The accumulator of a reduction is updated with its operator in a
    // loop of the function that declares it.
    const auto *function =
        dyn_cast_or_null<FunctionDecl>(var->getParentFunctionOrMethod());
    if (function && !function->isDependentContext())
      if (std::string why = whyNotReduction(*var, op, function); !why.empty()) {
        reportOnce(hint.loc, LoomDiag::ReduceNotAccumulated) << op << why;
        return true;
      }
  }
  if ((spelling == "stream" || spelling == "memory_bank") &&
      !type->isPointerType() && !type->isArrayType()) {
    reportOnce(hint.loc, LoomDiag::NeedsPointerOrArray)
        << spelling << var->getName() << var->getType();
    return true;
  }
  return false;
}

/// True if the object `type` describes (a pointer's or an array's
/// elements, or the object itself) is const.
static bool isConstObject(QualType type, ASTContext &context) {
  QualType object = type->isPointerType() ? type->getPointeeType()
                    : type->isArrayType()
                        ? QualType(type->getPointeeOrArrayElementType(), 0)
                        : type;
  return object.isConstQualified() ||
         (type->isArrayType() &&
          context.getBaseElementType(type).isConstQualified());
}

/// Checks `hint` on `decl`; returns true if the hint is ignored (a
/// -Wloom-hint warning). Misplacements are errors.
bool HintChecker::checkDeclHint(Decl *decl, const FoundHint &hint) {
  StringRef spelling = hint.info->spelling;
  auto *fn = dyn_cast<FunctionDecl>(decl);
  auto *var = dyn_cast<VarDecl>(decl);
  switch (hint.info->placement) {
  case HintPlacement::Candidate:
  case HintPlacement::Function: {
    StringRef target = spelling == "target" ? getStringArg(hint, 0) : "";
    if (isObjectTarget(target)) {
      // "rom" and "extmemory" say where an object lives.
      if (!var) {
        reportOnce(hint.loc, LoomDiag::TargetMisplaced)
            << target << "objects (parameters and variables)" << describe(decl);
        return false;
      }
      QualType type = var->getType();
      if (target != "rom" || type->isDependentType() ||
          isConstObject(type, context))
        return false;
      reportOnce(hint.loc, LoomDiag::RomNonConst) << var->getName() << type;
      return true;
    }
    if (fn && fn->doesThisDeclarationHaveABody())
      return false;
    if (!target.empty() && var)
      reportOnce(hint.loc, LoomDiag::TargetMisplaced)
          << target << "functions" << describe(decl);
    else
      reportOnce(hint.loc, LoomDiag::FunctionHintNotOnDefinition)
          << spelling << describe(decl);
    return false;
  }
  case HintPlacement::Variable:
    if (!var) {
      reportOnce(hint.loc, LoomDiag::VariableHintMisplaced)
          << spelling << describe(decl);
      return false;
    }
    return checkVariableHint(var, hint);
  case HintPlacement::Loop:
    // A loop hint is never injected as an attribute.
    return false;
  }
  llvm_unreachable("unknown hint placement");
}

/// Removes `attrs` from `decl`, before code generation emits them.
static void removeAttrs(Decl *decl, ArrayRef<const Attr *> attrs) {
  if (attrs.empty())
    return;
  AttrVec &all = decl->getAttrs();
  llvm::erase_if(all,
                 [&](Attr *attr) { return llvm::is_contained(attrs, attr); });
  if (all.empty())
    decl->dropAttrs();
}

/// True for a function that is an instantiation of a template (or a member
/// of one): its hints were checked on the template, and it may be a
/// declaration whose body is never instantiated.
static bool isInstantiatedFunction(const Decl *decl) {
  const auto *fn = dyn_cast<FunctionDecl>(decl);
  return fn && isTemplateInstantiation(fn->getTemplateSpecializationKind());
}

bool HintChecker::VisitDecl(Decl *decl) {
  if (isInstantiatedFunction(decl))
    return true;
  SmallVector<FoundHint, 4> hints;
  SmallVector<const Attr *, 2> ignored;
  for (const AnnotateAttr *attr : decl->specific_attrs<AnnotateAttr>()) {
    const HintInfo *info = getHint(attr);
    if (!info)
      continue;
    SourceLocation loc = getHintLoc(attr->getLocation());
    std::pair<unsigned, const HintInfo *> key = {loc.getRawEncoding(), info};
    // A redeclaration inherits the hints of the declaration before it; they
    // were checked there, and an ignored one is removed here too.
    if (attr->isInherited()) {
      if (state.ignoredDeclHints.contains(key))
        ignored.push_back(attr);
      continue;
    }
    FoundHint hint{info, loc, {}};
    for (const Expr *arg : attr->args())
      hint.args.push_back(arg);
    if (checkDeclHint(decl, hint)) {
      ignored.push_back(attr);
      state.ignoredDeclHints.insert(key);
    }
    hints.push_back(hint);
  }
  sortBySource(hints);
  checkDuplicatesAndConflicts(hints, isa<FunctionDecl>(decl) ? "function"
                                                             : "declaration");
  removeAttrs(decl, ignored);
  return true;
}

bool HintChecker::VisitAttributedStmt(AttributedStmt *stmt) {
  for (const Attr *attr : stmt->getAttrs()) {
    const auto *annotate = dyn_cast<AnnotateAttr>(attr);
    const HintInfo *info = annotate ? getHint(annotate) : nullptr;
    if (!info)
      continue;
    LoomDiag diag = info->placement == HintPlacement::Variable
                        ? LoomDiag::VariableHintMisplaced
                        : LoomDiag::FunctionHintNotOnDefinition;
    SourceLocation loc = getHintLoc(attr->getLocation());
    reportOnce(loc, diag) << info->spelling << describe(stmt->getSubStmt());
  }
  return true;
}

/// Adds one carrier to `hints`: a count of a hint with several counts joins
/// the hint's other counts (its carriers are stacked, in argument order).
static void addCarrier(SmallVectorImpl<FoundHint> &hints,
                       const LoopCarrierText &text, const CallExpr *call,
                       SourceLocation loc) {
  const HintInfo *info = text.hint;
  const Expr *count = getCarrierCount(call);
  unsigned index = 0;
  if (text.argIndex) {
    index = *text.argIndex;
  } else {
    // The count of a hint with one count is its first count position.
    while (index < info->args.size() && info->args[index] != HintArg::Count &&
           info->args[index] != HintArg::MinCount)
      ++index;
  }
  bool joins = text.argIndex && !hints.empty() && hints.back().info == info &&
               index < hints.back().args.size() && !hints.back().args[index];
  if (!joins)
    hints.push_back(FoundHint{info, loc, {}, text.location});
  FoundHint &hint = hints.back();
  if (count && index < info->args.size()) {
    if (hint.args.size() <= index)
      hint.args.resize(info->args.size(), nullptr);
    hint.args[index] = count;
  }
}

/// The loop a carrier stack wraps: `target` itself, or the loop under a
/// clang loop pragma (`#pragma clang loop`, `#pragma unroll`).
static const Stmt *getWrappedLoop(const Stmt *target) {
  if (const auto *attributed = dyn_cast_or_null<AttributedStmt>(target))
    if (llvm::all_of(attributed->getAttrs(),
                     [](const Attr *attr) { return isa<LoopHintAttr>(attr); }))
      target = attributed->getSubStmt();
  return isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(target)
             ? target
             : nullptr;
}

/// Returns "do", "while" or "for" if `loop`'s condition is always false.
static StringRef getFalseConditionLoop(const Stmt *loop, ASTContext &context) {
  const Expr *cond = nullptr;
  StringRef kind;
  if (const auto *doStmt = dyn_cast<DoStmt>(loop))
    cond = doStmt->getCond(), kind = "do";
  else if (const auto *whileStmt = dyn_cast<WhileStmt>(loop))
    cond = whileStmt->getCond(), kind = "while";
  else if (const auto *forStmt = dyn_cast<ForStmt>(loop))
    cond = forStmt->getCond(), kind = "for";
  bool value = true;
  if (!cond || cond->isValueDependent() ||
      !cond->EvaluateAsBooleanCondition(value, context) || value)
    return "";
  return kind;
}

bool HintChecker::VisitSwitchStmt(SwitchStmt *stmt) {
  const CallExpr *call = nullptr;
  if (state.seenCarriers.contains(stmt) || !getCarrier(stmt->getCond(), call))
    return true;
  // Walk the stack of carriers down to the statement they wrap.
  SmallVector<FoundHint, 4> hints;
  const Stmt *target = stmt;
  const DefaultStmt *label = nullptr;
  while (const auto *carrier = dyn_cast_or_null<SwitchStmt>(target)) {
    std::optional<LoopCarrierText> text = getCarrier(carrier->getCond(), call);
    if (!text)
      break;
    state.seenCarriers.insert(carrier);
    addCarrier(hints, *text, call, getHintLoc(call->getBeginLoc()));
    label = dyn_cast<DefaultStmt>(carrier->getBody());
    target = label ? label->getSubStmt() : carrier->getBody();
  }
  const Stmt *loop = getWrappedLoop(target);
  // A statement clang could not parse (a loop with an error in its body)
  // is replaced by an empty statement at the carrier's `default:`; its own
  // error says what is wrong, not the hint.
  if (const auto *empty = dyn_cast_or_null<NullStmt>(target);
      !loop && empty && label && empty->getSemiLoc() == label->getColonLoc())
    return true;
  if (!loop) {
    const FoundHint &first = hints.front();
    reportOnce(first.loc, LoomDiag::LoopHintNotOnLoop)
        << first.info->spelling << describe(target);
    return true;
  }
  checkLoopTarget(loop, hints);
  for (const FoundHint &hint : hints)
    checkCounts(hint);
  checkDuplicatesAndConflicts(hints, "loop");
  return true;
}

/// A loop whose condition is always false never repeats: after code
/// generation there is no loop for its hints, which could otherwise attach
/// to the next loop. Each hint is ignored, with a warning.
void HintChecker::checkLoopTarget(const Stmt *loop, ArrayRef<FoundHint> hints) {
  StringRef falseLoop = getFalseConditionLoop(loop, context);
  if (falseLoop.empty())
    return;
  for (const FoundHint &hint : hints) {
    reportOnce(hint.loc, LoomDiag::LoopConditionFalse)
        << hint.info->spelling << falseLoop;
    state.ignoredLoopHints.insert(
        getLoopHintKey(hint.info->spelling, hint.carrierLocation));
  }
}

HintCheckSession::HintCheckSession(ASTContext &context)
    : context(context), state(std::make_unique<HintCheckState>()) {}

HintCheckSession::~HintCheckSession() = default;

void HintCheckSession::check(Decl *decl) {
  HintChecker(context, *state).TraverseDecl(decl);
}

void HintCheckSession::finish() { check(context.getTranslationUnitDecl()); }

const llvm::StringSet<> &HintCheckSession::getIgnoredLoopHints() const {
  return state->ignoredLoopHints;
}

namespace {
/// Finds the loop-hint carriers of one declaration for foldCarrierCounts.
class CarrierFolder : public RecursiveASTVisitor<CarrierFolder> {
public:
  explicit CarrierFolder(ASTContext &context) : context(context) {}

  bool VisitCallExpr(CallExpr *call) {
    const CallExpr *carrier = nullptr;
    if (!getCarrier(call, carrier) || carrier != call)
      return true;
    Expr *count = call->getArg(0);
    if (isa<ConstantExpr>(count) || count->isValueDependent() ||
        !count->getType()->isIntegralOrEnumerationType())
      return true;
    if (std::optional<llvm::APSInt> value =
            count->getIntegerConstantExpr(context))
      call->setArg(0, ConstantExpr::Create(context, count, APValue(*value)));
    return true;
  }

private:
  ASTContext &context;
};
} // namespace

void loom::plugin::foldCarrierCounts(Decl *decl, ASTContext &context) {
  CarrierFolder(context).TraverseDecl(decl);
}
