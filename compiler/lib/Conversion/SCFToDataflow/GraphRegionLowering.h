//===- GraphRegionLowering.h - one spatial region into a graph --*- C++ -*-===//
//
// Part of the Loom project.
//
// Private to the SCF-to-dataflow conversion. One recursive traversal lowers
// the structured body of a loom.spatial_region into the body of a
// dataflow.graph, carrying execution permission and the per-partition
// write/read memory frontiers (dataflow-semantics.md, "Memory-frontier
// model").
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_LIB_CONVERSION_SCFTODATAFLOW_GRAPHREGIONLOWERING_H
#define LOOM_LIB_CONVERSION_SCFTODATAFLOW_GRAPHREGIONLOWERING_H

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

#include <functional>

namespace loom::conversion {

/// Execution permission E and, per alias partition p, the write frontier
/// W[p] and the read frontier R[p]; all `none` streams.
struct FrontierState {
  mlir::Value exec;
  llvm::SmallVector<mlir::Value, 2> writes;
  llvm::SmallVector<mlir::Value, 2> reads;
};

/// The values of one source region, living in one token phase. A value of
/// an enclosing region is projected into this phase once, on first use.
struct Scope {
  Scope *parent = nullptr;
  /// Fires once per activation of the region: constants hang off it.
  mlir::Value control;
  /// Source values defined in this region -> graph streams.
  mlir::IRMapping mapping;
  /// Projects a parent-phase stream into this phase.
  std::function<mlir::Value(mlir::Value)> project;
  llvm::DenseMap<mlir::Value, mlir::Value> projected;
};

class GraphRegionLowering {
public:
  /// Lowers into the body of `graph` with `numPartitions` alias partitions.
  /// `index` loop values cross into dataflow.stream as i`indexWidth`.
  GraphRegionLowering(dataflow::GraphOp graph, unsigned numPartitions,
                      unsigned indexWidth = 64);

  /// Binds a memref of the source region to a graph memory argument whose
  /// accesses are ordered within alias partition `partition`.
  void bindMemory(mlir::Value source, mlir::Value graphMemory,
                  unsigned partition) {
    memories.map(source, graphMemory);
    partitions[source] = partition;
  }

  /// Lowers every operation of `block` but its terminator.
  mlir::FailureOr<FrontierState> lowerBlock(mlir::Block &block, Scope &scope,
                                            FrontierState state);

  /// The stream standing for `source` in `scope`.
  mlir::FailureOr<mlir::Value> lookup(mlir::Value source, Scope &scope);

  /// all_of(events): one sync (a balanced binary tree of syncs above four
  /// prerequisites, as Part 3 publishes wide event joins); duplicates
  /// removed; a single event is returned as it is.
  mlir::Value allOf(llvm::ArrayRef<mlir::Value> events, mlir::Location loc);

  mlir::OpBuilder &getBuilder() { return builder; }

private:
  mlir::LogicalResult lowerOp(mlir::Operation *op, Scope &scope,
                              FrontierState &state);
  mlir::LogicalResult lowerLoad(mlir::Operation *op, Scope &scope,
                                FrontierState &state);
  mlir::LogicalResult lowerStore(mlir::Operation *op, Scope &scope,
                                 FrontierState &state);
  mlir::LogicalResult lowerFor(mlir::scf::ForOp op, Scope &scope,
                               FrontierState &state);
  mlir::LogicalResult lowerIf(mlir::scf::IfOp op, Scope &scope,
                              FrontierState &state);
  mlir::LogicalResult lowerIndexSwitch(mlir::scf::IndexSwitchOp op,
                                       Scope &scope, FrontierState &state);
  /// The shared selection transfer of if and index_switch: `lanes[k]` is
  /// lowered from lane k of `selector`; an empty region is the identity.
  mlir::LogicalResult lowerSelection(mlir::Operation *op, mlir::Value selector,
                                     llvm::ArrayRef<mlir::Region *> lanes,
                                     Scope &scope, FrontierState &state);
  mlir::LogicalResult lowerWhile(mlir::scf::WhileOp op, Scope &scope,
                                 FrontierState &state);
  mlir::LogicalResult lowerForall(mlir::scf::ForallOp op, Scope &scope,
                                  FrontierState &state);
  mlir::LogicalResult lowerParallel(mlir::scf::ParallelOp op, Scope &scope,
                                    FrontierState &state);
  /// The static-lane transfer of a fixed-domain effect-form parallel op:
  /// `body` is lowered once per point of the Cartesian domain with `ivs`
  /// bound to the point's coordinates; every lane starts from `state` and
  /// the lane exits are joined all-of.
  mlir::LogicalResult replicateLanes(mlir::Operation *op, mlir::Block &body,
                                     mlir::ValueRange ivs,
                                     llvm::ArrayRef<int64_t> lbs,
                                     llvm::ArrayRef<int64_t> ubs,
                                     llvm::ArrayRef<int64_t> steps,
                                     Scope &scope, FrontierState &state);
  /// Lowers the single block of a region-holding op in the enclosing scope
  /// (inlining it) and maps the op's results to the yielded values: a
  /// single-block scf.execute_region, a zero-case scf.index_switch.
  mlir::LogicalResult lowerInlined(mlir::Operation *op, mlir::Block &block,
                                   Scope &scope, FrontierState &state);
  /// `value` as the stream type of a counted loop: `index` becomes iN.
  mlir::Value toStreamType(mlir::Value value, mlir::Location loc);

  /// carry(phase, init, next) -> demux(phase): {exit lane, body lane}. The
  /// carry is returned so its feedback can be set once the body exists.
  struct Ring {
    dataflow::CarryOp carry;
    mlir::Value exit, body;
  };
  Ring buildRing(mlir::Value phase, mlir::Value init, mlir::Location loc);
  void joinIterations(mlir::Value phase, const FrontierState &inside,
                      const FrontierState &out, unsigned partition,
                      FrontierState &state, mlir::Location loc);

  /// The alias partition of a bound memref.
  unsigned getPartition(mlir::Value memref) {
    return partitions.lookup(memref);
  }

  /// The alias partitions `op` loads from or stores to at any depth, in
  /// increasing order. A structured op carries, demuxes and muxes only
  /// these; every other partition's (W, R) bypasses it unchanged.
  llvm::SmallVector<unsigned, 2> touchedPartitions(mlir::Operation *op);
  /// The partitions among `touched` whose W and R `loop` need not carry
  /// from one iteration to the next: those it writes when no two of its
  /// iterations access one element (one writing), and those it only reads
  /// whose `entry` frontier is E.
  llvm::SmallVector<unsigned, 2>
  getUnorderedPartitions(mlir::scf::ForOp loop,
                         llvm::ArrayRef<unsigned> touched,
                         const FrontierState &entry);

  /// R[p] = all_of(R[p], done) of a read (MemoryFrontiers.cpp), built so
  /// that the R[p] the read started from passes one sync however many reads
  /// follow it before anything uses the join.
  mlir::Value joinRead(mlir::Value reads, mlir::Value done, mlir::Location loc);

  /// The read joins joinRead built in the block being lowered that nothing
  /// uses yet: the R[p] they started from and the reads' done events.
  /// lowerBlock clears it, so a join is only extended in its own block.
  struct ReadJoin {
    mlir::Value base;
    llvm::SmallVector<mlir::Value, 4> dones;
  };
  llvm::DenseMap<mlir::Value, ReadJoin> readJoins;

  mlir::OpBuilder builder;
  mlir::IRMapping memories;
  llvm::DenseMap<mlir::Value, unsigned> partitions;
  unsigned numPartitions;
  unsigned indexWidth;
};

} // namespace loom::conversion

#endif // LOOM_LIB_CONVERSION_SCFTODATAFLOW_GRAPHREGIONLOWERING_H
