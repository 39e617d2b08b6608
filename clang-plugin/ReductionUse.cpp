//===- ReductionUse.cpp - is a LOOM_REDUCE variable a reduction? ----------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "ReductionUse.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

#include <set>
#include <vector>

using namespace clang;

namespace {

/// Collects the operators `var` is updated with inside loops, and whether
/// it is updated at all.
class UpdateFinder : public RecursiveASTVisitor<UpdateFinder> {
public:
  explicit UpdateFinder(const VarDecl &var) : var(var) {}

  bool TraverseForStmt(ForStmt *s) {
    return inLoop([&] { return Base::TraverseForStmt(s); });
  }
  bool TraverseWhileStmt(WhileStmt *s) {
    return inLoop([&] { return Base::TraverseWhileStmt(s); });
  }
  bool TraverseDoStmt(DoStmt *s) {
    return inLoop([&] { return Base::TraverseDoStmt(s); });
  }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *s) {
    return inLoop([&] { return Base::TraverseCXXForRangeStmt(s); });
  }

  /// `if (x > acc) acc = x;` (any comparison of `acc`, either branch
  /// shape): a minimum or a maximum, by the comparison.
  bool TraverseIfStmt(IfStmt *s) {
    const auto *compare =
        dyn_cast_or_null<BinaryOperator>(s->getCond()->IgnoreParenImpCasts());
    const Stmt *then = s->getThen();
    if (const auto *block = dyn_cast_or_null<CompoundStmt>(then);
        block && block->size() == 1)
      then = block->body_front();
    const auto *assign = dyn_cast_or_null<BinaryOperator>(then);
    if (compare && compare->isRelationalOp() && !s->getElse() && assign &&
        assign->getOpcode() == BO_Assign && refersToVar(assign->getLHS()) &&
        (refersToVar(compare->getLHS()) || refersToVar(compare->getRHS()))) {
      record("min/max");
      conditionalUpdates.insert(assign);
    }
    return Base::TraverseIfStmt(s);
  }

  bool VisitCompoundAssignOperator(CompoundAssignOperator *e) {
    if (!refersToVar(e->getLHS()))
      return true;
    switch (e->getOpcode()) {
    case BO_AddAssign:
    case BO_SubAssign:
      record("+");
      break;
    case BO_MulAssign:
      record("*");
      break;
    case BO_AndAssign:
      record("&");
      break;
    case BO_OrAssign:
      record("|");
      break;
    case BO_XorAssign:
      record("^");
      break;
    default:
      record(BinaryOperator::getOpcodeStr(e->getOpcode()).str());
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *e) {
    if (e->getDecl() == &var && loopDepth > 0)
      usedInLoop = true;
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *e) {
    if (e->isIncrementDecrementOp() && refersToVar(e->getSubExpr()))
      record("+");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *e) {
    if (e->getOpcode() == BO_Assign && refersToVar(e->getLHS()) &&
        !conditionalUpdates.contains(e))
      record(classifyAssignedValue(e->getRHS()));
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *e) {
    // `acc = ...` / `acc += ...` on a class type (e.g. std::complex).
    if (e->getNumArgs() == 2 && refersToVar(e->getArg(0)) &&
        e->isAssignmentOp())
      record(e->getOperator() == OO_Equal ? classifyAssignedValue(e->getArg(1))
             : e->getOperator() == OO_PlusEqual ||
                     e->getOperator() == OO_MinusEqual
                 ? "+"
             : e->getOperator() == OO_StarEqual ? "*"
                                                : "other");
    return true;
  }

  llvm::SetVector<std::string, std::vector<std::string>, std::set<std::string>>
      loopOps;
  bool updatedOutsideLoops = false;
  bool usedInLoop = false;

private:
  using Base = RecursiveASTVisitor<UpdateFinder>;

  template <typename F> bool inLoop(F traverse) {
    ++loopDepth;
    bool result = traverse();
    --loopDepth;
    return result;
  }

  bool refersToVar(const Expr *e) const {
    auto *ref = dyn_cast<DeclRefExpr>(e->IgnoreParenImpCasts());
    return ref && ref->getDecl() == &var;
  }

  void record(std::string op) {
    if (loopDepth > 0)
      loopOps.insert(std::move(op));
    else
      updatedOutsideLoops = true;
  }

  /// The reduction operator of `acc = value`, or "other".
  std::string classifyAssignedValue(const Expr *value) const {
    value = value->IgnoreParenImpCasts();
    if (auto *binary = dyn_cast<BinaryOperator>(value)) {
      if (!refersToVar(binary->getLHS()) && !refersToVar(binary->getRHS()))
        return "other";
      switch (binary->getOpcode()) {
      case BO_Add:
      case BO_Sub:
        return "+";
      case BO_Mul:
        return "*";
      case BO_And:
        return "&";
      case BO_Or:
        return "|";
      case BO_Xor:
        return "^";
      default:
        return "other";
      }
    }
    if (auto *conditional = dyn_cast<ConditionalOperator>(value)) {
      // `x < acc ? x : acc`: a minimum or a maximum, by the comparison.
      if (refersToVar(conditional->getTrueExpr()) ||
          refersToVar(conditional->getFalseExpr()))
        return "min/max";
      return "other";
    }
    if (auto *call = dyn_cast<CallExpr>(value)) {
      const FunctionDecl *callee = call->getDirectCallee();
      bool usesVar = llvm::any_of(
          call->arguments(), [&](const Expr *arg) { return refersToVar(arg); });
      if (callee && usesVar && callee->getIdentifier()) {
        StringRef name = callee->getName();
        if (name.contains("min"))
          return "min";
        if (name.contains("max"))
          return "max";
      }
    }
    return "other";
  }

  const VarDecl &var;
  unsigned loopDepth = 0;
  /// The assignments of `if (x > acc) acc = x;`, classified with their if.
  llvm::SmallPtrSet<const BinaryOperator *, 4> conditionalUpdates;
};

} // namespace

std::string loom::plugin::whyNotReduction(const VarDecl &var, StringRef op,
                                          const FunctionDecl *function) {
  if (!function || !function->hasBody())
    return "";
  UpdateFinder finder(var);
  finder.TraverseStmt(function->getBody());
  std::string name = var.getNameAsString();
  // A variable no loop touches: the hint is inert, nothing to say.
  if (finder.loopOps.empty())
    return finder.usedInLoop
               ? "a loop reads '" + name + "' but does not accumulate into it"
               : "";
  for (const std::string &used : finder.loopOps)
    if (used == op || (used == "min/max" && (op == "min" || op == "max")))
      return "";
  SmallVector<std::string> quoted;
  for (const std::string &used : finder.loopOps)
    quoted.push_back("'" + used + "'");
  return "the loop updates '" + name + "' with " + llvm::join(quoted, ", ") +
         ", not '" + op.str() + "'";
}
