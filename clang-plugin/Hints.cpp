//===- Hints.cpp - the Loom hint vocabulary -------------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "Hints.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace llvm;
using namespace loom::plugin;

static constexpr HintArg kNameArgs[] = {HintArg::Name};
static constexpr HintArg kTargetArgs[] = {HintArg::Target};
static constexpr HintArg kBankArgs[] = {HintArg::Count, HintArg::BankLayout};
static constexpr HintArg kReduceArgs[] = {HintArg::ReduceOp};
static constexpr HintArg kParallelArgs[] = {HintArg::Count, HintArg::Schedule};
static constexpr HintArg kCountArgs[] = {HintArg::Count};
static constexpr HintArg kRangeArgs[] = {HintArg::MinCount, HintArg::Count};
static constexpr HintArg kTypicalArgs[] = {HintArg::Count, HintArg::MinCount,
                                           HintArg::Count};
static constexpr HintArg kFullArgs[] = {HintArg::Count, HintArg::Count,
                                        HintArg::MinCount, HintArg::Count};

static const HintInfo kHints[] = {
    {"accel", "LOOM_ACCEL", HintPlacement::Function, 0, kNameArgs, "no_accel"},
    {"no_accel", "LOOM_NO_ACCEL", HintPlacement::Function, 0, {}, "accel"},
    {"target", "LOOM_TARGET", HintPlacement::Function, 1, kTargetArgs, ""},
    {"candidate",
     "#pragma loom candidate",
     HintPlacement::Candidate,
     0,
     {},
     "no_accel"},
    {"stream", "LOOM_STREAM", HintPlacement::Variable, 0, {}, ""},
    {"memory_bank", "LOOM_MEMORY_BANK", HintPlacement::Variable, 1, kBankArgs,
     ""},
    {"reduce", "LOOM_REDUCE", HintPlacement::Variable, 1, kReduceArgs, ""},
    {"parallel", "LOOM_PARALLEL", HintPlacement::Loop, 0, kParallelArgs,
     "no_parallel"},
    {"no_parallel", "LOOM_NO_PARALLEL", HintPlacement::Loop, 0, {}, "parallel"},
    {"unroll", "LOOM_UNROLL", HintPlacement::Loop, 0, kCountArgs, "no_unroll"},
    {"no_unroll", "LOOM_NO_UNROLL", HintPlacement::Loop, 0, {}, "unroll"},
    {"tripcount", "LOOM_TRIPCOUNT", HintPlacement::Loop, 1, kCountArgs, ""},
    {"tripcount_range", "LOOM_TRIPCOUNT_RANGE", HintPlacement::Loop, 2,
     kRangeArgs, ""},
    {"tripcount_typical", "LOOM_TRIPCOUNT_TYPICAL", HintPlacement::Loop, 3,
     kTypicalArgs, ""},
    {"tripcount_full", "LOOM_TRIPCOUNT_FULL", HintPlacement::Loop, 4, kFullArgs,
     ""},
};

ArrayRef<HintInfo> loom::plugin::getHints() { return kHints; }

const HintInfo *loom::plugin::lookupHint(StringRef spelling) {
  const HintInfo *it = find_if(
      kHints, [&](const HintInfo &h) { return h.spelling == spelling; });
  return it == std::end(kHints) ? nullptr : it;
}

std::optional<StringRef> loom::plugin::normalizeSchedule(StringRef word) {
  if (word.equals_insensitive("contiguous"))
    return StringRef("contiguous");
  if (word.equals_insensitive("interleaved"))
    return StringRef("interleaved");
  return std::nullopt;
}

bool loom::plugin::isBankLayout(StringRef word) {
  return word == "cyclic" || word == "block";
}

bool loom::plugin::isReduceOp(StringRef op) {
  return StringSwitch<bool>(op)
      .Cases({"+", "*", "min", "max", "&", "|", "^"}, true)
      .Default(false);
}

bool loom::plugin::isValidTarget(StringRef target) {
  if (target == "spatial" || target == "temporal" || isObjectTarget(target))
    return true;
  // pe[x,y]
  if (!target.consume_front("pe[") || !target.consume_back("]"))
    return false;
  auto [x, y] = target.split(',');
  unsigned value;
  return !x.trim().getAsInteger(10, value) && !y.trim().getAsInteger(10, value);
}

bool loom::plugin::isObjectTarget(StringRef target) {
  return target == "rom" || target == "extmemory";
}

unsigned loom::plugin::getNumCountArgs(const HintInfo &hint) {
  return count_if(hint.args, [](HintArg arg) {
    return arg == HintArg::Count || arg == HintArg::MinCount;
  });
}

std::string loom::plugin::formatLoopCarrier(const LoopCarrierText &carrier) {
  std::string text = (Twine(kAnnotationPrefix) + carrier.hint->spelling).str();
  if (carrier.argIndex)
    text += "#" + std::to_string(*carrier.argIndex);
  text += "@" + carrier.location;
  for (const std::string &word : carrier.words)
    text += ":" + word;
  return text;
}

std::optional<LoopCarrierText> loom::plugin::parseLoopCarrier(StringRef text) {
  if (!text.consume_front(kAnnotationPrefix))
    return std::nullopt;
  auto [name, rest] = text.split('@');
  if (rest.empty())
    return std::nullopt;
  LoopCarrierText carrier;
  auto [spelling, index] = name.split('#');
  carrier.hint = lookupHint(spelling);
  if (!carrier.hint || carrier.hint->placement == HintPlacement::Function ||
      carrier.hint->placement == HintPlacement::Variable)
    return std::nullopt;
  unsigned value;
  if (!index.empty()) {
    if (index.getAsInteger(10, value))
      return std::nullopt;
    carrier.argIndex = value;
  }
  // Words are never numbers; the location ends in ":<line>:<col>". File
  // names may contain ':' and '@', so split from the right.
  SmallVector<StringRef, 2> words;
  while (true) {
    auto [head, last] = rest.rsplit(':');
    if (head == rest || last.empty() || !last.getAsInteger(10, value))
      break;
    words.push_back(last);
    rest = head;
  }
  auto [fileLine, column] = rest.rsplit(':');
  auto [file, line] = fileLine.rsplit(':');
  if (file.empty() || line.getAsInteger(10, value) ||
      column.getAsInteger(10, value))
    return std::nullopt;
  carrier.location = rest.str();
  for (StringRef word : llvm::reverse(words))
    carrier.words.push_back(word.str());
  return carrier;
}

std::string loom::plugin::getLoopHintKey(StringRef spelling,
                                         StringRef location) {
  return (spelling + "@" + location).str();
}
