//===- LoopTestOffset.h - loop tests of `iv + K` --------------*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to compiler/lib/Raising: a loop test that reads `iv + K`
// (`for (i = 0; i + 5 <= n; ++i)`) is a test of `iv` against a bound moved
// by K. loom-raise-while-to-for uses it to count such loops exactly.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_RAISING_LOOPTESTOFFSET_H
#define LOOM_LIB_RAISING_LOOPTESTOFFSET_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

#include <string>

namespace loom::raising {

/// The extreme value of the predicate's signedness at which the moved bound
/// saturates (none for `==`/`!=`, which hold modulo 2^N).
enum class OffsetClamp { None, Min, Max };

/// `iv + K P B` rewritten as `iv pred B'` with B' = clamp(B) - offset (see
/// buildOffsetBound).
struct OffsetTest {
  mlir::arith::CmpIPredicate pred;
  llvm::APInt offset;
  OffsetClamp clamp = OffsetClamp::None;
};

/// Matches `tested`, the left operand of a loop test `tested pred B`, as
/// `iv + K` or `iv - K` with a constant K computed without wrapping where
/// `pred` needs it: an `addi`/`subi` carrying `nsw` for a signed and `nuw`
/// for an unsigned predicate (none for `==`/`!=`), or `ori iv, K` when every
/// value of iv (from `init`, stepped by `step`) is a multiple of a power of
/// two above K. Fails with `why` empty when `tested` is no such term, and
/// with the reason, naming the predicate and the missing flag, when it is
/// one that may wrap.
mlir::FailureOr<OffsetTest> matchOffsetTest(mlir::Value tested, mlir::Value iv,
                                            mlir::Value init,
                                            const llvm::APInt &step,
                                            mlir::arith::CmpIPredicate pred,
                                            std::string &why);

/// Returns the bound B' of `iv offset.pred B'`, which holds exactly where
/// the matched test of `iv + K` against `bound` holds.
mlir::Value buildOffsetBound(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value bound, const OffsetTest &offset);

} // namespace loom::raising

#endif // LOOM_LIB_RAISING_LOOPTESTOFFSET_H
