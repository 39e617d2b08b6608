//===- TokenQueue.h - the FIFO behind one use of an SSA value ---*- C++ -*-===//
//
// Part of the Loom project.
//
// Every use of a value inside a dataflow graph owns one unbounded FIFO of
// the producer's tokens (a broadcast: each use advances independently). The
// queue remembers its peak occupancy for the run statistics.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_TOKENQUEUE_H
#define LOOM_SIM_TOKENQUEUE_H

#include "loom/Sim/TokenValue.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace loom::sim {

/// An unbounded first-in first-out queue of tokens: a ring buffer whose
/// capacity doubles when it is full, so push and pop are O(1) and a queue
/// that drains and refills reuses its slots (the emulator's hot path).
class TokenQueue {
public:
  bool empty() const { return count == 0; }
  size_t size() const { return count; }
  /// The peak number of tokens held at once since construction.
  size_t getPeak() const { return peak; }
  /// Total tokens ever pushed.
  uint64_t getNumPushed() const { return numPushed; }
  /// The oldest token; the queue must not be empty.
  const TokenValue &front() const {
    assert(!empty() && "front of an empty token queue");
    return slots[head];
  }
  /// The `i`-th oldest token; `i` must be below size().
  const TokenValue &peek(size_t i) const {
    assert(i < size() && "peek past the end of a token queue");
    return slots[(head + i) & (slots.size() - 1)];
  }
  void push(const TokenValue &value) {
    if (count == slots.size())
      grow();
    slots[(head + count) & (slots.size() - 1)] = value;
    ++count;
    ++numPushed;
    if (count > peak)
      peak = count;
  }
  /// Removes and returns the oldest token; the queue must not be empty.
  TokenValue pop() {
    assert(!empty() && "pop from an empty token queue");
    TokenValue value = std::move(slots[head]);
    head = (head + 1) & (slots.size() - 1);
    --count;
    return value;
  }

private:
  /// Doubles the capacity (a power of two, at least 2), keeping the order.
  void grow() {
    llvm::SmallVector<TokenValue, 2> larger(
        std::max<size_t>(2, slots.size() * 2));
    for (size_t i = 0; i < count; ++i)
      larger[i] = std::move(slots[(head + i) & (slots.size() - 1)]);
    slots = std::move(larger);
    head = 0;
  }

  llvm::SmallVector<TokenValue, 2> slots;
  size_t head = 0;
  size_t count = 0;
  size_t peak = 0;
  uint64_t numPushed = 0;
};

} // namespace loom::sim

#endif // LOOM_SIM_TOKENQUEUE_H
