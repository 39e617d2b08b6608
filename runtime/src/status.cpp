//===- status.cpp - status names and the thread-local last error ---------===//
//
// Part of the Loom project.
//
// The runtime reports every failure as a status code plus a thread-local
// message that names the failing call, the kernel and the argument
// (conventions.md, "Runtime error API").
//
//===----------------------------------------------------------------------===//

#include "internal.h"

#include "llvm/ADT/SmallString.h"

#include <cassert>
#include <cstring>

using namespace loom::rt;

namespace {
/// Longer messages are cut and end in "...".
constexpr size_t kMaxErrorLength = 2047;

// One message per host thread, so concurrent launches never read each
// other's errors. A plain array on purpose: exit() destroys the main thread's
// thread_local objects before atexit handlers run, and the at-exit report
// writer (or a user's static destructor) may still record an error, so the
// buffer must need no destructor.
thread_local char lastError[kMaxErrorLength + 1];
} // namespace

loom_status_t loom::rt::setError(loom_status_t status,
                                 const llvm::Twine &message) {
  assert(status != LOOM_STATUS_OK && "an error needs a failing status");
  llvm::SmallString<256> buffer;
  llvm::StringRef text = message.toStringRef(buffer);
  if (text.size() > kMaxErrorLength) {
    std::memcpy(lastError, text.data(), kMaxErrorLength - 3);
    std::memcpy(lastError + kMaxErrorLength - 3, "...", 3);
    lastError[kMaxErrorLength] = '\0';
  } else {
    std::memcpy(lastError, text.data(), text.size());
    lastError[text.size()] = '\0';
  }
  return status;
}

void loom::rt::clearError() { lastError[0] = '\0'; }

llvm::StringRef loom::rt::getLastError() { return lastError; }

extern "C" const char *loom_status_name(loom_status_t status) {
  // A C caller may pass any int; reading it as an int keeps an out-of-range
  // value defined behaviour on the C++ side.
  static_assert(sizeof(loom_status_t) == sizeof(int), "C enums are ints");
  int code;
  std::memcpy(&code, &status, sizeof(code));
  switch (code) {
  case LOOM_STATUS_OK:
    return "LOOM_STATUS_OK";
  case LOOM_STATUS_INVALID_ARGUMENT:
    return "LOOM_STATUS_INVALID_ARGUMENT";
  case LOOM_STATUS_NOT_FOUND:
    return "LOOM_STATUS_NOT_FOUND";
  case LOOM_STATUS_RESOURCE_EXHAUSTED:
    return "LOOM_STATUS_RESOURCE_EXHAUSTED";
  case LOOM_STATUS_DEVICE_ERROR:
    return "LOOM_STATUS_DEVICE_ERROR";
  case LOOM_STATUS_INTERNAL:
    return "LOOM_STATUS_INTERNAL";
  case LOOM_STATUS_UNAVAILABLE:
    return "LOOM_STATUS_UNAVAILABLE";
  }
  // A value from a newer or corrupted caller: still never NULL.
  return "LOOM_STATUS_UNKNOWN";
}

extern "C" const char *loom_last_error_message(void) {
  // Always NUL-terminated; stays as it is until the next loom_* call on this
  // thread.
  return lastError;
}
