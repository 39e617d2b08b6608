//===- CycleSimEquivalenceTest.cpp - the simulator equals the emulator ----===//
//
// Part of the Loom project.
//
// Every `loom-emu` run of the lit Emulator suite on a dataflow graph (the
// RUN lines themselves: graph, values, streams, memories, --drain) runs
// again on the emulator and on the cycle simulator, with the graph placed by
// hand across cgra-4x4 so that routes have hops and FIFO limits. Outputs,
// memory and, for drained runs, every token of every value must be equal;
// a run the emulator rejects must fail the same way (a deadlock as a
// deadlock).
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/Sim/CycleSimulator.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <memory>

using namespace mlir;
using namespace loom;
using namespace loom::sim;

namespace {

/// One `loom-emu` invocation of a lit RUN line.
struct EmuRun {
  std::string file, graph, line;
  std::optional<std::string> values;
  SmallVector<std::string> memories, streams;
  bool drain = false;
};

/// Splits a shell command line into words, honouring single quotes.
SmallVector<std::string> splitWords(StringRef command) {
  SmallVector<std::string> words;
  std::string word;
  bool quoted = false, inWord = false;
  for (char c : command) {
    if (c == '\'') {
      quoted = !quoted;
      inWord = true;
    } else if (c == ' ' && !quoted) {
      if (inWord)
        words.push_back(word);
      word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord)
    words.push_back(word);
  return words;
}

/// The graph runs of `path`'s RUN lines; lines with options this test does
/// not reproduce (whole programs, budgets, schedules, pipelines) are left to
/// lit.
SmallVector<EmuRun> readRuns(StringRef path) {
  SmallVector<EmuRun> runs;
  auto buffer = llvm::MemoryBuffer::getFile(path);
  EXPECT_TRUE(static_cast<bool>(buffer)) << path.str();
  if (!buffer)
    return runs;
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n');
  for (StringRef line : lines) {
    size_t at = line.find("RUN:");
    if (at == StringRef::npos)
      continue;
    StringRef command = line.substr(at + 4).split(" | ").first.trim();
    if (command.consume_front("not "))
      command = command.trim();
    if (!command.starts_with("loom-emu ") || command.contains("--entry") ||
        command.contains("--budget") || command.contains("--schedule-seed") ||
        command.contains("--split-input-file"))
      continue;
    SmallVector<std::string> words = splitWords(command);
    EmuRun run;
    run.line = command.str();
    run.file = words[1] == "%s" ? path.str() : words[1];
    StringRef root = "%loom_src_root";
    if (StringRef(run.file).starts_with(root))
      run.file = LOOM_SOURCE_DIR + run.file.substr(root.size());
    for (StringRef word : ArrayRef(words).drop_front(2)) {
      if (word.consume_front("--graph="))
        run.graph = word.str();
      else if (word.consume_front("--values="))
        run.values = word.str();
      else if (word.consume_front("--memory="))
        run.memories.push_back(word.str());
      else if (word.consume_front("--stream="))
        run.streams.push_back(word.str());
      else if (word == "--drain")
        run.drain = true;
    }
    if (!run.graph.empty())
      runs.push_back(std::move(run));
  }
  return runs;
}

/// The tokens of a comma-separated list of literals of `type`, or
/// std::nullopt when one does not parse (a test of loom-emu's own input
/// checks, which has no graph run to compare).
std::optional<SmallVector<TokenValue, 0>> parseList(StringRef text, Type type) {
  SmallVector<TokenValue, 0> tokens;
  if (text.empty())
    return tokens;
  SmallVector<StringRef> items;
  text.split(items, ',');
  for (StringRef item : items) {
    llvm::Expected<TokenValue> token = parseTokenLiteral(item.trim(), type);
    if (!token) {
      llvm::consumeError(token.takeError());
      return std::nullopt;
    }
    tokens.push_back(*token);
  }
  return tokens;
}

/// The buffers of `--memory` specs: `i32[4]=1,2,3,4`, `f32[2x3]`, `@k`.
struct Memories {
  SmallVector<std::shared_ptr<MemoryBuffer>> buffers;
  SmallVector<MemoryBuffer *> pointers;
};

Memories makeMemories(ArrayRef<std::string> specs, MLIRContext *context) {
  Memories result;
  for (StringRef spec : specs) {
    if (spec.consume_front("@")) {
      result.buffers.push_back(result.buffers[std::stoi(spec.str())]);
      continue;
    }
    auto [shape, contents] = spec.split('=');
    auto [typeText, extentText] = shape.split('[');
    Type type = parseType(typeText, context);
    SmallVector<int64_t, 2> extents;
    SmallVector<StringRef> parts;
    extentText.drop_back().split(parts, 'x');
    for (StringRef part : parts)
      extents.push_back(std::stoll(part.str()));
    auto buffer = std::make_shared<MemoryBuffer>(type, extents);
    std::optional<SmallVector<TokenValue, 0>> tokens =
        parseList(contents, type);
    EXPECT_TRUE(tokens.has_value()) << spec.str();
    for (auto [i, token] :
         llvm::enumerate(tokens.value_or(SmallVector<TokenValue, 0>())))
      buffer->setElement(i, token);
    result.buffers.push_back(buffer);
  }
  for (const std::shared_ptr<MemoryBuffer> &buffer : result.buffers)
    result.pointers.push_back(buffer.get());
  return result;
}

class CycleSimEquivalenceTest : public ::testing::Test {
protected:
  CycleSimEquivalenceTest() {
    context.loadDialect<dataflow::DataflowDialect, arith::ArithDialect,
                        math::MathDialect, LLVM::LLVMDialect, func::FuncDialect,
                        memref::MemRefDialect>();
    llvm::Expected<fabric::Fabric> loaded = fabric::loadFabric("cgra-4x4");
    EXPECT_TRUE(static_cast<bool>(loaded));
    fabric.emplace(std::move(*loaded));
  }

  ModuleOp getModule(const std::string &path) {
    OwningOpRef<ModuleOp> &module = modules[path];
    if (!module)
      module = parseSourceFile<ModuleOp>(path, &context);
    EXPECT_TRUE(module) << path;
    return *module;
  }

  /// Runs `run` on both engines and compares the results.
  void check(const EmuRun &run);

  MLIRContext context;
  std::map<std::string, OwningOpRef<ModuleOp>> modules;
  std::optional<fabric::Fabric> fabric;
  unsigned compared = 0, failuresCompared = 0;
};

void CycleSimEquivalenceTest::check(const EmuRun &run) {
  SCOPED_TRACE(run.line);
  ModuleOp module = getModule(run.file);
  ASSERT_TRUE(module);
  auto graph = module.lookupSymbol<dataflow::GraphOp>(run.graph);
  // loom-emu's tests of its own option checks name graphs, values and
  // streams that do not fit on purpose; they have no run to compare.
  if (!graph)
    return;
  Block &body = graph.getBody().front();
  ArrayRef<int32_t> segments = graph.getInputSegments();
  SmallVector<TokenValue> values;
  if (run.values) {
    SmallVector<StringRef> items;
    StringRef(*run.values).split(items, ',');
    if (items.size() != size_t(segments[0]))
      return;
    for (auto [i, item] : llvm::enumerate(items)) {
      auto token = parseList(item, body.getArgument(1 + i).getType());
      if (!token || token->size() != 1)
        return;
      values.push_back(token->front());
    }
  }
  if (run.streams.size() != size_t(segments[1]) ||
      run.memories.size() != size_t(segments[2]))
    return;
  SmallVector<SmallVector<TokenValue, 0>> streams;
  for (auto [i, text] : llvm::enumerate(run.streams)) {
    auto tokens =
        parseList(text, body.getArgument(1 + segments[0] + i).getType());
    if (!tokens)
      return;
    streams.push_back(std::move(*tokens));
  }
  SmallVector<Value> traced;
  for (Operation &op : body.without_terminator())
    llvm::append_range(traced, op.getResults());

  Memories emuMemories = makeMemories(run.memories, &context);
  EmulatorOptions emuOptions;
  emuOptions.drainAfterCompletion = run.drain;
  emuOptions.tracedValues.assign(traced.begin(), traced.end());
  llvm::Expected<EmulationResult> expected = DataflowEmulator::runGraph(
      graph, values, streams, emuMemories.pointers, emuOptions);

  Memories simMemories = makeMemories(run.memories, &context);
  fabric::Mapping mapping =
      test::mapByHand(graph, *fabric, [&](unsigned i) { return (i * 5) % 16; });
  CycleSimOptions simOptions;
  simOptions.drainAfterCompletion = run.drain;
  simOptions.tracedValues.assign(traced.begin(), traced.end());
  llvm::Expected<CycleSimResult> actual =
      CycleSimulator::runGraph(graph, *fabric, mapping, values, streams,
                               simMemories.pointers, simOptions);

  if (!expected) {
    std::string emuError = llvm::toString(expected.takeError());
    ASSERT_FALSE(static_cast<bool>(actual))
        << "the emulator failed with " << emuError;
    std::string simError = llvm::toString(actual.takeError());
    if (StringRef(emuError).contains("deadlocked"))
      EXPECT_TRUE(StringRef(simError).contains("deadlocked")) << simError;
    else
      EXPECT_EQ(simError, emuError);
    ++failuresCompared;
    return;
  }
  ASSERT_TRUE(static_cast<bool>(actual)) << llvm::toString(actual.takeError());
  EXPECT_EQ(actual->emulation.valueOutputs, expected->valueOutputs);
  EXPECT_EQ(actual->emulation.streamOutputs, expected->streamOutputs);
  for (auto [emu, sim] : llvm::zip(emuMemories.pointers, simMemories.pointers))
    EXPECT_TRUE(llvm::equal(emu->getElements(), sim->getElements()));
  if (run.drain) {
    for (auto [i, value] : llvm::enumerate(traced))
      EXPECT_EQ(actual->emulation.traces[i], expected->traces[i])
          << "value #" << i;
    EXPECT_EQ(actual->emulation.stats.firings, expected->stats.firings);
  }
  ++compared;
}

// The token tables, control, memory and structured-region graphs, the
// samples and the error cases of tests/lit/Emulator.
TEST_F(CycleSimEquivalenceTest, LitEmulatorRunsGiveEqualResults) {
  for (StringRef name :
       {"stream.mlir", "carry-invariant-gate.mlir", "control.mlir",
        "memory.mlir", "structured.mlir", "errors.mlir", "samples.test"}) {
    std::string path =
        (Twine(LOOM_SOURCE_DIR) + "/tests/lit/Emulator/" + name).str();
    for (const EmuRun &run : readRuns(path))
      check(run);
  }
  // Guards against the RUN-line reader silently finding nothing.
  EXPECT_GE(compared, 60u);
  EXPECT_GE(failuresCompared, 10u);
}

} // namespace
