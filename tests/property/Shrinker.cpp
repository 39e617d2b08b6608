//===- Shrinker.cpp - smaller programs that still fail --------------------===//
//
// Part of the Loom project.
//
// Edits are numbered by a walk over the program in a fixed order, larger
// edits first; applying edit n means walking to the n-th edit site. A kept
// edit restarts the count at the same number (the sites behind it moved
// up), a rejected one moves on. Every edit leaves a program ProgramBuilder
// can build: it never changes a type, and a removed definition reads as zero.
//
//===----------------------------------------------------------------------===//

#include "Shrinker.h"

namespace loom::proptest {
namespace {

/// Walks to edit site `target` and applies it.
class Editor {
public:
  explicit Editor(unsigned target) : target(target) {}
  bool apply(Program &program);

private:
  /// True exactly at the target site.
  bool site() { return !applied && counter++ == target && (applied = true); }
  void walkBlock(Block &block);
  void walkStmt(Stmt &stmt);
  void walkExpr(Expr &expr);
  void shortenLoop(Stmt &stmt);

  unsigned target;
  unsigned counter = 0;
  bool applied = false;
};

} // namespace

static Expr makeConst(Scalar type, uint64_t bits) {
  Expr e;
  e.kind = Expr::Kind::Const;
  e.type = type;
  e.bits = bits;
  return e;
}

static uint64_t oneBits(Scalar type) {
  if (type == Scalar::F32)
    return 0x3f800000ull;
  if (type == Scalar::F64)
    return 0x3ff0000000000000ull;
  return 1;
}

void Editor::walkBlock(Block &block) {
  for (size_t i = 0; i < block.stmts.size() && !applied; ++i) {
    if (site()) {
      block.stmts.erase(block.stmts.begin() + i);
      return;
    }
    // Inline one of the construct's blocks in its place.
    for (size_t lane = 0; lane < block.stmts[i].blocks.size(); ++lane) {
      if (!site())
        continue;
      std::vector<Stmt> inner = block.stmts[i].blocks[lane].stmts;
      block.stmts.erase(block.stmts.begin() + i);
      block.stmts.insert(block.stmts.begin() + i, inner.begin(), inner.end());
      return;
    }
  }
  for (Stmt &stmt : block.stmts) {
    if (applied)
      return;
    walkStmt(stmt);
  }
}

void Editor::shortenLoop(Stmt &stmt) {
  Expr &trip = stmt.exprs[0];
  for (uint64_t n : {0, 1, 2}) {
    if (trip.kind == Expr::Kind::Const && trip.bits <= n)
      return;
    if (site()) {
      trip = makeConst(Scalar::Index, n);
      return;
    }
  }
}

void Editor::walkStmt(Stmt &stmt) {
  if (stmt.kind == Stmt::Kind::For || stmt.kind == Stmt::Kind::While)
    shortenLoop(stmt);
  if (stmt.backward && site())
    stmt.backward = false;
  if (stmt.from != 0 && site())
    stmt.from = 0;
  for (size_t i = 0; i < stmt.carried.size(); ++i)
    if (site()) {
      stmt.carried.erase(stmt.carried.begin() + i);
      return;
    }
  for (size_t i = 0; i < stmt.results.size(); ++i)
    if (site()) {
      stmt.results.erase(stmt.results.begin() + i);
      return;
    }
  for (size_t i = 0; i < stmt.cases.size(); ++i)
    if (site()) {
      // Case i is lane i + 1.
      stmt.cases.erase(stmt.cases.begin() + i);
      stmt.blocks.erase(stmt.blocks.begin() + i + 1);
      for (ResultVar &r : stmt.results)
        r.lanes.erase(r.lanes.begin() + i + 1);
      return;
    }
  if (applied)
    return;
  for (Block &block : stmt.blocks)
    walkBlock(block);
  for (Expr &expr : stmt.exprs)
    walkExpr(expr);
  for (CarriedVar &c : stmt.carried) {
    walkExpr(c.init);
    walkExpr(c.next);
  }
  for (ResultVar &r : stmt.results)
    for (Expr &lane : r.lanes)
      walkExpr(lane);
}

void Editor::walkExpr(Expr &expr) {
  if (applied)
    return;
  bool isZero = expr.kind == Expr::Kind::Const && expr.bits == 0;
  if (!isZero && site()) {
    expr = makeConst(expr.type, 0);
    return;
  }
  if (expr.kind != Expr::Kind::Const && site()) {
    expr = makeConst(expr.type, oneBits(expr.type));
    return;
  }
  for (Expr &operand : expr.operands) {
    if (operand.type != expr.type || !site())
      continue;
    Expr replacement = operand;
    expr = std::move(replacement);
    return;
  }
  for (Expr &operand : expr.operands)
    walkExpr(operand);
}

bool Editor::apply(Program &program) {
  // One result stays: a region without an observable effect is rejected.
  for (size_t i = 0; program.results.size() > 1 && i < program.results.size();
       ++i)
    if (site()) {
      program.results.erase(program.results.begin() + i);
      return true;
    }
  walkBlock(program.body);
  for (Expr &result : program.results)
    walkExpr(result);
  for (uint64_t &value : program.valueInputs)
    if (value != 0 && site())
      value = 0;
  for (Buffer &buffer : program.buffers)
    for (uint64_t &element : buffer.init)
      if (element != 0 && site())
        element = 0;
  return applied;
}

Program shrink(Program program,
               llvm::function_ref<bool(const Program &)> stillFails,
               unsigned maxAttempts, unsigned &attempts) {
  attempts = 0;
  bool progress = true;
  while (progress && attempts < maxAttempts) {
    progress = false;
    for (unsigned edit = 0; attempts < maxAttempts;) {
      Program candidate = program;
      if (!Editor(edit).apply(candidate))
        break;
      ++attempts;
      if (stillFails(candidate)) {
        program = std::move(candidate);
        progress = true;
      } else {
        ++edit;
      }
    }
  }
  return program;
}

} // namespace loom::proptest
