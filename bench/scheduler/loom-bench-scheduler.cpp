//===- loom-bench-scheduler.cpp - dynamic-work scheduler throughput -------===//
//
// Part of the Loom project.
//
// Runs a binary-tree dynamic-work domain (node i spawns 2i+1 and 2i+2 below
// --nodes, heap numbering) on the WorkScheduler with each worker count in
// turn, alternating them run by run so they share the machine's noise, and
// prints the median items per second per worker count and its ratio to one
// worker. Every item writes a value derived from its node into its own slot;
// each run's slots are checked, so a lost or repeated item fails the
// benchmark instead of speeding it up.
//
//===----------------------------------------------------------------------===//

#include "loom/Sim/WorkScheduler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

using namespace loom::sim;
namespace cl = llvm::cl;

static cl::opt<int64_t> numNodes("nodes", cl::desc("Tree nodes (items)"),
                                 cl::init(1 << 16));
static cl::opt<unsigned> numRuns("runs", cl::desc("Runs per worker count"),
                                 cl::init(5));
static cl::list<unsigned> workerCounts("workers",
                                       cl::desc("Worker counts to compare"),
                                       cl::CommaSeparated);
static cl::opt<unsigned>
    workPerItem("work",
                cl::desc("Mixing rounds each item computes (0: scheduling "
                         "overhead only)"),
                cl::init(0));
static cl::opt<unsigned> dequeCapacity("deque-capacity",
                                       cl::desc("Capacity of each deque"),
                                       cl::init(64));

namespace {
/// The value node `node` stores: `rounds` rounds of a 64-bit mix, so that
/// items can carry a controllable amount of work.
uint64_t itemValue(uint64_t node, unsigned rounds) {
  uint64_t x = node + 1;
  for (unsigned i = 0; i < rounds; ++i) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
  }
  return x;
}

/// One run: items per second, or an error when a slot is wrong.
llvm::Expected<double> runOnce(unsigned workers, std::vector<uint64_t> &slots,
                               const std::vector<uint64_t> &expected) {
  std::fill(slots.begin(), slots.end(), 0);
  WorkScheduler scheduler({workers, dequeCapacity});
  int64_t nodes = numNodes;
  unsigned rounds = workPerItem;
  auto body = [&](WorkContext &context) -> llvm::Error {
    int64_t node = context.getItem().payload.getInteger().getSExtValue();
    slots[node] = itemValue(node, rounds);
    for (int64_t child : {2 * node + 1, 2 * node + 2})
      if (child < nodes)
        if (llvm::Error error =
                context.spawn(TokenValue::getInteger(64, child)))
          return error;
    return llvm::Error::success();
  };
  auto start = std::chrono::steady_clock::now();
  llvm::Expected<SchedulerStats> stats =
      scheduler.runDynamic(0, TokenValue::getInteger(64, 0), body);
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!stats)
    return stats.takeError();
  if (stats->items != static_cast<uint64_t>(nodes) || slots != expected)
    return llvm::createStringError("a run with " + llvm::Twine(workers) +
                                   " workers lost or repeated items");
  return nodes / seconds;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "dynamic-work scheduler throughput\n");
  std::vector<unsigned> workers(workerCounts.begin(), workerCounts.end());
  if (workers.empty())
    workers = {1, 2, 4};
  std::vector<uint64_t> slots(numNodes), expected(numNodes);
  for (int64_t node = 0; node < numNodes; ++node)
    expected[node] = itemValue(node, workPerItem);
  std::vector<std::vector<double>> rates(workers.size());
  // Warm-up run per count, not measured.
  for (unsigned run = 0; run <= numRuns; ++run)
    for (auto [i, count] : llvm::enumerate(workers)) {
      llvm::Expected<double> rate = runOnce(count, slots, expected);
      if (!rate) {
        llvm::WithColor::error(llvm::errs(), "loom-bench-scheduler")
            << llvm::toString(rate.takeError()) << "\n";
        return 1;
      }
      if (run > 0)
        rates[i].push_back(*rate);
    }
  auto median = [](std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  };
  double base = median(rates[0]);
  llvm::outs() << "| workers | items/s (median of " << numRuns << ") | vs "
               << workers[0] << " worker(s) |\n|---|---|---|\n";
  for (auto [i, count] : llvm::enumerate(workers)) {
    double rate = median(rates[i]);
    char line[128];
    std::snprintf(line, sizeof(line), "| %u | %.3g | %.2f |\n", count, rate,
                  rate / base);
    llvm::outs() << line;
  }
  return 0;
}
