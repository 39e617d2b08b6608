//===- DataflowEmulator.cpp - token-level dataflow graph emulator ---------===//
//
// Part of the Loom project.
//
// Builds the actor network of one graph (one FIFO per use of every value),
// seeds the launch tokens and fires actors from a FIFO worklist until the
// graph.return completion frontier and value outputs hold their tokens.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
using loom::dataflow::ActorKind;
using loom::dataflow::GraphOp;
using loom::dataflow::GraphReturnOp;

//===----------------------------------------------------------------------===//
// Building the network
//===----------------------------------------------------------------------===//

static Rule getRule(uint32_t schemaId) {
  switch (schemaId) {
  case 1:
    return Rule::Stream;
  case 2:
    return Rule::Carry;
  case 3:
    return Rule::Invariant;
  case 4:
    return Rule::Gate;
  case 5:
    return Rule::Constant;
  case 6:
    return Rule::Sync;
  case 7:
    return Rule::Mux;
  case 8:
    return Rule::Demux;
  case 9:
    return Rule::Load;
  case 10:
    return Rule::Store;
  default:
    return Rule::Compute;
  }
}

int32_t Engine::addQueue(OpOperand &use, int32_t consumer) {
  UseQueue queue;
  queue.consumer = consumer;
  queue.operand = use.getOperandNumber();
  queues.push_back(std::move(queue));
  useQueue[&use] = queues.size() - 1;
  return queues.size() - 1;
}

/// Checks that a buffer fits the memref type of its graph input.
llvm::Error Engine::bindMemory(BlockArgument arg, MemoryBuffer *buffer,
                               unsigned position) {
  auto type = cast<MemRefType>(arg.getType());
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "memory input #" << position << " of type " << type;
  if (!buffer)
    return graphError(os.str() + " has no buffer");
  if (!type.getLayout().isIdentity())
    return graphError(os.str() +
                      " has a non-identity layout; the emulator binds "
                      "row-major identity memrefs only");
  bool shapeOk = type.getRank() == buffer->getRank() &&
                 type.getElementType() == buffer->getElementType();
  for (unsigned d = 0; shapeOk && d < type.getRank(); ++d)
    shapeOk =
        type.isDynamicDim(d) || type.getDimSize(d) == buffer->getExtents()[d];
  if (!shapeOk) {
    os << " cannot bind a buffer of " << buffer->getElementType()
       << " with extents [";
    llvm::interleaveComma(buffer->getExtents(), os);
    os << "]";
    return graphError(os.str());
  }
  memoryOf[arg] = buffer;
  return llvm::Error::success();
}

/// Finds which memory input a load/store addresses and binds it.
static llvm::Error bindActorMemory(Engine &engine, Actor &actor,
                                   const DenseMap<Value, MemoryBuffer *> &map,
                                   GraphOp graph) {
  Value memref = actor.op->getOperand(0);
  auto it = map.find(memref);
  if (it == map.end())
    return engine.actorError(actor, "addresses a memref that is not a "
                                    "memory input of the graph");
  actor.memory = it->second;
  unsigned numInputs =
      graph.getInputSegments()[0] + graph.getInputSegments()[1];
  actor.memoryPosition =
      cast<BlockArgument>(memref).getArgNumber() - 1 - numInputs;
  return llvm::Error::success();
}

llvm::Error Engine::buildActor(Operation *op) {
  Actor actor;
  actor.op = op;
  actor.schema =
      loom::dataflow::lookupActorSchema(op->getName().getStringRef());
  if (!actor.schema)
    return graphError("'" + op->getName().getStringRef() +
                      "' is not a registered dataflow actor");
  actor.rule = getRule(actor.schema->id);
  for (Type type :
       llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
    if (!isa<MemRefType>(type) && !isSupportedTokenType(type)) {
      std::string text;
      llvm::raw_string_ostream(text)
          << "carries type " << type << ", which the emulator does not";
      return actorError(actor, text);
    }
  if (actor.rule == Rule::Compute) {
    llvm::Expected<ComputeOp> decoded = decodeComputeOp(op);
    if (!decoded)
      return actorError(actor, llvm::toString(decoded.takeError()));
    actor.compute = std::move(*decoded);
  } else if (actor.rule == Rule::Constant) {
    llvm::Expected<TokenValue> value =
        getTokenFromAttribute(op->getAttr("value"));
    if (!value)
      return actorError(actor, llvm::toString(value.takeError()));
    actor.held = *value;
  } else if (actor.rule == Rule::Load || actor.rule == Rule::Store) {
    if (llvm::Error error = bindActorMemory(*this, actor, memoryOf, graph))
      return error;
  }
  int32_t index = actors.size();
  for (OpOperand &use : op->getOpOperands())
    actor.inputs.push_back(
        isa<MemRefType>(use.get().getType()) ? kNoQueue : addQueue(use, index));
  actor.outputs.resize(op->getNumResults());
  actor.traced = llvm::any_of(op->getResults(),
                              [&](Value v) { return traceSlots.count(v); });
  actorIndex[op] = index;
  actors.push_back(std::move(actor));
  return llvm::Error::success();
}

/// Gives every graph.return operand a queue and counts what completion
/// waits for. Memref results are static bindings and need no token.
void Engine::buildReturn() {
  GraphReturnOp ret = graph.getReturn();
  auto addAll = [&](OperandRange range, SmallVectorImpl<int32_t> &out) {
    for (OpOperand &use : ret->getOpOperands())
      if (use.getOperandNumber() >= range.getBeginOperandIndex() &&
          use.getOperandNumber() < range.getBeginOperandIndex() + range.size())
        out.push_back(addQueue(use, kReturnConsumer));
  };
  addAll(ret.getValues(), valueReturns);
  addAll(ret.getStreams(), streamReturns);
  addAll(ret.getComplete(), completeReturns);
  pendingReturns = (valueReturns.size() + completeReturns.size()) * instances;
}

llvm::Error Engine::build(ArrayRef<MemoryBuffer *> memories) {
  for (auto [i, value] : llvm::enumerate(options.tracedValues))
    traceSlots[value].push_back(i);
  result.traces.resize(options.tracedValues.size());
  ArrayRef<int32_t> segments = graph.getInputSegments();
  if (memories.size() != static_cast<size_t>(segments[2]))
    return graphError("takes " + Twine(segments[2]) + " memory inputs, got " +
                      Twine(memories.size()));
  unsigned firstMemory = 1 + segments[0] + segments[1];
  for (auto [i, buffer] : llvm::enumerate(memories))
    if (llvm::Error error = bindMemory(
            graph.getBody().front().getArgument(firstMemory + i), buffer, i))
      return error;
  for (Operation &op : graph.getBody().front().without_terminator())
    if (llvm::Error error = buildActor(&op))
      return error;
  buildReturn();
  // Each queue belongs to one use; the producer pushes into all of them.
  for (auto [use, id] : useQueue)
    if (auto res = dyn_cast<OpResult>(use->get()))
      actors[actorIndex.lookup(res.getOwner())]
          .outputs[res.getResultNumber()]
          .push_back(id);
  // DenseMap order is arbitrary: sort so broadcasts are deterministic.
  for (Actor &actor : actors)
    for (SmallVector<uint32_t, 2> &uses : actor.outputs)
      llvm::sort(uses);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Tokens in and out
//===----------------------------------------------------------------------===//

void Engine::schedule(int32_t index) {
  Actor &actor = actors[index];
  if (actor.queued)
    return;
  actor.queued = true;
  worklist.push_back(index);
}

void Engine::recordTrace(Value value, const TokenValue &token) {
  auto it = traceSlots.find(value);
  if (it == traceSlots.end())
    return;
  for (unsigned slot : it->second)
    result.traces[slot].push_back(token);
}

/// A second token on a value or completion operand means the graph
/// completed twice within one launch.
void Engine::onReturnToken(const UseQueue &queue) {
  GraphReturnOp ret = graph.getReturn();
  if (queue.operand >= ret.getStreams().getBeginOperandIndex() &&
      queue.operand <
          ret.getStreams().getBeginOperandIndex() + ret.getStreams().size())
    return;
  if (queue.fifo.size() <= instances) {
    --pendingReturns;
    return;
  }
  if (returnFault)
    return;
  if (instances == 1)
    returnFault = "graph.return operand #" + std::to_string(queue.operand) +
                  " received a second token; one launch publishes each "
                  "value and completion witness once";
  else
    returnFault = "graph.return operand #" + std::to_string(queue.operand) +
                  " received more tokens than the " +
                  std::to_string(instances) +
                  " instances of the batch; one launch publishes each value "
                  "and completion witness once";
}

void Engine::emit(Actor &actor, unsigned resultNumber,
                  const TokenValue &token) {
  if (LLVM_UNLIKELY(sink)) {
    // Timed: the simulator delivers the token when it arrives.
    for (uint32_t id : actor.outputs[resultNumber])
      sink->send(id, token);
  } else {
    for (uint32_t id : actor.outputs[resultNumber]) {
      UseQueue &queue = queues[id];
      queue.fifo.push(token);
      if (queue.consumer == kReturnConsumer)
        onReturnToken(queue);
      else
        schedule(queue.consumer);
    }
  }
  result.stats.tokensMoved += actor.outputs[resultNumber].size();
  if (actor.traced)
    recordTrace(actor.op->getResult(resultNumber), token);
}

void Engine::pushToValue(Value value, const TokenValue &token) {
  for (OpOperand &use : value.getUses()) {
    auto it = useQueue.find(&use);
    if (it == useQueue.end())
      continue;
    UseQueue &queue = queues[it->second];
    queue.fifo.push(token);
    ++result.stats.tokensMoved;
    if (queue.consumer == kReturnConsumer)
      onReturnToken(queue);
    else
      schedule(queue.consumer);
  }
  recordTrace(value, token);
}

llvm::Error Engine::checkInputType(const TokenValue &token, BlockArgument arg,
                                   StringRef what, unsigned index) const {
  if (tokenMatchesType(token, arg.getType()))
    return llvm::Error::success();
  std::string text;
  llvm::raw_string_ostream(text) << what << " #" << index << " expects "
                                 << arg.getType() << ", got " << token;
  return graphError(text);
}

llvm::Error Engine::seed(ArrayRef<TokenValue> valueInputs,
                         ArrayRef<SmallVector<TokenValue, 0>> streams) {
  ArrayRef<int32_t> segments = graph.getInputSegments();
  if (valueInputs.size() != static_cast<size_t>(segments[0]))
    return graphError("takes " + Twine(segments[0]) + " value inputs, got " +
                      Twine(valueInputs.size()));
  if (streams.size() != static_cast<size_t>(segments[1]))
    return graphError("takes " + Twine(segments[1]) + " stream inputs, got " +
                      Twine(streams.size()));
  Block &entry = graph.getBody().front();
  for (auto [i, token] : llvm::enumerate(valueInputs))
    if (llvm::Error error =
            checkInputType(token, entry.getArgument(1 + i), "value input", i))
      return error;
  for (auto [i, stream] : llvm::enumerate(streams))
    for (const TokenValue &token : stream)
      if (llvm::Error error = checkInputType(
              token, entry.getArgument(1 + segments[0] + i), "stream input", i))
        return error;
  pushToValue(graph.getStart(), TokenValue::getNone());
  for (auto [i, token] : llvm::enumerate(valueInputs))
    pushToValue(entry.getArgument(1 + i), token);
  for (auto [i, stream] : llvm::enumerate(streams))
    for (const TokenValue &token : stream)
      pushToValue(entry.getArgument(1 + segments[0] + i), token);
  return llvm::Error::success();
}

llvm::Error
Engine::seedInstances(ArrayRef<SmallVector<TokenValue>> instanceInputs) {
  ArrayRef<int32_t> segments = graph.getInputSegments();
  if (instanceInputs.size() != instances)
    return graphError("a batch of " + Twine(instances) + " instances got " +
                      Twine(instanceInputs.size()) + " input sets");
  if (segments[1] != 0)
    return graphError("takes stream inputs; a batch of instances seeds "
                      "value inputs only");
  Block &entry = graph.getBody().front();
  for (auto [instance, valueInputs] : llvm::enumerate(instanceInputs)) {
    if (valueInputs.size() != static_cast<size_t>(segments[0]))
      return graphError("takes " + Twine(segments[0]) + " value inputs, got " +
                        Twine(valueInputs.size()) + " for instance " +
                        Twine(instance));
    for (auto [i, token] : llvm::enumerate(valueInputs))
      if (llvm::Error error =
              checkInputType(token, entry.getArgument(1 + i), "value input", i))
        return error;
  }
  // Instance order in every queue: the FIFOs keep the instances apart.
  for (ArrayRef<TokenValue> valueInputs : instanceInputs) {
    pushToValue(graph.getStart(), TokenValue::getNone());
    for (auto [i, token] : llvm::enumerate(valueInputs))
      pushToValue(entry.getArgument(1 + i), token);
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

bool Engine::isReady(const Actor &actor) const {
  switch (actor.rule) {
  case Rule::Stream:
  case Rule::Carry:
  case Rule::Invariant:
  case Rule::Mux: {
    SmallVector<unsigned, 4> needed;
    getNeededOperands(actor, needed);
    return llvm::all_of(
        needed, [&](unsigned operand) { return hasToken(actor, operand); });
  }
  default:
    // The other rules need a token on every queued operand (the default of
    // getNeededOperands), checked here without building the list: this is
    // the emulator's hottest test.
    return llvm::all_of(actor.inputs, [&](int32_t queue) {
      return queue == kNoQueue || !queues[queue].fifo.empty();
    });
  }
}

/// Without stream results the run ends as soon as the frontier and the
/// values are there; stream results are collected until quiescence.
bool Engine::isComplete() const {
  return pendingReturns == 0 && streamReturns.empty();
}

llvm::Error Engine::step(Actor &actor) {
  if (result.stats.firings >= options.firingBudget)
    return budgetError();
  if (completed && actor.rule >= Rule::Load)
    return actorError(actor, "fired after the completion frontier was "
                             "reached; the frontier does not cover this "
                             "memory access");
  if (llvm::Error error = fire(actor))
    return error;
  EmulationStats &stats = result.stats;
  ++stats.firings;
  ++stats.firingsByKind[static_cast<unsigned>(actor.schema->kind)];
  if (actor.firings++ == 0)
    firstFired.push_back(&actor - actors.data());
  if (returnFault)
    return graphError(*returnFault);
  return llvm::Error::success();
}

llvm::Error Engine::run() {
  if (isComplete() && !options.drainAfterCompletion) {
    completed = true;
    return llvm::Error::success();
  }
  scheduleState = options.scheduleSeed;
  while (worklistHead < worklist.size()) {
    if (scheduleState != 0) {
      // xorshift64: any waiting actor may go next.
      scheduleState ^= scheduleState << 13;
      scheduleState ^= scheduleState >> 7;
      scheduleState ^= scheduleState << 17;
      size_t pick =
          worklistHead + scheduleState % (worklist.size() - worklistHead);
      std::swap(worklist[worklistHead], worklist[pick]);
    }
    int32_t index = worklist[worklistHead++];
    // Reclaim consumed slots so a long run keeps the worklist small.
    if (worklistHead == worklist.size()) {
      worklist.clear();
      worklistHead = 0;
    } else if (worklistHead >= 4096 && worklistHead * 2 >= worklist.size()) {
      worklist.erase(worklist.begin(), worklist.begin() + worklistHead);
      worklistHead = 0;
    }
    Actor &actor = actors[index];
    actor.queued = false;
    if (!isReady(actor))
      continue;
    if (llvm::Error error = step(actor))
      return error;
    schedule(index);
    if (!completed && isComplete()) {
      completed = true;
      if (!options.drainAfterCompletion)
        return llvm::Error::success();
    }
  }
  if (pendingReturns != 0)
    return deadlockError();
  completed = true;
  return llvm::Error::success();
}

EmulationResult Engine::takeResult() {
  for (uint64_t instance = 0; instance < instances; ++instance)
    for (int32_t id : valueReturns)
      result.valueOutputs.push_back(queues[id].fifo.peek(instance));
  for (int32_t id : streamReturns) {
    SmallVector<TokenValue, 0> &tokens = result.streamOutputs.emplace_back();
    for (size_t i = 0, e = queues[id].fifo.size(); i < e; ++i)
      tokens.push_back(queues[id].fifo.peek(i));
  }
  EmulationStats &stats = result.stats;
  for (int32_t index : firstFired)
    stats.firingsByOp[actors[index].schema->opName] += actors[index].firings;
  for (const UseQueue &queue : queues) {
    stats.peakQueueOccupancy =
        std::max<uint64_t>(stats.peakQueueOccupancy, queue.fifo.getPeak());
    if (queue.consumer != kReturnConsumer)
      stats.tokensLeft += queue.fifo.size();
  }
  return std::move(result);
}

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

llvm::Expected<EmulationResult>
DataflowEmulator::runGraph(GraphOp graph, ArrayRef<TokenValue> valueInputs,
                           ArrayRef<SmallVector<TokenValue, 0>> streamInputs,
                           ArrayRef<MemoryBuffer *> memories,
                           const EmulatorOptions &options) {
  Engine engine(graph, options);
  if (llvm::Error error = engine.build(memories))
    return std::move(error);
  if (llvm::Error error = engine.seed(valueInputs, streamInputs))
    return std::move(error);
  if (llvm::Error error = engine.run())
    return std::move(error);
  return engine.takeResult();
}

llvm::Expected<EmulationResult>
DataflowEmulator::runGraph(GraphOp graph, ArrayRef<TokenValue> valueInputs,
                           ArrayRef<MemoryBuffer *> memories,
                           const EmulatorOptions &options) {
  return runGraph(graph, valueInputs, {}, memories, options);
}

void loom::sim::accumulate(EmulationStats &total, const EmulationStats &part) {
  total.firings += part.firings;
  for (unsigned kind = 0; kind < total.firingsByKind.size(); ++kind)
    total.firingsByKind[kind] += part.firingsByKind[kind];
  for (const auto &[name, count] : part.firingsByOp)
    total.firingsByOp[name] += count;
  total.tokensMoved += part.tokensMoved;
  total.peakQueueOccupancy =
      std::max(total.peakQueueOccupancy, part.peakQueueOccupancy);
  total.tokensLeft += part.tokensLeft;
}
