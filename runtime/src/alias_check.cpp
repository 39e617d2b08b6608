//===- alias_check.cpp - the launch check of the no-alias program --------===//
//
// Part of the Loom project.
//
// A kernel whose pointer parameters may overlap keeps the loads and stores
// through them ordered; the compiler also embeds the program it would have
// were they `__restrict` (loom_kernel_desc_t.noalias_program). At each
// launch the runtime computes the byte range every pointer argument
// accesses — its bounds expression evaluated with the launch's scalars,
// times the element size — and runs the no-alias program when no range
// that is written overlaps another. Both programs compute what the native
// kernel does for such a launch, so either choice is correct; the ordered
// one runs whenever a range is unknown.
//
//===----------------------------------------------------------------------===//

#include "arg_extents.h"
#include "internal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <cassert>
#include <memory>
#include <mutex>

using namespace loom::rt;

namespace {
/// The no-alias programs' descriptors, by the kernel they belong to. The
/// lock is a leaf, never held while taking another.
struct NoAliasPrograms {
  std::mutex mutex;
  llvm::DenseMap<const loom_kernel_desc_t *,
                 std::unique_ptr<loom_kernel_desc_t>>
      byKernel;
  llvm::DenseSet<const loom_kernel_desc_t *> descriptors;
};

NoAliasPrograms &getNoAliasPrograms() {
  static NoAliasPrograms *programs = new NoAliasPrograms();
  return *programs;
}

/// The bytes one pointer argument accesses in a launch.
struct ByteRange {
  std::string name;
  bool written = true;
  /// Nothing is accessed (no access runs, or the pointer is null).
  bool empty = false;
  /// [begin, end) as addresses.
  uint64_t begin = 0, end = 0;
};

/// "x", or "#2" for an argument without a name.
std::string getArgumentName(const loom_kernel_desc_t &kernel, unsigned index) {
  const char *name = kernel.args[index].name;
  return name && *name ? std::string(name) : "#" + std::to_string(index);
}

/// The range pointer argument `index` accesses with `args`, or why it is
/// unknown (in `why`).
std::optional<ByteRange> getByteRange(const loom_kernel_desc_t &kernel,
                                      void **args, unsigned index,
                                      std::string &why) {
  const loom_arg_desc_t &arg = kernel.args[index];
  ByteRange range;
  range.name = getArgumentName(kernel, index);
  range.written = !(arg.flags & LOOM_ARG_FLAG_READ_ONLY);
  auto unknown = [&](const std::string &reason) -> std::optional<ByteRange> {
    why = "the range " + range.name + " accesses is unknown: " + reason;
    return std::nullopt;
  };
  if (!arg.extent)
    return unknown(arg.unchecked_reason ? arg.unchecked_reason
                                        : "it has no bounds expression");
  unsigned bytes = getPointerElementBytes(kernel, index);
  if (bytes == 0)
    return unknown("the artifact does not bind it as an array");
  void *pointer = *static_cast<void **>(args[index]);
  llvm::Expected<loom::sim::IndexRange> indices =
      evaluateArgumentExtent(kernel, args, index);
  if (!indices)
    return unknown(llvm::toString(indices.takeError()));
  if (indices->kind == loom::sim::IndexRange::Kind::Unknown)
    return unknown("no bound for this launch: " + indices->reason);
  range.empty =
      !pointer || indices->kind == loom::sim::IndexRange::Kind::NoAccess;
  if (range.empty)
    return range;
  // In 128 bits: an index times the element size may leave 64.
  __int128 address = reinterpret_cast<uintptr_t>(pointer);
  __int128 begin = address + __int128(indices->lowest) * bytes;
  __int128 end = address + (__int128(indices->highest) + 1) * bytes;
  if (begin < 0 || end > __int128(UINT64_MAX))
    return unknown("its elements [" + std::to_string(indices->lowest) + ", " +
                   std::to_string(indices->highest + 1) +
                   ") leave the address space");
  range.begin = static_cast<uint64_t>(begin);
  range.end = static_cast<uint64_t>(end);
  return range;
}

/// "x [0, 4096)", offsets from `base`, the lowest byte any argument
/// accesses (addresses differ from run to run, their distances do not).
std::string describe(const ByteRange &range, uint64_t base) {
  if (range.empty)
    return range.name + " (no access)";
  return range.name + " [" + std::to_string(range.begin - base) + ", " +
         std::to_string(range.end - base) + ")";
}

/// Whether the ranges are disjoint wherever one side is written; `why`
/// says so, or names the first overlapping pair.
bool areDisjoint(llvm::ArrayRef<ByteRange> ranges, std::string &why) {
  uint64_t base = UINT64_MAX;
  for (const ByteRange &range : ranges)
    if (!range.empty)
      base = std::min(base, range.begin);
  bool readOnlyOverlap = false;
  for (auto [i, a] : llvm::enumerate(ranges))
    for (const ByteRange &b : ranges.drop_front(i + 1)) {
      if (a.empty || b.empty || a.end <= b.begin || b.end <= a.begin)
        continue;
      if (!a.written && !b.written) {
        readOnlyOverlap = true;
        continue;
      }
      why = describe(a, base) + " overlaps " + describe(b, base);
      return false;
    }
  why.clear();
  for (auto [i, range] : llvm::enumerate(ranges)) {
    if (i)
      why += i + 1 == ranges.size() ? " and " : ", ";
    why += describe(range, base);
  }
  why += readOnlyOverlap ? " overlap only where neither is written"
                         : " do not overlap";
  return true;
}
} // namespace

AliasChoice loom::rt::checkAliasing(const loom_kernel_desc_t &kernel,
                                    void **args, Backend runOn,
                                    const Policy &policy) {
  assert(kernel.noalias_program && "only a kernel with one is checked");
  AliasChoice choice;
  llvm::SmallVector<ByteRange> ranges;
  for (unsigned i = 0; i < kernel.num_args; ++i) {
    if (kernel.args[i].kind != LOOM_ARG_POINTER)
      continue;
    std::optional<ByteRange> range = getByteRange(kernel, args, i, choice.why);
    if (!range)
      return choice;
    ranges.push_back(std::move(*range));
  }
  if (!areDisjoint(ranges, choice.why))
    return choice;
  // Its digest was checked with the kernel's artifact (decide()).
  const loom_kernel_desc_t *noalias = getNoAliasProgram(kernel);
  std::string problem = getEmuProblem(*noalias);
  if (problem.empty() && runOn == Backend::Sim)
    problem = getSimProblem(*noalias, policy);
  if (!problem.empty()) {
    choice.why += ", but the no-alias program cannot run on " +
                  getBackendName(runOn).str() + ": " + problem;
    return choice;
  }
  choice.noaliasProgram = noalias;
  return choice;
}

const loom_kernel_desc_t *
loom::rt::getNoAliasProgram(const loom_kernel_desc_t &kernel) {
  if (!kernel.noalias_program)
    return nullptr;
  NoAliasPrograms &programs = getNoAliasPrograms();
  std::lock_guard<std::mutex> lock(programs.mutex);
  std::unique_ptr<loom_kernel_desc_t> &slot = programs.byKernel[&kernel];
  if (!slot) {
    slot = makeProgramDescriptor(kernel, *kernel.noalias_program);
    programs.descriptors.insert(slot.get());
  }
  return slot.get();
}

bool loom::rt::isNoAliasProgram(const loom_kernel_desc_t &desc) {
  NoAliasPrograms &programs = getNoAliasPrograms();
  std::lock_guard<std::mutex> lock(programs.mutex);
  return programs.descriptors.contains(&desc);
}

void loom::rt::resetAliasCheckForTesting() {
  NoAliasPrograms &programs = getNoAliasPrograms();
  std::lock_guard<std::mutex> lock(programs.mutex);
  programs.byKernel.clear();
  programs.descriptors.clear();
}
