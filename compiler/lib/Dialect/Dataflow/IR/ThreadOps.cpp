//===- ThreadOps.cpp - threads, thread launches, spawn, channels ---------===//
//
// Part of the Loom project.
//
// The thread half of the dataflow dialect (Part 3 section 5.4, Part 4): the
// thread definition with its derived logical domain, the host-side launch and
// wait, dynamic work publication, and the thread-local channel operations.
//
//===----------------------------------------------------------------------===//

#include "OpHelpers.h"
#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace loom::dataflow;

/// Returns the graph definition that transitively encloses `op`, or null.
static GraphOp getEnclosingGraph(Operation *op) {
  return op->getParentOfType<GraphOp>();
}

//===----------------------------------------------------------------------===//
// ThreadOp
//===----------------------------------------------------------------------===//

void ThreadOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     FunctionType type, ThreadDomainAttr domain, unsigned rank,
                     ArrayRef<DictionaryAttr> argAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getSymVisibilityAttrName(state.name),
                     builder.getStringAttr("private"));
  state.addAttribute(getDomainAttrName(state.name), domain);
  if (!argAttrs.empty())
    state.addAttribute(getArgAttrsAttrName(state.name),
                       builder.getArrayAttr(SmallVector<Attribute>(
                           argAttrs.begin(), argAttrs.end())));
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  Location loc = state.location;
  for (Type input : type.getInputs())
    entry->addArgument(input, loc);
  entry->addArgument(builder.getNoneType(), loc);
  for (unsigned dim = 0; dim < rank; ++dim)
    entry->addArgument(builder.getIndexType(), loc);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(entry);
  ThreadYieldOp::create(builder, loc, ValueRange());
}

// Syntax:
//   dataflow.thread private @name(%a: T {attrs}, ...) ctrl(%c)
//       [coords(%i, ...)] domain<...> [attributes {...}] { body }
ParseResult ThreadOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (parseVisibilityAndName(parser, result,
                             getSymVisibilityAttrName(result.name)))
    return failure();

  SmallVector<OpAsmParser::Argument> args;
  if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true, /*allowAttrs=*/true))
    return failure();
  SmallVector<Type> inputTypes;
  for (OpAsmParser::Argument &arg : args)
    inputTypes.push_back(arg.type);
  size_t numPayload = args.size();

  OpAsmParser::Argument ctrl;
  if (parser.parseKeyword("ctrl") || parser.parseLParen() ||
      parser.parseArgument(ctrl) || parser.parseRParen())
    return failure();
  ctrl.type = builder.getNoneType();
  args.push_back(ctrl);

  if (succeeded(parser.parseOptionalKeyword("coords"))) {
    SmallVector<OpAsmParser::Argument> coords;
    if (parser.parseArgumentList(coords, OpAsmParser::Delimiter::Paren))
      return failure();
    for (OpAsmParser::Argument &coord : coords) {
      coord.type = builder.getIndexType();
      args.push_back(coord);
    }
  }

  if (parser.parseKeyword("domain"))
    return failure();
  Attribute domain = ThreadDomainAttr::parse(parser, Type());
  if (!domain)
    return failure();
  result.addAttribute(getDomainAttrName(result.name), domain);

  result.addAttribute(getFunctionTypeAttrName(result.name),
                      TypeAttr::get(builder.getFunctionType(inputTypes, {})));
  call_interface_impl::addArgAndResultAttrs(
      builder, result, ArrayRef(args).take_front(numPayload),
      /*resultAttrs=*/{}, getArgAttrsAttrName(result.name),
      getResAttrsAttrName(result.name));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, args, /*enableNameShadowing=*/false))
    return failure();
  ThreadOp::ensureTerminator(*body, builder, result.location);
  return success();
}

void ThreadOp::print(OpAsmPrinter &p) {
  printVisibilityAndName(p, getSymVisibility(), getSymName());
  Block &entry = getBody().front();
  ArrayAttr argAttrs = getArgAttrsAttr();
  p << '(';
  for (unsigned i = 0, e = getNumPayloadArguments(); i < e; ++i) {
    if (i)
      p << ", ";
    DictionaryAttr attrs =
        argAttrs ? cast<DictionaryAttr>(argAttrs[i]) : DictionaryAttr();
    p.printRegionArgument(entry.getArgument(i),
                          attrs ? attrs.getValue()
                                : ArrayRef<NamedAttribute>());
  }
  p << ") ctrl(";
  p.printOperand(getThreadCtrl());
  p << ')';
  if (getRank() > 0) {
    p << " coords(";
    llvm::interleaveComma(
        entry.getArguments().drop_front(getNumPayloadArguments() + 1), p,
        [&](BlockArgument arg) { p.printOperand(arg); });
    p << ')';
  }
  p << " domain";
  getDomain().print(p);
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getSymNameAttrName(), getFunctionTypeAttrName(),
                            getSymVisibilityAttrName(), getDomainAttrName(),
                            getArgAttrsAttrName(), getResAttrsAttrName()});
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

ThreadYieldOp ThreadOp::getYield() {
  return cast<ThreadYieldOp>(getBody().front().getTerminator());
}

LogicalResult ThreadOp::verify() {
  if (failed(verifyPrivateVisibility(*this, getSymVisibility())))
    return failure();
  FunctionType type = getFunctionType();
  if (type.getNumResults() != 0)
    return emitOpError() << "has no data results: the launch produces the "
                            "completion token, got "
                         << type.getNumResults() << " function results";
  if (getDomain().isDynamicWork()) {
    unsigned ordinal = *getDomain().getWorkItemArg();
    if (ordinal >= type.getNumInputs())
      return emitOpError() << "work_item_arg = " << ordinal
                           << " is out of range: the thread has "
                           << type.getNumInputs() << " ordinary arguments";
    Type workItem = type.getInput(ordinal);
    if (!isChannelPayloadType(workItem))
      return emitOpError() << "work item (argument #" << ordinal
                           << ") must be a finite value type, got " << workItem;
    for (auto [i, input] : llvm::enumerate(type.getInputs()))
      if (isa<ChannelType, ThreadTokenType>(input))
        return emitOpError() << "dynamic_work thread may not take channel or "
                                "thread token inputs, argument #"
                             << i << " has type " << input;
  }
  return success();
}

LogicalResult ThreadOp::verifyBody() {
  Block &entry = getBody().front();
  unsigned numPayload = getNumPayloadArguments();
  if (entry.getNumArguments() < numPayload + 1)
    return emitOpError() << "entry block must have the " << numPayload
                         << " signature arguments followed by thread_ctrl, "
                            "got "
                         << entry.getNumArguments() << " arguments";
  for (unsigned i = 0; i < numPayload; ++i)
    if (entry.getArgument(i).getType() != getFunctionType().getInput(i))
      return emitOpError() << "entry block argument #" << i << " has type "
                           << entry.getArgument(i).getType()
                           << " but the signature says "
                           << getFunctionType().getInput(i);
  if (!isa<NoneType>(getThreadCtrl().getType()))
    return emitOpError() << "thread_ctrl (entry block argument #" << numPayload
                         << ") must have type none, got "
                         << getThreadCtrl().getType();
  for (unsigned dim = 0, rank = getRank(); dim < rank; ++dim)
    if (!getCoordinate(dim).getType().isIndex())
      return emitOpError() << "coordinate #" << dim
                           << " must have type index, got "
                           << getCoordinate(dim).getType();
  if (getDomain().isDynamicWork() && getRank() != 0)
    return emitOpError() << "dynamic_work thread has no coordinates, got "
                         << getRank();
  return success();
}

LogicalResult ThreadOp::verifyRegions() {
  WalkResult walk = getBody().walk([&](Operation *op) {
    if (isa<GraphOp, ThreadOp, FunctionOpInterface>(op)) {
      op->emitOpError() << "may not be defined inside a dataflow.thread body; "
                           "definitions are module-scope siblings";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

//===----------------------------------------------------------------------===//
// ThreadLaunchOp
//===----------------------------------------------------------------------===//

LogicalResult ThreadLaunchOp::verify() {
  if (Operation *owner = getEnclosingThread(*this))
    return emitOpError() << "must appear outside every dataflow.thread; found "
                            "inside thread @"
                         << cast<ThreadOp>(owner).getSymName();
  if (GraphOp graph = getEnclosingGraph(*this))
    return emitOpError() << "must appear outside every dataflow.graph; found "
                            "inside graph @"
                         << graph.getSymName();
  for (auto [dim, extent] : llvm::enumerate(getExtents())) {
    APInt value;
    if (matchPattern(extent, m_ConstantInt(&value)) && value.isNegative())
      return emitOpError() << "extent #" << dim << " is "
                           << value.getSExtValue()
                           << "; extents must be non-negative";
  }
  return success();
}

LogicalResult
ThreadLaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<ThreadOp> resolved = resolveLaunchCallee<ThreadOp>(
      *this, getCalleeAttr(), symbolTable, "dataflow.thread");
  if (failed(resolved))
    return failure();
  ThreadOp thread = *resolved;
  ArrayRef<Type> inputs = thread.getFunctionType().getInputs();
  if (getBodyOperands().size() != inputs.size())
    return emitOpError() << "passes " << getBodyOperands().size()
                         << " body operands but @" << thread.getSymName()
                         << " takes " << inputs.size();
  for (auto [i, operand, expected] : llvm::enumerate(getBodyOperands(), inputs))
    if (operand.getType() != expected)
      return emitOpError() << "body operand #" << i << " has type "
                           << operand.getType() << " but @"
                           << thread.getSymName() << " expects " << expected;
  if (thread.isDynamicWork()) {
    if (!getExtents().empty())
      return emitOpError() << "launches dynamic_work thread @"
                           << thread.getSymName()
                           << " which takes no extents, got "
                           << getExtents().size();
    return success();
  }
  if (getExtents().size() != thread.getRank())
    return emitOpError() << "passes " << getExtents().size()
                         << " extents but dense thread @" << thread.getSymName()
                         << " has rank " << thread.getRank();
  return success();
}

//===----------------------------------------------------------------------===//
// ThreadWaitOp
//===----------------------------------------------------------------------===//

LogicalResult ThreadWaitOp::verify() {
  if (getAsyncDependencies().empty())
    return emitOpError() << "needs at least one thread token";
  if (getEnclosingThread(*this) || getEnclosingGraph(*this))
    return emitOpError()
           << "must appear outside every dataflow.thread and dataflow.graph";
  return success();
}

//===----------------------------------------------------------------------===//
// WorkSpawnOp
//===----------------------------------------------------------------------===//

LogicalResult WorkSpawnOp::verify() {
  ThreadOp thread = getEnclosingThread(*this);
  if (!thread || !thread.isDynamicWork())
    return emitOpError() << "is legal only inside a dynamic_work "
                            "dataflow.thread"
                         << (thread ? ", found inside dense thread @" +
                                          thread.getSymName().str()
                                    : std::string());
  Type expected = thread.getWorkItemArgument().getType();
  if (getChildItem().getType() != expected)
    return emitOpError() << "child item has type " << getChildItem().getType()
                         << " but the work item of @" << thread.getSymName()
                         << " has type " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// Channel operations
//===----------------------------------------------------------------------===//

/// Channels live in dense thread bodies only: not on the host, not in graphs
/// (graphs see streams as ports), not in dynamic-work threads (Part 4 2.2).
static LogicalResult verifyChannelPlacement(Operation *op) {
  ThreadOp thread = getEnclosingThread(op);
  if (!thread)
    return op->emitOpError() << "is legal only inside a dataflow.thread body";
  if (thread.isDynamicWork())
    return op->emitOpError()
           << "is not allowed in dynamic_work thread @" << thread.getSymName()
           << ": dynamic work has no channel endpoints";
  return success();
}

LogicalResult ChannelCreateOp::verify() {
  return verifyChannelPlacement(*this);
}
LogicalResult ChannelSendOp::verify() { return verifyChannelPlacement(*this); }
LogicalResult ChannelReceiveOp::verify() {
  return verifyChannelPlacement(*this);
}

void ThreadOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  if (region.empty())
    return;
  Block &entry = region.front();
  unsigned numPayload = getNumPayloadArguments();
  if (entry.getNumArguments() <= numPayload)
    return;
  setNameFn(entry.getArgument(numPayload), "ctrl");
  for (unsigned i = numPayload + 1; i < entry.getNumArguments(); ++i)
    setNameFn(entry.getArgument(i), "coord");
}
