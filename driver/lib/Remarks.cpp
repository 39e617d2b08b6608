//===- Remarks.cpp - Loom optimization remarks with source locations -----===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Driver/Remarks.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/Support/Path.h"

using namespace llvm;

DebugLoc loom::makeRemarkLocation(LLVMContext &context, StringRef where) {
  // "file:line:col" — split from the right: file names may contain ':'.
  auto [rest, last] = where.rsplit(':');
  auto [file, middle] = rest.rsplit(':');
  unsigned line = 0, column = 0;
  if (!middle.getAsInteger(10, line)) {
    if (last.getAsInteger(10, column))
      return DebugLoc();
  } else {
    file = rest;
    if (last.getAsInteger(10, line))
      return DebugLoc();
  }
  if (file.empty() || line == 0)
    return DebugLoc();
  // A free-standing subprogram scope: it is never attached to the module,
  // it only carries the file into the diagnostic location.
  DIFile *diFile = DIFile::get(context, sys::path::filename(file),
                               sys::path::parent_path(file));
  auto *type = DISubroutineType::get(context, DINode::FlagZero, 0,
                                     MDTuple::get(context, {}));
  DISubprogram *scope = DISubprogram::getDistinct(
      context, diFile, "loom", "", diFile, line, type, line,
      /*ContainingType=*/nullptr, /*VirtualIndex=*/0, /*ThisAdjustment=*/0,
      DINode::FlagZero, DISubprogram::SPFlagZero, /*Unit=*/nullptr);
  return DILocation::get(context, line, column, scope);
}

void loom::emitRemark(Function &function, RemarkKind kind, StringRef remarkName,
                      StringRef where, const Twine &message) {
  DebugLoc loc = makeRemarkLocation(function.getContext(), where);
  DiagnosticLocation diagLoc =
      loc ? DiagnosticLocation(loc)
          : DiagnosticLocation(function.getSubprogram());
  BasicBlock *block = function.empty() ? nullptr : &function.getEntryBlock();
  std::string text = message.str();
  OptimizationRemarkEmitter emitter(&function);
  switch (kind) {
  case RemarkKind::Passed:
    emitter.emit(
        OptimizationRemark(kRemarkPassName.data(), remarkName, diagLoc, block)
        << text);
    return;
  case RemarkKind::Missed:
    emitter.emit(OptimizationRemarkMissed(kRemarkPassName.data(), remarkName,
                                          diagLoc, block)
                 << text);
    return;
  case RemarkKind::Analysis:
    emitter.emit(OptimizationRemarkAnalysis(kRemarkPassName.data(), remarkName,
                                            diagLoc, block)
                 << text);
    return;
  }
}
