//===- Program.h - random structured programs as a small tree ---*- C++ -*-===//
//
// Part of the Loom project.
//
// The differential property tests generate programs as this tree rather than
// as IR: the shrinker edits the tree (drops statements, shortens loops,
// simplifies expressions) and rebuilds the IR through the test IR builders
// after every edit. Every construct is well defined by construction when it
// is built (ProgramBuilder.cpp): indices are reduced modulo the extent
// (minus the origin of a pointer argument; a hinted loop's cells are
// affine in its counter and in bounds for every trip count and start),
// divisors are guarded against zero and overflow, shift amounts are masked
// and loop trip counts are reduced modulo a small bound, so an edit can never
// make a program undefined. A variable that an edit left without a
// definition is built as the zero of its type.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_PROGRAM_H
#define LOOM_TESTS_PROPERTY_PROGRAM_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace loom::proptest {

/// The scalar types a program computes with.
enum class Scalar : uint8_t { I1, I32, I64, F32, F64, Index, I8, I16 };

bool isFloat(Scalar type);
/// Bits of the value (index is 64), and bytes of one memory element.
unsigned getBitWidth(Scalar type);
unsigned getByteWidth(Scalar type);
mlir::Type getMLIRType(mlir::MLIRContext &context, Scalar type);
llvm::StringRef getName(Scalar type);

/// Operators of Expr::Kind::Binary (integer ones on I32/I64/Index, float
/// ones on F32/F64) and of Expr::Kind::Cast.
enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  DivSI,
  DivUI,
  RemSI,
  RemUI,
  And,
  Or,
  Xor,
  Shl,
  ShrSI,
  ShrUI,
  MaxSI,
  MinUI,
  AddF,
  SubF,
  MulF,
  DivF,
  MaximumF,
  MinimumF,
};

/// A scalar expression tree. `operands` are built before the node.
struct Expr {
  enum class Kind : uint8_t {
    Const,     ///< `bits` of `type` (floats as their IEEE bits).
    Var,       ///< variable `var`.
    Load,      ///< memory argument `memory` at operands (one index per
               ///< dimension, each reduced modulo its extent: a gather when an
               ///< index is computed).
    Binary,    ///< `op` over operands[0..1].
    Cmp,       ///< i1 = `predicate` over operands[0..1] (cmpi or cmpf).
    Select,    ///< operands[0] (i1) ? operands[1] : operands[2].
    Cast,      ///< operands[0] converted to `type` (ext, trunc, int to float,
               ///< index_cast, float ext/trunc, or a same-width bitcast).
    Negate,    ///< negf of a float.
    LocalLoad, ///< local `var` at operands[0] modulo its extent (a rank-0
               ///< local has no operand); zero if `var` is not in scope.
    IterLoad,  ///< memory argument `memory` (the buffer of the hinted For
               ///< whose counter is `var`) at the cell that loop's current
               ///< iteration owns plus `offset`, as an affine index the
               ///< dependence analysis reads (see Stmt::hint); outside that
               ///< loop (a shrinking step inlined it) the reduced cell
               ///< `offset`.
  };
  Kind kind = Kind::Const;
  Scalar type = Scalar::I32;
  uint64_t bits = 0;
  unsigned var = 0;
  unsigned memory = 0;
  BinaryOp op = BinaryOp::Add;
  /// arith::CmpIPredicate or arith::CmpFPredicate, by operand type.
  unsigned predicate = 0;
  /// IterLoad: the cell relative to the iteration's own.
  int64_t offset = 0;
  std::vector<Expr> operands;

  /// Nodes in this tree.
  unsigned size() const;
};

struct Block;

/// The `loom.hints = {parallel = []}` a For may carry (LOOM_PARALLEL), and
/// whether it holds. A hinted For has a rank-1 buffer of its own
/// (Stmt::memory, never aliased) in which iteration `iv` owns the cell
/// `base + (iv - from)`; its body is generated as the lanes of a parallel
/// are (only LaneStores write, at that cell, and only IterLoads read that
/// buffer), so the iterations are independent unless the hint kind adds a
/// dependence. The wrong kinds are dependences the dependence analysis is
/// documented to prove (docs/hints.md), so ParallelizeLoops must diagnose
/// them and keep the loop sequential; a[i] against a[n - 1 - i] and other
/// shapes the analysis leaves undecided (and trusts) are not generated as
/// wrong hints, since a trusted wrong hint is the program's fault.
enum class Hint : uint8_t {
  None,
  Independent, ///< Right: each iteration reads and writes its own cell.
  Recurrence,  ///< Wrong: a store of the own cell reads the cell at a
               ///< constant distance (IterLoad offset -2..2, not 0):
               ///< a[i] = f(a[i - d]) or a read ahead, a[i + d].
  SameCell,    ///< Wrong: every iteration reads and writes cell `base`.
  Carried,     ///< Wrong: the loop carries values (iter_args).
  /// No hint: a recurrence through memory, a[i] = f(a[i - d]) (d 1 or 2),
  /// with a trip count that may be computed and below d, which
  /// loom-forward-loop-stores carries from the store to the load.
  CarriedStore,
};

/// True for the kinds that put a LOOM_PARALLEL hint on the loop.
inline bool hasParallelHint(Hint hint) {
  return hint != Hint::None && hint != Hint::CarriedStore;
}

/// True for the kinds whose hint does not hold.
inline bool isWrongHint(Hint hint) {
  return hint == Hint::Recurrence || hint == Hint::SameCell ||
         hint == Hint::Carried;
}

/// A value carried by a for (scf.for iter_args through the scan builder) or
/// a while (an argument of scf.while): `var` names its previous value inside
/// the body and its final value after the loop.
struct CarriedVar {
  unsigned var = 0;
  Scalar type = Scalar::I32;
  Expr init;
  Expr next; ///< Built at the end of the body.
  /// A reduction of a for loop in a kernel program: `next` is
  /// `var <op> expr` and nothing else in the body reads `var`, the shape
  /// loom-split-reductions splits (integers) or keeps in order (floats).
  bool reduction = false;
};

/// A result of an if or index_switch: `var` names it after the construct;
/// `lanes` holds its value per region (then/else, or default then cases).
struct ResultVar {
  unsigned var = 0;
  Scalar type = Scalar::I32;
  std::vector<Expr> lanes;
};

struct Stmt {
  enum class Kind : uint8_t {
    Let,        ///< var = exprs[0].
    Store,      ///< memory[exprs[0], exprs[2]...] = exprs[1] (a scatter
                ///< when an index is computed); one index per dimension.
    ScatterAdd, ///< memory[exprs[0], exprs[2]...] += exprs[1] (converted to
                ///< the element type).
    For,        ///< iv `var` over `from` .. `from + trip - 1` (trip =
                ///< exprs[0] modulo kMaxTrip + 1) in `type`, optionally
                ///< backward, with `carried`; blocks[0] is the body.
    While,      ///< counter `var` from 0 while counter < exprs[0] modulo
                ///< kMaxTrip + 1 and exprs[1] (an i1 over the carried
                ///< values); blocks[0] is the body.
    If,         ///< on exprs[0] (i1); blocks then/else; `results`.
    Switch,     ///< index_switch on exprs[0] modulo (last case + 2);
                ///< blocks default, then one per case; `results`.
    Local,      ///< local `var`: a memref.alloca of `type` with `shape`
                ///< (empty: rank 0, else one extent), every element then
                ///< stored from exprs[i] (row-major), so the scope instance
                ///< writes the whole local before anything reads it.
    LocalStore, ///< local `var`[exprs[0] modulo its extent] = exprs[1] (a
                ///< rank-0 local ignores exprs[0]); nothing if `var` is not
                ///< in scope.
    Parallel,   ///< effect-form scf.parallel (or scf.forall if `forall`)
                ///< over constant `shape`, coordinates `var`, `var` + 1...;
                ///< blocks[0] is the body.
    LaneStore,  ///< memory[coordinates of the enclosing Parallel `var`] =
                ///< exprs[0]: `memory` is that Parallel's own buffer, shaped
                ///< like its domain, so lanes write disjoint cells. In a
                ///< hinted For (`var` its counter), the cell the iteration
                ///< owns (Hint).
    Execute,    ///< single-block scf.execute_region: blocks[0] and
                ///< `results` (one lane each).
  };
  Kind kind = Kind::Let;
  unsigned var = 0;
  Scalar type = Scalar::Index;
  unsigned memory = 0;
  bool backward = false;
  bool forall = false;
  int64_t from = 0;
  /// A For's LOOM_PARALLEL hint; with one, `memory` is its buffer and
  /// `base` the buffer element of its first iteration's cell.
  Hint hint = Hint::None;
  int64_t base = 0;
  /// The domain of a Parallel, the shape of a Local.
  std::vector<int64_t> shape;
  std::vector<int64_t> cases;
  std::vector<Expr> exprs;
  std::vector<Block> blocks;
  std::vector<CarriedVar> carried;
  std::vector<ResultVar> results;

  unsigned size() const;
};

struct Block {
  std::vector<Stmt> stmts;
  unsigned size() const;
};

/// Trip counts and while limits are reduced modulo kMaxTrip + 1.
constexpr int64_t kMaxTrip = 5;

/// One buffer of the launch: its element type, its shape (rank 1 or 2),
/// its element count and its initial contents in row-major order (element
/// bits, little-endian in getByteWidth bytes).
struct Buffer {
  Scalar element = Scalar::I32;
  std::vector<int64_t> shape = {1};
  int64_t extent = 1; ///< The product of `shape`.
  std::vector<uint64_t> init;
};

/// How a rank-1 memory argument is passed when it is a pointer parameter:
/// as the raising makes a C++ `T *` (memref<?xT>), bound `origin` elements
/// into its buffer (`buf + origin`; `origin == extent` is an end pointer),
/// so that its valid indices are [-origin, extent - origin).
struct PointerArg {
  int64_t origin = 0;
  /// Passed as a `__restrict` pointer (llvm.noalias on the kernel's
  /// parameter; only with Program::asKernel): only for an argument that is
  /// the one argument of its buffer.
  bool noalias = false;
};

/// A generated program with its inputs.
struct Program {
  /// Value inputs: variable i for i < valueTypes.size(), with these bits.
  std::vector<Scalar> valueTypes;
  std::vector<uint64_t> valueInputs;
  std::vector<Buffer> buffers;
  /// Memory argument i is bound to buffers[memoryBuffers[i]]; two arguments
  /// bound to one buffer alias.
  std::vector<unsigned> memoryBuffers;
  /// Memory argument i is a pointer parameter when pointers[i] is set (a
  /// missing entry: a whole memref of the buffer's static shape). A buffer
  /// with a pointer argument is host memory every argument of it views,
  /// each at its own origin, so aliased arguments may have different
  /// origins (the same C++ array passed as `a` and `a + 2`).
  std::vector<std::optional<PointerArg>> pointers;
  Block body;
  /// Region results, built after the body in its scope.
  std::vector<Expr> results;
  /// The next unused variable id.
  unsigned nextVar = 0;
  /// A dense batch program when nonzero: the body is one instance of a
  /// dense launch of `instances` independent instances, value input
  /// `coordinate` (an index) is the instance's number (its bits in
  /// valueInputs are ignored), and every instance runs on the same buffers
  /// and has its own results. Race free by construction: the body writes
  /// only LaneStores to the last memory argument, a buffer of `instances`
  /// cells of its own, at its coordinate, and reads only other buffers,
  /// which nothing writes (ProgramGenerator.cpp).
  unsigned instances = 0;
  unsigned coordinate = 0;
  /// Compiled as the kernel compiler compiles a kernel from its SCF stage
  /// on: the body is a `func.func` that loom-ownership-pipeline
  /// (ParallelizeLoops, FormThreads, FormSpatialRegions, ...) and then
  /// loom-dataflow-pipeline compile, run by the program interpreter. Set
  /// for the programs with hinted loops (a hint means something only to
  /// that pipeline), and kept when shrinking removes them.
  bool asKernel = false;

  unsigned size() const;
  /// The pointer binding of memory argument `arg`, if it is one.
  const PointerArg *getPointer(unsigned arg) const {
    return arg < pointers.size() && pointers[arg] ? &*pointers[arg] : nullptr;
  }
  /// The element offset of memory argument `arg` into its buffer (0 for a
  /// whole memref).
  int64_t getOrigin(unsigned arg) const {
    const PointerArg *pointer = getPointer(arg);
    return pointer ? pointer->origin : 0;
  }
  /// Whether buffer `buffer` is host memory (it has a pointer argument).
  bool isHostBuffer(unsigned buffer) const;
};

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_PROGRAM_H
