//===- ProgramBuilder.cpp - a Program as an SCF-stage kernel --------------===//
//
// Part of the Loom project.
//
// Emits a Program tree through KernelBuilder. This is where every construct
// is made well defined whatever the tree holds (see Program.h): the guards
// are part of the program both executions run, so they are tested too.
//
//===----------------------------------------------------------------------===//

#include "ProgramBuilder.h"

#include "loom/TestIR/KernelBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace loom::testir;

namespace loom::proptest {

namespace {

using Env = llvm::DenseMap<unsigned, Value>;

/// Emits one program; `env` maps variable ids to the values in scope.
class Emitter {
public:
  Emitter(MLIRContext &context, const Program &program, KernelBuilder &k)
      : context(context), program(program), k(k), b(k.getBuilder()),
        loc(k.getLoc()) {}

  void emitBlock(const Block &block, Env &env);
  Value emitExpr(const Expr &expr, const Env &env);

private:
  Type typeOf(Scalar type) { return getMLIRType(context, type); }
  Value constantBits(Scalar type, uint64_t bits);
  Value intConstant(Type type, int64_t value) {
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value))
        .getResult();
  }
  Value cmpi(arith::CmpIPredicate predicate, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, predicate, x, y);
  }
  Value select(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  Value toIndex(Value v);
  /// `v` (an index) reduced modulo `modulus`: in 0 .. modulus-1.
  Value reduce(Value v, int64_t modulus) {
    return arith::RemUIOp::create(b, loc, toIndex(v), k.ic(modulus));
  }
  Value emitBinary(BinaryOp op, Value x, Value y);
  Value unambiguousNaN(Value x, Value y);
  Value emitGuardedDivision(BinaryOp op, Value x, Value y);
  Value emitCast(Value v, Scalar from, Scalar to, unsigned variant);
  Value memoryArg(unsigned i) { return k.memory(i); }
  /// The cell `indices` name in memory argument `memory`, each index
  /// reduced modulo its extent (a missing one reads as 0). Returns the
  /// indices with the last one, the builders' dynamic axis, split off.
  /// A pointer argument bound `origin` elements into its buffer takes the
  /// reduced index minus the origin: [-origin, extent - origin), the same
  /// element of the buffer as the whole memref's reduced index.
  std::pair<SmallVector<Value>, Value> cellOf(unsigned memory,
                                              ArrayRef<Value> indices) {
    const Buffer &buffer = program.buffers[program.memoryBuffers[memory]];
    SmallVector<Value> cell;
    for (auto [d, extent] : llvm::enumerate(buffer.shape))
      cell.push_back(reduce(d < indices.size() ? indices[d] : k.ic(0), extent));
    Value dynamic = cell.back();
    if (int64_t origin = program.getOrigin(memory))
      dynamic = k.sub(dynamic, k.ic(origin));
    cell.back() = Value();
    return {cell, dynamic};
  }
  /// The index expressions of a Store or ScatterAdd, built.
  SmallVector<Value> emitStoreIndices(const Stmt &stmt, const Env &env) {
    SmallVector<Value> indices = {emitExpr(stmt.exprs[0], env)};
    for (const Expr &index : llvm::drop_begin(stmt.exprs, 2))
      indices.push_back(emitExpr(index, env));
    return indices;
  }
  void emitScatterAdd(const Stmt &stmt, Env &env);
  void emitFor(const Stmt &stmt, Env &env);
  void markHinted(const Stmt &stmt);
  Value iterationCell(const Stmt &stmt, Value iv);
  Value emitIterLoad(const Expr &expr);
  void emitWhile(const Stmt &stmt, Env &env);
  void emitIf(const Stmt &stmt, Env &env);
  void emitSwitch(const Stmt &stmt, Env &env);
  void emitLocal(const Stmt &stmt, Env &env);
  void emitLocalStore(const Stmt &stmt, const Env &env);
  void emitParallel(const Stmt &stmt, const Env &env);
  void emitLaneStore(const Stmt &stmt, const Env &env);
  void emitExecute(const Stmt &stmt, Env &env);
  /// The local `var` if it is in scope with elements of `type`, else null
  /// (a shrinking step removed its declaration).
  Value localOf(unsigned var, Scalar type, const Env &env) {
    auto it = env.find(var);
    if (it == env.end())
      return Value();
    auto memref = dyn_cast<MemRefType>(it->second.getType());
    if (!memref || memref.getElementType() != typeOf(type))
      return Value();
    return it->second;
  }
  /// The indices of one cell of `local`: none for rank 0, else `index`
  /// reduced modulo the extent.
  SmallVector<Value> localCell(Value local, Value index) {
    auto type = cast<MemRefType>(local.getType());
    if (type.getRank() == 0)
      return {};
    return {reduce(index, type.getDimSize(0))};
  }
  SmallVector<Type> resultTypes(const Stmt &stmt) {
    SmallVector<Type> types;
    for (const ResultVar &r : stmt.results)
      types.push_back(typeOf(r.type));
    return types;
  }
  /// Emits `block` in a copy of `env` and then the `lane`-th value of every
  /// result of `stmt`.
  SmallVector<Value> emitLane(const Stmt &stmt, unsigned lane, const Env &env) {
    Env inner = env;
    emitBlock(stmt.blocks[lane], inner);
    SmallVector<Value> values;
    for (const ResultVar &r : stmt.results)
      values.push_back(emitExpr(r.lanes[lane], inner));
    return values;
  }

  MLIRContext &context;
  const Program &program;
  KernelBuilder &k;
  OpBuilder &b;
  Location loc;
  /// The counter of each hinted For being emitted: the memory argument of
  /// its buffer and the index of the cell the current iteration owns.
  llvm::DenseMap<unsigned, std::pair<unsigned, Value>> iterationCells;
  /// Hinted loops emitted so far: the next one's line in its location.
  unsigned hintedLoops = 0;
};

} // namespace

Value Emitter::constantBits(Scalar type, uint64_t bits) {
  Type mlirType = typeOf(type);
  if (isFloat(type)) {
    const llvm::fltSemantics &semantics = type == Scalar::F32
                                              ? llvm::APFloat::IEEEsingle()
                                              : llvm::APFloat::IEEEdouble();
    llvm::APFloat value(semantics, llvm::APInt(getBitWidth(type), bits));
    return arith::ConstantOp::create(b, loc, mlirType,
                                     b.getFloatAttr(mlirType, value));
  }
  unsigned width = getBitWidth(type);
  llvm::APInt value(width, width == 64 ? bits : bits & ((1ull << width) - 1));
  return arith::ConstantOp::create(b, loc, mlirType,
                                   b.getIntegerAttr(mlirType, value));
}

Value Emitter::toIndex(Value v) {
  Type type = v.getType();
  if (type.isIndex())
    return v;
  if (type.isInteger(1))
    v = arith::ExtUIOp::create(b, loc, b.getI64Type(), v);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

Value Emitter::emitGuardedDivision(BinaryOp op, Value x, Value y) {
  Type type = x.getType();
  // A zero divisor divides by one instead.
  Value one = intConstant(type, 1);
  y = select(cmpi(arith::CmpIPredicate::eq, y, intConstant(type, 0)), one, y);
  if (op == BinaryOp::DivUI)
    return arith::DivUIOp::create(b, loc, x, y);
  if (op == BinaryOp::RemUI)
    return arith::RemUIOp::create(b, loc, x, y);
  // MIN / -1 overflows (and MIN % -1 is undefined in LLVM): divide by one.
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  Value min = arith::ConstantOp::create(
      b, loc, type,
      b.getIntegerAttr(type, llvm::APInt::getSignedMinValue(width)));
  Value overflow = arith::AndIOp::create(
      b, loc, cmpi(arith::CmpIPredicate::eq, x, min),
      cmpi(arith::CmpIPredicate::eq, y, intConstant(type, -1)));
  y = select(overflow, one, y);
  if (op == BinaryOp::DivSI)
    return arith::DivSIOp::create(b, loc, x, y);
  return arith::RemSIOp::create(b, loc, x, y);
}

/// `y`, or `x` when both are NaN. Which input NaN a float operation returns
/// when several are NaN is unspecified (LLVM LangRef, "Floating-Point
/// Semantics"): the backend may commute the operands, so only one NaN may
/// reach an operation.
Value Emitter::unambiguousNaN(Value x, Value y) {
  Value bothNaN = arith::AndIOp::create(
      b, loc, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, y, y));
  return select(bothNaN, x, y);
}

Value Emitter::emitBinary(BinaryOp op, Value x, Value y) {
  Type type = x.getType();
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  switch (op) {
  case BinaryOp::Add:
    return arith::AddIOp::create(b, loc, x, y);
  case BinaryOp::Sub:
    return arith::SubIOp::create(b, loc, x, y);
  case BinaryOp::Mul:
    return arith::MulIOp::create(b, loc, x, y);
  case BinaryOp::DivSI:
  case BinaryOp::DivUI:
  case BinaryOp::RemSI:
  case BinaryOp::RemUI:
    return emitGuardedDivision(op, x, y);
  case BinaryOp::And:
    return arith::AndIOp::create(b, loc, x, y);
  case BinaryOp::Or:
    return arith::OrIOp::create(b, loc, x, y);
  case BinaryOp::Xor:
    return arith::XOrIOp::create(b, loc, x, y);
  case BinaryOp::Shl:
  case BinaryOp::ShrSI:
  case BinaryOp::ShrUI: {
    // A shift by the width or more is poison: mask the amount.
    y = arith::AndIOp::create(b, loc, y, intConstant(type, width - 1));
    if (op == BinaryOp::Shl)
      return arith::ShLIOp::create(b, loc, x, y);
    if (op == BinaryOp::ShrSI)
      return arith::ShRSIOp::create(b, loc, x, y);
    return arith::ShRUIOp::create(b, loc, x, y);
  }
  case BinaryOp::MaxSI:
    return arith::MaxSIOp::create(b, loc, x, y);
  case BinaryOp::MinUI:
    return arith::MinUIOp::create(b, loc, x, y);
  case BinaryOp::AddF:
    return arith::AddFOp::create(b, loc, x, unambiguousNaN(x, y));
  case BinaryOp::SubF:
    return arith::SubFOp::create(b, loc, x, unambiguousNaN(x, y));
  case BinaryOp::MulF:
    return arith::MulFOp::create(b, loc, x, unambiguousNaN(x, y));
  case BinaryOp::DivF:
    return arith::DivFOp::create(b, loc, x, unambiguousNaN(x, y));
  case BinaryOp::MaximumF:
    return arith::MaximumFOp::create(b, loc, x, unambiguousNaN(x, y));
  case BinaryOp::MinimumF:
    return arith::MinimumFOp::create(b, loc, x, unambiguousNaN(x, y));
  }
  llvm_unreachable("unknown binary operator");
}

/// `variant` picks signed (0) or unsigned (1) int-to-float conversion, or a
/// bitcast (2) where the widths agree.
Value Emitter::emitCast(Value v, Scalar from, Scalar to, unsigned variant) {
  if (from == to)
    return v;
  Type target = typeOf(to);
  bool fromFloat = isFloat(from), toFloat = isFloat(to);
  if (fromFloat && toFloat) {
    if (getBitWidth(from) < getBitWidth(to))
      return arith::ExtFOp::create(b, loc, target, v);
    return arith::TruncFOp::create(b, loc, target, v);
  }
  if (fromFloat) {
    // Float to integer goes through the bits: fptosi of an out-of-range
    // value is poison, which the two executions need not agree on.
    Scalar bitsType = from == Scalar::F32 ? Scalar::I32 : Scalar::I64;
    v = arith::BitcastOp::create(b, loc, typeOf(bitsType), v);
    return emitCast(v, bitsType, to, variant);
  }
  if (toFloat) {
    if (from == Scalar::Index) {
      v = arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
      from = Scalar::I64;
    }
    if (variant == 2 && getBitWidth(from) == getBitWidth(to))
      return arith::BitcastOp::create(b, loc, target, v);
    if (variant == 1 || from == Scalar::I1)
      return arith::UIToFPOp::create(b, loc, target, v);
    return arith::SIToFPOp::create(b, loc, target, v);
  }
  if (to == Scalar::Index)
    return toIndex(v);
  if (from == Scalar::Index)
    return arith::IndexCastOp::create(b, loc, target, v);
  if (getBitWidth(from) < getBitWidth(to)) {
    if (from == Scalar::I1 || variant == 1)
      return arith::ExtUIOp::create(b, loc, target, v);
    return arith::ExtSIOp::create(b, loc, target, v);
  }
  return arith::TruncIOp::create(b, loc, target, v);
}

Value Emitter::emitExpr(const Expr &expr, const Env &env) {
  SmallVector<Value, 3> operands;
  for (const Expr &operand : expr.operands)
    operands.push_back(emitExpr(operand, env));
  switch (expr.kind) {
  case Expr::Kind::Const:
    return constantBits(expr.type, expr.bits);
  case Expr::Kind::Var: {
    auto it = env.find(expr.var);
    // A variable whose definition a shrinking step removed reads as zero.
    if (it == env.end() || it->second.getType() != typeOf(expr.type))
      return constantBits(expr.type, 0);
    return it->second;
  }
  case Expr::Kind::Load: {
    auto [cell, dynamic] = cellOf(expr.memory, operands);
    return k.gather(memoryArg(expr.memory), cell, cell.size() - 1, dynamic);
  }
  case Expr::Kind::Binary:
    return emitBinary(expr.op, operands[0], operands[1]);
  case Expr::Kind::Cmp:
    if (isFloat(expr.operands[0].type))
      return arith::CmpFOp::create(
          b, loc, static_cast<arith::CmpFPredicate>(expr.predicate),
          operands[0], operands[1]);
    return cmpi(static_cast<arith::CmpIPredicate>(expr.predicate), operands[0],
                operands[1]);
  case Expr::Kind::Select:
    return select(operands[0], operands[1], operands[2]);
  case Expr::Kind::Cast:
    return emitCast(operands[0], expr.operands[0].type, expr.type,
                    expr.predicate);
  case Expr::Kind::Negate:
    return arith::NegFOp::create(b, loc, operands[0]);
  case Expr::Kind::LocalLoad: {
    Value local = localOf(expr.var, expr.type, env);
    if (!local)
      return constantBits(expr.type, 0);
    return k.load(local,
                  localCell(local, operands.empty() ? k.ic(0) : operands[0]));
  }
  case Expr::Kind::IterLoad:
    return emitIterLoad(expr);
  }
  llvm_unreachable("unknown expression");
}

/// The index of the cell of a hinted For's buffer that iteration `iv`
/// owns, as the argument addresses it: an affine function of the counter
/// (a constant for SameCell), unreduced, so that the dependence analysis
/// sees the accesses as written. It is in bounds by construction: the
/// generator puts `base` at least 2 cells from either end of the buffer
/// for the kMaxTrip + 1 iterations (IterLoad offsets are within -2..2),
/// whatever `from` a shrinking step leaves.
Value Emitter::iterationCell(const Stmt &stmt, Value iv) {
  int64_t first = stmt.base - program.getOrigin(stmt.memory);
  if (stmt.hint == Hint::SameCell)
    return k.ic(first);
  Value index = toIndex(iv);
  if (first == stmt.from)
    return index;
  return k.add(index, k.ic(first - stmt.from));
}

/// Gives the scf.for just emitted for `stmt` its LOOM_PARALLEL hint and a
/// location that names it (`prop-hint-right:N` or `prop-hint-wrong:N`),
/// where ParallelizeLoops reports what it decided.
void Emitter::markHinted(const Stmt &stmt) {
  Operation *loop = &*std::prev(b.getInsertionPoint());
  loop->setAttr("loom.hints", b.getDictionaryAttr(b.getNamedAttr(
                                  "parallel", b.getArrayAttr({}))));
  loop->setLoc(FileLineColLoc::get(
      &context, isWrongHint(stmt.hint) ? "prop-hint-wrong" : "prop-hint-right",
      ++hintedLoops, 1));
}

Value Emitter::emitIterLoad(const Expr &expr) {
  Value memory = memoryArg(expr.memory);
  auto it = iterationCells.find(expr.var);
  if (it == iterationCells.end() || it->second.first != expr.memory) {
    auto [cell, dynamic] = cellOf(expr.memory, {k.ic(expr.offset)});
    return k.gather(memory, cell, cell.size() - 1, dynamic);
  }
  Value index = it->second.second;
  if (expr.offset != 0)
    index = k.add(index, k.ic(expr.offset));
  return k.load(memory, {index});
}

void Emitter::emitFor(const Stmt &stmt, Env &env) {
  Type type = typeOf(stmt.type);
  Value trip = reduce(emitExpr(stmt.exprs[0], env), kMaxTrip + 1);
  if (!type.isIndex())
    trip = arith::IndexCastOp::create(b, loc, type, trip);
  const Block &body = stmt.blocks[0];
  auto bindCounter = [&](Env &inner, Value iv) {
    inner[stmt.var] = iv;
    if (stmt.hint != Hint::None)
      iterationCells[stmt.var] = {stmt.memory, iterationCell(stmt, iv)};
  };
  if (stmt.carried.empty() && !stmt.backward && stmt.from == 0) {
    k.loopN(trip, [&](Value iv) {
      Env inner = env;
      bindCounter(inner, iv);
      emitBlock(body, inner);
    });
    iterationCells.erase(stmt.var);
    if (hasParallelHint(stmt.hint))
      markHinted(stmt);
    return;
  }
  SmallVector<Carried> carried;
  for (const CarriedVar &c : stmt.carried)
    carried.push_back(k.carry(emitExpr(c.init, env)));
  Value from = intConstant(type, stmt.from);
  Value upto = k.sub(k.add(from, trip), intConstant(type, 1));
  SmallVector<Value> finals = k.scan(
      upto, carried,
      [&](Value iv) {
        Env inner = env;
        bindCounter(inner, iv);
        for (auto [c, slot] : llvm::zip(stmt.carried, carried))
          inner[c.var] = k.prev(slot);
        emitBlock(body, inner);
        for (auto [c, slot] : llvm::zip(stmt.carried, carried))
          k.setNext(slot, emitExpr(c.next, inner));
      },
      stmt.backward ? Direction::Backward : Direction::Forward, stmt.from);
  iterationCells.erase(stmt.var);
  if (hasParallelHint(stmt.hint))
    markHinted(stmt);
  for (auto [c, value] : llvm::zip(stmt.carried, finals))
    env[c.var] = value;
}

void Emitter::emitWhile(const Stmt &stmt, Env &env) {
  Value limit = reduce(emitExpr(stmt.exprs[0], env), kMaxTrip + 1);
  SmallVector<Value> inits = {k.ic(0)};
  for (const CarriedVar &c : stmt.carried)
    inits.push_back(emitExpr(c.init, env));
  auto bind = [&](ValueRange args) {
    Env inner = env;
    inner[stmt.var] = args[0];
    for (auto [c, arg] : llvm::zip(stmt.carried, args.drop_front()))
      inner[c.var] = arg;
    return inner;
  };
  SmallVector<Value> finals = k.whileLoop(
      inits,
      [&](ValueRange args) -> Value {
        Env inner = bind(args);
        Value counting = k.lt(args[0], limit);
        return arith::AndIOp::create(b, loc, counting,
                                     emitExpr(stmt.exprs[1], inner));
      },
      [&](ValueRange args) {
        Env inner = bind(args);
        emitBlock(stmt.blocks[0], inner);
        SmallVector<Value> nexts = {k.add(args[0], k.ic(1))};
        for (const CarriedVar &c : stmt.carried)
          nexts.push_back(emitExpr(c.next, inner));
        return nexts;
      });
  for (auto [c, value] : llvm::zip(stmt.carried, llvm::drop_begin(finals)))
    env[c.var] = value;
}

void Emitter::emitIf(const Stmt &stmt, Env &env) {
  Value cond = emitExpr(stmt.exprs[0], env);
  if (stmt.results.empty()) {
    auto orElse = [&] {
      Env inner = env;
      emitBlock(stmt.blocks[1], inner);
    };
    k.if_(
        cond,
        [&] {
          Env inner = env;
          emitBlock(stmt.blocks[0], inner);
        },
        stmt.blocks[1].stmts.empty() ? llvm::function_ref<void()>()
                                     : llvm::function_ref<void()>(orElse));
    return;
  }
  SmallVector<Value> values = k.ifValues(
      cond, resultTypes(stmt), [&] { return emitLane(stmt, 0, env); },
      [&] { return emitLane(stmt, 1, env); });
  for (auto [r, value] : llvm::zip(stmt.results, values))
    env[r.var] = value;
}

void Emitter::emitSwitch(const Stmt &stmt, Env &env) {
  int64_t modulus = stmt.cases.empty() ? 2 : stmt.cases.back() + 2;
  Value selector = reduce(emitExpr(stmt.exprs[0], env), modulus);
  SmallVector<Value> values =
      k.indexSwitch(selector, stmt.cases, resultTypes(stmt),
                    [&](unsigned lane) { return emitLane(stmt, lane, env); });
  for (auto [r, value] : llvm::zip(stmt.results, values))
    env[r.var] = value;
}

void Emitter::emitLocal(const Stmt &stmt, Env &env) {
  // Every element is written right after the allocation: a fresh alloca's
  // contents are undefined, and the lowering reuses one hoisted allocation
  // for every instance of the scope.
  if (stmt.shape.empty()) {
    Value init = stmt.exprs.empty() ? constantBits(stmt.type, 0)
                                    : emitExpr(stmt.exprs[0], env);
    env[stmt.var] = k.defineLocal(init).cell;
    return;
  }
  Value cell = memref::AllocaOp::create(
      b, loc, MemRefType::get(stmt.shape, typeOf(stmt.type)));
  for (int64_t i = 0; i < stmt.shape[0]; ++i) {
    Value init = size_t(i) < stmt.exprs.size() ? emitExpr(stmt.exprs[i], env)
                                               : constantBits(stmt.type, 0);
    k.store(init, cell, {k.ic(i)});
  }
  env[stmt.var] = cell;
}

void Emitter::emitLocalStore(const Stmt &stmt, const Env &env) {
  Value local = localOf(stmt.var, stmt.type, env);
  if (!local)
    return;
  SmallVector<Value> cell = localCell(local, emitExpr(stmt.exprs[0], env));
  k.store(emitExpr(stmt.exprs[1], env), local, cell);
}

void Emitter::emitParallel(const Stmt &stmt, const Env &env) {
  SmallVector<Bound> extents(stmt.shape.begin(), stmt.shape.end());
  auto body = [&](ValueRange coordinates) {
    Env inner = env;
    for (auto [d, coordinate] : llvm::enumerate(coordinates))
      inner[stmt.var + d] = coordinate;
    emitBlock(stmt.blocks[0], inner);
  };
  if (stmt.forall)
    k.forall(extents, body);
  else
    k.parallel(extents, body);
}

void Emitter::emitLaneStore(const Stmt &stmt, const Env &env) {
  // In a hinted For: the cell its iteration owns.
  auto it = iterationCells.find(stmt.var);
  if (it != iterationCells.end() && it->second.first == stmt.memory) {
    k.store(emitExpr(stmt.exprs[0], env), memoryArg(stmt.memory),
            {it->second.second});
    return;
  }
  // The coordinates of the enclosing lane (zero once a shrinking step has
  // inlined the body out of its parallel) name a cell no other lane writes.
  unsigned rank =
      program.buffers[program.memoryBuffers[stmt.memory]].shape.size();
  SmallVector<Value> coordinates;
  for (unsigned d = 0; d < rank; ++d) {
    auto it = env.find(stmt.var + d);
    coordinates.push_back(it != env.end() && it->second.getType().isIndex()
                              ? it->second
                              : k.ic(0));
  }
  auto [cell, dynamic] = cellOf(stmt.memory, coordinates);
  k.scatter(memoryArg(stmt.memory), cell, cell.size() - 1, dynamic,
            emitExpr(stmt.exprs[0], env));
}

void Emitter::emitExecute(const Stmt &stmt, Env &env) {
  SmallVector<Value> values = k.executeRegion(
      resultTypes(stmt), [&] { return emitLane(stmt, 0, env); });
  for (auto [r, value] : llvm::zip(stmt.results, values))
    env[r.var] = value;
}

void Emitter::emitScatterAdd(const Stmt &stmt, Env &env) {
  auto [cell, dynamic] = cellOf(stmt.memory, emitStoreIndices(stmt, env));
  unsigned axis = cell.size() - 1;
  Value addend = emitExpr(stmt.exprs[1], env);
  Value memory = memoryArg(stmt.memory);
  Scalar element = program.buffers[program.memoryBuffers[stmt.memory]].element;
  if (!isFloat(element)) {
    k.scatterAdd(memory, cell, axis, dynamic, addend);
    return;
  }
  // The builder's gather, add and scatter, with one NaN at most per add.
  addend = emitCast(addend, stmt.exprs[1].type, element, 0);
  Value old = k.gather(memory, cell, axis, dynamic);
  k.scatter(memory, cell, axis, dynamic,
            emitBinary(BinaryOp::AddF, old, addend));
}

void Emitter::emitBlock(const Block &block, Env &env) {
  for (const Stmt &stmt : block.stmts) {
    switch (stmt.kind) {
    case Stmt::Kind::Let:
      env[stmt.var] = emitExpr(stmt.exprs[0], env);
      break;
    case Stmt::Kind::Store: {
      auto [cell, dynamic] = cellOf(stmt.memory, emitStoreIndices(stmt, env));
      k.scatter(memoryArg(stmt.memory), cell, cell.size() - 1, dynamic,
                emitExpr(stmt.exprs[1], env));
      break;
    }
    case Stmt::Kind::ScatterAdd:
      emitScatterAdd(stmt, env);
      break;
    case Stmt::Kind::For:
      emitFor(stmt, env);
      break;
    case Stmt::Kind::While:
      emitWhile(stmt, env);
      break;
    case Stmt::Kind::If:
      emitIf(stmt, env);
      break;
    case Stmt::Kind::Switch:
      emitSwitch(stmt, env);
      break;
    case Stmt::Kind::Local:
      emitLocal(stmt, env);
      break;
    case Stmt::Kind::LocalStore:
      emitLocalStore(stmt, env);
      break;
    case Stmt::Kind::Parallel:
      emitParallel(stmt, env);
      break;
    case Stmt::Kind::LaneStore:
      emitLaneStore(stmt, env);
      break;
    case Stmt::Kind::Execute:
      emitExecute(stmt, env);
      break;
    }
  }
}

OwningOpRef<ModuleOp> buildProgram(MLIRContext &context, const Program &program,
                                   std::string &diagnostics) {
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str() + "\n";
    return success();
  });
  SmallVector<Type> values, results;
  for (Scalar type : program.valueTypes)
    values.push_back(getMLIRType(context, type));
  for (const Expr &result : program.results)
    results.push_back(getMLIRType(context, result.type));
  // Memory ids are only names in debug output.
  MemRefFactory factory(context, /*firstId=*/0, {1});
  SmallVector<MemRefArg> memories;
  for (auto [arg, buffer] : llvm::enumerate(program.memoryBuffers)) {
    const Buffer &decl = program.buffers[buffer];
    // A pointer parameter is what the raising makes of a C++ `T *`.
    SmallVector<int64_t> shape(decl.shape.begin(), decl.shape.end());
    if (program.getPointer(arg))
      shape = {ShapedType::kDynamic};
    memories.push_back(factory.make(shape, getMLIRType(context, decl.element)));
  }
  KernelBuilder k(context, "prop", values, memories, results);
  Emitter emitter(context, program, k);
  Env env;
  for (unsigned i = 0; i < values.size(); ++i)
    env[i] = k.value(i);
  emitter.emitBlock(program.body, env);
  SmallVector<Value> yielded;
  for (const Expr &result : program.results)
    yielded.push_back(emitter.emitExpr(result, env));
  return k.finish(yielded);
}

} // namespace loom::proptest
