//===- ActorRules.cpp - firing rules of the dataflow primitives -----------===//
//
// Part of the Loom project.
//
// One function per primitive of dataflow-semantics.md: which operands an
// actor needs in its current state, and what one firing consumes, emits and
// changes. Compute actors consume one token per operand and produce one per
// result through the shared compute table.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
namespace dataflow = loom::dataflow;
using llvm::APInt;
using loom::dataflow::StepKind;

//===----------------------------------------------------------------------===//
// Readiness
//===----------------------------------------------------------------------===//

static void appendAllQueued(const Actor &actor,
                            SmallVectorImpl<unsigned> &needed) {
  for (auto [i, queue] : llvm::enumerate(actor.inputs))
    if (queue != kNoQueue)
      needed.push_back(i);
}

/// The lane a selector picks, or std::nullopt when it is poison or out of
/// range (the firing then reports it).
static std::optional<unsigned> getLane(const TokenValue &selector,
                                       unsigned numLanes) {
  if (selector.isPoison())
    return std::nullopt;
  const APInt &bits = selector.getInteger();
  if (bits.getBitWidth() == 1)
    return selector.isTrue() ? 1 : 0;
  if (bits.isNegative() || bits.uge(numLanes))
    return std::nullopt;
  return bits.getZExtValue();
}

void Engine::getNeededOperands(const Actor &actor,
                               SmallVectorImpl<unsigned> &needed) const {
  bool initial = actor.state == ActorState::Initial;
  switch (actor.rule) {
  case Rule::Stream:
    if (initial)
      needed.append({0, 1, 2});
    return;
  case Rule::Carry:
    if (initial) {
      needed.push_back(1);
      return;
    }
    needed.push_back(0);
    if (hasToken(actor, 0) && !peekToken(actor, 0).isPoison() &&
        peekToken(actor, 0).isTrue())
      needed.push_back(2);
    return;
  case Rule::Invariant:
    needed.push_back(initial ? 1 : 0);
    return;
  case Rule::Mux: {
    needed.push_back(0);
    if (!hasToken(actor, 0))
      return;
    if (std::optional<unsigned> lane =
            getLane(peekToken(actor, 0), actor.inputs.size() - 1))
      needed.push_back(1 + *lane);
    return;
  }
  default:
    appendAllQueued(actor, needed);
    return;
  }
}

/// Whether the iv of a stream's next firing is emitted: its predicate on the
/// current value (or the init it would take) and the limit; true when that
/// is not known yet.
static bool streamEmitsIv(const Engine &engine, const Actor &actor) {
  const TokenValue *cur = &actor.held, *limit = &actor.limit;
  if (actor.state == ActorState::Initial) {
    if (!engine.hasToken(actor, 0) || !engine.hasToken(actor, 1))
      return true;
    cur = &engine.peekToken(actor, 0);
    limit = &engine.peekToken(actor, 1);
  }
  if (cur->isPoison() || limit->isPoison())
    return true;
  auto pred = cast<dataflow::StreamOp>(actor.op).getPredicate();
  return evaluateCmpI(pred, cur->getInteger(), limit->getInteger());
}

bool Engine::mayEmitOn(const Actor &actor, unsigned result) const {
  bool initial = actor.state == ActorState::Initial;
  // Where the deciding token (operand 0 of a demux, carry or gate) is
  // missing or poison, assume the firing emits (a poison decision fails the
  // firing anyway).
  auto isDecided = [&] {
    return hasToken(actor, 0) && !peekToken(actor, 0).isPoison();
  };
  switch (actor.rule) {
  case Rule::Demux: {
    if (!isDecided())
      return true;
    std::optional<unsigned> lane =
        getLane(peekToken(actor, 0), actor.outputs.size());
    return !lane || *lane == result;
  }
  case Rule::Carry:
    // Running, only a T phase forwards a next.
    return initial || !isDecided() || peekToken(actor, 0).isTrue();
  case Rule::Stream:
    return result == 1 || streamEmitsIv(*this, actor);
  case Rule::Gate:
    // The value on T only; the condition only after the first T.
    if (!isDecided())
      return true;
    return result == 1 ? peekToken(actor, 0).isTrue() : !initial;
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// Streaming primitives
//===----------------------------------------------------------------------===//

static llvm::Error checkDecision(Engine &engine, const Actor &actor,
                                 const TokenValue &token, StringRef what) {
  if (token.isPoison())
    return engine.actorError(actor, "the " + what +
                                        " is poison; control cannot depend "
                                        "on a poison value");
  return llvm::Error::success();
}

/// Advances a stream's current value by its step kind.
static llvm::Error advanceStream(Engine &engine, Actor &actor) {
  const APInt &cur = actor.held.getInteger(), &step = actor.step.getInteger();
  unsigned width = cur.getBitWidth();
  auto kind = cast<dataflow::StreamOp>(actor.op).getStepKind();
  bool isDivision = kind == StepKind::SDiv || kind == StepKind::UDiv;
  bool isShift =
      kind == StepKind::Shl || kind == StepKind::AShr || kind == StepKind::LShr;
  if (isDivision && step.isZero())
    return engine.actorError(actor, "the step divides by zero");
  if (isShift && step.uge(width))
    return engine.actorError(actor,
                             "the shift step " + Twine(step.getZExtValue()) +
                                 " is not below the width " + Twine(width));
  APInt next(cur);
  switch (kind) {
  case StepKind::Add:
    next = cur + step;
    break;
  case StepKind::Sub:
    next = cur - step;
    break;
  case StepKind::Mul:
    next = cur * step;
    break;
  case StepKind::SDiv:
    next = cur.sdiv(step);
    break;
  case StepKind::UDiv:
    next = cur.udiv(step);
    break;
  case StepKind::Shl:
    next = cur.shl(step);
    break;
  case StepKind::AShr:
    next = cur.ashr(step);
    break;
  case StepKind::LShr:
    next = cur.lshr(step);
    break;
  }
  actor.held = TokenValue::getInteger(next);
  return llvm::Error::success();
}

/// Idle: take (init, limit, step). Active: emit `cur` and T while the
/// predicate holds, else emit F alone and return to idle.
static llvm::Error fireStream(Engine &engine, Actor &actor) {
  if (actor.state == ActorState::Initial) {
    actor.held = engine.takeToken(actor, 0);
    actor.limit = engine.takeToken(actor, 1);
    actor.step = engine.takeToken(actor, 2);
    for (const TokenValue *token : {&actor.held, &actor.limit, &actor.step})
      if (llvm::Error error =
              checkDecision(engine, actor, *token, "stream init/limit/step"))
        return error;
    actor.state = ActorState::Running;
  }
  auto pred = cast<dataflow::StreamOp>(actor.op).getPredicate();
  if (!evaluateCmpI(pred, actor.held.getInteger(), actor.limit.getInteger())) {
    engine.emit(actor, 1, TokenValue::getBool(false));
    actor.state = ActorState::Initial;
    return llvm::Error::success();
  }
  engine.emit(actor, 0, actor.held);
  engine.emit(actor, 1, TokenValue::getBool(true));
  return advanceStream(engine, actor);
}

/// Emit one init; then T consumes and emits one next, F resets.
static llvm::Error fireCarry(Engine &engine, Actor &actor) {
  if (actor.state == ActorState::Initial) {
    engine.emit(actor, 0, engine.takeToken(actor, 1));
    actor.state = ActorState::Running;
    return llvm::Error::success();
  }
  TokenValue phase = engine.takeToken(actor, 0);
  if (llvm::Error error = checkDecision(engine, actor, phase, "phase"))
    return error;
  if (phase.isTrue())
    engine.emit(actor, 0, engine.takeToken(actor, 2));
  else
    actor.state = ActorState::Initial;
  return llvm::Error::success();
}

/// Latch and emit one init; T re-emits it, F clears the latch.
static llvm::Error fireInvariant(Engine &engine, Actor &actor) {
  if (actor.state == ActorState::Initial) {
    actor.held = engine.takeToken(actor, 1);
    engine.emit(actor, 0, actor.held);
    actor.state = ActorState::Running;
    return llvm::Error::success();
  }
  TokenValue phase = engine.takeToken(actor, 0);
  if (llvm::Error error = checkDecision(engine, actor, phase, "phase"))
    return error;
  if (phase.isTrue()) {
    engine.emit(actor, 0, actor.held);
  } else {
    actor.held = TokenValue();
    actor.state = ActorState::Initial;
  }
  return llvm::Error::success();
}

/// Initially (F, x) emits nothing and (T, x) emits x only; afterwards
/// (T, x) emits T and x, (F, x) emits F only and resets.
static llvm::Error fireGate(Engine &engine, Actor &actor) {
  TokenValue cond = engine.takeToken(actor, 0);
  TokenValue value = engine.takeToken(actor, 1);
  if (llvm::Error error = checkDecision(engine, actor, cond, "condition"))
    return error;
  if (actor.state == ActorState::Initial) {
    if (cond.isTrue()) {
      engine.emit(actor, 1, value);
      actor.state = ActorState::Running;
    }
    return llvm::Error::success();
  }
  engine.emit(actor, 0, cond);
  if (cond.isTrue())
    engine.emit(actor, 1, value);
  else
    actor.state = ActorState::Initial;
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Control primitives
//===----------------------------------------------------------------------===//

static llvm::Error fireSync(Engine &engine, Actor &actor) {
  for (unsigned i = 0, e = actor.inputs.size(); i < e; ++i)
    engine.emit(actor, i, engine.takeToken(actor, i));
  return llvm::Error::success();
}

/// Reports a selector that picks no lane.
static llvm::Error laneError(Engine &engine, const Actor &actor,
                             const TokenValue &selector, unsigned numLanes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "selector " << selector << " picks no lane of " << numLanes
     << " (lane k is position k; an out-of-range or poison selector is "
        "invalid program behaviour)";
  return engine.actorError(actor, text);
}

static llvm::Error fireMux(Engine &engine, Actor &actor) {
  unsigned numLanes = actor.inputs.size() - 1;
  TokenValue selector = engine.takeToken(actor, 0);
  std::optional<unsigned> lane = getLane(selector, numLanes);
  if (!lane)
    return laneError(engine, actor, selector, numLanes);
  engine.emit(actor, 0, engine.takeToken(actor, 1 + *lane));
  return llvm::Error::success();
}

static llvm::Error fireDemux(Engine &engine, Actor &actor) {
  unsigned numLanes = actor.outputs.size();
  TokenValue selector = engine.takeToken(actor, 0);
  TokenValue value = engine.takeToken(actor, 1);
  std::optional<unsigned> lane = getLane(selector, numLanes);
  if (!lane)
    return laneError(engine, actor, selector, numLanes);
  engine.emit(actor, *lane, value);
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Memory actors
//===----------------------------------------------------------------------===//

/// Takes the index tokens (operands 1..rank) and finds the element.
static llvm::Expected<int64_t> takeAddress(Engine &engine, Actor &actor,
                                           StringRef what) {
  unsigned rank = actor.memory->getRank();
  SmallVector<int64_t, 2> indices;
  SmallVector<TokenValue, 2> tokens;
  for (unsigned i = 0; i < rank; ++i)
    tokens.push_back(engine.takeToken(actor, 1 + i));
  for (const TokenValue &token : tokens) {
    if (token.isPoison())
      return engine.actorError(actor, what + " index is poison");
    indices.push_back(token.getInteger().getSExtValue());
  }
  if (std::optional<int64_t> linear = actor.memory->linearize(indices))
    return *linear;
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "out-of-bounds " << what << " at index [";
  llvm::interleaveComma(indices, os);
  os << "] of memory input #" << actor.memoryPosition << " with ";
  actor.memory->printBounds(os);
  return engine.actorError(actor, text);
}

static llvm::Error fireLoad(Engine &engine, Actor &actor) {
  llvm::Expected<int64_t> linear = takeAddress(engine, actor, "load");
  if (!linear)
    return linear.takeError();
  (void)engine.takeToken(actor, actor.inputs.size() - 1);
  actor.memory->countLoad();
  engine.emit(actor, 0, actor.memory->getElement(*linear));
  engine.emit(actor, 1, TokenValue::getNone());
  return llvm::Error::success();
}

static llvm::Error fireStore(Engine &engine, Actor &actor) {
  llvm::Expected<int64_t> linear = takeAddress(engine, actor, "store");
  if (!linear)
    return linear.takeError();
  unsigned valuePos = actor.inputs.size() - 2;
  TokenValue value = engine.takeToken(actor, valuePos);
  (void)engine.takeToken(actor, valuePos + 1);
  actor.memory->setElement(*linear, value);
  actor.memory->countStore();
  engine.emit(actor, 0, TokenValue::getNone());
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Compute actors and dispatch
//===----------------------------------------------------------------------===//

static llvm::Error fireCompute(Engine &engine, Actor &actor) {
  SmallVector<TokenValue, 3> operands;
  for (unsigned i = 0, e = actor.inputs.size(); i < e; ++i)
    operands.push_back(engine.takeToken(actor, i));
  SmallVector<TokenValue, 1> results(actor.compute->numResults);
  if (llvm::Error error = evaluateCompute(*actor.compute, operands, results))
    return engine.actorError(actor, llvm::toString(std::move(error)));
  for (auto [i, token] : llvm::enumerate(results))
    engine.emit(actor, i, token);
  return llvm::Error::success();
}

llvm::Error Engine::fire(Actor &actor) {
  switch (actor.rule) {
  case Rule::Compute:
    return fireCompute(*this, actor);
  case Rule::Stream:
    return fireStream(*this, actor);
  case Rule::Carry:
    return fireCarry(*this, actor);
  case Rule::Invariant:
    return fireInvariant(*this, actor);
  case Rule::Gate:
    return fireGate(*this, actor);
  case Rule::Constant:
    (void)takeToken(actor, 0);
    emit(actor, 0, actor.held);
    return llvm::Error::success();
  case Rule::Sync:
    return fireSync(*this, actor);
  case Rule::Mux:
    return fireMux(*this, actor);
  case Rule::Demux:
    return fireDemux(*this, actor);
  case Rule::Load:
    return fireLoad(*this, actor);
  case Rule::Store:
    return fireStore(*this, actor);
  }
  llvm_unreachable("unknown firing rule");
}
