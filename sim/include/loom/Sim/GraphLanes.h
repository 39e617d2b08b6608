//===- GraphLanes.h - dense instances on several copies of a graph -*- C++
//-*-===//
//
// Part of the Loom project.
//
// Lanes (issue L): the graph of a dense thread whose instances stream
// through one configuration (DenseThreadBatch.cpp) is placed k times side
// by side on the fabric, so that k instances are in flight on separate
// units and memory ports instead of one after another on the same ones.
// The k copies share %start and the memories; each has its own value
// inputs and results. A batch of N instances runs as floor(N / k) laned
// instances (instance s * k + l on copy l) and the N mod k left over on the
// graph itself. Dense instances are independent (Part 4), so any
// assignment of instances to copies gives the memory a sequential run
// gives; the copies being disjoint, each one is the original graph fed a
// subsequence of the instances, which the batch's instance checks cover.
//
// The width comes from the fabric: the fewest copies that reach the most
// instances per cycle that its memory interfaces (ports, requests per
// cycle, evenly spread) and function units allow, capped by
// LOOM_PARALLEL(n) (the thread's `loom.hints`), by LOOM_LANES and by
// kMaxLanes. docs/runtime.md, "Lanes", states the rule.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_GRAPHLANES_H
#define LOOM_SIM_GRAPHLANES_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"
#include "loom/Fabric/Fabric.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

namespace loom::sim {

/// The most copies of one graph a configuration holds.
inline constexpr unsigned kMaxLanes = 8;

/// A dense thread's graph and the cap its LOOM_PARALLEL(n) puts on the
/// lanes (0: no count given).
struct BatchedGraph {
  dataflow::GraphOp graph;
  unsigned hintedLanes = 0;
};

/// The graphs that run as pipelined batches of dense instances
/// (ProgramInterpreter's batch rule, DenseThreadBatch.cpp), in module
/// order, each once.
llvm::SmallVector<BatchedGraph> getBatchedGraphs(mlir::ModuleOp module);

/// Instances per cycle that `lanes` copies of `graph` can reach on
/// `fabric` by its memory interfaces and function units (the model
/// chooseLaneCount maximizes; docs/runtime.md).
double estimateLaneRate(dataflow::GraphOp graph, const fabric::Fabric &fabric,
                        unsigned lanes);

/// The number of copies of `graph` to place on `fabric`: the fewest that
/// reach estimateLaneRate's maximum over 1..cap; 1 on a time-multiplexed
/// fabric, whose units already take one instance per cycle in turn.
unsigned chooseLaneCount(dataflow::GraphOp graph, const fabric::Fabric &fabric,
                         unsigned cap);

/// Adds to the module, after `graph`, the graph of `lanes` copies of it
/// (named `<graph>_lanes<k>`): payload values and results lane-major,
/// memories shared, the completion frontier of every copy. Null when
/// `graph` has stream or memory results, which copies cannot share.
dataflow::GraphOp buildLanedGraph(dataflow::GraphOp graph, unsigned lanes);

} // namespace loom::sim

#endif // LOOM_SIM_GRAPHLANES_H
