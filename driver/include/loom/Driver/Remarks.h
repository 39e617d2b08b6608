//===- Remarks.h - Loom optimization remarks with source locations -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Loom's decisions reach the user as `-Rpass=loom`, `-Rpass-missed=loom` and
// `-Rpass-analysis=loom` remarks at the hint's source location, which the
// clang plugin records as "file:line:col" strings so that no debug
// information is needed.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DRIVER_REMARKS_H
#define LOOM_DRIVER_REMARKS_H

#include "llvm/IR/DebugLoc.h"
#include "llvm/IR/Function.h"

namespace loom {

/// The remark pass name users filter on: -Rpass=loom.
constexpr llvm::StringLiteral kRemarkPassName = "loom";

/// Kinds of remarks, mirroring clang's three -R flags.
enum class RemarkKind { Passed, Missed, Analysis };

/// Builds a debug location for "file:line[:col]" usable as a remark
/// location; returns an empty DebugLoc when `where` does not parse.
llvm::DebugLoc makeRemarkLocation(llvm::LLVMContext &context,
                                  llvm::StringRef where);

/// Emits one Loom remark about `function` at `where` (or at the function's
/// own debug location when `where` is empty).
void emitRemark(llvm::Function &function, RemarkKind kind,
                llvm::StringRef remarkName, llvm::StringRef where,
                const llvm::Twine &message);

} // namespace loom

#endif // LOOM_DRIVER_REMARKS_H
