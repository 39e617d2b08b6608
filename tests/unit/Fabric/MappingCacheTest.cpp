//===- MappingCacheTest.cpp - the on-disk mapping cache -------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "MappingFixtures.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <cstdlib>
#include <thread>

using namespace llvm;
using namespace loom::fabric;
using namespace loom::fabric::testing;

namespace {

class MappingCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    SmallString<128> dir;
    ASSERT_FALSE(sys::fs::createUniqueDirectory("loom-cache-test", dir));
    root = dir.str().str();
    cache.emplace(root);
    cache->setWarningHandler(
        [this](const Twine &message) { warnings.push_back(message.str()); });
  }
  void TearDown() override { sys::fs::remove_directories(root); }

  /// The files in the entry directory.
  SmallVector<std::string> entryFiles() {
    SmallVector<std::string> files;
    std::error_code ec;
    for (sys::fs::directory_iterator it(cache->getEntryDirectory(), ec), end;
         !ec && it != end; it.increment(ec))
      files.push_back(sys::path::filename(it->path()).str());
    llvm::sort(files);
    return files;
  }

  void writeEntry(StringRef key, StringRef text) {
    ASSERT_FALSE(sys::fs::create_directories(cache->getEntryDirectory()));
    std::error_code ec;
    raw_fd_ostream os(cache->getEntryPath(key), ec);
    ASSERT_FALSE(ec);
    os << text;
  }

  std::string root;
  std::optional<MappingCache> cache;
  SmallVector<std::string> warnings;
  Fabric fabric = loadPreset("cgra-4x4");
  Mapping mapping = buildVecAddMapping(fabric);
  std::string key = MappingCache::computeKey("graph @vecadd {...}", fabric,
                                             "seed=1 budget=10");
};

TEST_F(MappingCacheTest, MissStoreHit) {
  EXPECT_FALSE(cache->lookup(key, fabric));
  ASSERT_FALSE(errorToBool(cache->store(key, mapping, fabric)));
  std::optional<Mapping> hit = cache->lookup(key, fabric);
  ASSERT_TRUE(hit.has_value());
  EXPECT_TRUE(hit->fromCache);
  EXPECT_EQ(hit->seconds, 0.0);
  Mapping expected = mapping;
  expected.seconds = 0;
  expectSameMapping(expected, *hit);
  EXPECT_TRUE(warnings.empty());
  // The entry is the configuration JSON, under <dir>/mappings/<key>.json.
  SmallString<128> expectedPath(root);
  sys::path::append(expectedPath, "mappings", key + ".json");
  EXPECT_EQ(cache->getEntryPath(key), expectedPath.str());
  ErrorOr<std::unique_ptr<MemoryBuffer>> entry =
      MemoryBuffer::getFile(expectedPath);
  ASSERT_TRUE(bool(entry));
  EXPECT_EQ((*entry)->getBuffer(), toJSON(mapping, fabric));
}

TEST_F(MappingCacheTest, KeyDependsOnEveryInput) {
  EXPECT_EQ(key.size(), 64u);
  EXPECT_EQ(key, MappingCache::computeKey("graph @vecadd {...}", fabric,
                                          "seed=1 budget=10"));
  EXPECT_NE(key, MappingCache::computeKey("graph @vecadd {..}", fabric,
                                          "seed=1 budget=10"));
  EXPECT_NE(key, MappingCache::computeKey("graph @vecadd {...}", fabric,
                                          "seed=2 budget=10"));
  EXPECT_NE(key, MappingCache::computeKey("graph @vecadd {...}",
                                          loadPreset("cgra-8x8"),
                                          "seed=1 budget=10"));
  // Field boundaries count: moving text between fields changes the key.
  EXPECT_NE(MappingCache::computeKey("ab", fabric, "c"),
            MappingCache::computeKey("a", fabric, "bc"));
  // One link's FIFO depth changes the key.
  std::string preset = findPreset("cgra-4x4")->json.str();
  std::string deeper = preset;
  deeper.replace(deeper.find("\"fifo_depth\": 2"), 15,
                 "\"fifo_depth\": 2, \"links\": [{\"from\": [0, 0], \"to\": "
                 "[0, 1], \"fifo_depth\": 3}]");
  Expected<Fabric> changed = parseFabric(deeper, "deeper");
  ASSERT_TRUE(static_cast<bool>(changed)) << toString(changed.takeError());
  EXPECT_NE(key, MappingCache::computeKey("graph @vecadd {...}", *changed,
                                          "seed=1 budget=10"));
  // One element's operand buffer depth changes the key.
  std::string buffered = preset;
  buffered.replace(buffered.find("\"operand_buffer_depth\": 32,"), 27,
                   "\"operand_buffer_depth\": 32, \"elements\": [{\"at\": "
                   "[3, 3], \"operand_buffer_depth\": 8}],");
  Expected<Fabric> shallower = parseFabric(buffered, "shallower");
  ASSERT_TRUE(static_cast<bool>(shallower)) << toString(shallower.takeError());
  EXPECT_EQ(shallower->getElement(3, 3).operandBufferDepth, 8u);
  EXPECT_NE(key, MappingCache::computeKey("graph @vecadd {...}", *shallower,
                                          "seed=1 budget=10"));
  // The same model written differently (an explicit default, other
  // spacing) keeps the key: the key is made from the model.
  std::string respelled = preset;
  respelled.replace(respelled.find("\"fifo_depth\": 2"), 15,
                    "\"fifo_depth\":2,\n \"links\": [{\"from\": [0, 0], "
                    "\"to\": [0, 1], \"fifo_depth\": 2}]");
  Expected<Fabric> same = parseFabric(respelled, "respelled");
  ASSERT_TRUE(static_cast<bool>(same)) << toString(same.takeError());
  EXPECT_EQ(key, MappingCache::computeKey("graph @vecadd {...}", *same,
                                          "seed=1 budget=10"));
}

// Contexts are part of a fabric's identity: two fabrics that differ only in
// the contexts of their elements or of their links never share an entry,
// and a spatial fabric keeps the canonical text it had before contexts.
TEST_F(MappingCacheTest, KeyDependsOnContexts) {
  std::string canonical;
  raw_string_ostream text(canonical);
  writeCanonicalFabric(fabric, text);
  EXPECT_EQ(canonical.find("contexts"), std::string::npos);
  std::string elements = MappingCache::computeKey(
      "graph @vecadd {...}", loadTimeMultiplexedPreset(4, 2, 1), "");
  std::string moreElements = MappingCache::computeKey(
      "graph @vecadd {...}", loadTimeMultiplexedPreset(8, 2, 1), "");
  std::string links = MappingCache::computeKey(
      "graph @vecadd {...}", loadTimeMultiplexedPreset(1, 2, 4), "");
  std::string spatial = MappingCache::computeKey(
      "graph @vecadd {...}", loadTimeMultiplexedPreset(1, 2, 1), "");
  EXPECT_EQ(spatial,
            MappingCache::computeKey("graph @vecadd {...}", fabric, ""));
  EXPECT_NE(elements, spatial);
  EXPECT_NE(elements, moreElements);
  EXPECT_NE(links, spatial);
  EXPECT_NE(links, elements);
  std::string temporal;
  raw_string_ostream temporalText(temporal);
  writeCanonicalFabric(loadTimeMultiplexedPreset(4, 2, 3), temporalText);
  EXPECT_NE(temporal.find("operand_buffer_depth 32 contexts 4\n"),
            std::string::npos);
  EXPECT_NE(temporal.find("channels 2 latency 1 fifo 2 contexts 3\n"),
            std::string::npos);
  // Links to and from memory interfaces have one context.
  EXPECT_NE(temporal.find("channels 3 latency 1 fifo 2\n"), std::string::npos);
}

TEST_F(MappingCacheTest, CorruptEntryIsIgnoredRemovedAndRewritten) {
  writeEntry(key, "{\"format\": \"loom-mapping\", \"version\": 2, trunc");
  EXPECT_FALSE(cache->lookup(key, fabric));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("ignoring a corrupt or stale entry"),
            std::string::npos);
  EXPECT_NE(warnings[0].find(key + ".json: $: invalid JSON"), std::string::npos)
      << warnings[0];
  EXPECT_TRUE(entryFiles().empty());
  ASSERT_FALSE(errorToBool(cache->store(key, mapping, fabric)));
  EXPECT_TRUE(cache->lookup(key, fabric).has_value());
  EXPECT_EQ(warnings.size(), 1u);
}

TEST_F(MappingCacheTest, EntryThatDoesNotVerifyIsNotTrusted) {
  // Well-formed JSON, but a route with a wrong latency.
  Mapping wrong = mapping;
  wrong.edges[2].latency = 9;
  std::string text;
  raw_string_ostream os(text);
  writeMappingJSON(wrong, fabric, os);
  writeEntry(key, text);
  EXPECT_FALSE(cache->lookup(key, fabric));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("$.edges[2].latency: is 9, but the links add "
                             "up to 3"),
            std::string::npos)
      << warnings[0];
  // An entry made for another fabric is stale for this one.
  writeEntry(key, toJSON(mapping, fabric));
  Fabric other = loadPreset("cgra-8x8");
  EXPECT_FALSE(cache->lookup(key, other));
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[1].find("the mapping is for fabric 'cgra-4x4', not "
                             "'cgra-8x8'"),
            std::string::npos);
}

TEST_F(MappingCacheTest, StoreRejectsInvalidMappingsAndKeys) {
  Mapping wrong = mapping;
  wrong.actors[0].element = 500;
  Error error = cache->store(key, wrong, fabric);
  ASSERT_TRUE(bool(error));
  EXPECT_NE(toString(std::move(error)).find("$.actors[0].element"),
            std::string::npos);
  Error badKey = cache->store("../escape", mapping, fabric);
  ASSERT_TRUE(bool(badKey));
  EXPECT_EQ(toString(std::move(badKey)),
            "mapping cache: malformed key '../escape'");
  EXPECT_FALSE(cache->lookup("../escape", fabric));
  EXPECT_EQ(warnings.size(), 1u);
  EXPECT_TRUE(entryFiles().empty());
}

/// Stores go through a unique temporary file renamed over the entry: none
/// is left behind, and readers racing with writers only ever see complete
/// entries (a partial one would be reported as corrupt).
TEST_F(MappingCacheTest, ConcurrentStoresAndLookupsSeeWholeEntries) {
  std::atomic<unsigned> hits{0}, failures{0};
  SmallVector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (unsigned i = 0; i < 25; ++i) {
        if (errorToBool(cache->store(key, mapping, fabric)))
          ++failures;
        if (cache->lookup(key, fabric))
          ++hits;
      }
    });
  }
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(failures.load(), 0u);
  EXPECT_EQ(hits.load(), 100u);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  EXPECT_EQ(entryFiles(), SmallVector<std::string>{key + ".json"});
}

TEST(MappingCacheEnvironmentTest, ResolvesTheDirectory) {
  auto restore = [](const char *name, const char *value) {
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  };
  std::optional<std::string> savedXdg, savedHome, savedDir;
  for (auto [name, saved] :
       {std::pair{"XDG_CACHE_HOME", &savedXdg}, std::pair{"HOME", &savedHome},
        std::pair{"LOOM_CACHE_DIR", &savedDir}})
    if (const char *value = std::getenv(name))
      *saved = value;

  setenv("LOOM_CACHE_DIR", "/tmp/x", 1);
  EXPECT_EQ(MappingCache::fromEnvironment().getEntryDirectory(),
            "/tmp/x/mappings");
  setenv("LOOM_CACHE_DIR", "off", 1);
  EXPECT_FALSE(MappingCache::fromEnvironment().isEnabled());
  MappingCache off = MappingCache::fromEnvironment();
  Fabric fabric = loadPreset("cgra-4x4");
  std::string key = MappingCache::computeKey("g", fabric, "");
  EXPECT_FALSE(errorToBool(off.store(key, buildVecAddMapping(fabric), fabric)));
  EXPECT_FALSE(off.lookup(key, fabric));
  unsetenv("LOOM_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/tmp/xdg", 1);
  setenv("HOME", "/tmp/home", 1);
  EXPECT_EQ(MappingCache::fromEnvironment().getEntryDirectory(),
            "/tmp/xdg/loom/mappings");
  unsetenv("XDG_CACHE_HOME");
  EXPECT_EQ(MappingCache::fromEnvironment().getEntryDirectory(),
            "/tmp/home/.cache/loom/mappings");
  unsetenv("HOME");
  EXPECT_FALSE(MappingCache::fromEnvironment().isEnabled());

  restore("XDG_CACHE_HOME", savedXdg ? savedXdg->c_str() : nullptr);
  restore("HOME", savedHome ? savedHome->c_str() : nullptr);
  restore("LOOM_CACHE_DIR", savedDir ? savedDir->c_str() : nullptr);
}

} // namespace
