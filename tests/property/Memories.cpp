//===- Memories.cpp - a program's buffers as the emulator binds them ------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "Memories.h"

#include "llvm/ADT/APFloat.h"

#include <cstring>

using namespace mlir;

namespace loom::proptest {

sim::TokenValue makeToken(Type type, uint64_t bits) {
  if (type.isF32())
    return sim::TokenValue::getFloatBits(llvm::APFloat::IEEEsingle(),
                                         llvm::APInt(32, bits));
  if (type.isF64())
    return sim::TokenValue::getFloatBits(llvm::APFloat::IEEEdouble(),
                                         llvm::APInt(64, bits));
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  return sim::TokenValue::getInteger(
      llvm::APInt(width, width == 64 ? bits : bits & ((1ull << width) - 1)));
}

std::optional<uint64_t> readToken(const sim::TokenValue &token,
                                  std::string &error,
                                  const llvm::Twine &where) {
  if (token.isNone() || token.isPoison()) {
    error += (token.isNone() ? "a none token for " : "poison in ") +
             where.str() + "\n";
    return std::nullopt;
  }
  return token.getBits().getZExtValue();
}

ProgramMemory::ProgramMemory(MLIRContext &context, const Program &program)
    : program(program), context(context) {
  for (auto [b, buffer] : llvm::enumerate(program.buffers)) {
    Type element = getMLIRType(context, buffer.element);
    if (!program.isHostBuffer(b)) {
      owned.push_back(
          std::make_shared<sim::MemoryBuffer>(element, buffer.shape));
      for (int64_t i = 0; i < buffer.extent; ++i)
        owned.back()->setElement(i, makeToken(element, buffer.init[i]));
      host.emplace_back();
      continue;
    }
    // Little-endian element bits in their width, as a C++ array holds them.
    unsigned size = getByteWidth(buffer.element);
    std::vector<uint8_t> bytes(buffer.extent * size);
    for (int64_t i = 0; i < buffer.extent; ++i)
      std::memcpy(&bytes[i * size], &buffer.init[i], size);
    owned.push_back(nullptr);
    host.push_back(std::move(bytes));
  }
  for (auto [arg, b] : llvm::enumerate(program.memoryBuffers)) {
    if (owned[b]) {
      arguments.push_back(owned[b]);
      continue;
    }
    const Buffer &buffer = program.buffers[b];
    int64_t origin = program.getOrigin(arg);
    arguments.push_back(std::make_shared<sim::MemoryBuffer>(
        getMLIRType(context, buffer.element),
        host[b].data() + origin * getByteWidth(buffer.element), buffer.extent,
        -origin));
  }
}

void ProgramMemory::narrowArgument(unsigned arg, int64_t first, int64_t count) {
  unsigned b = program.memoryBuffers[arg];
  const Buffer &buffer = program.buffers[b];
  int64_t origin = program.getOrigin(arg);
  int64_t low = std::max(first, -origin);
  int64_t high = std::min(first + count, buffer.extent - origin);
  arguments[arg] = std::make_shared<sim::MemoryBuffer>(
      getMLIRType(context, buffer.element),
      host[b].data() + origin * getByteWidth(buffer.element),
      std::max<int64_t>(0, high - low), low);
}

std::vector<std::vector<uint64_t>>
ProgramMemory::read(std::string &error) const {
  std::vector<std::vector<uint64_t>> contents;
  for (auto [b, buffer] : llvm::enumerate(program.buffers)) {
    std::vector<uint64_t> elements;
    if (owned[b]) {
      for (int64_t i = 0; i < owned[b]->getNumElements(); ++i)
        elements.push_back(
            readToken(owned[b]->getElement(i), error,
                      "buffer #" + llvm::Twine(b) + "[" + llvm::Twine(i) + "]")
                .value_or(0));
    } else {
      // Host memory holds bits only: a stored poison is some value there,
      // as in native code.
      unsigned size = getByteWidth(buffer.element);
      for (int64_t i = 0; i < buffer.extent; ++i) {
        uint64_t bits = 0;
        std::memcpy(&bits, &host[b][i * size], size);
        elements.push_back(bits);
      }
    }
    contents.push_back(std::move(elements));
  }
  return contents;
}

} // namespace loom::proptest
