//===- LoopDependence.cpp - cross-iteration dependences of a loop --------===//
//
// Part of the Loom project.
//
// Each index becomes a polynomial over *counters* — the normalized
// iteration numbers k of the analysed loop and of the loops nested in it,
// iv = lb + step * k — and loop-invariant values. For a pair of accesses the
// two sides get their own counters; the difference D of the two indices is
// grouped by its invariant factors (n * (kX - kY + 1) + (mX - mY) has the
// groups {n: kX - kY + 1} and {1: mX - mY}). When every group vanishes the
// elements coincide whatever the invariants are, which is what a witness
// of a dependence needs; when D has no invariant factor the classic tests
// can prove that it never vanishes for distinct iterations.
//
//===----------------------------------------------------------------------===//

#include "loom/Ownership/LoopDependence.h"
#include "AccessIndex.h"
#include "loom/Support/SourceLocation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

#include <map>
#include <numeric>

using namespace mlir;
using namespace loom::ownership;

namespace {

/// A linear form over counters plus a constant: one group of D.
struct LinearForm {
  std::map<int, int64_t> coefficients;
  int64_t constant = 0;
  bool isZero() const { return coefficients.empty() && constant == 0; }
  int64_t evaluate(ArrayRef<int64_t> counters) const {
    int64_t sum = constant;
    for (auto [counter, coefficient] : coefficients)
      sum += coefficient * counters[counter];
    return sum;
  }
};

/// D grouped by invariant factors; nullopt when some monomial has two
/// counters (D is not linear in the iterations).
std::optional<std::map<Monomial, LinearForm>> groupBySymbols(const Poly &d) {
  std::map<Monomial, LinearForm> groups;
  for (const auto &[monomial, coefficient] : d) {
    Monomial symbols;
    std::optional<int> counter;
    for (Atom atom : monomial) {
      if (!atom.isCounter()) {
        symbols.push_back(atom);
        continue;
      }
      if (counter)
        return std::nullopt;
      counter = atom.counter;
    }
    LinearForm &form = groups[symbols];
    if (counter)
      form.coefficients[*counter] += coefficient;
    else
      form.constant += coefficient;
  }
  for (auto it = groups.begin(); it != groups.end();)
    it = it->second.isZero() ? groups.erase(it) : std::next(it);
  return groups;
}

enum class PairVerdict { Independent, Dependent, Undecided };

/// How a pair of accesses relates across iterations.
struct PairResult {
  PairVerdict verdict = PairVerdict::Undecided;
  std::optional<int64_t> distance; ///< kY - kX when constant
  int64_t kX = 0, kY = 0;          ///< a witness
  bool invariantAddress = false;
  /// Undecided because loop-invariant values in the indices do not cancel.
  bool symbolic = false;
};

/// Upper bound on a level's trip count given the outer counters' values,
/// or nullopt when it is unbounded (an invariant bound: "long enough").
std::optional<int64_t> evaluateTrip(const LoopLevel &level,
                                    ArrayRef<int64_t> counters) {
  int64_t extent = 0;
  for (const auto &[monomial, coefficient] : level.tripExtent) {
    int64_t term = coefficient;
    for (Atom atom : monomial) {
      if (!atom.isCounter())
        return level.maxTrip;
      term *= counters[atom.counter];
    }
    extent += term;
  }
  int64_t trip = extent <= 0 ? 0 : (extent + level.step - 1) / level.step;
  return level.maxTrip ? std::min(trip, *level.maxTrip) : trip;
}

/// Searches the first iterations for a pair (kX != kY) in which every
/// group vanishes.
class WitnessSearch {
public:
  WitnessSearch(const SideIndex &x, const SideIndex &y,
                const std::map<Monomial, LinearForm> &groups)
      : groups(groups) {
    for (const LoopLevel &level : x.levels)
      levels.push_back(&level);
    for (const LoopLevel &level : y.levels)
      levels.push_back(&level);
    counters.assign(levels.size(), 0);
    yRoot = x.levels.size();
    window = levels.size() <= 4 ? 16 : levels.size() <= 6 ? 5 : 3;
  }

  std::optional<std::pair<int64_t, int64_t>> run() {
    if (search(0))
      return std::make_pair(counters[0], counters[yRoot]);
    return std::nullopt;
  }

private:
  bool search(size_t depth) {
    if (++steps > 400000)
      return false;
    if (depth == levels.size()) {
      if (counters[0] == counters[yRoot])
        return false;
      return llvm::all_of(groups, [&](const auto &group) {
        return group.second.evaluate(counters) == 0;
      });
    }
    std::optional<int64_t> trip = evaluateTrip(*levels[depth], counters);
    int64_t limit = trip ? std::min<int64_t>(*trip, window) : window;
    for (int64_t k = 0; k < limit; ++k) {
      counters[depth] = k;
      if (search(depth + 1))
        return true;
    }
    counters[depth] = 0;
    return false;
  }

  const std::map<Monomial, LinearForm> &groups;
  SmallVector<const LoopLevel *> levels;
  SmallVector<int64_t> counters;
  size_t yRoot;
  int64_t window;
  unsigned steps = 0;
};

/// The trip-count bound of the analysed loop (level 0), if known.
std::optional<int64_t> rootTrip(const SideIndex &side) {
  return evaluateTrip(side.levels.front(), {});
}

/// Exact test for uniform indices: every group is a(kX - kY) + c.
std::optional<PairResult>
testUniform(const SideIndex &x, const SideIndex &y,
            const std::map<Monomial, LinearForm> &groups) {
  int cx = 0, cy = int(x.levels.size());
  std::optional<int64_t> distance; // kY - kX
  bool anyCounter = false;
  for (const auto &[symbols, form] : groups) {
    int64_t a = 0;
    for (auto [counter, coefficient] : form.coefficients) {
      if (counter == cx)
        a = coefficient;
      else if (counter != cy)
        return std::nullopt; // inner counters
    }
    auto other = form.coefficients.find(cy);
    if ((other == form.coefficients.end() ? 0 : other->second) != -a)
      return std::nullopt;
    // A group that cannot vanish proves D != 0 only when it is all of D.
    PairResult none;
    none.symbolic = !symbols.empty();
    none.verdict = groups.size() == 1 && symbols.empty()
                       ? PairVerdict::Independent
                       : PairVerdict::Undecided;
    if (a == 0) {
      // A nonzero constant (times invariants): never equal, unless an
      // invariant factor is zero.
      if (form.constant != 0)
        return none;
      continue;
    }
    anyCounter = true;
    // a (kX - kY) + c = 0  =>  kY - kX = c / a.
    if (form.constant % a != 0)
      return none;
    int64_t d = form.constant / a;
    if (distance && *distance != d) {
      none.symbolic = true;
      none.verdict =
          llvm::all_of(groups,
                       [](const auto &group) { return group.first.empty(); })
              ? PairVerdict::Independent
              : PairVerdict::Undecided;
      return none;
    }
    distance = d;
  }
  PairResult result;
  std::optional<int64_t> trip = rootTrip(x);
  if (!anyCounter) {
    // The same element in every iteration.
    if (trip && *trip < 2) {
      result.verdict = PairVerdict::Independent;
      return result;
    }
    result.verdict = PairVerdict::Dependent;
    result.invariantAddress = true;
    result.kX = 0, result.kY = 1, result.distance = 1;
    return result;
  }
  if (*distance == 0 || (trip && std::abs(*distance) >= *trip)) {
    // Only the same iteration meets itself; or the loop is too short.
    bool exact = llvm::all_of(
        groups, [](const auto &group) { return group.first.empty(); });
    result.verdict = exact ? PairVerdict::Independent : PairVerdict::Undecided;
    result.symbolic = !exact;
    return result;
  }
  result.verdict = PairVerdict::Dependent;
  result.distance = *distance;
  result.kX = *distance > 0 ? 0 : -*distance;
  result.kY = result.kX + *distance;
  return result;
}

/// Proofs for a symbol-free D with inner counters: GCD and bounds tests.
bool provesIndependent(const SideIndex &x, const SideIndex &y,
                       const LinearForm &d) {
  int64_t gcd = 0;
  for (auto [counter, coefficient] : d.coefficients)
    gcd = std::gcd(gcd, std::abs(coefficient));
  if (gcd == 0)
    return d.constant != 0;
  if (d.constant % gcd != 0)
    return true;
  // Row-major: a (kX - kY) + R with |R| < |a| for distinct kX, kY.
  int cx = 0, cy = int(x.levels.size());
  auto ax = d.coefficients.find(cx), ay = d.coefficients.find(cy);
  if (ax == d.coefficients.end() || ay == d.coefficients.end() ||
      ax->second != -ay->second)
    return false;
  // The range of R = D - a (kX - kY) over the inner counters.
  int64_t low = d.constant, high = d.constant;
  auto levelOf = [&](int counter) -> const LoopLevel & {
    return counter < cy ? x.levels[counter] : y.levels[counter - cy];
  };
  for (auto [counter, coefficient] : d.coefficients) {
    if (counter == cx || counter == cy)
      continue;
    std::optional<int64_t> trip = levelOf(counter).maxTrip;
    if (!trip || *trip <= 0 || *trip > (int64_t(1) << 31) ||
        std::abs(coefficient) > (int64_t(1) << 31))
      return false;
    int64_t span = coefficient * (*trip - 1);
    low += std::min<int64_t>(0, span);
    high += std::max<int64_t>(0, span);
  }
  int64_t a = std::abs(ax->second);
  return high < a && low > -a;
}

/// kY - kX when some group is a (kX - kY) + c with a != 0 (a row-major
/// stride over the analysed loop), which fixes the distance of every
/// witness; nullopt otherwise.
std::optional<int64_t>
getForcedDistance(const SideIndex &x,
                  const std::map<Monomial, LinearForm> &groups) {
  int cx = 0, cy = int(x.levels.size());
  for (const auto &[symbols, form] : groups) {
    auto ax = form.coefficients.find(cx), ay = form.coefficients.find(cy);
    if (form.coefficients.size() != 2 || ax == form.coefficients.end() ||
        ay == form.coefficients.end() || ax->second != -ay->second ||
        form.constant % ax->second != 0)
      continue;
    return form.constant / ax->second;
  }
  return std::nullopt;
}

PairResult testPair(const SideIndex &x, const SideIndex &y) {
  Poly d = x.index;
  PairResult undecided;
  if (!addScaled(d, y.index, -1))
    return undecided;
  std::optional<std::map<Monomial, LinearForm>> groups = groupBySymbols(d);
  if (!groups)
    return undecided;
  if (std::optional<PairResult> uniform = testUniform(x, y, *groups))
    return *uniform;
  bool symbolFree = groups->empty() ||
                    (groups->size() == 1 && groups->begin()->first.empty());
  undecided.symbolic = !symbolFree;
  if (symbolFree &&
      provesIndependent(
          x, y, groups->empty() ? LinearForm() : groups->begin()->second)) {
    PairResult result;
    result.verdict = PairVerdict::Independent;
    return result;
  }
  if (std::optional<std::pair<int64_t, int64_t>> witness =
          WitnessSearch(x, y, *groups).run()) {
    PairResult result;
    result.verdict = PairVerdict::Dependent;
    result.kX = witness->first;
    result.kY = witness->second;
    result.distance = getForcedDistance(x, *groups);
    return result;
  }
  return undecided;
}

struct Access {
  Operation *op;
  Value memref; ///< a memref, or the base of an LLVM pointer access
  Value index;  ///< null when the access has several indices
  bool isWrite;
  /// LLVM pointer accesses: the type loaded or stored, and the address
  /// past `memref` when its getelementptr chain is known.
  Type elementType = {};
  std::optional<AddressTerms> terms = {};
};

/// Follows the one-index getelementptrs from `address` to their base,
/// which it stores in `base`; nullopt when a size is not known or a
/// getelementptr has several indices (its base is then the address).
std::optional<AddressTerms> collectAddressTerms(Value address, Type valueType,
                                                Value &base) {
  base = address;
  if (!valueType.isIntOrFloat() || valueType.getIntOrFloatBitWidth() % 8)
    return std::nullopt;
  AddressTerms terms;
  terms.elementBytes = valueType.getIntOrFloatBitWidth() / 8;
  while (auto gep = base.getDefiningOp<LLVM::GEPOp>()) {
    Type stepType = gep.getElemType();
    if (gep.getIndices().size() != 1 || !stepType.isIntOrFloat() ||
        stepType.getIntOrFloatBitWidth() % 8)
      return std::nullopt;
    int64_t stepBytes = stepType.getIntOrFloatBitWidth() / 8;
    if (auto dynamic = dyn_cast<Value>(gep.getIndices()[0]))
      terms.scaled.push_back({dynamic, stepBytes});
    else
      terms.constantBytes +=
          cast<IntegerAttr>(gep.getIndices()[0]).getInt() * stepBytes;
    base = gep.getBase();
  }
  return terms;
}

/// The accesses of the body; false (with a cause) for ops the analysis
/// does not model.
bool collectAccesses(scf::ForOp loop, SmallVectorImpl<Access> &accesses,
                     SmallVectorImpl<std::string> &causes) {
  loop.getBody()->walk([&](Operation *op) {
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      accesses.push_back(
          {op, load.getMemRef(),
           load.getIndices().size() == 1 ? load.getIndices()[0] : Value(),
           false});
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      accesses.push_back(
          {op, store.getMemRef(),
           store.getIndices().size() == 1 ? store.getIndices()[0] : Value(),
           true});
    } else if (isa<LLVM::LoadOp, LLVM::StoreOp>(op)) {
      // A pointer the raising kept (InstructionCore code): base[index]
      // through one getelementptr, in elements of its type.
      bool isStore = isa<LLVM::StoreOp>(op);
      Value address = isStore ? cast<LLVM::StoreOp>(op).getAddr()
                              : cast<LLVM::LoadOp>(op).getAddr();
      Access access{op, address, Value(), isStore};
      Type valueType = isStore ? cast<LLVM::StoreOp>(op).getValue().getType()
                               : op->getResult(0).getType();
      access.elementType = valueType;
      access.terms = collectAddressTerms(address, valueType, access.memref);
      // A base the loop computes (a pointer walk) moves with the
      // iterations: its indices say nothing across them.
      if (loop.getRegion().isAncestor(access.memref.getParentRegion()))
        access.terms.reset();
      accesses.push_back(access);
    } else if (auto call = dyn_cast<CallOpInterface>(op)) {
      auto callee =
          dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
      causes.push_back("its body calls '" +
                       (callee ? callee.getLeafReference().str()
                               : std::string("an indirect function")) +
                       "'");
    } else if (isa<memref::AllocaOp, memref::AllocOp>(op)) {
      causes.push_back("its body allocates memory");
    } else if (!isMemoryEffectFree(op) &&
               !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
               !isa<scf::YieldOp, LLVM::GEPOp>(op)) {
      causes.push_back("'" + op->getName().getStringRef().str() +
                       "' has memory effects the analysis does not model");
    }
  });
  return causes.empty();
}

} // namespace

Location loom::ownership::getAccessLocation(Operation *op,
                                            StringRef relativeTo) {
  std::optional<loom::SourcePosition> at =
      loom::parseSourcePosition(relativeTo);
  return loom::getFrameInFile(op->getLoc(), at ? StringRef(at->file) : "");
}

/// `'text'` of an access as the user wrote it, or a description.
std::string loom::ownership::quoteAccess(Operation *access,
                                         StringRef relativeTo) {
  std::string text = loom::getAccessText(
      loom::describeSourceLocation(getAccessLocation(access, relativeTo)),
      isWriteAccess(access));
  return text.empty() ? std::string("an element") : "'" + text + "'";
}

/// "(line N)" of `op`, with the file when it is not the hint's; "" when
/// the op has no source location.
std::string loom::ownership::lineOf(Operation *op, StringRef hintWhere) {
  std::optional<loom::SourcePosition> at = loom::parseSourcePosition(
      loom::describeSourceLocation(getAccessLocation(op, hintWhere)));
  if (!at)
    return "";
  std::optional<loom::SourcePosition> hint =
      loom::parseSourcePosition(hintWhere);
  if (hint && hint->file == at->file)
    return " (line " + std::to_string(at->line) + ")";
  return " (" + llvm::sys::path::filename(at->file).str() + ":" +
         std::to_string(at->line) + ")";
}

Location loom::ownership::getHintLocation(Operation *loop, StringRef name,
                                          std::string *where) {
  auto locations = loop->getAttrOfType<DictionaryAttr>("loom.hint_locations");
  auto text = locations ? locations.getAs<StringAttr>(name) : StringAttr();
  if (where)
    *where = text ? text.getValue().str() : "";
  std::optional<loom::SourcePosition> at =
      text ? loom::parseSourcePosition(text.getValue()) : std::nullopt;
  if (!at)
    return loop->getLoc();
  return FileLineColLoc::get(loop->getContext(), at->file, at->line,
                             at->column);
}

bool loom::ownership::isWriteAccess(Operation *access) {
  return isa<memref::StoreOp, LLVM::StoreOp>(access);
}

/// "'a[i]' (line 5)".
static std::string describeAccess(Operation *op, StringRef relativeTo) {
  return quoteAccess(op, relativeTo) + lineOf(op, relativeTo);
}

LoopDependenceResult loom::ownership::analyzeLoopDependences(scf::ForOp loop) {
  return analyzeLoopDependences(loop, ownership::mayOverlap);
}

LoopDependenceResult loom::ownership::analyzeLoopDependences(
    scf::ForOp loop, function_ref<bool(Value, Value)> mayOverlap) {
  LoopDependenceResult result;
  SmallVector<Access> accesses;
  collectAccesses(loop, accesses, result.undecided);
  std::string where = describeSourceLocation(loop.getLoc());
  IndexBuilder builder(loop);
  std::optional<LoopDependence> found;
  int foundRank = 0; // prefer read-after-write, then others
  for (const Access &x : accesses) {
    if (!x.isWrite)
      continue;
    for (const Access &y : accesses) {
      if (!mayOverlap(x.memref, y.memref))
        continue;
      bool typedViews = areViewsOfOneArray(x.memref, y.memref);
      if (x.memref != y.memref && !typedViews) {
        result.undecided.push_back(
            describeAccess(x.op, where) + " and " +
            describeAccess(y.op, where) +
            " may access the same memory (the pointers are not __restrict)");
        continue;
      }
      auto sameSize = [](Type a, Type b) {
        return a == b ||
               (a && b && a.isIntOrFloat() && b.isIntOrFloat() &&
                a.getIntOrFloatBitWidth() == b.getIntOrFloatBitWidth());
      };
      auto elementTypeOf = [](const Access &access) {
        if (auto type = dyn_cast<MemRefType>(access.memref.getType()))
          return type.getElementType();
        return access.elementType;
      };
      if (typedViews ? !sameSize(elementTypeOf(x), elementTypeOf(y))
                     : !sameSize(x.elementType, y.elementType)) {
        result.undecided.push_back(describeAccess(x.op, where) + " and " +
                                   describeAccess(y.op, where) +
                                   " access one pointer as different types");
        continue;
      }
      auto hasIndex = [](const Access &access) {
        return access.index || access.terms;
      };
      if (!hasIndex(x) || !hasIndex(y)) {
        result.undecided.push_back(
            describeAccess(hasIndex(x) ? y.op : x.op, where) +
            " has several indices");
        continue;
      }
      auto termsOf = [](const Access &access) {
        return access.terms ? &*access.terms : nullptr;
      };
      std::optional<SideIndex> sx = builder.build(x.op, x.index, 0, termsOf(x));
      std::optional<SideIndex> sy =
          sx ? builder.build(y.op, y.index, int(sx->levels.size()), termsOf(y))
             : std::nullopt;
      if (!sx || !sy) {
        result.undecided.push_back(
            "the index of " + describeAccess(sx ? y.op : x.op, where) +
            " is not an affine function of the induction variables "
            "(indirect or data-dependent)");
        continue;
      }
      PairResult pair = testPair(*sx, *sy);
      if (pair.verdict == PairVerdict::Independent)
        continue;
      if (pair.verdict == PairVerdict::Undecided) {
        result.undecided.push_back(
            pair.symbolic
                ? "the indices of " + describeAccess(x.op, where) + " and " +
                      describeAccess(y.op, where) +
                      " differ by loop-invariant values of unknown sign or "
                      "size"
                : "the analysis could not decide whether " +
                      describeAccess(x.op, where) + " and " +
                      describeAccess(y.op, where) +
                      " touch one element in two iterations");
        continue;
      }
      // A local array may be declared inside the loop body in C++ (one per
      // iteration); the IR allocates it once, so a dependence through it
      // proves nothing about the source.
      if (!isa<BlockArgument>(getRootMemref(x.memref))) {
        result.undecided.push_back(
            describeAccess(x.op, where) +
            " is a local array, which may be private to each iteration");
        continue;
      }
      LoopDependence dependence;
      bool xFirst = pair.kX < pair.kY;
      dependence.earlier = xFirst ? x.op : y.op;
      dependence.later = xFirst ? y.op : x.op;
      dependence.invariantAddress = pair.invariantAddress;
      if (pair.distance)
        dependence.distance = std::abs(*pair.distance);
      const LoopLevel &level = sx->levels.front();
      int64_t lower = 0;
      if (level.lower.size() == 1 && level.lower.count(Monomial()))
        lower = level.lower.at(Monomial());
      else if (!level.lower.empty())
        lower = INT64_MIN; // symbolic start: no example values
      auto value = [&](int64_t k) { return lower + level.step * k; };
      dependence.earlierValue = value(std::min(pair.kX, pair.kY));
      dependence.laterValue = value(std::max(pair.kX, pair.kY));
      if (lower == INT64_MIN)
        dependence.earlierValue = dependence.laterValue = INT64_MIN;
      // Rank: a read after a write reads the program's intended value.
      int rank = !y.isWrite && xFirst ? 3 : !y.isWrite ? 2 : 1;
      if (rank > foundRank) {
        found = dependence;
        foundRank = rank;
      }
    }
  }
  if (found) {
    result.verdict = DependenceVerdict::Dependent;
    result.dependence = found;
    return result;
  }
  result.verdict = result.undecided.empty() ? DependenceVerdict::Independent
                                            : DependenceVerdict::Undecided;
  return result;
}
