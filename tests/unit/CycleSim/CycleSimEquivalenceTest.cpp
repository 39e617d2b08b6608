//===- CycleSimEquivalenceTest.cpp - the simulator equals the emulator ----===//
//
// Part of the Loom project.
//
// Every `loom-emu` run of the lit Emulator suite on a dataflow graph (the
// RUN lines themselves: graph, values, streams, memories, --drain; inputs
// lowered by a `loom-opt` RUN line are lowered the same way) runs again on the
// emulator and on the cycle simulator, with the graph placed by hand across
// cgra-4x4 so that routes have hops and FIFO limits, and across four elements
// of a time-multiplexed cgra-4x4 (units with 64 contexts, links of one
// channel with 64) so that actors take turns on units and values on links.
// Outputs, memory and, for drained runs, every token of every value must be
// equal; a run the emulator rejects must fail the same way (a deadlock as a
// deadlock).
//
//===----------------------------------------------------------------------===//

#include "HandMapping.h"

#include "loom/Fabric/FabricParser.h"
#include "loom/InitAllDialects.h"
#include "loom/Sim/CycleSimulator.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <functional>
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

/// Replaces lit's %s, %S and %loom_src_root in `word`.
std::string substitute(StringRef word, StringRef path) {
  std::string text = word.str();
  auto replace = [&](StringRef from, StringRef to) {
    for (size_t at = text.find(from.str()); at != std::string::npos;
         at = text.find(from.str(), at + to.size()))
      text.replace(at, from.size(), to.str());
  };
  replace("%loom_src_root", LOOM_SOURCE_DIR);
  replace("%S", llvm::sys::path::parent_path(path));
  replace("%s", path);
  return text;
}

/// Runs a RUN line that writes a lowered graph file (`loom-opt ... >
/// %t.x.mlir`, `%kernel-to-dfg %s > %t.dfg.mlir`) with the built loom-opt
/// and records the file under its %t name.
void produceLowered(StringRef command, StringRef path, StringRef tempDir,
                    std::map<std::string, std::string> &files) {
  SmallVector<std::string> args = {LOOM_OPT_PATH};
  std::string output;
  SmallVector<std::string> words = splitWords(command);
  for (size_t i = 0; i < words.size(); ++i) {
    StringRef word = words[i];
    if (i == 0 && word == "%kernel-to-dfg") {
      // As tests/lit/Emulator/lit.local.cfg defines it.
      for (StringRef pass :
           {"--loom-form-threads", "--loom-form-spatial-regions",
            "--loom-dataflow-pipeline"})
        args.push_back(pass.str());
    } else if (i == 0) {
      continue; // loom-opt itself
    } else if (word == "2>&1" || word.starts_with("2>")) {
      continue;
    } else if (word.consume_front(">")) {
      output = (word.empty() && i + 1 < words.size() ? words[++i] : word).str();
    } else {
      args.push_back(substitute(word, path));
    }
  }
  if (!StringRef(output).starts_with("%t"))
    return;
  std::string file = (tempDir + "/" + StringRef(output).drop_front(1)).str();
  SmallVector<StringRef> argRefs(args.begin(), args.end());
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(file),
                                          StringRef("")};
  int status = llvm::sys::ExecuteAndWait(LOOM_OPT_PATH, argRefs, std::nullopt,
                                         redirects);
  EXPECT_EQ(status, 0) << command.str();
  files[output] = file;
}

/// The graph runs of `path`'s RUN lines; lines with options this test does
/// not reproduce (whole programs, budgets, schedules, split files) are left
/// to lit. Lowered inputs are produced into `tempDir`.
SmallVector<EmuRun> readRuns(StringRef path, StringRef tempDir) {
  SmallVector<EmuRun> runs;
  std::map<std::string, std::string> lowered;
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
    if (command.starts_with("loom-opt ") ||
        command.starts_with("%kernel-to-dfg ")) {
      produceLowered(command, path, tempDir, lowered);
      continue;
    }
    if (command.consume_front("not "))
      command = command.trim();
    if (!command.starts_with("loom-emu ") || command.contains("--entry") ||
        command.contains("--budget") || command.contains("--schedule-seed") ||
        command.contains("--split-input-file"))
      continue;
    SmallVector<std::string> words = splitWords(command);
    EmuRun run;
    run.line = command.str();
    if (StringRef(words[1]).starts_with("%t")) {
      auto it = lowered.find(words[1]);
      if (it == lowered.end())
        continue;
      run.file = it->second;
    } else {
      run.file = substitute(words[1], path);
    }
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
    DialectRegistry registry;
    loom::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    llvm::Expected<fabric::Fabric> loaded = fabric::loadFabric("cgra-4x4");
    EXPECT_TRUE(static_cast<bool>(loaded));
    fabric.emplace(std::move(*loaded));
    // The same grid, time-multiplexed: every unit holds up to 64 actors,
    // every link one channel that carries up to 64 values in turns.
    std::string json = fabric::findPreset("cgra-4x4")->json.str();
    auto replace = [&](StringRef from, StringRef to) {
      size_t at = json.find(from.str());
      ASSERT_NE(at, std::string::npos) << from.str();
      json.replace(at, from.size(), to.str());
    };
    replace("\"operand_buffer_depth\": 32,",
            "\"operand_buffer_depth\": 32, \"contexts\": 64,");
    replace("\"channels\": 2,", "\"channels\": 1, \"contexts\": 64,");
    llvm::Expected<fabric::Fabric> shared =
        fabric::parseFabric(json, "cgra-4x4-shared.json");
    EXPECT_TRUE(static_cast<bool>(shared))
        << llvm::toString(shared.takeError());
    if (shared)
      temporal.emplace(std::move(*shared));
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
  std::optional<fabric::Fabric> fabric, temporal;
  unsigned compared = 0, failuresCompared = 0;
  uint64_t linkBusyStalls = 0;
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

  std::optional<std::string> emuError;
  if (!expected)
    emuError = llvm::toString(expected.takeError());
  // Spread over the grid (routes of one to six hops), then every actor on
  // one element (local routes, units shared by many actors), then over the
  // first row of the time-multiplexed grid (actors sharing units in turns,
  // up to dozens of values sharing one channel).
  struct Placement {
    const char *name;
    const fabric::Fabric *fabric;
    std::function<unsigned(unsigned)> elementOf;
  };
  Placement placements[] = {
      {"spread placement", &*fabric, [](unsigned i) { return (i * 5) % 16; }},
      {"one-element placement", &*fabric, [](unsigned) { return 5u; }},
      {"time-multiplexed placement", &*temporal,
       [](unsigned i) { return (i * 5) % 4; }}};
  for (const Placement &placement : placements) {
    SCOPED_TRACE(placement.name);
    Memories simMemories = makeMemories(run.memories, &context);
    fabric::Mapping mapping =
        test::mapByHand(graph, *placement.fabric, placement.elementOf);
    if (placement.fabric->isTimeMultiplexed())
      test::numberContexts(mapping);
    CycleSimOptions simOptions;
    simOptions.drainAfterCompletion = run.drain;
    simOptions.tracedValues.assign(traced.begin(), traced.end());
    llvm::Expected<CycleSimResult> actual =
        CycleSimulator::runGraph(graph, *placement.fabric, mapping, values,
                                 streams, simMemories.pointers, simOptions);
    if (emuError) {
      ASSERT_FALSE(static_cast<bool>(actual))
          << "the emulator failed with " << *emuError;
      std::string simError = llvm::toString(actual.takeError());
      if (StringRef(*emuError).contains("deadlocked"))
        EXPECT_TRUE(StringRef(simError).contains("deadlocked")) << simError;
      else
        EXPECT_EQ(simError, *emuError);
      ++failuresCompared;
      continue;
    }
    ASSERT_TRUE(static_cast<bool>(actual))
        << llvm::toString(actual.takeError());
    EXPECT_EQ(actual->emulation.valueOutputs, expected->valueOutputs);
    EXPECT_EQ(actual->emulation.streamOutputs, expected->streamOutputs);
    for (auto [emu, sim] :
         llvm::zip(emuMemories.pointers, simMemories.pointers))
      EXPECT_TRUE(llvm::equal(emu->getElements(), sim->getElements()));
    if (run.drain) {
      for (auto [i, value] : llvm::enumerate(traced))
        EXPECT_EQ(actual->emulation.traces[i], expected->traces[i])
            << "value #" << i;
      EXPECT_EQ(actual->emulation.stats.firings, expected->stats.firings);
    }
    linkBusyStalls +=
        actual->timing.stalls[static_cast<unsigned>(StallCause::LinkBusy)];
    ++compared;
  }
}

// Every graph run of tests/lit/Emulator: the token tables, control, memory
// and structured-region graphs, the samples, the error cases and the
// differential tests' kernels lowered by loom-opt as their RUN lines do.
TEST_F(CycleSimEquivalenceTest, LitEmulatorRunsGiveEqualResults) {
  SmallString<128> tempDir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("loom-cyclesim", tempDir));
  std::error_code error;
  std::string dir = (Twine(LOOM_SOURCE_DIR) + "/tests/lit/Emulator").str();
  for (llvm::sys::fs::directory_iterator it(dir, error), end;
       it != end && !error; it.increment(error)) {
    StringRef name = llvm::sys::path::filename(it->path());
    if (!name.ends_with(".mlir") && !name.ends_with(".test"))
      continue;
    for (const EmuRun &run : readRuns(it->path(), tempDir))
      check(run);
  }
  llvm::sys::fs::remove_directories(tempDir);
  // Guards against the RUN-line reader silently finding nothing.
  EXPECT_GE(compared, 225u);
  EXPECT_GE(failuresCompared, 30u);
  // The time-multiplexed placement made values wait for link channels.
  EXPECT_GT(linkBusyStalls, 0u);
}

} // namespace
