//===- ProgramPointers.cpp - pointer parameters inside their buffers ------===//
//
// Part of the Loom project.
//
// A C++ kernel's `T *` parameter reaches the SCF stage as a memref<?xT>
// (the raising, RaiseMemrefRoots), and a caller may pass a pointer into the
// middle or to the end of an array (`mid = buf + k`, `end = buf + n`), which
// the kernel then indexes below zero (docs/runtime.md, "Bounds of pointer
// arguments"). bindPointers makes some memory arguments such parameters.
// It draws from a stream of its own, after the program tree is generated,
// so the tree (and every element an access reaches: ProgramBuilder reduces
// an index on a pointer to [-origin, extent - origin)) does not depend on
// it.
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"

#include "llvm/ADT/STLExtras.h"

#include <random>

namespace loom::proptest {

/// Collects the buffers (memory arguments) of the hinted loops in `block`.
static void collectHintedMemories(const Block &block,
                                  std::vector<unsigned> &memories) {
  for (const Stmt &stmt : block.stmts) {
    if (stmt.kind == Stmt::Kind::For && stmt.hint != Hint::None)
      memories.push_back(stmt.memory);
    for (const Block &inner : stmt.blocks)
      collectHintedMemories(inner, memories);
  }
}

void bindPointers(Program &program, uint64_t seed,
                  const GeneratorOptions &options) {
  std::mt19937_64 rng(seed ^ 0x2545F4914F6CDD1Dull);
  auto below = [&](uint64_t n) { return n == 0 ? 0 : rng() % n; };
  std::vector<unsigned> hinted;
  collectHintedMemories(program.body, hinted);
  unsigned numArgs = program.memoryBuffers.size();
  std::vector<unsigned> argsOfBuffer(program.buffers.size(), 0);
  for (unsigned buffer : program.memoryBuffers)
    ++argsOfBuffer[buffer];
  program.pointers.assign(numArgs, std::nullopt);
  for (unsigned arg = 0; arg < numArgs; ++arg) {
    // Every draw happens for every argument, so that one argument's choice
    // does not move the others'.
    uint64_t roll = below(100), where = below(3), at = rng(),
             noalias = below(100);
    const Buffer &buffer = program.buffers[program.memoryBuffers[arg]];
    bool isHinted = llvm::is_contained(hinted, arg);
    if (buffer.shape.size() != 1 ||
        (!isHinted && roll >= options.pointerPercent))
      continue;
    // Interior, end and start in equal shares; a one-element buffer has
    // no interior element.
    PointerArg pointer;
    if (where == 0 && buffer.extent > 1)
      pointer.origin = 1 + int64_t(at % uint64_t(buffer.extent - 1));
    else if (where != 2)
      pointer.origin = buffer.extent;
    pointer.noalias =
        argsOfBuffer[program.memoryBuffers[arg]] == 1 && noalias < 50;
    program.pointers[arg] = pointer;
  }
}

} // namespace loom::proptest
