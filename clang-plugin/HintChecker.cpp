//===- HintChecker.cpp - AST validation of Loom hints -------------------===//
//
// Part of the Loom project.
//
// The pragma handler checks what tokens alone can tell. After Sema this
// checker validates the rest: that each injected annotate attribute sits on
// an entity of the right kind, that each loop-hint carrier wraps a loop, that
// counts are positive integer constants, and that hints on one entity neither
// repeat nor conflict.
//
//===----------------------------------------------------------------------===//

#include "HintChecker.h"
#include "Diagnostics.h"
#include "Hints.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;
using namespace loom::plugin;

namespace {

/// One hint found in the AST: its table entry, location and arguments.
struct FoundHint {
  const HintInfo *info;
  SourceLocation loc;
  SmallVector<const Expr *, 4> args;
};

class HintChecker : public RecursiveASTVisitor<HintChecker> {
public:
  explicit HintChecker(ASTContext &context)
      : context(context), diags(context.getDiagnostics()) {}

  bool VisitDecl(Decl *decl);
  bool VisitAttributedStmt(AttributedStmt *stmt);
  bool VisitSwitchStmt(SwitchStmt *stmt);

private:
  void checkDeclHint(Decl *decl, const FoundHint &hint);
  void checkCounts(const FoundHint &hint);
  void checkDuplicatesAndConflicts(ArrayRef<FoundHint> hints, StringRef entity);
  std::string describe(const Decl *decl);
  std::string describe(const Stmt *stmt);

  ASTContext &context;
  DiagnosticsEngine &diags;
  llvm::SmallPtrSet<const SwitchStmt *, 16> seenCarriers;
};

} // namespace

/// Returns the hint an annotate attribute carries, or null if it is not a
/// Loom annotation.
static const HintInfo *getHint(const AnnotateAttr *attr) {
  StringRef name = attr->getAnnotation();
  if (!name.consume_front(kAnnotationPrefix))
    return nullptr;
  return lookupHint(name);
}

/// Returns the hint a loop-hint carrier calls, with its call, or null.
static const HintInfo *getCarrierHint(const SwitchStmt *stmt,
                                      const CallExpr *&call) {
  call = dyn_cast_or_null<CallExpr>(stmt->getCond()->IgnoreParenImpCasts());
  if (!call || !call->getDirectCallee() ||
      call->getDirectCallee()->getName() != kLoopHintCallee ||
      call->getNumArgs() == 0)
    return nullptr;
  const auto *name =
      dyn_cast<StringLiteral>(call->getArg(0)->IgnoreParenImpCasts());
  return name ? lookupHint(name->getString()) : nullptr;
}

/// Returns the evaluated integer of `expr`, or nullopt if it is not an
/// integer constant expression.
static std::optional<llvm::APSInt> evaluateCount(const Expr *expr,
                                                 ASTContext &context) {
  if (expr->isValueDependent() ||
      !expr->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  return expr->getIntegerConstantExpr(context);
}

void HintChecker::checkCounts(const FoundHint &hint) {
  SmallVector<int64_t, 4> values;
  for (auto [i, arg] : llvm::enumerate(hint.args)) {
    HintArg shape = hint.info->args[i];
    if (shape != HintArg::Count && shape != HintArg::MinCount)
      continue;
    std::optional<llvm::APSInt> value = evaluateCount(arg, context);
    if (!value) {
      report(diags, hint.loc, LoomDiag::NonConstantCount)
          << unsigned(i + 1) << hint.info->spelling;
      return;
    }
    int64_t v = value->getSExtValue();
    if (shape == HintArg::Count && v <= 0) {
      report(diags, hint.loc, LoomDiag::NonPositiveCount)
          << unsigned(i + 1) << hint.info->spelling << std::to_string(v);
      return;
    }
    if (shape == HintArg::MinCount && v < 0) {
      report(diags, hint.loc, LoomDiag::NegativeCount)
          << unsigned(i + 1) << hint.info->spelling << std::to_string(v);
      return;
    }
    values.push_back(v);
  }
  StringRef spelling = hint.info->spelling;
  bool ordered = true;
  if (spelling == "tripcount_range")
    ordered = values[0] <= values[1];
  else if (spelling == "tripcount_typical")
    ordered = values[1] <= values[0] && values[0] <= values[2];
  else if (spelling == "tripcount_full")
    ordered = values[2] <= values[0] && values[0] <= values[3] &&
              values[2] <= values[1] && values[1] <= values[3];
  if (!ordered) {
    std::string got;
    llvm::raw_string_ostream os(got);
    llvm::interleaveComma(values, os);
    report(diags, hint.loc, LoomDiag::TripcountOrder) << spelling << got;
  }
}

void HintChecker::checkDuplicatesAndConflicts(ArrayRef<FoundHint> hints,
                                              StringRef entity) {
  for (unsigned i = 0; i < hints.size(); ++i)
    for (unsigned j = 0; j < i; ++j) {
      if (hints[i].info == hints[j].info) {
        report(diags, hints[i].loc, LoomDiag::DuplicateHint)
            << hints[i].info->spelling << entity;
        return;
      }
      if (!hints[i].info->conflictsWith.empty() &&
          hints[i].info->conflictsWith == hints[j].info->spelling) {
        report(diags, hints[i].loc, LoomDiag::ConflictingHints)
            << hints[i].info->spelling << hints[j].info->spelling << entity;
        return;
      }
    }
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

void HintChecker::checkDeclHint(Decl *decl, const FoundHint &hint) {
  StringRef spelling = hint.info->spelling;
  auto *fn = dyn_cast<FunctionDecl>(decl);
  auto *var = dyn_cast<VarDecl>(decl);
  switch (hint.info->placement) {
  case HintPlacement::Candidate:
  case HintPlacement::Function: {
    bool objectTarget = false;
    if (spelling == "target" && !hint.args.empty())
      if (const auto *str =
              dyn_cast<StringLiteral>(hint.args[0]->IgnoreParenImpCasts()))
        objectTarget = isObjectTarget(str->getString());
    if (objectTarget) {
      // "rom" and "extmemory" say where an object lives.
      if (!var) {
        report(diags, hint.loc, LoomDiag::TargetMisplaced)
            << cast<StringLiteral>(hint.args[0]->IgnoreParenImpCasts())
                   ->getString()
            << "objects (parameters and variables)" << describe(decl);
        return;
      }
      QualType type = var->getType();
      QualType object = type->isPointerType() ? type->getPointeeType()
                        : type->isArrayType()
                            ? QualType(type->getPointeeOrArrayElementType(), 0)
                            : type;
      bool isConst = object.isConstQualified() ||
                     (type->isArrayType() &&
                      context.getBaseElementType(type).isConstQualified());
      if (spelling == "target" &&
          cast<StringLiteral>(hint.args[0]->IgnoreParenImpCasts())
                  ->getString() == "rom" &&
          !isConst)
        report(diags, hint.loc, LoomDiag::RomNonConst)
            << var->getName() << type;
      return;
    }
    if (!fn || !fn->doesThisDeclarationHaveABody()) {
      if (spelling == "target" && var)
        report(diags, hint.loc, LoomDiag::TargetMisplaced)
            << cast<StringLiteral>(hint.args[0]->IgnoreParenImpCasts())
                   ->getString()
            << "functions" << describe(decl);
      else
        report(diags, hint.loc, LoomDiag::FunctionHintNotOnDefinition)
            << spelling << describe(decl);
    }
    return;
  }
  case HintPlacement::Variable:
    if (!var) {
      report(diags, hint.loc, LoomDiag::VariableHintMisplaced)
          << spelling << describe(decl);
      return;
    }
    if (spelling == "reduce" &&
        !var->getType().getNonReferenceType()->isArithmeticType())
      report(diags, hint.loc, LoomDiag::ReduceNonScalar)
          << var->getName() << var->getType();
    checkCounts(hint);
    return;
  case HintPlacement::Loop:
    // A loop hint is never injected as an attribute.
    return;
  }
}

bool HintChecker::VisitDecl(Decl *decl) {
  SmallVector<FoundHint, 4> hints;
  for (const AnnotateAttr *attr : decl->specific_attrs<AnnotateAttr>()) {
    const HintInfo *info = getHint(attr);
    if (!info)
      continue;
    FoundHint hint{info, attr->getLocation(), {}};
    for (const Expr *arg : attr->args())
      hint.args.push_back(arg);
    checkDeclHint(decl, hint);
    hints.push_back(hint);
  }
  // Attributes come back in reverse source order; report the later one.
  std::reverse(hints.begin(), hints.end());
  checkDuplicatesAndConflicts(hints, isa<FunctionDecl>(decl) ? "function"
                                                             : "declaration");
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
    report(diags, attr->getLocation(), diag)
        << info->spelling << describe(stmt->getSubStmt());
  }
  return true;
}

bool HintChecker::VisitSwitchStmt(SwitchStmt *stmt) {
  const CallExpr *call = nullptr;
  if (seenCarriers.contains(stmt) || !getCarrierHint(stmt, call))
    return true;
  // Walk the stack of carriers down to the statement they wrap.
  SmallVector<FoundHint, 4> hints;
  const Stmt *target = stmt;
  while (const auto *carrier = dyn_cast_or_null<SwitchStmt>(target)) {
    const HintInfo *info = getCarrierHint(carrier, call);
    if (!info)
      break;
    seenCarriers.insert(carrier);
    FoundHint hint{info, call->getBeginLoc(), {}};
    // Arguments 0 and 1 are the hint name and its location.
    for (const Expr *arg : llvm::drop_begin(call->arguments(), 2))
      hint.args.push_back(arg);
    hints.push_back(hint);
    const auto *body = dyn_cast<DefaultStmt>(carrier->getBody());
    target = body ? body->getSubStmt() : carrier->getBody();
  }
  if (!isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(target)) {
    report(diags, hints.front().loc, LoomDiag::LoopHintNotOnLoop)
        << hints.front().info->spelling << describe(target);
    return true;
  }
  for (const FoundHint &hint : hints)
    checkCounts(hint);
  checkDuplicatesAndConflicts(hints, "loop");
  return true;
}

void loom::plugin::checkHints(ASTContext &context) {
  HintChecker(context).TraverseDecl(context.getTranslationUnitDecl());
}
