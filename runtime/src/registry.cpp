//===- registry.cpp - module registration and kernel lookup --------------===//
//
// Part of the Loom project.
//
// Each translation unit with kernels registers one module descriptor from a
// static constructor; launch stubs and tools find kernels here by name. The
// descriptors are constant data owned by the program, so the registry only
// stores pointers to them.
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace loom::rt;

namespace {
struct Registry {
  std::mutex mutex;
  llvm::StringMap<const loom_kernel_desc_t *> byName;
  std::vector<const loom_kernel_desc_t *> inOrder;
};

/// Never destroyed: static destructors and the at-exit report writer may run
/// in any order, and the report still needs the kernels.
Registry &getRegistry() {
  static Registry *registry = new Registry();
  return *registry;
}

const char *locationOf(const loom_kernel_desc_t &kernel) {
  return kernel.source_location ? kernel.source_location : "<unknown location>";
}

/// True if `a` and `b` describe the same kernel: one symbol at one
/// location, as when an inline function's kernel is compiled into several
/// translation units.
bool isSameKernel(const loom_kernel_desc_t &a, const loom_kernel_desc_t &b) {
  auto equal = [](const char *x, const char *y) {
    return x && y && llvm::StringRef(x) == y;
  };
  return equal(a.symbol, b.symbol) &&
         equal(a.source_location, b.source_location);
}

/// Checks the module header; the kernels are checked one by one.
loom_status_t checkModule(const loom_module_desc_t *module) {
  if (!module)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_register_module: module is NULL, expected a "
                    "module descriptor");
  const char *file = module->source_file ? module->source_file : "<unknown>";
  if (module->abi_version != LOOM_RT_ABI_VERSION)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_register_module: module '" + llvm::Twine(file) +
                        "' has ABI version " +
                        llvm::Twine(module->abi_version) + ", expected " +
                        llvm::Twine(LOOM_RT_ABI_VERSION) +
                        "; rebuild it with the loom-clang++ of this runtime");
  if (module->num_kernels > 0 && !module->kernels)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_register_module: module '" + llvm::Twine(file) +
                        "' has num_kernels " +
                        llvm::Twine(module->num_kernels) +
                        " but kernels is NULL");
  for (uint32_t i = 0; i < module->num_kernels; ++i)
    if (!module->kernels[i].name || !*module->kernels[i].name)
      return setError(LOOM_STATUS_INVALID_ARGUMENT,
                      "loom_rt_register_module: module '" + llvm::Twine(file) +
                          "': kernel " + llvm::Twine(i) +
                          " has no name, expected a non-empty name");
  return LOOM_STATUS_OK;
}
} // namespace

std::unique_ptr<loom_kernel_desc_t>
loom::rt::makeProgramDescriptor(const loom_kernel_desc_t &kernel,
                                const loom_program_desc_t &program) {
  auto desc = std::make_unique<loom_kernel_desc_t>(kernel);
  desc->artifact = program.text;
  desc->artifact_size = program.size;
  desc->artifact_sha256 = program.sha256;
  desc->num_split_programs = 0;
  desc->split_programs = nullptr;
  desc->noalias_program = nullptr;
  return desc;
}

std::vector<const loom_kernel_desc_t *> loom::rt::getRegisteredKernels() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  return registry.inOrder;
}

void loom::rt::resetRegistryForTesting() {
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  registry.byName.clear();
  registry.inOrder.clear();
}

extern "C" loom_status_t
loom_rt_register_module(const loom_module_desc_t *module) {
  clearError();
  // A module that is refused as a whole registers none of its kernels.
  if (loom_status_t status = checkModule(module))
    return status;
  ensureReportAtExit();

  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  std::string firstConflict;
  unsigned numConflicts = 0;
  for (uint32_t i = 0; i < module->num_kernels; ++i) {
    const loom_kernel_desc_t &kernel = module->kernels[i];
    auto [it, inserted] = registry.byName.try_emplace(kernel.name, &kernel);
    if (inserted) {
      registry.inOrder.push_back(&kernel);
      continue;
    }
    // Registering the very same descriptor again (a constructor that runs
    // twice) is not a conflict, and neither is the same kernel from another
    // translation unit (an inline function in a header): same symbol, same
    // location.
    if (it->second == &kernel || isSameKernel(*it->second, kernel))
      continue;
    if (numConflicts++ == 0)
      firstConflict =
          ("kernel '" + llvm::Twine(kernel.name) + "' at " +
           locationOf(kernel) + " has the name of the kernel registered at " +
           locationOf(*it->second) + "; keeping the one at " +
           locationOf(*it->second))
              .str();
  }
  if (numConflicts == 0)
    return LOOM_STATUS_OK;
  // The other kernels of the module stay registered; the error names the
  // first conflict and counts the rest.
  std::string more;
  if (numConflicts > 1)
    more = " (and " + std::to_string(numConflicts - 1) + " more duplicates)";
  loom_status_t status =
      setError(LOOM_STATUS_INVALID_ARGUMENT,
               "loom_rt_register_module: " + llvm::Twine(firstConflict) + more);
  // The registration constructors loom-clang++ emits have no error channel:
  // say it here, once per refused module.
  llvm::errs() << "loom: warning: " << getLastError() << "\n";
  llvm::errs().flush();
  return status;
}

extern "C" loom_status_t
loom_rt_lookup_kernel(const char *name, const loom_kernel_desc_t **out_kernel) {
  clearError();
  if (out_kernel)
    *out_kernel = nullptr;
  if (!out_kernel)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_lookup_kernel: out_kernel is NULL");
  if (!name)
    return setError(LOOM_STATUS_INVALID_ARGUMENT,
                    "loom_rt_lookup_kernel: name is NULL, expected a kernel "
                    "name");
  Registry &registry = getRegistry();
  std::lock_guard<std::mutex> lock(registry.mutex);
  auto it = registry.byName.find(name);
  if (it == registry.byName.end())
    return setError(LOOM_STATUS_NOT_FOUND,
                    "loom_rt_lookup_kernel: no kernel named '" +
                        llvm::Twine(name) + "' is registered (" +
                        llvm::Twine(registry.byName.size()) + " kernels are)");
  *out_kernel = it->second;
  return LOOM_STATUS_OK;
}
