//===- IsolatedRun.cpp - run a kernel in a child process ------------------===//
//
// Part of the Loom project.
//
// fork() plus one shared anonymous mapping per execution.
//
//===----------------------------------------------------------------------===//

#include "IsolatedRun.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace loom::raisecheck;

Expected<std::unique_ptr<SharedArena>>
SharedArena::create(ArrayRef<Buffer> buffers) {
  size_t bytes = 8 + kMessageBytes;
  for (const Buffer &buffer : buffers)
    bytes += buffer.storage.size() * 8;
  void *mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    return createStringError(inconvertibleErrorCode(),
                             "cannot map " + Twine(bytes) +
                                 " bytes of shared memory");
  return std::unique_ptr<SharedArena>(
      new SharedArena(static_cast<uint8_t *>(mapped), bytes));
}

SharedArena::~SharedArena() { munmap(base, size); }

/// The child: default crash handling (LLVM's handlers could deadlock on a
/// corrupted heap), run, report through the arena, never return.
[[noreturn]] static void
runChild(SharedArena &arena, ArrayRef<void *> data,
         function_ref<Expected<uint64_t>(ArrayRef<void *>)> body) {
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP})
    std::signal(signal, SIG_DFL);
  Expected<uint64_t> result = body(data);
  if (!result) {
    std::string message = toString(result.takeError());
    std::strncpy(arena.message(), message.c_str(),
                 SharedArena::kMessageBytes - 1);
    _exit(3);
  }
  *arena.result() = *result;
  _exit(0);
}

/// Waits for `child`; kills it after `timeoutSeconds`. Returns the wait
/// status, or std::nullopt on a timeout.
static std::optional<int> waitForChild(pid_t child, unsigned timeoutSeconds) {
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  int status = 0;
  while (waitpid(child, &status, WNOHANG) != child) {
    if (timeoutSeconds && std::chrono::steady_clock::now() > deadline) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return status;
}

Expected<uint64_t> loom::raisecheck::runIsolated(
    SharedArena &arena, MutableArrayRef<Buffer> buffers,
    unsigned timeoutSeconds,
    function_ref<Expected<uint64_t>(ArrayRef<void *>)> body) {
  SmallVector<void *> data;
  uint8_t *next = arena.storage();
  for (Buffer &buffer : buffers) {
    size_t size = buffer.storage.size() * 8;
    // An empty buffer's storage may be null, which memcpy must not get even
    // for 0 bytes (UBSan, the sanitized build).
    if (size)
      std::memcpy(next, buffer.storage.data(), size);
    data.push_back(size ? next + kRedZoneBytes : nullptr);
    next += size;
  }
  outs().flush();
  pid_t child = fork();
  if (child < 0)
    return createStringError(inconvertibleErrorCode(), "fork failed");
  if (child == 0)
    runChild(arena, data, body);
  std::optional<int> status = waitForChild(child, timeoutSeconds);
  next = arena.storage();
  for (Buffer &buffer : buffers) {
    size_t size = buffer.storage.size() * 8;
    // An empty buffer's storage may be null, which memcpy must not get.
    if (size)
      std::memcpy(buffer.storage.data(), next, size);
    next += size;
  }
  if (!status)
    return createStringError(inconvertibleErrorCode(),
                             "it did not end within " + Twine(timeoutSeconds) +
                                 " seconds");
  if (WIFSIGNALED(*status))
    return createStringError(inconvertibleErrorCode(),
                             "it was ended by signal " +
                                 Twine(WTERMSIG(*status)) + " (" +
                                 strsignal(WTERMSIG(*status)) + ")");
  if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0)
    return createStringError(inconvertibleErrorCode(), arena.message());
  return *arena.result();
}
