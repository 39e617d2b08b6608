//===- ProgramGenerator.cpp - random structured programs ------------------===//
//
// Part of the Loom project.
//
// Draws a Program from a std::mt19937_64 seeded by the caller, so a seed
// names one program on every host. Variables are drawn only where they are
// in scope; the inputs favour the values where semantics differ (zero, -1,
// the extremes, -0.0, NaN, infinities, subnormals).
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <random>
#include <utility>

namespace loom::proptest {
namespace {

/// A variable in scope.
struct Var {
  unsigned id;
  Scalar type;
  /// A local (memref.alloca) rather than a value: its shape (empty: rank
  /// 0); it is read by LocalLoad, never as a Var.
  bool isLocal = false;
  std::vector<int64_t> shape = {};
};

class Generator {
public:
  Generator(uint64_t seed, const GeneratorOptions &options)
      : rng(seed), options(options), seed(seed) {}
  Program run();

private:
  unsigned below(unsigned n) { return n == 0 ? 0 : rng() % n; }
  bool chance(unsigned percent) { return below(100) < percent; }
  template <typename T> const T &pickOf(const std::vector<T> &items) {
    return items[below(items.size())];
  }

  Scalar anyValueType() {
    static const std::vector<Scalar> types = {
        Scalar::I32, Scalar::I64,   Scalar::F32, Scalar::F64,
        Scalar::I8,  Scalar::Index, Scalar::I32, Scalar::I16};
    return pickOf(types);
  }
  Scalar elementType() {
    static const std::vector<Scalar> types = {
        Scalar::I32, Scalar::I64, Scalar::F32, Scalar::F64,
        Scalar::I32, Scalar::I8,  Scalar::I16};
    return pickOf(types);
  }
  uint64_t interestingBits(Scalar type);
  uint64_t constantBits(Scalar type);

  Expr makeConst(Scalar type, uint64_t bits) {
    Expr e;
    e.kind = Expr::Kind::Const;
    e.type = type;
    e.bits = bits;
    return e;
  }
  Expr genExpr(Scalar type, unsigned depth);
  Expr genLeaf(Scalar type, unsigned depth);
  Expr genIndex(unsigned depth);
  Expr genLoad(Scalar type, unsigned depth);
  std::vector<unsigned> memoriesOf(Scalar type);

  Block genStatements(unsigned nesting, unsigned maxCount = 4);
  Stmt genStmt(unsigned nesting);
  void genLoopCarried(Stmt &stmt);
  void bindCarried(Stmt &stmt);
  void genCarriedNexts(Stmt &stmt, unsigned depth);
  void genLanes(Stmt &stmt, unsigned lanes, unsigned nesting);
  std::vector<const Var *> localsOf(std::optional<Scalar> type);
  Stmt genLocal();
  Stmt genLocalStore(const Var &local);
  Stmt genParallel(unsigned nesting);
  Stmt genLaneStore();
  Stmt genHintedFor(unsigned nesting);
  unsigned addOwnBuffer(std::vector<int64_t> shape);
  void genInputs();
  void addBatchDomain();
  std::optional<Stmt> genScopeStmt(unsigned nesting);
  /// A memory argument to read: any one but the buffer the lanes of the
  /// enclosing parallel write.
  unsigned readableMemory() {
    std::vector<unsigned> found;
    for (unsigned i = 0; i < program.memoryBuffers.size(); ++i)
      if (int(i) != laneMemory)
        found.push_back(i);
    return pickOf(found);
  }
  unsigned bindNew(Scalar type) {
    unsigned id = program.nextVar++;
    scope.push_back({id, type});
    return id;
  }

  std::mt19937_64 rng;
  GeneratorOptions options;
  uint64_t seed;
  Program program;
  std::vector<Var> scope;
  unsigned statementsLeft = 0;
  /// Inside a Parallel: its buffer (the only memory its lanes write, each
  /// its own cell) and its first coordinate; -1 outside. Lanes neither
  /// declare nor write locals (one hoisted allocation would be shared).
  int laneMemory = -1;
  unsigned laneCoordinate = 0;
  /// The statement kind the next genStmt makes (a value of its roll).
  std::optional<unsigned> forcedRoll;
  /// Inside a hinted For (laneMemory is its buffer, laneCoordinate its
  /// counter): leaves may read the iteration's own cell (IterLoad).
  bool inHintedFor = false;
  /// Hinted loops a kernel program may still get.
  unsigned hintsLeft = 0;
};

} // namespace

uint64_t Generator::interestingBits(Scalar type) {
  switch (type) {
  case Scalar::I1:
    return below(2);
  case Scalar::F32: {
    static const float values[] = {0.0f,
                                   -0.0f,
                                   1.0f,
                                   -1.0f,
                                   0.5f,
                                   3.25f,
                                   -7.0f,
                                   1e30f,
                                   1e-40f,
                                   std::numeric_limits<float>::infinity(),
                                   -std::numeric_limits<float>::infinity(),
                                   std::numeric_limits<float>::quiet_NaN(),
                                   16777217.0f};
    return llvm::bit_cast<uint32_t>(values[below(std::size(values))]);
  }
  case Scalar::F64: {
    static const double values[] = {0.0,
                                    -0.0,
                                    1.0,
                                    -1.0,
                                    0.5,
                                    3.25,
                                    -7.0,
                                    1e300,
                                    4.9e-324,
                                    std::numeric_limits<double>::infinity(),
                                    -std::numeric_limits<double>::infinity(),
                                    std::numeric_limits<double>::quiet_NaN(),
                                    0.1};
    return llvm::bit_cast<uint64_t>(values[below(std::size(values))]);
  }
  default: {
    unsigned width = getBitWidth(type);
    uint64_t min = 1ull << (width - 1);
    const uint64_t values[] = {0, 1, ~0ull, 2, 3, 7, min, min - 1, 5, 100};
    uint64_t bits = values[below(std::size(values))];
    return width == 64 ? bits : bits & ((1ull << width) - 1);
  }
  }
}

/// Constants in the program: finite floats only. Folding a constant NaN or
/// infinity is done with APFloat by the compiler, which does not produce the
/// host's NaN payloads; values from memory exercise those instead.
uint64_t Generator::constantBits(Scalar type) {
  if (type == Scalar::F32)
    return llvm::bit_cast<uint32_t>(static_cast<float>(int(below(17)) - 8) /
                                    float(1 + below(4)));
  if (type == Scalar::F64)
    return llvm::bit_cast<uint64_t>(static_cast<double>(int(below(17)) - 8) /
                                    double(1 + below(4)));
  if (chance(60) || type == Scalar::Index)
    return type == Scalar::Index ? below(9)
                                 : uint64_t(int64_t(below(17)) - 8) &
                                       (getBitWidth(type) == 64
                                            ? ~0ull
                                            : (1ull << getBitWidth(type)) - 1);
  return interestingBits(type);
}

std::vector<unsigned> Generator::memoriesOf(Scalar type) {
  std::vector<unsigned> found;
  for (unsigned i = 0; i < program.memoryBuffers.size(); ++i)
    if (program.buffers[program.memoryBuffers[i]].element == type &&
        int(i) != laneMemory)
      found.push_back(i);
  return found;
}

Expr Generator::genLoad(Scalar type, unsigned depth) {
  std::vector<unsigned> memories = memoriesOf(type);
  Expr e;
  e.kind = Expr::Kind::Load;
  e.type = type;
  e.memory = pickOf(memories);
  unsigned rank = program.buffers[program.memoryBuffers[e.memory]].shape.size();
  for (unsigned d = 0; d < rank; ++d)
    e.operands.push_back(genIndex(depth));
  return e;
}

/// Indices: loop counters, small constants, or values converted to index
/// (a value loaded from memory makes the access a gather or a scatter).
Expr Generator::genIndex(unsigned depth) {
  if (depth == 0 || chance(60))
    return genLeaf(Scalar::Index, 0);
  Expr cast;
  cast.kind = Expr::Kind::Cast;
  cast.type = Scalar::Index;
  Scalar from = chance(50) ? Scalar::I32 : Scalar::I64;
  cast.operands.push_back(!memoriesOf(from).empty() && chance(70)
                              ? genLoad(from, depth - 1)
                              : genExpr(from, depth - 1));
  return cast;
}

Expr Generator::genLeaf(Scalar type, unsigned depth) {
  std::vector<unsigned> vars;
  for (const Var &var : scope)
    if (var.type == type && !var.isLocal)
      vars.push_back(var.id);
  std::vector<const Var *> locals = localsOf(type);
  if (!locals.empty() && chance(25)) {
    const Var &local = *pickOf(locals);
    Expr e;
    e.kind = Expr::Kind::LocalLoad;
    e.type = type;
    e.var = local.id;
    if (!local.shape.empty())
      e.operands.push_back(genLeaf(Scalar::Index, 0));
    return e;
  }
  if (inHintedFor &&
      program.buffers[program.memoryBuffers[laneMemory]].element == type &&
      chance(20)) {
    Expr e;
    e.kind = Expr::Kind::IterLoad;
    e.type = type;
    e.var = laneCoordinate;
    e.memory = laneMemory;
    return e;
  }
  unsigned roll = below(100);
  if (!vars.empty() && roll < 55) {
    Expr e;
    e.kind = Expr::Kind::Var;
    e.type = type;
    // The latest definition half the time: a value read just before a
    // store and used after it is what a missing ordering edge changes.
    e.var = chance(50) ? vars.back() : pickOf(vars);
    return e;
  }
  if (roll < 80 && depth > 0 && !memoriesOf(type).empty())
    return genLoad(type, depth - 1);
  return makeConst(type, constantBits(type));
}

Expr Generator::genExpr(Scalar type, unsigned depth) {
  if (depth == 0 || chance(30))
    return genLeaf(type, depth);
  Expr e;
  e.type = type;
  if (type == Scalar::I1) {
    if (chance(15)) {
      e.kind = Expr::Kind::Select;
      e.operands = {genExpr(Scalar::I1, depth - 1),
                    genExpr(Scalar::I1, depth - 1),
                    genExpr(Scalar::I1, depth - 1)};
      return e;
    }
    e.kind = Expr::Kind::Cmp;
    Scalar operand = anyValueType();
    e.predicate = isFloat(operand) ? 1 + below(14) : below(10);
    e.operands = {genExpr(operand, depth - 1), genExpr(operand, depth - 1)};
    return e;
  }
  unsigned roll = below(100);
  if (roll < 55) {
    e.kind = Expr::Kind::Binary;
    e.op = isFloat(type)
               ? static_cast<BinaryOp>(unsigned(BinaryOp::AddF) + below(6))
               : static_cast<BinaryOp>(below(unsigned(BinaryOp::MinUI) + 1));
    e.operands = {genExpr(type, depth - 1), genExpr(type, depth - 1)};
  } else if (roll < 75) {
    e.kind = Expr::Kind::Cast;
    Scalar from = chance(15) ? Scalar::I1 : anyValueType();
    e.predicate = below(3);
    e.operands = {genExpr(from, depth - 1)};
  } else if (roll < 88 || !isFloat(type)) {
    e.kind = Expr::Kind::Select;
    e.operands = {genExpr(Scalar::I1, depth - 1), genExpr(type, depth - 1),
                  genExpr(type, depth - 1)};
  } else {
    e.kind = Expr::Kind::Negate;
    e.operands = {genExpr(type, depth - 1)};
  }
  return e;
}

/// Statements whose names stay in scope: the caller drops them when the
/// values that may read them are generated.
Block Generator::genStatements(unsigned nesting, unsigned maxCount) {
  Block block;
  unsigned count = 1 + below(maxCount);
  for (unsigned i = 0; i < count && statementsLeft > 0; ++i)
    block.stmts.push_back(genStmt(nesting));
  return block;
}

/// Carried values of a loop: inits in the enclosing scope, the names in
/// scope of the body (which the caller then generates), nexts afterwards.
void Generator::genLoopCarried(Stmt &stmt) {
  unsigned count = below(3);
  for (unsigned i = 0; i < count; ++i) {
    CarriedVar c;
    c.type = anyValueType();
    c.init = genExpr(c.type, options.maxExprDepth - 1);
    stmt.carried.push_back(std::move(c));
  }
}

/// Names the carried values of a for loop in its body. In a kernel program
/// about half of them are reductions (decided by a hash of the seed and the
/// variable, so that the random stream, and every program that is no
/// kernel, stays what it was): their names stay out of the body's scope,
/// since an accumulator read elsewhere is no reduction.
void Generator::bindCarried(Stmt &stmt) {
  for (CarriedVar &c : stmt.carried) {
    uint64_t mix =
        (seed ^ (uint64_t(program.nextVar) << 17)) * 0xBF58476D1CE4E5B9ull;
    c.reduction = program.asKernel && stmt.kind == Stmt::Kind::For &&
                  (mix >> 33) % 2 == 0;
    if (c.reduction)
      c.var = program.nextVar++;
    else
      c.var = bindNew(c.type);
  }
}

/// The next values of the carried values, at the end of the body; a
/// reduction's is `var <op> expr` with an operator of the reduction
/// registry of its type (the integer ones all exact in any order).
void Generator::genCarriedNexts(Stmt &stmt, unsigned depth) {
  static const BinaryOp kIntOps[] = {
      BinaryOp::Add, BinaryOp::Mul,   BinaryOp::And,  BinaryOp::Or,
      BinaryOp::Xor, BinaryOp::MaxSI, BinaryOp::MinUI};
  static const BinaryOp kFloatOps[] = {BinaryOp::AddF, BinaryOp::MulF,
                                       BinaryOp::MaximumF, BinaryOp::MinimumF};
  for (CarriedVar &c : stmt.carried) {
    Expr value = genExpr(c.type, depth);
    if (!c.reduction) {
      c.next = std::move(value);
      continue;
    }
    uint64_t mix = (seed ^ (uint64_t(c.var) << 23)) * 0x94D049BB133111EBull;
    Expr accumulator;
    accumulator.kind = Expr::Kind::Var;
    accumulator.type = c.type;
    accumulator.var = c.var;
    c.next.kind = Expr::Kind::Binary;
    c.next.type = c.type;
    c.next.op =
        isFloat(c.type) ? kFloatOps[(mix >> 35) % 4] : kIntOps[(mix >> 35) % 7];
    c.next.operands = {std::move(accumulator), std::move(value)};
  }
}

/// One block per lane with the lane's value of every result, generated in
/// the lane's scope; then the results' names join the enclosing scope.
void Generator::genLanes(Stmt &stmt, unsigned lanes, unsigned nesting) {
  unsigned count = below(3);
  for (unsigned i = 0; i < count; ++i) {
    ResultVar r;
    r.type = chance(10) ? Scalar::I1 : anyValueType();
    stmt.results.push_back(r);
  }
  for (unsigned lane = 0; lane < lanes; ++lane) {
    size_t mark = scope.size();
    stmt.blocks.push_back(genStatements(nesting + 1));
    for (ResultVar &r : stmt.results)
      r.lanes.push_back(genExpr(r.type, options.maxExprDepth - 1));
    scope.resize(mark);
  }
  for (ResultVar &r : stmt.results)
    r.var = bindNew(r.type);
}

std::vector<const Var *> Generator::localsOf(std::optional<Scalar> type) {
  std::vector<const Var *> found;
  for (const Var &var : scope)
    if (var.isLocal && (!type || var.type == *type))
      found.push_back(&var);
  return found;
}

/// A local scalar or small array, every element written at once.
Stmt Generator::genLocal() {
  Stmt stmt;
  stmt.kind = Stmt::Kind::Local;
  stmt.type = anyValueType();
  if (chance(50))
    stmt.shape = {1 + below(4)};
  int64_t elements = stmt.shape.empty() ? 1 : stmt.shape[0];
  for (int64_t i = 0; i < elements; ++i)
    stmt.exprs.push_back(genExpr(stmt.type, options.maxExprDepth - 1));
  stmt.var = program.nextVar++;
  scope.push_back({stmt.var, stmt.type, true, stmt.shape});
  return stmt;
}

Stmt Generator::genLocalStore(const Var &local) {
  Stmt stmt;
  stmt.kind = Stmt::Kind::LocalStore;
  stmt.var = local.id;
  stmt.type = local.type;
  stmt.exprs.push_back(genIndex(options.maxExprDepth - 1));
  stmt.exprs.push_back(genExpr(local.type, options.maxExprDepth));
  return stmt;
}

/// A fixed-domain scf.parallel or scf.forall of 2-6 lanes with a buffer of
/// its own, shaped like the domain: lane c writes only cell c of it and
/// reads any other memory, so the program is race free.
Stmt Generator::genParallel(unsigned nesting) {
  Stmt stmt;
  stmt.kind = Stmt::Kind::Parallel;
  stmt.forall = chance(50);
  if (chance(60))
    stmt.shape = {2 + below(3)};
  else
    stmt.shape = {1 + below(2), 2 + below(2)};
  stmt.memory = addOwnBuffer(stmt.shape);

  size_t mark = scope.size();
  stmt.var = bindNew(Scalar::Index);
  for (unsigned d = 1; d < stmt.shape.size(); ++d)
    bindNew(Scalar::Index);
  laneMemory = stmt.memory;
  laneCoordinate = stmt.var;
  Block body = genStatements(nesting + 1);
  // Every lane leaves something behind.
  body.stmts.push_back(genLaneStore());
  stmt.blocks.push_back(std::move(body));
  laneMemory = -1;
  scope.resize(mark);
  return stmt;
}

/// A buffer of `shape` with one memory argument (never aliased), of a
/// random element type and small initial values; returns the argument.
unsigned Generator::addOwnBuffer(std::vector<int64_t> shape) {
  Buffer buffer;
  buffer.element = elementType();
  buffer.shape = std::move(shape);
  buffer.extent = 1;
  for (int64_t extent : buffer.shape)
    buffer.extent *= extent;
  for (int64_t e = 0; e < buffer.extent; ++e)
    buffer.init.push_back(constantBits(buffer.element));
  program.memoryBuffers.push_back(program.buffers.size());
  program.buffers.push_back(std::move(buffer));
  return program.memoryBuffers.size() - 1;
}

/// A for loop with a LOOM_PARALLEL hint (Program.h, Hint): 4 in 10 right,
/// 4 wrong, and 2 (CarriedStore) with no hint and a recurrence through
/// memory, a[i] = f(a[i - d], ...), for loom-forward-loop-stores. Its body is
/// generated as lanes are, on a buffer of its own of 9-12 cells; iteration iv
/// owns cell base + (iv - from), with base 2 cells or more from either end, so
/// that the IterLoad offsets
/// (-2..2) stay in bounds for every trip count. A wrong hint's dependence
/// must exist in the loop as generated: a recurrence at distance d gets a
/// constant trip count above d, a same-cell loop at least 2. Not a
/// computed one: the analysis bounds trip counts by integer range analysis,
/// and a count it proves to be at most d (a constant 1 from genIndex, a
/// remainder) makes the hint right, and the loop rightly parallel.
Stmt Generator::genHintedFor(unsigned nesting) {
  --hintsLeft;
  static const std::vector<Hint> kinds = {
      Hint::Independent, Hint::Independent, Hint::Independent,
      Hint::Independent, Hint::Recurrence,  Hint::Recurrence,
      Hint::SameCell,    Hint::Carried,     Hint::CarriedStore,
      Hint::CarriedStore};
  Stmt stmt;
  stmt.kind = Stmt::Kind::For;
  stmt.hint = pickOf(kinds);
  static const std::vector<Scalar> ivTypes = {
      Scalar::Index, Scalar::Index, Scalar::I32, Scalar::I64, Scalar::I16};
  stmt.type = pickOf(ivTypes);
  int64_t distance = 0;
  if (stmt.hint == Hint::Recurrence)
    distance = (chance(70) ? -1 : 1) * int64_t(1 + below(2));
  // No hint, so no dependence to keep: any trip count, 0 and those below d
  // included (the iterations loom-forward-loop-stores reads before the
  // loop, under a condition).
  if (stmt.hint == Hint::CarriedStore)
    distance = -int64_t(1 + below(2));
  unsigned minTrip = stmt.hint == Hint::Recurrence ? std::abs(distance) + 1
                     : stmt.hint == Hint::SameCell ? 2
                                                   : 0;
  stmt.exprs.push_back(
      minTrip > 0 || chance(70)
          ? makeConst(Scalar::Index, minTrip + below(6 - minTrip))
          : genIndex(options.maxExprDepth - 1));
  stmt.backward = chance(25);
  stmt.from = chance(60) ? 0 : int64_t(below(5)) - 2;
  stmt.memory = addOwnBuffer({9 + below(4)});
  stmt.base = 2 + below(program.buffers.back().extent - 8);
  if (stmt.hint == Hint::Carried)
    while (stmt.carried.empty())
      genLoopCarried(stmt);

  size_t mark = scope.size();
  stmt.var = bindNew(stmt.type);
  bindCarried(stmt);
  laneMemory = stmt.memory;
  laneCoordinate = stmt.var;
  inHintedFor = true;
  Block body = genStatements(nesting + 1);
  Stmt store = genLaneStore();
  // The dependence of a wrong hint: the stored value reads another
  // iteration's cell (or, SameCell, the one cell every iteration shares).
  if (stmt.hint == Hint::Recurrence || stmt.hint == Hint::SameCell ||
      stmt.hint == Hint::CarriedStore) {
    Scalar element = store.exprs[0].type;
    Expr read;
    read.kind = Expr::Kind::IterLoad;
    read.type = element;
    read.var = stmt.var;
    read.memory = stmt.memory;
    read.offset = distance;
    Expr combined;
    combined.kind = Expr::Kind::Binary;
    combined.type = element;
    combined.op =
        isFloat(element)
            ? static_cast<BinaryOp>(unsigned(BinaryOp::AddF) + below(4))
            : static_cast<BinaryOp>(below(unsigned(BinaryOp::MinUI) + 1));
    combined.operands = {std::move(read), std::move(store.exprs[0])};
    store.exprs[0] = std::move(combined);
  }
  body.stmts.push_back(std::move(store));
  genCarriedNexts(stmt, options.maxExprDepth - 1);
  stmt.blocks.push_back(std::move(body));
  inHintedFor = false;
  laneMemory = -1;
  scope.resize(mark);
  for (const CarriedVar &c : stmt.carried)
    scope.push_back({c.var, c.type});
  return stmt;
}

Stmt Generator::genLaneStore() {
  Stmt stmt;
  stmt.kind = Stmt::Kind::LaneStore;
  stmt.memory = laneMemory;
  stmt.var = laneCoordinate;
  stmt.exprs.push_back(
      genExpr(program.buffers[program.memoryBuffers[stmt.memory]].element,
              options.maxExprDepth));
  return stmt;
}

/// A local, a local store, a parallel or an execute_region, or nothing.
std::optional<Stmt> Generator::genScopeStmt(unsigned nesting) {
  bool inLanes = laneMemory >= 0;
  if (!inLanes && chance(8))
    return genLocal();
  std::vector<const Var *> locals = localsOf(std::nullopt);
  if (!inLanes && !locals.empty() && chance(25))
    return genLocalStore(*pickOf(locals));
  // No forall or parallel in a kernel program: a C++ kernel has none
  // before loom-parallelize-loops, which would also convert loops nested in
  // one (a nested forall, which the program interpreter does not run).
  if (!inLanes && !program.asKernel && nesting < options.maxNesting &&
      chance(6))
    return genParallel(nesting);
  if (nesting < options.maxNesting && chance(5)) {
    Stmt stmt;
    stmt.kind = Stmt::Kind::Execute;
    genLanes(stmt, 1, nesting);
    return stmt;
  }
  return std::nullopt;
}

/// genStmt draws a statement kind as a roll in [0, 100): below 22 a
/// definition, below kLoopRollBegin a store, then a `for` loop, a `while`
/// loop (up to kLoopRollEnd), and the other kinds. run() forces a roll in
/// [kLoopRollBegin, kLoopRollEnd) to open a batch program with a loop.
static constexpr unsigned kLoopRollBegin = 50, kWhileRollBegin = 65,
                          kLoopRollEnd = 77;

Stmt Generator::genStmt(unsigned nesting) {
  --statementsLeft;
  std::optional<unsigned> forced = std::exchange(forcedRoll, std::nullopt);
  if (!forced)
    if (std::optional<Stmt> scoped = genScopeStmt(nesting))
      return std::move(*scoped);
  bool inLanes = laneMemory >= 0;
  Stmt stmt;
  unsigned roll =
      forced ? *forced : below(nesting < options.maxNesting ? 100 : 45);
  unsigned depth = options.maxExprDepth;
  if (roll < 22) {
    stmt.kind = Stmt::Kind::Let;
    // A third of the definitions read memory as they are.
    if (chance(35)) {
      unsigned memory = readableMemory();
      stmt.type = program.buffers[program.memoryBuffers[memory]].element;
      stmt.exprs.push_back(genLoad(stmt.type, depth));
      stmt.var = bindNew(stmt.type);
      return stmt;
    }
    stmt.type = chance(10) ? Scalar::I1 : anyValueType();
    stmt.exprs.push_back(genExpr(stmt.type, depth));
    stmt.var = bindNew(stmt.type);
    return stmt;
  }
  if (roll < kLoopRollBegin && inLanes)
    return genLaneStore();
  if (roll < kLoopRollBegin) {
    stmt.kind = chance(75) ? Stmt::Kind::Store : Stmt::Kind::ScatterAdd;
    stmt.memory = below(program.memoryBuffers.size());
    Scalar element =
        program.buffers[program.memoryBuffers[stmt.memory]].element;
    Scalar value = element;
    if (stmt.kind == Stmt::Kind::ScatterAdd && chance(40))
      value = isFloat(element)
                  ? (element == Scalar::F32 ? Scalar::F64 : Scalar::F32)
                  : (chance(50) ? Scalar::Index : Scalar::I32);
    stmt.exprs.push_back(genIndex(depth));
    stmt.exprs.push_back(genExpr(value, depth));
    unsigned rank =
        program.buffers[program.memoryBuffers[stmt.memory]].shape.size();
    for (unsigned d = 1; d < rank; ++d)
      stmt.exprs.push_back(genIndex(depth));
    return stmt;
  }
  if (roll < kWhileRollBegin && hintsLeft > 0 && !inLanes && chance(60))
    return genHintedFor(nesting);
  if (roll < kWhileRollBegin) {
    stmt.kind = Stmt::Kind::For;
    static const std::vector<Scalar> ivTypes = {Scalar::Index, Scalar::Index,
                                                Scalar::I32,   Scalar::I64,
                                                Scalar::I16,   Scalar::I8};
    stmt.type = pickOf(ivTypes);
    stmt.exprs.push_back(chance(70) ? makeConst(Scalar::Index, below(6))
                                    : genIndex(depth - 1));
    stmt.backward = chance(25);
    stmt.from = chance(70) ? 0 : int64_t(below(5)) - 2;
    genLoopCarried(stmt);
  } else if (roll < kLoopRollEnd) {
    stmt.kind = Stmt::Kind::While;
    stmt.type = Scalar::Index;
    stmt.exprs.push_back(chance(60) ? makeConst(Scalar::Index, below(6))
                                    : genIndex(depth - 1));
    genLoopCarried(stmt);
  } else if (roll < 90) {
    stmt.kind = Stmt::Kind::If;
    stmt.exprs.push_back(genExpr(Scalar::I1, depth));
    genLanes(stmt, 2, nesting);
    return stmt;
  } else {
    stmt.kind = Stmt::Kind::Switch;
    for (int64_t c = 0; c < 5; ++c)
      if (chance(40))
        stmt.cases.push_back(c);
    stmt.exprs.push_back(genIndex(depth));
    genLanes(stmt, stmt.cases.size() + 1, nesting);
    return stmt;
  }
  // The loops: the counter and the carried values name the body's inputs.
  size_t mark = scope.size();
  stmt.var = bindNew(stmt.type);
  bindCarried(stmt);
  if (stmt.kind == Stmt::Kind::While)
    stmt.exprs.push_back(chance(50) ? makeConst(Scalar::I1, 1)
                                    : genExpr(Scalar::I1, depth - 1));
  // The body's own names stay visible to the nexts.
  Block body = genStatements(nesting + 1);
  genCarriedNexts(stmt, depth - 1);
  stmt.blocks.push_back(std::move(body));
  scope.resize(mark);
  // After the loop, the carried names hold the final values.
  for (const CarriedVar &c : stmt.carried)
    scope.push_back({c.var, c.type});
  return stmt;
}

/// The value inputs, the buffers and the memory arguments bound to them.
void Generator::genInputs() {
  unsigned numValues = below(4);
  for (unsigned i = 0; i < numValues; ++i) {
    Scalar type = anyValueType();
    program.valueTypes.push_back(type);
    program.valueInputs.push_back(chance(50) ? interestingBits(type)
                                             : constantBits(type));
    scope.push_back({program.nextVar++, type});
  }
  unsigned numBuffers = 1 + below(3);
  for (unsigned i = 0; i < numBuffers; ++i) {
    Buffer buffer;
    buffer.element = elementType();
    // Small buffers make accesses collide: RAW and WAR through memory.
    if (chance(25))
      buffer.shape = {1 + below(3), 1 + below(3)};
    else
      buffer.shape = {chance(70) ? 1 + below(3) : 1 + below(8)};
    buffer.extent = 1;
    for (int64_t extent : buffer.shape)
      buffer.extent *= extent;
    for (int64_t e = 0; e < buffer.extent; ++e)
      buffer.init.push_back(chance(40) ? interestingBits(buffer.element)
                                       : constantBits(buffer.element));
    program.buffers.push_back(buffer);
    program.memoryBuffers.push_back(i);
  }
  // Extra arguments bound to a buffer that already has one alias it.
  unsigned aliases = chance(40) ? 1 + below(2) : 0;
  for (unsigned i = 0; i < aliases; ++i)
    program.memoryBuffers.insert(program.memoryBuffers.begin() +
                                     below(program.memoryBuffers.size() + 1),
                                 below(numBuffers));
}

Program Generator::run() {
  genInputs();
  // Decided by a hash of the seed, not by a draw from `rng`: the programs
  // that are not batches stay what the seed made before batches existed.
  uint64_t mixed = (seed ^ (seed >> 29)) * 0xD6E8FEB86659FD93ull;
  bool batch = (mixed >> 40) % 100 < kBatchSharePercent;
  if (batch)
    addBatchDomain();
  // Another hash of the seed makes a share of the other programs kernels
  // with hinted loops; the rest stay what the seed made before.
  uint64_t hintMix = (seed ^ (seed >> 31)) * 0x9E3779B97F4A7C15ull;
  program.asKernel =
      !batch && (hintMix >> 40) % 100 < kKernelSharePercent && !options.noHints;
  // Smaller batch bodies: a graph the mapper cannot place runs no batch.
  statementsLeft = 1 + below(batch ? std::min(options.maxStatements, 8u)
                                   : options.maxStatements);
  // A batch program opens with a for or while loop (a reduction when it
  // carries values), so that most batched graphs hold loop state.
  if (batch) {
    forcedRoll = kLoopRollBegin + below(kLoopRollEnd - kLoopRollBegin);
    program.body.stmts.push_back(genStmt(0));
  }
  // A kernel program opens with a hinted loop and may get one more.
  if (program.asKernel) {
    hintsLeft = 2;
    --statementsLeft;
    program.body.stmts.push_back(genHintedFor(0));
  }
  for (Stmt &stmt : genStatements(0, 6).stmts)
    program.body.stmts.push_back(std::move(stmt));
  // Every instance leaves something behind.
  if (batch)
    program.body.stmts.push_back(genLaneStore());
  // At least one result: the lowering rejects a region without an
  // observable effect, and stores alone may all be shrunk away.
  unsigned numResults = 1 + below(2);
  for (unsigned i = 0; i < numResults; ++i)
    program.results.push_back(genExpr(chance(10) ? Scalar::I1 : anyValueType(),
                                      options.maxExprDepth));
  // One result per instance that names the instance: without it, instances
  // swapped by a batch would go unseen whenever the results do not depend on
  // the coordinate (the cells they write do).
  if (batch) {
    Expr coordinate;
    coordinate.kind = Expr::Kind::Var;
    coordinate.type = Scalar::Index;
    coordinate.var = laneCoordinate;
    Expr tagged;
    tagged.kind = Expr::Kind::Binary;
    tagged.type = Scalar::Index;
    // Not xor: coordinate ^ coordinate would name no instance.
    tagged.op = BinaryOp::Add;
    tagged.operands = {std::move(coordinate),
                       genExpr(Scalar::Index, options.maxExprDepth - 1)};
    program.results.push_back(std::move(tagged));
  }
  laneMemory = -1;
  bindPointers(program, seed, options);
  return program;
}

/// Makes the program a dense batch of 2-10 instances: the coordinate is one
/// more index value input, and the whole body and the results are generated
/// as the lanes of a parallel are (genParallel), so instances only read the
/// buffers generated above, which nothing writes, and write their own cell
/// of a buffer of their own. Such a body is what a dense thread's single
/// graph launch runs once per instance; the cycle simulator pipelines the
/// instances through one configuration (CycleSimulator::runGraphBatch).
void Generator::addBatchDomain() {
  program.instances = 2 + below(9);
  program.coordinate = program.valueTypes.size();
  program.valueTypes.push_back(Scalar::Index);
  program.valueInputs.push_back(0);
  unsigned coordinate = program.nextVar++;
  scope.push_back({coordinate, Scalar::Index});
  Buffer buffer;
  buffer.element = elementType();
  buffer.shape = {program.instances};
  buffer.extent = program.instances;
  for (int64_t e = 0; e < buffer.extent; ++e)
    buffer.init.push_back(constantBits(buffer.element));
  laneMemory = program.memoryBuffers.size();
  laneCoordinate = coordinate;
  program.memoryBuffers.push_back(program.buffers.size());
  program.buffers.push_back(std::move(buffer));
}

Program generateProgram(uint64_t seed, const GeneratorOptions &options) {
  return Generator(seed, options).run();
}

} // namespace loom::proptest
