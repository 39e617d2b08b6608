//===- PrimitiveOps.cpp - streaming, control and memory actors -----------===//
//
// Part of the Loom project.
//
// Verifiers of the dataflow primitives and the one fold of mux. Token
// semantics are in docs/dialects.md and ../shared/design/dataflow-semantics.md;
// what is checked here is the typing those semantics rely on.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace loom::dataflow;

/// Token-shaping actors exist only inside graph bodies: on the host or in a
/// thread's stored program they have no token semantics.
static LogicalResult verifyInGraph(Operation *op) {
  if (!op->getParentOfType<GraphOp>())
    return op->emitOpError() << "is a graph actor and must appear inside a "
                                "dataflow.graph body";
  return success();
}

/// sync, mux and demux also join or select completion events (`none`
/// values) in thread bodies, but never on the host and never data there.
static LogicalResult verifyInGraphOrThread(Operation *op,
                                           TypeRange routedTypes) {
  if (op->getParentOfType<GraphOp>())
    return success();
  if (!getEnclosingThread(op))
    return op->emitOpError() << "must appear inside a dataflow.graph or "
                                "dataflow.thread body";
  for (Type type : routedTypes)
    if (!isa<NoneType>(type))
      return op->emitOpError()
             << "routes a value of type " << type
             << " in a thread body; outside graphs it only joins or selects "
                "completion events of type none";
  return success();
}

/// Memory is a static binding: it never flows through stream-shaping actors.
static LogicalResult verifyNotMemref(Operation *op, Type type, StringRef what) {
  if (isa<BaseMemRefType>(type))
    return op->emitOpError() << what << " has type " << type
                             << "; memrefs are static memory bindings and "
                                "never pass through stream-shaping actors";
  return success();
}

LogicalResult StreamOp::verify() { return verifyInGraph(*this); }

LogicalResult CarryOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  return verifyNotMemref(*this, getOut().getType(), "carried value");
}

LogicalResult InvariantOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  return verifyNotMemref(*this, getOut().getType(), "invariant value");
}

LogicalResult GateOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  return verifyNotMemref(*this, getAfterValue().getType(), "gated value");
}

LogicalResult ConstantOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  if (!isa<IntegerAttr, FloatAttr, DenseElementsAttr>(getValue()))
    return emitOpError() << "value must be an integer, float or dense "
                            "elements attribute, got "
                         << getValue();
  auto typed = cast<TypedAttr>(getValue());
  if (typed.getType() != getResult().getType())
    return emitOpError() << "value has type " << typed.getType()
                         << " but the result has type "
                         << getResult().getType();
  return success();
}

LogicalResult SyncOp::verify() {
  if (failed(verifyInGraphOrThread(*this, getInputs().getTypes())))
    return failure();
  if (getInputs().empty())
    return emitOpError() << "needs at least one input";
  if (getInputs().getTypes() != getOutputs().getTypes())
    return emitOpError() << "forwards its inputs: result types must equal "
                            "input types position by position";
  for (Value input : getInputs())
    if (failed(verifyNotMemref(*this, input.getType(), "input")))
      return failure();
  return success();
}

/// Lane rules shared by mux and demux: an i1 selector picks one of exactly
/// two lanes; an index selector picks one of three or more.
static LogicalResult verifyLanes(Operation *op, Type selector,
                                 size_t numLanes) {
  if (selector.isInteger(1) && numLanes != 2)
    return op->emitOpError() << "has an i1 selector and " << numLanes
                             << " lanes; an i1 selector picks one of "
                                "exactly 2 lanes";
  if (selector.isIndex() && numLanes < 3)
    return op->emitOpError() << "has an index selector and " << numLanes
                             << " lanes; use an i1 selector for 2 lanes, an "
                                "index selector for 3 or more";
  return success();
}

LogicalResult MuxOp::verify() {
  if (failed(verifyInGraphOrThread(*this, getResult().getType())) ||
      failed(verifyLanes(*this, getSelector().getType(), getLanes().size())))
    return failure();
  for (auto [i, lane] : llvm::enumerate(getLanes()))
    if (lane.getType() != getResult().getType())
      return emitOpError() << "lane #" << i << " has type " << lane.getType()
                           << " but the result has type "
                           << getResult().getType();
  return verifyNotMemref(*this, getResult().getType(), "result");
}

/// mux(c, demux(c, x)#0, ..., demux(c, x)#n-1) is x. Lane k of the demux
/// carries, in order, the tokens x_j whose selector token c_j is k. The i-th
/// mux firing consumes c_i and the next token of lane c_i; the earlier
/// firings took exactly the earlier tokens of that lane, so this one is x_i.
/// The mux therefore re-emits x token for token, and only adds a wait for c
/// (in a loop, that wait makes the next iteration depend on this one's
/// branch condition). The proof needs each token of c paired with one of x,
/// which holds for the phase-matched streams of a graph body; the host and
/// thread uses of mux join completion events under other rules and are left
/// alone.
OpFoldResult MuxOp::fold(FoldAdaptor) {
  auto demux = getLanes().front().getDefiningOp<DemuxOp>();
  if (!demux || demux.getSelector() != getSelector() ||
      demux.getLanes().size() != getLanes().size() ||
      !(*this)->getParentOfType<GraphOp>())
    return {};
  for (auto [lane, demuxed] : llvm::zip(getLanes(), demux.getLanes()))
    if (lane != demuxed)
      return {};
  return demux.getValue();
}

LogicalResult DemuxOp::verify() {
  if (failed(verifyInGraphOrThread(*this, getValue().getType())) ||
      failed(verifyLanes(*this, getSelector().getType(), getLanes().size())))
    return failure();
  for (auto [i, lane] : llvm::enumerate(getLanes()))
    if (lane.getType() != getValue().getType())
      return emitOpError() << "lane #" << i << " has type " << lane.getType()
                           << " but the value has type "
                           << getValue().getType();
  return verifyNotMemref(*this, getValue().getType(), "value");
}

/// Addressed memory actors need an exact ranked, identity-layout memref and
/// one index per dimension.
static LogicalResult verifyAccess(Operation *op, Type memory,
                                  size_t numIndices) {
  auto type = dyn_cast<MemRefType>(memory);
  if (!type || !type.getLayout().isIdentity())
    return op->emitOpError() << "needs a ranked memref with identity layout, "
                                "got "
                             << memory;
  if (static_cast<int64_t>(numIndices) != type.getRank())
    return op->emitOpError()
           << "has " << numIndices << " indices for a memref of rank "
           << type.getRank();
  return success();
}

LogicalResult LoadOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  return verifyAccess(*this, getMemory().getType(), getIndices().size());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyInGraph(*this)))
    return failure();
  return verifyAccess(*this, getMemory().getType(), getIndices().size());
}
