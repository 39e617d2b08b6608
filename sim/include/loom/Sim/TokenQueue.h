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

namespace loom::sim {

/// An unbounded first-in first-out queue of tokens. Popping is amortized
/// O(1): consumed slots are reclaimed once they make up half the storage.
class TokenQueue {
public:
  bool empty() const { return head == items.size(); }
  size_t size() const { return items.size() - head; }
  /// The peak number of tokens held at once since construction.
  size_t getPeak() const { return peak; }
  /// Total tokens ever pushed.
  uint64_t getNumPushed() const { return numPushed; }

  /// The oldest token; the queue must not be empty.
  const TokenValue &front() const {
    assert(!empty() && "front of an empty token queue");
    return items[head];
  }
  /// The `i`-th oldest token; `i` must be below size().
  const TokenValue &peek(size_t i) const {
    assert(i < size() && "peek past the end of a token queue");
    return items[head + i];
  }

  void push(const TokenValue &value) {
    items.push_back(value);
    ++numPushed;
    if (size() > peak)
      peak = size();
  }

  /// Removes and returns the oldest token; the queue must not be empty.
  TokenValue pop() {
    assert(!empty() && "pop from an empty token queue");
    TokenValue value = std::move(items[head++]);
    if (head == items.size()) {
      items.clear();
      head = 0;
    } else if (head >= 32 && head * 2 >= items.size()) {
      items.erase(items.begin(), items.begin() + head);
      head = 0;
    }
    return value;
  }

private:
  llvm::SmallVector<TokenValue, 2> items;
  size_t head = 0;
  size_t peak = 0;
  uint64_t numPushed = 0;
};

} // namespace loom::sim

#endif // LOOM_SIM_TOKENQUEUE_H
