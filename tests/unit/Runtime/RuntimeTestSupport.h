//===- RuntimeTestSupport.h - fixture and helpers of the runtime tests ----===//
//
// Part of the Loom project.
//
// The runtime reads its policy from the environment and keeps process-wide
// state, so every test starts from a reset runtime and a clean environment,
// and builds kernel descriptors by hand the way loom-clang++ emits them.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
#define LOOM_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H

#include "internal.h"
#include "loom/loomrt.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstdlib>
#include <string>

namespace loom::rt::test {

/// "abc" and its SHA-256 (FIPS 180-2, appendix B.1): an artifact whose
/// digest does not come from the code under test.
inline constexpr char kArtifact[] = "abc";
inline constexpr char kArtifactSha256[] =
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
/// Same length, one byte changed: the digest above no longer matches.
inline constexpr char kCorruptArtifact[] = "abd";

enum class ArtifactState { None, Valid, Corrupt, NoDigest };

/// A kernel descriptor as the compiler emits it, with the artifact fields
/// set for `artifact`.
inline loom_kernel_desc_t
makeKernel(const char *name, const char *location, void (*fallback)(void),
           uint32_t returnType, const loom_arg_desc_t *args, uint32_t numArgs,
           ArtifactState artifact = ArtifactState::None) {
  loom_kernel_desc_t kernel = {};
  kernel.name = name;
  kernel.symbol = name;
  kernel.source_location = location;
  kernel.host_fallback = fallback;
  kernel.return_type = returnType;
  kernel.num_args = numArgs;
  kernel.args = args;
  kernel.hints_json = "{}";
  switch (artifact) {
  case ArtifactState::None:
    kernel.not_offloadable_reason = "loop has an indirect call";
    break;
  case ArtifactState::Valid:
    kernel.artifact = kArtifact;
    kernel.artifact_size = 3;
    kernel.artifact_sha256 = kArtifactSha256;
    break;
  case ArtifactState::Corrupt:
    kernel.artifact = kCorruptArtifact;
    kernel.artifact_size = 3;
    kernel.artifact_sha256 = kArtifactSha256;
    break;
  case ArtifactState::NoDigest:
    kernel.artifact = kArtifact;
    kernel.artifact_size = 3;
    break;
  }
  return kernel;
}

/// The SHA-256 of `text` as the descriptor holds it (lower-case hex).
inline std::string getSha256(const std::string &text) {
  return llvm::toHex(
      llvm::SHA256::hash(llvm::ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(text.data()), text.size())),
      /*LowerCase=*/true);
}

/// Gives `desc` the artifact `text`, its true SHA-256 (kept in `sha256`)
/// and the kernel function's `symbol`. `text` and `sha256` must outlive
/// `desc`, which points into them.
inline void setArtifact(loom_kernel_desc_t &desc, const std::string &text,
                        std::string &sha256, const char *symbol) {
  sha256 = getSha256(text);
  desc.symbol = symbol;
  desc.artifact = text.c_str();
  desc.artifact_size = text.size();
  desc.artifact_sha256 = sha256.c_str();
}

/// Gives `desc` the one split program `program`: `text` and its true
/// SHA-256 (kept in `sha256`); all three must outlive `desc`.
inline void setSplitProgram(loom_kernel_desc_t &desc,
                            loom_program_desc_t &program,
                            const std::string &text, std::string &sha256) {
  sha256 = getSha256(text);
  program = {text.c_str(), text.size(), sha256.c_str()};
  desc.num_split_programs = 1;
  desc.split_programs = &program;
}

/// A fabric with every unit the dataflow primitives need but no integer
/// ALU: a graph with an arith.addi has nowhere to go.
inline constexpr const char *kNoAluFabric = R"json({
  "version": 1, "name": "no-alu", "clock_mhz": 100,
  "grid": {"rows": 2, "cols": 2},
  "unit_types": [
    {"name": "ctl", "classes": ["steer", "constant"]},
    {"name": "lsu", "classes": ["memory"]},
    {"name": "stream", "classes": ["stream"]},
    {"name": "carry", "classes": ["carry"]},
    {"name": "invariant", "classes": ["invariant"]},
    {"name": "gate", "classes": ["gate"]}
  ],
  "default_units": ["ctl", "lsu", "stream", "carry", "invariant", "gate"],
  "network": {"topology": "mesh"},
  "memory_interfaces": [{"name": "mem0", "at": [0, 0], "load_ports": 1,
                         "store_ports": 1, "latency": 2,
                         "requests_per_cycle": 1, "banks": 1}]
})json";

/// A module of `numKernels` kernels at ABI version `abiVersion`.
inline loom_module_desc_t
makeModule(const loom_kernel_desc_t *kernels, uint32_t numKernels,
           const char *file = "test.cpp",
           uint32_t abiVersion = LOOM_RT_ABI_VERSION) {
  return loom_module_desc_t{abiVersion, numKernels, kernels, file};
}

template <typename Fn> void (*asFallback(Fn *fn))(void) {
  return reinterpret_cast<void (*)(void)>(fn);
}

/// Every test runs against a fresh runtime: no kernels, no statistics, and a
/// policy read from an environment without LOOM_* variables.
class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    clearEnv();
    resetForTesting();
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("loomrt-test", dir));
    tempDir = std::string(dir);
  }

  void TearDown() override {
    clearEnv();
    resetForTesting();
    llvm::sys::fs::remove_directories(tempDir);
  }

  static void clearEnv() {
    for (const char *name : {"LOOM_BACKEND", "LOOM_OFFLOAD", "LOOM_REPORT",
                             "LOOM_WORKERS", "LOOM_EMU_MAX_STEPS",
                             "LOOM_FABRIC", "LOOM_TRACE", "LOOM_MAPPING_DIR"})
      unsetenv(name);
    // Mappings are computed afresh: no test depends on, or fills, the
    // user's mapping cache.
    setenv("LOOM_CACHE_DIR", "off", /*overwrite=*/1);
  }

  /// Sets (or with nullptr unsets) one variable and forgets the cached
  /// policy, as a new process would.
  static void setEnv(const char *name, const char *value) {
    if (value)
      setenv(name, value, /*overwrite=*/1);
    else
      unsetenv(name);
    resetPolicyForTesting();
  }

  std::string reportPath() const { return tempDir + "/report.json"; }

  /// Parses the JSON file at `path`; a null value after a test failure.
  static llvm::json::Value readJson(const std::string &path) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getFile(path);
    if (!buffer) {
      ADD_FAILURE() << "cannot read " << path << ": "
                    << buffer.getError().message();
      return nullptr;
    }
    llvm::Expected<llvm::json::Value> value =
        llvm::json::parse((*buffer)->getBuffer());
    if (!value) {
      ADD_FAILURE() << "bad JSON in " << path << ": "
                    << llvm::toString(value.takeError());
      return nullptr;
    }
    return std::move(*value);
  }

  /// Writes the report to reportPath() now and parses it back.
  llvm::json::Value writeAndReadReport() {
    setEnv("LOOM_REPORT", reportPath().c_str());
    EXPECT_EQ(loom_rt_write_report(), LOOM_STATUS_OK)
        << loom_last_error_message();
    return readJson(reportPath());
  }

  /// The report entry of kernel `name`, or nullptr.
  static const llvm::json::Object *findKernel(const llvm::json::Value &report,
                                              llvm::StringRef name) {
    const llvm::json::Object *root = report.getAsObject();
    const llvm::json::Array *kernels =
        root ? root->getArray("kernels") : nullptr;
    if (!kernels)
      return nullptr;
    for (const llvm::json::Value &entry : *kernels)
      if (const llvm::json::Object *kernel = entry.getAsObject())
        if (kernel->getString("name") == name)
          return kernel;
    return nullptr;
  }

  std::string tempDir;
};

} // namespace loom::rt::test

#endif // LOOM_TESTS_UNIT_RUNTIME_RUNTIMETESTSUPPORT_H
