//===- EmulatorDiagnostics.cpp - errors of an emulation run ---------------===//
//
// Part of the Loom project.
//
// Every failure of a run names the graph; actor failures name the op and its
// source location; a deadlock lists each blocked actor with the operands it
// still waits for, using the SSA names the graph prints with.
//
//===----------------------------------------------------------------------===//

#include "EmulatorImpl.h"

#include "mlir/IR/AsmState.h"

using namespace mlir;
using namespace loom::sim;
using namespace loom::sim::detail;
namespace dataflow = loom::dataflow;

/// At most this many blocked actors are listed in a deadlock report.
constexpr unsigned kMaxBlockedActorsListed = 16;

std::string loom::sim::detail::formatLocation(Location loc) {
  std::string text;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      text = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
              ":" + Twine(file.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text.empty() ? "unknown location" : text;
}

llvm::Error Engine::graphError(const Twine &what) const {
  dataflow::GraphOp op = graph;
  return llvm::createStringError("graph @" + op.getSymName() + ": " + what);
}

llvm::Error Engine::actorError(const Actor &actor, const Twine &what) const {
  return graphError("'" + actor.op->getName().getStringRef() + "' at " +
                    formatLocation(actor.op->getLoc()) + ": " + what);
}

llvm::Error Engine::budgetError() const {
  return graphError("exceeded the firing budget of " +
                    Twine(options.firingBudget) + " firings " +
                    (completed ? "while draining after completion"
                               : "before reaching its completion frontier") +
                    "; a longer run needs a larger budget (--budget)");
}

/// Prints `value` with the caller's names, or the way the graph prints it.
static void printValueName(raw_ostream &os, Value value, AsmState &state,
                           const EmulatorOptions &options) {
  if (options.printValueName)
    options.printValueName(os, value);
  else
    value.printAsOperand(os, state);
}

/// True if `actor` holds input tokens or is inside an activation.
static bool isBlocked(const Actor &actor, ArrayRef<UseQueue> queues) {
  bool stateful = actor.rule == Rule::Carry || actor.rule == Rule::Invariant ||
                  actor.rule == Rule::Gate;
  if (stateful && actor.state != ActorState::Initial)
    return true;
  return llvm::any_of(actor.inputs, [&](int32_t id) {
    return id != kNoQueue && !queues[id].fifo.empty();
  });
}

static StringRef describeState(const Actor &actor) {
  if (actor.state == ActorState::Initial)
    return "";
  switch (actor.rule) {
  case Rule::Carry:
  case Rule::Invariant:
    return " (inside an activation)";
  case Rule::Gate:
    return " (after the first true condition)";
  default:
    return "";
  }
}

llvm::Error Engine::deadlockError(const DeadlockContext *timing) const {
  std::string text;
  llvm::raw_string_ostream os(text);
  dataflow::GraphOp op = graph;
  AsmState state(op);
  if (timing)
    os << "deadlocked at cycle " << timing->cycle << " after "
       << result.stats.firings
       << " firings: no actor can fire, no token is in flight and the "
          "completion frontier is not reached";
  else
    os << "deadlocked after " << result.stats.firings
       << " firings: no actor can fire and the completion frontier is not "
          "reached";
  dataflow::GraphReturnOp ret = op.getReturn();
  for (int32_t id : llvm::concat<const int32_t>(valueReturns, completeReturns))
    if (queues[id].fifo.size() < instances) {
      os << "\n  missing: graph.return operand #" << queues[id].operand << " (";
      printValueName(os, ret->getOperand(queues[id].operand), state, options);
      os << ")";
    }
  unsigned listed = 0, blocked = 0;
  for (const Actor &actor : actors) {
    bool outputBlocked = timing && timing->hasFullOutput(actor);
    if (!outputBlocked && !isBlocked(actor, queues))
      continue;
    if (++blocked > kMaxBlockedActorsListed)
      continue;
    ++listed;
    SmallVector<unsigned, 4> needed;
    getNeededOperands(actor, needed);
    os << "\n  blocked: '" << actor.op->getName() << "'" << describeState(actor)
       << " at " << formatLocation(actor.op->getLoc()) << " waits for";
    for (unsigned operand : needed) {
      if (hasToken(actor, operand))
        continue;
      os << " operand #" << operand << " (";
      printValueName(os, actor.op->getOperand(operand), state, options);
      os << ")";
    }
    if (outputBlocked)
      timing->explainOutputs(os, actor);
  }
  if (blocked > listed)
    os << "\n  ... and " << blocked - listed << " more blocked actors";
  if (blocked == 0)
    os << "\n  no actor holds a token: the inputs never reach the frontier";
  return graphError(os.str());
}
