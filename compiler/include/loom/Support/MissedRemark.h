//===- MissedRemark.h - remarks about code that stays on the host -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Most of the compiler's remarks explain a decision (-Rpass-analysis=loom).
// A few say that a construct of the kernel does not become part of a
// dataflow graph and stays host (InstructionCore) code; the user must see
// those under -Rpass-missed=loom, at the construct's own source location.
// They are ordinary MLIR remarks tagged through the diagnostic's metadata,
// so `loom-opt` and `-verify-diagnostics` see them like any other remark
// while the kernel compiler can tell them apart.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SUPPORT_MISSEDREMARK_H
#define LOOM_SUPPORT_MISSEDREMARK_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include <string>

namespace loom {

/// The metadata string that marks a remark as a missed offload.
inline constexpr llvm::StringLiteral kMissedRemarkTag = "loom.missed";

/// Tags `diagnostic` with `tagName` in its metadata and returns it.
inline mlir::InFlightDiagnostic
tagDiagnostic(mlir::InFlightDiagnostic diagnostic, mlir::Location loc,
              llvm::StringRef tagName) {
  if (mlir::Diagnostic *diag = diagnostic.getUnderlyingDiagnostic())
    diag->getMetadata().push_back(mlir::DiagnosticArgument(
        mlir::StringAttr::get(loc.getContext(), tagName)));
  return diagnostic;
}

/// Emits a remark at `loc` saying that something stays host code.
inline mlir::InFlightDiagnostic emitMissedRemark(mlir::Location loc) {
  return tagDiagnostic(mlir::emitRemark(loc), loc, kMissedRemarkTag);
}

inline mlir::InFlightDiagnostic emitMissedRemark(mlir::Operation *op) {
  return emitMissedRemark(op->getLoc());
}

/// True if `diag`'s metadata carries `tagName`.
inline bool hasDiagnosticTag(mlir::Diagnostic &diag, llvm::StringRef tagName) {
  return llvm::any_of(diag.getMetadata(), [&](mlir::DiagnosticArgument &arg) {
    if (arg.getKind() !=
        mlir::DiagnosticArgument::DiagnosticArgumentKind::Attribute)
      return false;
    auto tag = llvm::dyn_cast<mlir::StringAttr>(arg.getAsAttribute());
    return tag && tag.getValue() == tagName;
  });
}

/// True if `diag` was emitted by emitMissedRemark.
inline bool isMissedRemark(mlir::Diagnostic &diag) {
  return hasDiagnosticTag(diag, kMissedRemarkTag);
}

/// The metadata string that marks a warning about a hint that cannot hold
/// (-Wloom-hint): the kernel compiler hands those to the driver, which
/// reports them at the hint like clang's own warnings.
inline constexpr llvm::StringLiteral kHintWarningTag = "loom.hint_warning";

/// Emits a -Wloom-hint warning at `loc`, the hint's own location.
inline mlir::InFlightDiagnostic emitHintWarning(mlir::Location loc) {
  return tagDiagnostic(mlir::emitWarning(loc), loc, kHintWarningTag);
}

/// True if `diag` was emitted by emitHintWarning.
inline bool isHintWarning(mlir::Diagnostic &diag) {
  return hasDiagnosticTag(diag, kHintWarningTag);
}

/// Names `op` as the construct a user wrote: "loop 'scf.while'",
/// "branch 'scf.if'", else the quoted op name.
inline std::string describeConstruct(mlir::Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  std::string quoted = "'" + name.str() + "'";
  if (name == "scf.for" || name == "scf.while" || name == "scf.forall" ||
      name == "scf.parallel")
    return "loop " + quoted;
  if (name == "scf.if" || name == "scf.index_switch")
    return "branch " + quoted;
  return quoted;
}

} // namespace loom

#endif // LOOM_SUPPORT_MISSEDREMARK_H
