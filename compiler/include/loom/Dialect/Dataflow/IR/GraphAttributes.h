//===- GraphAttributes.h - discardable attributes of a graph ----*- C++ -*-===//
//
// Part of the Loom project.
//
// Attributes the kernel compiler puts on a `dataflow.graph` for the tools
// downstream (the mapper), which are not part of the graph's semantics: the
// emulator ignores them and a graph without them is the same program.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_DATAFLOW_IR_GRAPHATTRIBUTES_H
#define LOOM_DIALECT_DATAFLOW_IR_GRAPHATTRIBUTES_H

#include "llvm/ADT/StringRef.h"

namespace loom::dataflow {

/// The kernel's LOOM_TARGET, "spatial" or "temporal" (a StringAttr): how
/// the user asked the kernel to use a time-multiplexed fabric. "spatial"
/// makes the mapper try one actor per unit and one value per channel first
/// (docs/mapper.md, "Sharing and LOOM_TARGET").
inline constexpr llvm::StringLiteral kGraphTargetAttrName = "loom.target";

/// On the graph of k copies of a dense thread's graph that the sim backend
/// builds (an IntegerAttr k; docs/runtime.md, "Lanes"): its instances stream
/// through the copies at the memory interfaces' rate, so the mapper spreads
/// its memory actors over the interfaces rather than keeping them near
/// (docs/mapper.md, "Memory binding").
inline constexpr llvm::StringLiteral kGraphLanesAttrName = "loom.lanes";

} // namespace loom::dataflow

#endif // LOOM_DIALECT_DATAFLOW_IR_GRAPHATTRIBUTES_H
