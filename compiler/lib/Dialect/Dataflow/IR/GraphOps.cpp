//===- GraphOps.cpp - graph definitions, returns, launches, waits --------===//
//
// Part of the Loom project.
//
// The graph half of the dataflow dialect (Part 3 section 5.5): the segmented
// graph definition whose body admits only registered actors, its structural
// return, the launch inside a thread body, and the stored-program wait.
//
//===----------------------------------------------------------------------===//

#include "OpHelpers.h"
#include "loom/Dialect/Dataflow/IR/ActorSchema.h"
#include "loom/Dialect/Dataflow/IR/Boundary.h"
#include "loom/Dialect/Dataflow/IR/Dataflow.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace loom::dataflow;

static constexpr StringLiteral kSegmentKeywords[kNumGraphSegments] = {
    "values", "streams", "memories"};

/// Splits `types` by the three segment sizes and returns segment `seg`.
static ArrayRef<Type> getSegment(ArrayRef<Type> types, ArrayRef<int32_t> sizes,
                                 unsigned seg) {
  unsigned begin = 0;
  for (unsigned i = 0; i < seg; ++i)
    begin += sizes[i];
  return types.slice(begin, sizes[seg]);
}

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

void GraphOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                    FunctionType type, ArrayRef<int32_t> inputSegments,
                    ArrayRef<int32_t> resultSegments,
                    ArrayRef<NamedAttribute> attrs,
                    ArrayRef<DictionaryAttr> argAttrs,
                    ArrayRef<DictionaryAttr> resAttrs) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addAttribute(getSymVisibilityAttrName(state.name),
                     builder.getStringAttr("private"));
  state.addAttribute(getInputSegmentsAttrName(state.name),
                     builder.getDenseI32ArrayAttr(inputSegments));
  state.addAttribute(getResultSegmentsAttrName(state.name),
                     builder.getDenseI32ArrayAttr(resultSegments));
  state.attributes.append(attrs.begin(), attrs.end());
  call_interface_impl::addArgAndResultAttrs(builder, state, argAttrs, resAttrs,
                                            getArgAttrsAttrName(state.name),
                                            getResAttrsAttrName(state.name));
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  entry->addArgument(builder.getNoneType(), state.location);
  for (Type input : type.getInputs())
    entry->addArgument(input, state.location);
}

// Syntax:
//   dataflow.graph private @g(%start: none) [values(%a: T, ...)]
//       [streams(...)] [memories(...)]
//       [-> [values(T {attrs}, ...)] [streams(...)] [memories(...)]]
//       [attributes {...}] { body }
ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  if (parseVisibilityAndName(parser, result,
                             getSymVisibilityAttrName(result.name)))
    return failure();

  SmallVector<OpAsmParser::Argument> args(1);
  if (parser.parseLParen() ||
      parser.parseArgument(args.front(), /*allowType=*/true) ||
      parser.parseRParen())
    return failure();

  SmallVector<int32_t> inputSegments, resultSegments;
  for (StringRef keyword : kSegmentKeywords) {
    SmallVector<OpAsmParser::Argument> group;
    if (succeeded(parser.parseOptionalKeyword(keyword)) &&
        parser.parseArgumentList(group, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true, /*allowAttrs=*/true))
      return failure();
    inputSegments.push_back(group.size());
    args.append(group.begin(), group.end());
  }

  SmallVector<Type> resultTypes;
  SmallVector<DictionaryAttr> resultAttrs;
  bool hasArrow = succeeded(parser.parseOptionalArrow());
  for (StringRef keyword : kSegmentKeywords) {
    size_t before = resultTypes.size();
    if (hasArrow && succeeded(parser.parseOptionalKeyword(keyword)) &&
        parser.parseCommaSeparatedList(
            OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
              NamedAttrList attrs;
              if (parser.parseType(resultTypes.emplace_back()) ||
                  parser.parseOptionalAttrDict(attrs))
                return failure();
              resultAttrs.push_back(attrs.getDictionary(builder.getContext()));
              return success();
            }))
      return failure();
    resultSegments.push_back(resultTypes.size() - before);
  }

  SmallVector<Type> inputTypes;
  for (const OpAsmParser::Argument &arg : ArrayRef(args).drop_front())
    inputTypes.push_back(arg.type);
  result.addAttribute(
      getFunctionTypeAttrName(result.name),
      TypeAttr::get(builder.getFunctionType(inputTypes, resultTypes)));
  result.addAttribute(getInputSegmentsAttrName(result.name),
                      builder.getDenseI32ArrayAttr(inputSegments));
  result.addAttribute(getResultSegmentsAttrName(result.name),
                      builder.getDenseI32ArrayAttr(resultSegments));
  call_interface_impl::addArgAndResultAttrs(
      builder, result, ArrayRef(args).drop_front(), resultAttrs,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *body = result.addRegion();
  return parser.parseRegion(*body, args, /*enableNameShadowing=*/false);
}

/// Returns the attribute dictionary at `index` of `attrs`, or an empty one.
static ArrayRef<NamedAttribute> getDictAt(ArrayAttr attrs, unsigned index) {
  if (!attrs)
    return {};
  return cast<DictionaryAttr>(attrs[index]).getValue();
}

void GraphOp::print(OpAsmPrinter &p) {
  printVisibilityAndName(p, getSymVisibility(), getSymName());
  p << '(';
  p.printRegionArgument(getStart());
  p << ')';
  ArrayRef<int32_t> inSegs = getInputSegments();
  ArrayRef<int32_t> resSegs = getResultSegments();
  bool wellFormed =
      inSegs.size() == kNumGraphSegments && resSegs.size() == kNumGraphSegments;
  unsigned argIndex = 0;
  for (unsigned seg = 0; wellFormed && seg < kNumGraphSegments; ++seg) {
    if (inSegs[seg] == 0)
      continue;
    p << ' ' << kSegmentKeywords[seg] << '(';
    for (int32_t i = 0; i < inSegs[seg]; ++i, ++argIndex) {
      if (i)
        p << ", ";
      p.printRegionArgument(getPayloadArgument(argIndex),
                            getDictAt(getArgAttrsAttr(), argIndex));
    }
    p << ')';
  }
  ArrayRef<Type> results = getFunctionType().getResults();
  if (wellFormed && !results.empty()) {
    p << " ->";
    unsigned resIndex = 0;
    for (unsigned seg = 0; seg < kNumGraphSegments; ++seg) {
      if (resSegs[seg] == 0)
        continue;
      p << ' ' << kSegmentKeywords[seg] << '(';
      for (int32_t i = 0; i < resSegs[seg]; ++i, ++resIndex) {
        if (i)
          p << ", ";
        p.printType(results[resIndex]);
        p.printOptionalAttrDict(getDictAt(getResAttrsAttr(), resIndex));
      }
      p << ')';
    }
  }
  SmallVector<StringRef> elided = {
      getSymNameAttrName(), getFunctionTypeAttrName(),
      getSymVisibilityAttrName(), getArgAttrsAttrName(), getResAttrsAttrName()};
  if (wellFormed) {
    elided.push_back(getInputSegmentsAttrName());
    elided.push_back(getResultSegmentsAttrName());
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
}

ArrayRef<Type> GraphOp::getInputSegmentTypes(unsigned seg) {
  return getSegment(getFunctionType().getInputs(), getInputSegments(), seg);
}

ArrayRef<Type> GraphOp::getResultSegmentTypes(unsigned seg) {
  return getSegment(getFunctionType().getResults(), getResultSegments(), seg);
}

/// Graph bodies are dataflow graphs: feedback edges (carry rings) are legal.
RegionKind GraphOp::getRegionKind(unsigned) { return RegionKind::Graph; }

GraphReturnOp GraphOp::getReturn() {
  return dyn_cast<GraphReturnOp>(getBody().front().getTerminator());
}

/// Checks one `[values, streams, memories]` segment array against the number
/// of payload types it splits.
static LogicalResult verifySegmentSizes(GraphOp op, StringRef what,
                                        ArrayRef<int32_t> sizes,
                                        size_t numTypes) {
  if (sizes.size() != kNumGraphSegments)
    return op.emitOpError() << what
                            << " must have 3 entries [values, streams, "
                               "memories], got "
                            << sizes.size();
  int64_t total = 0;
  for (int32_t size : sizes) {
    if (size < 0)
      return op.emitOpError() << what << " has a negative segment size";
    total += size;
  }
  if (total != static_cast<int64_t>(numTypes))
    return op.emitOpError() << what << " sums to " << total << " but there are "
                            << numTypes << " payload types";
  return success();
}

/// Memory ports take memrefs only; value and stream ports never do (LLVM
/// pointers are legal there), and stream payloads are channel payload types.
static LogicalResult verifySegmentTypes(GraphOp op, StringRef what,
                                        ArrayRef<Type> values,
                                        ArrayRef<Type> streams,
                                        ArrayRef<Type> memories) {
  for (auto [i, type] : llvm::enumerate(values))
    if (isa<BaseMemRefType, ChannelType, ThreadTokenType>(type))
      return op.emitOpError() << what << " value #" << i << " has type " << type
                              << "; value ports take finite value types, "
                                 "memrefs belong to the memories segment";
  for (auto [i, type] : llvm::enumerate(streams))
    if (!isChannelPayloadType(type))
      return op.emitOpError()
             << what << " stream #" << i << " has type " << type
             << "; stream ports carry finite value types";
  for (auto [i, type] : llvm::enumerate(memories))
    if (!isa<BaseMemRefType>(type))
      return op.emitOpError() << what << " memory #" << i << " has type "
                              << type << "; memory ports take memrefs only";
  return success();
}

LogicalResult GraphOp::verify() {
  if (failed(verifyPrivateVisibility(*this, getSymVisibility())))
    return failure();
  FunctionType type = getFunctionType();
  if (failed(verifySegmentSizes(*this, "input_segments", getInputSegments(),
                                type.getNumInputs())) ||
      failed(verifySegmentSizes(*this, "result_segments", getResultSegments(),
                                type.getNumResults())))
    return failure();
  if (failed(verifySegmentTypes(*this, "input", getInputSegmentTypes(0),
                                getInputSegmentTypes(1),
                                getInputSegmentTypes(2))) ||
      failed(verifySegmentTypes(*this, "result", getResultSegmentTypes(0),
                                getResultSegmentTypes(1),
                                getResultSegmentTypes(2))))
    return failure();
  return success();
}

LogicalResult GraphOp::verifyBody() {
  Block &entry = getBody().front();
  ArrayRef<Type> inputs = getFunctionType().getInputs();
  if (entry.getNumArguments() != inputs.size() + 1)
    return emitOpError() << "entry block must have %start followed by the "
                         << inputs.size() << " signature arguments, got "
                         << entry.getNumArguments() << " arguments";
  if (!isa<NoneType>(getStart().getType()))
    return emitOpError() << "%start (entry block argument #0) must have type "
                            "none, got "
                         << getStart().getType();
  for (auto [i, input] : llvm::enumerate(inputs))
    if (getPayloadArgument(i).getType() != input)
      return emitOpError() << "entry block argument #" << i + 1 << " has type "
                           << getPayloadArgument(i).getType()
                           << " but the signature says " << input;
  return success();
}

/// Names why a non-actor operation can never be in a graph body, or returns
/// an empty string if the registry decides.
static StringRef getForbiddenReason(Operation *op) {
  StringRef dialect = op->getName().getDialectNamespace();
  if (dialect == "scf" || dialect == "cf" || dialect == "affine")
    return "structured or unstructured control flow must be lowered to "
           "dataflow primitives before it enters a graph";
  if (isa<CallOpInterface>(op))
    return "calls are InstructionCore code; inline the callee or keep it "
           "outside the graph";
  if (isa<CallableOpInterface, GraphOp, ThreadOp>(op))
    return "definitions are module-scope siblings";
  if (isa<ThreadLaunchOp, GraphLaunchOp, ThreadWaitOp, GraphWaitOp,
          WorkSpawnOp>(op))
    return "launches, waits and spawns belong to thread or host code";
  if (isa<UnrealizedConversionCastOp>(op))
    return "unrealized conversion casts must be resolved before "
           "finalization";
  if (isa<ChannelCreateOp, ChannelSendOp, ChannelReceiveOp>(op))
    return "graphs see channels only as stream ports bound at the launch";
  if (op->getName().getStringRef() == "arith.constant")
    return "a timeless constant has no activation; use dataflow.constant "
           "triggered by a control token";
  return "";
}

LogicalResult GraphOp::verifyRegions() {
  for (Operation &op : getBody().front()) {
    if (op.hasTrait<OpTrait::IsTerminator>() && isa<GraphReturnOp>(op))
      continue;
    StringRef reason = getForbiddenReason(&op);
    if (!reason.empty())
      return op.emitOpError()
             << "is not allowed in a dataflow.graph body: " << reason;
    if (failed(verifyGraphActor(&op)))
      return failure();
  }
  if (!getReturn())
    return emitOpError() << "body must end with dataflow.graph.return";
  return success();
}

//===----------------------------------------------------------------------===//
// GraphReturnOp
//===----------------------------------------------------------------------===//

// Named form: [values(%v : T)] [streams(...)] [memories(...)] complete(%d, ...)
// Compact form: %done, %v... : none, T...
ParseResult GraphReturnOp::parse(OpAsmParser &parser, OperationState &result) {
  using Operands = SmallVector<OpAsmParser::UnresolvedOperand>;
  std::array<Operands, 4> operands;
  std::array<SmallVector<Type>, 4> types;
  static constexpr StringLiteral keywords[] = {"values", "streams", "memories",
                                               "complete"};
  SMLoc loc = parser.getCurrentLocation();
  bool named = false;
  std::array<bool, 4> seen = {false, false, false, false};
  // Named groups may come in any order; each at most once.
  while (true) {
    StringRef keyword;
    if (failed(parser.parseOptionalKeyword(
            &keyword, {"values", "streams", "memories", "complete"})))
      break;
    unsigned seg = llvm::find(keywords, keyword) - std::begin(keywords);
    if (seen[seg])
      return parser.emitError(parser.getCurrentLocation())
             << "'" << keyword << "' appears twice in dataflow.graph.return";
    seen[seg] = true;
    named = true;
    if (parser.parseLParen() || parser.parseOperandList(operands[seg]))
      return failure();
    if (seg < 3 && !operands[seg].empty() &&
        parser.parseColonTypeList(types[seg]))
      return failure();
    if (parser.parseRParen())
      return failure();
  }
  NoneType none = parser.getBuilder().getNoneType();
  if (!named) {
    Operands all;
    SmallVector<Type> allTypes;
    if (parser.parseOperandList(all))
      return failure();
    if (all.empty())
      return parser.emitError(loc)
             << "expected a completion witness: 'complete(...)' or "
                "'%done, values... : none, types...'";
    if (parser.parseColonTypeList(allTypes))
      return failure();
    operands[3].push_back(all.front());
    operands[0].append(all.begin() + 1, all.end());
    if (allTypes.empty() || allTypes.front() != none)
      return parser.emitError(loc)
             << "the compact form starts with one completion witness of type "
                "none";
    types[0].append(allTypes.begin() + 1, allTypes.end());
  }
  types[3].assign(operands[3].size(), none);
  for (unsigned seg = 0; seg < 4; ++seg)
    if (parser.resolveOperands(operands[seg], types[seg], loc, result.operands))
      return failure();
  result.addAttribute(getOperandSegmentSizesAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(
                          {static_cast<int32_t>(operands[0].size()),
                           static_cast<int32_t>(operands[1].size()),
                           static_cast<int32_t>(operands[2].size()),
                           static_cast<int32_t>(operands[3].size())}));
  return parser.parseOptionalAttrDict(result.attributes);
}

void GraphReturnOp::print(OpAsmPrinter &p) {
  if (getStreams().empty() && getMemories().empty() &&
      getComplete().size() == 1) {
    p << ' ' << getComplete().front();
    for (Value value : getValues())
      p << ", " << value;
    p << " : " << getComplete().front().getType();
    for (Value value : getValues())
      p << ", " << value.getType();
  } else {
    auto printGroup = [&](StringRef keyword, OperandRange group) {
      if (group.empty())
        return;
      p << ' ' << keyword << '(' << group << " : " << group.getTypes() << ')';
    };
    printGroup("values", getValues());
    printGroup("streams", getStreams());
    printGroup("memories", getMemories());
    p << " complete(" << getComplete() << ')';
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getOperandSegmentSizesAttrName()});
}

LogicalResult GraphReturnOp::verify() {
  auto graph = cast<GraphOp>((*this)->getParentOp());
  if (getComplete().empty())
    return emitOpError() << "needs a non-empty complete frontier: the "
                            "launch's done is derived from it";
  std::array<OperandRange, 3> segments = {getValues(), getStreams(),
                                          getMemories()};
  for (unsigned seg = 0; seg < kNumGraphSegments; ++seg) {
    ArrayRef<Type> expected = graph.getResultSegmentTypes(seg);
    if (segments[seg].size() != expected.size())
      return emitOpError() << "returns " << segments[seg].size() << ' '
                           << kSegmentKeywords[seg] << " but @"
                           << graph.getSymName() << " declares "
                           << expected.size();
    for (auto [i, value, type] : llvm::enumerate(segments[seg], expected))
      if (value.getType() != type)
        return emitOpError() << kSegmentKeywords[seg] << " #" << i
                             << " has type " << value.getType() << " but @"
                             << graph.getSymName() << " declares " << type;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GraphLaunchOp
//===----------------------------------------------------------------------===//

LogicalResult GraphLaunchOp::verify() {
  ThreadOp thread = getEnclosingThread(*this);
  if (!thread)
    return emitOpError() << "must appear inside a dataflow.thread body";
  return verifyBoundary(*this, getValueInputs(), getStreamInputs(),
                        getSourceMapsAttr(), getMemoryInputs(),
                        getStreamOutputs(), getValueResults().getTypes(),
                        getMemoryResults().getTypes());
}

/// Checks that `actual` types equal the callee's `expected` segment types,
/// looking through channels for stream segments.
static LogicalResult checkSegment(GraphLaunchOp op, GraphOp callee,
                                  StringRef what, TypeRange actual,
                                  ArrayRef<Type> expected, bool isChannel) {
  if (actual.size() != expected.size())
    return op.emitOpError()
           << "binds " << actual.size() << ' ' << what << " but @"
           << callee.getSymName() << " declares " << expected.size();
  for (auto [i, type, want] : llvm::enumerate(actual, expected)) {
    Type payload = type;
    if (isChannel)
      payload = cast<ChannelType>(type).getElementType();
    if (payload != want)
      return op.emitOpError() << what << " #" << i << " has type " << type
                              << " but @" << callee.getSymName() << " declares "
                              << (isChannel ? "a stream of " : "") << want;
  }
  return success();
}

LogicalResult
GraphLaunchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<GraphOp> resolved = resolveLaunchCallee<GraphOp>(
      *this, getCalleeAttr(), symbolTable, "dataflow.graph");
  if (failed(resolved))
    return failure();
  GraphOp graph = *resolved;
  if (graph.getInputSegments().size() != kNumGraphSegments ||
      graph.getResultSegments().size() != kNumGraphSegments)
    return success(); // The callee's own verifier reports this.
  return failure(failed(checkSegment(*this, graph, "value inputs",
                                     getValueInputs().getTypes(),
                                     graph.getInputSegmentTypes(0), false)) ||
                 failed(checkSegment(*this, graph, "stream inputs",
                                     getStreamInputs().getTypes(),
                                     graph.getInputSegmentTypes(1), true)) ||
                 failed(checkSegment(*this, graph, "memory inputs",
                                     getMemoryInputs().getTypes(),
                                     graph.getInputSegmentTypes(2), false)) ||
                 failed(checkSegment(*this, graph, "value results",
                                     getValueResults().getTypes(),
                                     graph.getResultSegmentTypes(0), false)) ||
                 failed(checkSegment(*this, graph, "stream outputs",
                                     getStreamOutputs().getTypes(),
                                     graph.getResultSegmentTypes(1), true)) ||
                 failed(checkSegment(*this, graph, "memory results",
                                     getMemoryResults().getTypes(),
                                     graph.getResultSegmentTypes(2), false)));
}

//===----------------------------------------------------------------------===//
// GraphWaitOp
//===----------------------------------------------------------------------===//

LogicalResult GraphWaitOp::verify() {
  if (getCompletionFrontier().empty())
    return emitOpError() << "needs at least one completion event";
  if (!getEnclosingThread(*this))
    return emitOpError() << "must appear inside a dataflow.thread body";
  return success();
}

//===----------------------------------------------------------------------===//
// GraphLaunchOp assembly
//===----------------------------------------------------------------------===//

// Syntax: dataflow.graph.launch @g [deps(%d, ...)] <boundary operands>
//             [-> values(...) memories(...)] [attr-dict]
ParseResult GraphLaunchOp::parse(OpAsmParser &parser, OperationState &result) {
  FlatSymbolRefAttr callee;
  if (parser.parseAttribute(callee, getCalleeAttrName(result.name).getValue(),
                            result.attributes))
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<OpAsmParser::UnresolvedOperand> deps;
  if (succeeded(parser.parseOptionalKeyword("deps")) &&
      (parser.parseLParen() || parser.parseOperandList(deps) ||
       parser.parseRParen()))
    return failure();
  BoundaryOperands boundary;
  SmallVector<Type> valueTypes, memoryTypes;
  if (parseBoundaryOperands(parser, boundary) ||
      parseBoundaryResults(parser, valueTypes, memoryTypes) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  Builder &builder = parser.getBuilder();
  if (parser.resolveOperands(deps, builder.getNoneType(), result.operands) ||
      resolveBoundaryOperands(parser, boundary, loc, result))
    return failure();
  if (boundary.sourceMaps)
    result.addAttribute(getSourceMapsAttrName(result.name),
                        boundary.sourceMaps);
  std::array<int32_t, 4> sizes = boundary.getSegmentSizes();
  result.addAttribute(
      getOperandSegmentSizesAttrName(result.name),
      builder.getDenseI32ArrayAttr({static_cast<int32_t>(deps.size()), sizes[0],
                                    sizes[1], sizes[2], sizes[3]}));
  result.addAttribute(StringRef("resultSegmentSizes"),
                      builder.getDenseI32ArrayAttr(
                          {static_cast<int32_t>(valueTypes.size()),
                           static_cast<int32_t>(memoryTypes.size()), 1}));
  result.addTypes(valueTypes);
  result.addTypes(memoryTypes);
  result.addTypes(builder.getNoneType());
  return success();
}

void GraphLaunchOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttributeWithoutType(getCalleeAttr());
  if (!getDependencies().empty())
    p << " deps(" << getDependencies() << ')';
  printBoundaryOperands(p, getValueInputs(), getStreamInputs(),
                        getSourceMapsAttr(), getMemoryInputs(),
                        getStreamOutputs());
  printBoundaryResults(p, getValueResults().getTypes(),
                       getMemoryResults().getTypes());
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getCalleeAttrName(), getSourceMapsAttrName(),
                           getOperandSegmentSizesAttrName(),
                           "resultSegmentSizes"});
}

void GraphLaunchOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getDone(), "done");
}

//===----------------------------------------------------------------------===//
// Block argument names
//===----------------------------------------------------------------------===//

void GraphOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  if (region.empty() || region.front().getNumArguments() == 0)
    return;
  setNameFn(region.front().getArgument(0), "start");
}
