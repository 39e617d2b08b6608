//===- Memories.h - a program's buffers as the emulator binds them -*- C++ -*-//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TESTS_PROPERTY_MEMORIES_H
#define LOOM_TESTS_PROPERTY_MEMORIES_H

#include "Program.h"

#include "loom/Sim/MemoryBuffer.h"

#include "llvm/ADT/Twine.h"

#include <memory>
#include <string>

namespace loom::proptest {

/// A token of `type` holding `bits` (truncated to the type's width).
sim::TokenValue makeToken(mlir::Type type, uint64_t bits);

/// The bits of `token`, or nothing (and a line appended to `error` naming
/// `where`) if it is poison or none.
std::optional<uint64_t> readToken(const sim::TokenValue &token,
                                  std::string &error, const llvm::Twine &where);

/// The buffers of one dataflow run of a program, filled with their initial
/// contents, and what each memory argument is bound to. A buffer without
/// pointer arguments is one owned MemoryBuffer its arguments share; a
/// buffer with one (Program::pointers) is host memory, as the runtime binds
/// a C++ array, and each of its arguments a view of it: a pointer argument
/// at its origin with the valid indices [-origin, extent - origin)
/// (MemoryBuffer's firstIndex, what the runtime's bindPointer makes of a
/// negative lowest index), a whole-memref argument from element 0. Views
/// of one buffer alias whatever their origins.
class ProgramMemory {
public:
  ProgramMemory(mlir::MLIRContext &context, const Program &program);
  ProgramMemory(const ProgramMemory &) = delete;
  ProgramMemory &operator=(const ProgramMemory &) = delete;

  /// What memory argument `arg` is bound to.
  std::shared_ptr<sim::MemoryBuffer> getArgument(unsigned arg) const {
    return arguments[arg];
  }
  /// Narrows pointer argument `arg` to the indices [first, first + count)
  /// (clipped to its buffer), as the runtime binds a pointer to the range
  /// its bounds expression gives: an access outside them is an error.
  void narrowArgument(unsigned arg, int64_t first, int64_t count);
  /// The final element bits of every buffer of the program.
  std::vector<std::vector<uint64_t>> read(std::string &error) const;

private:
  const Program &program;
  mlir::MLIRContext &context;
  /// Per buffer: its owned storage, or null for host memory.
  std::vector<std::shared_ptr<sim::MemoryBuffer>> owned;
  /// Per buffer: its host bytes (empty for owned storage).
  std::vector<std::vector<uint8_t>> host;
  std::vector<std::shared_ptr<sim::MemoryBuffer>> arguments;
};

} // namespace loom::proptest

#endif // LOOM_TESTS_PROPERTY_MEMORIES_H
