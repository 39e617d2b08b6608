//===- KernelBuilder.h - SCF-stage kernels in a few lines -------*- C++ -*-===//
//
// Part of the Loom project.
//
// Builds the input of the SCF-to-dataflow lowering by hand, so a GoogleTest
// can put exactly the shape it needs in front of a pass: a module with one
// dense rank-0 `dataflow.thread` whose body is one `loom.spatial_region`
// (values and memories in, values out) filled through this builder. Modeled
// on ../shared/reference/test-ir-builders.md.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTIR_KERNELBUILDER_H
#define LOOM_TESTIR_KERNELBUILDER_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Dialect/Loom/IR/Loom.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <optional>

namespace loom::testir {

/// One memref argument minted by a MemRefFactory: `id` names it in debug
/// output (its location is `mem<id>`), `type` is what the thread takes.
struct MemRefArg {
  unsigned id;
  mlir::MemRefType type;
};

/// Makes fresh memref arguments with consecutive ids above `firstId` and the
/// default shape `dims` of f32 elements (overridable per argument). Each test
/// executable picks an id range of its own, so memories stay distinguishable
/// when IR is printed with `-mlir-print-debuginfo`. `dims` may hold
/// ShapedType::kDynamic. Ids are never reused by one factory.
class MemRefFactory {
public:
  MemRefFactory(mlir::MLIRContext &context, unsigned firstId,
                llvm::ArrayRef<int64_t> dims);
  /// A memref of the default shape and f32 elements.
  MemRefArg make();
  /// A memref of shape `dims`; `elementType` defaults to f32.
  MemRefArg make(llvm::ArrayRef<int64_t> dims, mlir::Type elementType = {});
  /// The id of the last argument made, `firstId` before the first.
  unsigned getLastId() const { return lastId; }

private:
  mlir::MLIRContext &context;
  unsigned lastId;
  llvm::SmallVector<int64_t> defaultDims;
};

/// A loop bound: a compile-time integer (built as an `index` constant) or a
/// run-time value, whose integer or index type the loop then runs in.
struct Bound {
  Bound(int64_t constant) : constant(constant) {}
  Bound(int constant) : constant(constant) {}
  Bound(mlir::Value value) : value(value) {}
  int64_t constant = 0;
  mlir::Value value;
};

/// Which way a scan counts: `Forward` from `from` up to `upto`, `Backward`
/// from `upto` down to `from`, both inclusive.
enum class Direction { Forward, Backward };

/// A carried scalar of a scan, made by KernelBuilder::carry.
struct Carried {
  unsigned slot;
};

/// A scope-local scalar made by KernelBuilder::defineLocal.
struct Local {
  mlir::Value cell; ///< The rank-0 `memref.alloca` holding it.
};

/// A tile multiply-accumulate `d[i,j] += sum_{l<k} a[i,l] * b[l,j]` over
/// rank-1 memories of one element type. Leading dimensions default to the
/// extents read as a contiguous row-major block: `ldd = n`,
/// `lda = ta ? m : k`, `ldb = tb ? k : n` -- a syntactic default off the
/// tile's own geometry, not a read of the operands' shapes: a tile that is a
/// window into a wider array passes its stride (and offset) explicitly.
struct TileMma {
  mlir::Value d, a, b;
  int64_t m = 0, n = 0, k = 0;
  bool ta = false, tb = false; ///< a (b) stored transposed.
  std::optional<int64_t> ldd, lda, ldb;
  int64_t dOffset = 0, aOffset = 0, bOffset = 0;
  /// Cooperative lanes sharing the rows; must divide `m`.
  int64_t lanes = 1;
};

/// Builds one kernel. Every builder appends at the current insertion point
/// (the region body, or the body of the construct whose callback is
/// running); callbacks run immediately and exactly once. A broken contract
/// of the builders themselves (a second setNext, ...) is reported as an MLIR
/// error diagnostic at the kernel's location, building goes on with a
/// well-formed stand-in, and finish() then returns null. Type mismatches in
/// operands are programming errors and assert.
class KernelBuilder {
public:
  /// Starts module { dataflow.thread @name(values..., memories...) ctrl
  /// domain<dense> { loom.spatial_region values(...) memories(...) ->
  /// values(results) attributes {graph_name = "<name>_g0"} } }. Loads the
  /// dialects it needs into `context`.
  KernelBuilder(mlir::MLIRContext &context, llvm::StringRef name,
                llvm::ArrayRef<mlir::Type> values,
                llvm::ArrayRef<MemRefArg> memories,
                llvm::ArrayRef<mlir::Type> results = {});

  /// The region's i-th value input and i-th memory input (block arguments).
  mlir::Value value(unsigned i);
  mlir::Value memory(unsigned i);

  /// `ic(n)` is the `index` constant n; `constant` an integer or float
  /// constant of `type` (an integer type truncates `v`).
  mlir::Value ic(int64_t n);
  mlir::Value constant(mlir::Type type, double v);
  /// Integer/index or float arithmetic chosen by the operand type; `lt` is
  /// `cmpi slt` or `cmpf olt`. Operands must have one type.
  mlir::Value add(mlir::Value a, mlir::Value b);
  mlir::Value sub(mlir::Value a, mlir::Value b);
  mlir::Value mul(mlir::Value a, mlir::Value b);
  mlir::Value lt(mlir::Value a, mlir::Value b);

  /// `memref.load` / `memref.store`; one index per dimension.
  mlir::Value load(mlir::Value mem, mlir::ValueRange idcs);
  void store(mlir::Value v, mlir::Value mem, mlir::ValueRange idcs);

  /// `loop(upto, body)` iterates iv over 0 .. upto INCLUSIVE as one
  /// `scf.for` (upper bound upto + 1, step 1) in upto's type; `upto < 0` is
  /// a dead loop (zero trips), a case worth building. `loopN(width, body)`
  /// iterates over 0 .. width-1. Returns the loop.
  mlir::scf::ForOp loop(Bound upto, llvm::function_ref<void(mlir::Value)> body);
  mlir::scf::ForOp loopN(Bound width,
                         llvm::function_ref<void(mlir::Value)> body);

  /// `carry(init)` is one carried scalar starting at `init`, a value defined
  /// before the scan that uses it. Each carried value joins one scan only.
  Carried carry(mlir::Value init);
  /// Iterates iv over from .. upto INCLUSIVE like loop (Backward counts
  /// down from upto to from) as one `scf.for` whose iter_args are
  /// `carried`; returns their final values (the inits for a dead scan).
  /// Inside `body`, `prev(c)` is the previous iteration's value (the init on
  /// the first), `setNext(c, v)` assigns this iteration's value, and
  /// `next(c)` reads it back: the rotation is phi-style, old and new coexist.
  /// setNext must be called exactly once per carried value, as a top-level
  /// statement of the body: a second call, a call inside a nested construct,
  /// a missing call, next before setNext, or prev/next/setNext outside the
  /// scan are errors. A carried value left unset yields its prev.
  llvm::SmallVector<mlir::Value>
  scan(Bound upto, llvm::ArrayRef<Carried> carried,
       llvm::function_ref<void(mlir::Value)> body,
       Direction direction = Direction::Forward, int64_t from = 0);
  mlir::Value prev(Carried c);
  mlir::Value next(Carried c);
  void setNext(Carried c, mlir::Value v);

  /// `if_(cond, then, else)` guards `then` on cond being nonzero, read at
  /// its OWN type: an i1 is used as is, another integer or index compared
  /// `ne 0`, a float `une 0.0` (NaN counts as nonzero). `orElse` may be null
  /// (no else region). `ifIdx` reads the condition at INDEX precision
  /// whatever it is (floats through fptosi, so 0.5 is false there and true
  /// for if_), then compares `ne 0`: the standing of a fringe guard.
  mlir::scf::IfOp if_(mlir::Value cond, llvm::function_ref<void()> then,
                      llvm::function_ref<void()> orElse = nullptr);
  mlir::scf::IfOp ifIdx(mlir::Value cond, llvm::function_ref<void()> then,
                        llvm::function_ref<void()> orElse = nullptr);
  /// An `scf.if` with results of `types`: each branch returns its yielded
  /// values. Returns the results. Yields that do not match `types` make
  /// finish() fail verification.
  using ValuesFn = llvm::function_ref<llvm::SmallVector<mlir::Value>()>;
  llvm::SmallVector<mlir::Value> ifValues(mlir::Value cond,
                                          mlir::TypeRange types, ValuesFn then,
                                          ValuesFn orElse);

  /// `scf.while` whose before region forwards its arguments unchanged under
  /// the i1 `cond(args)`, and whose after region yields `body(args)` (the
  /// next arguments, typed like `inits`). Returns the final arguments.
  using ArgsFn =
      llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::ValueRange)>;
  llvm::SmallVector<mlir::Value>
  whileLoop(mlir::ValueRange inits,
            llvm::function_ref<mlir::Value(mlir::ValueRange)> cond,
            ArgsFn body);

  /// `scf.index_switch` on the index `arg` with `cases`; `lane(0)` builds
  /// the default region, `lane(i + 1)` case i (the lowering's lane order),
  /// each returning its yielded values of `types`. Zero cases are allowed.
  llvm::SmallVector<mlir::Value> indexSwitch(
      mlir::Value arg, llvm::ArrayRef<int64_t> cases, mlir::TypeRange types,
      llvm::function_ref<llvm::SmallVector<mlir::Value>(unsigned)> lane);

  /// Effect-form `scf.forall` over 0 .. extent-1 per dimension (no outputs,
  /// no mapping). All-constant extents give the fixed domain the lowering
  /// replicates; a run-time extent gives a dynamic-bounds forall, which it
  /// rejects. Returns the op.
  mlir::scf::ForallOp forall(llvm::ArrayRef<Bound> extents,
                             llvm::function_ref<void(mlir::ValueRange)> body);

  /// Effect-form `scf.parallel` over 0 .. extent-1 per dimension (step 1,
  /// no reductions: the body ends in an empty `scf.reduce`). All-constant
  /// extents give the fixed domain the lowering replicates into static
  /// lanes; a run-time extent gives a dynamic one, which it rejects.
  /// Returns the op.
  mlir::scf::ParallelOp
  parallel(llvm::ArrayRef<Bound> extents,
           llvm::function_ref<void(mlir::ValueRange)> body);

  /// A single-block `scf.execute_region` with results of `types`: `body`
  /// builds its block and returns the yielded values. Returns the results.
  /// The lowering inlines it into the enclosing scope.
  llvm::SmallVector<mlir::Value> executeRegion(mlir::TypeRange types,
                                               ValuesFn body);

  /// gather reads `mem` at `idcs` (one entry per dimension) with the
  /// `dynAxis` entry replaced by the run-time `dynValue` (pass a null Value
  /// there): an index, another integer (index_cast: a row number computed
  /// in iN) or a float (fptosi to i64 first: a row number stored as data).
  /// scatter writes `v` into that same cell; a loop whose index reaches
  /// dynValue carries a cross-iteration dependency no analysis can see.
  /// scatterAdd is `mem[.., dynValue, ..] += addend`: an explicit gather of
  /// the cell, the addend converted from its OWN type to the element type
  /// (a mixed-precision accumulation is a shape worth building), add, and
  /// scatter. `dynAxis` must be below the rank.
  mlir::Value gather(mlir::Value mem, llvm::ArrayRef<mlir::Value> idcs,
                     unsigned dynAxis, mlir::Value dynValue);
  void scatter(mlir::Value mem, llvm::ArrayRef<mlir::Value> idcs,
               unsigned dynAxis, mlir::Value dynValue, mlir::Value v);
  void scatterAdd(mlir::Value mem, llvm::ArrayRef<mlir::Value> idcs,
                  unsigned dynAxis, mlir::Value dynValue, mlir::Value addend);

  /// Declares a scope local (a rank-0 `memref.alloca` of v's type at the
  /// insertion point) and assigns it `v`: two statements, the declare/set
  /// pair a privatization emits. Read with getLocal, write with setLocal.
  Local defineLocal(mlir::Value v);
  mlir::Value getLocal(Local local);
  void setLocal(Local local, mlir::Value v);

  /// Emits the scalar fallback body of `tile`: rows i (split over a fixed
  /// `scf.forall` of `lanes` when lanes > 1), columns j, and an inner
  /// `scf.for` over l with the accumulator as iter_arg, loading d once and
  /// storing it once per (i, j). The outermost op carries the dictionary
  /// attribute `loom.tile_mma` {m, n, k, ta, tb, ldd, lda, ldb, lanes} that
  /// names the tile it stands for (no tile op exists at the SCF stage).
  /// Extents must be positive and lanes must divide m; otherwise an error.
  mlir::Operation *tileMma(const TileMma &tile);

  /// Ends the region with `loom.spatial_yield results` (types must equal
  /// the declared result types, else an error), verifies the module and
  /// hands it over. Returns null if any builder error was reported or
  /// verification failed (the diagnostics say why). Call once.
  mlir::OwningOpRef<mlir::ModuleOp> finish(mlir::ValueRange results = {});

  /// The number of builder errors reported so far.
  unsigned getNumErrors() const { return numErrors; }
  mlir::OpBuilder &getBuilder() { return builder; }
  mlir::Location getLoc() const { return loc; }
  dataflow::ThreadOp getThread() { return thread; }
  SpatialRegionOp getRegion() { return region; }

private:
  struct CarriedSlot {
    mlir::Value init, prev, next;
    mlir::Block *body = nullptr; ///< Set while its scan body is built.
    bool used = false;
  };
  void reportError(const llvm::Twine &message);
  mlir::Value boundValue(const Bound &bound, mlir::Type type);
  mlir::Value truth(mlir::Value cond);
  mlir::Value toIndex(mlir::Value v);
  mlir::Value convert(mlir::Value v, mlir::Type to);
  CarriedSlot *activeSlot(Carried c, llvm::StringRef what);
  llvm::SmallVector<mlir::Value> withDynIndex(llvm::ArrayRef<mlir::Value> idcs,
                                              unsigned dynAxis,
                                              mlir::Value dynValue,
                                              unsigned rank);
  void tileCell(const TileMma &tile, mlir::Value i, mlir::Value j);

  mlir::MLIRContext &context;
  mlir::OpBuilder builder;
  mlir::Location loc;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  dataflow::ThreadOp thread;
  SpatialRegionOp region;
  llvm::SmallVector<CarriedSlot> slots;
  unsigned numErrors = 0;
  bool finished = false;
};

} // namespace loom::testir

#endif // LOOM_TESTIR_KERNELBUILDER_H
