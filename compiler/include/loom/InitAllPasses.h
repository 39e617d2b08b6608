//===- InitAllPasses.h - every pass Loom tools register ---------*- C++ -*-===//
//
// Part of the Loom project.
//
// The one place that registers Loom's passes with the global pass registry.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_INITALLPASSES_H
#define LOOM_INITALLPASSES_H

#include "loom/Dialect/Dataflow/Transforms/Passes.h"

namespace loom {

/// Registers every Loom pass so tools can name it on the command line.
inline void registerAllPasses() { dataflow::registerLoomDataflowPasses(); }

} // namespace loom

#endif // LOOM_INITALLPASSES_H
