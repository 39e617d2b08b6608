//===- IsolatedRun.h - run a kernel in a child process ----------*- C++ -*-===//
//
// Part of the Loom project.
//
// A wrongly raised kernel may crash, corrupt the heap or never end. Each
// execution of loom-raise-check therefore runs in a child process whose
// buffers live in memory shared with the checker, so a crash or a hang is
// reported instead of taking the checker down.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TOOLS_LOOMRAISECHECK_ISOLATEDRUN_H
#define LOOM_TOOLS_LOOMRAISECHECK_ISOLATEDRUN_H

#include "ArgSpec.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace loom::raisecheck {

/// Memory shared with the child process of one execution: the result slot,
/// room for the child's error message and a copy of every buffer. Keeping
/// the arenas of both executions alive gives their buffers distinct
/// addresses, so a kernel that leaks an address shows a difference.
class SharedArena {
public:
  /// Maps an arena with room for `buffers`; fails if the mapping fails.
  static llvm::Expected<std::unique_ptr<SharedArena>>
  create(llvm::ArrayRef<Buffer> buffers);
  ~SharedArena();
  SharedArena(const SharedArena &) = delete;
  SharedArena &operator=(const SharedArena &) = delete;

  uint64_t *result() { return reinterpret_cast<uint64_t *>(base); }
  char *message() { return reinterpret_cast<char *>(base + 8); }
  uint8_t *storage() { return base + 8 + kMessageBytes; }

  /// Bytes reserved for the child's error message.
  static constexpr size_t kMessageBytes = 1024;

private:
  SharedArena(uint8_t *base, size_t size) : base(base), size(size) {}
  uint8_t *base;
  size_t size;
};

/// Runs `body` in a child process on a copy of `buffers` (red zones
/// included) in `arena`, and copies the buffers back when the child ends.
/// `body` gets the data address of every buffer in the shared copy (null for
/// entries without storage) and returns the kernel's result bits. Returns those
/// bits, or an error naming the signal that ended the child, the timeout
/// (`timeoutSeconds`, 0 for none) or `body`'s error. The caller must not run
/// other threads: only the calling thread exists in the child.
llvm::Expected<uint64_t> runIsolated(
    SharedArena &arena, llvm::MutableArrayRef<Buffer> buffers,
    unsigned timeoutSeconds,
    llvm::function_ref<llvm::Expected<uint64_t>(llvm::ArrayRef<void *>)> body);

} // namespace loom::raisecheck

#endif // LOOM_TOOLS_LOOMRAISECHECK_ISOLATEDRUN_H
