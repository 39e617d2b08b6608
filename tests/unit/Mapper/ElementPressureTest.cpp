//===- ElementPressureTest.cpp - rolled-back moves leave no trace ---------===//
//
// Part of the Loom project.
//
// The annealer evaluates every proposed move by updating ElementPressure's
// counts and demands, and restores them from an undo log when it rejects
// the move. A rollback that left any residue would make the annealer's cost
// drift away from the placement it holds. These tests replay random moves on
// a dense graph, committing some and rolling back the others, and compare
// the penalty the pressure tracks with a recount from scratch.
//
//===----------------------------------------------------------------------===//

#include "MappingChecks.h"

// The mapper's internal stages (not installed, not part of the library's
// interface).
#include "MapperImpl.h"

#include <random>

using namespace loom;
using namespace mlir;
using namespace loom::mapper;
using namespace loom::mapper::testing;

namespace {

/// The total penalty of `elementOfActor`, counted from scratch.
double recountFresh(const MapProblem &problem, const fabric::Fabric &fabric,
                    llvm::ArrayRef<uint32_t> elementOfActor) {
  ElementPressure fresh(problem, fabric, PressureShares());
  return fresh.recount(elementOfActor);
}

TEST(ElementPressureTest, RollbackRestoresEveryCountAndDemand) {
  auto context = makeContext();
  OwningOpRef<ModuleOp> module = parseModule(
      *context, readSourceFile("tests/unit/Mapper/Inputs/merge-sorted.mlir"));
  ASSERT_TRUE(module);
  MapProblem problem = extractProblem(findGraph(*module));
  fabric::Fabric fabric = loadPreset("cgra-8x8");
  unsigned numElements = fabric.getElements().size();

  // Every actor on an element of its own choosing: the pressure does not
  // look at units, only at the element of each actor.
  std::mt19937_64 rng(7);
  llvm::SmallVector<uint32_t, 0> elementOfActor;
  for (unsigned actor = 0; actor < problem.actors.size(); ++actor)
    elementOfActor.push_back(rng() % numElements);
  ElementPressure pressure(problem, fabric, PressureShares());
  double tracked = pressure.recount(elementOfActor);

  llvm::SmallVector<uint32_t, 16> nets;
  unsigned committed = 0, rolledBack = 0;
  for (unsigned move = 0; move < 2000; ++move) {
    uint32_t a = rng() % problem.actors.size();
    int32_t b = rng() % 2 ? int32_t(rng() % problem.actors.size()) : -1;
    if (b == int32_t(a))
      b = -1;
    llvm::SmallVector<uint32_t, 0> before = elementOfActor;
    pressure.collectNets(a, b, nets);
    pressure.update(nets, elementOfActor, -1);
    if (b >= 0)
      std::swap(elementOfActor[a], elementOfActor[b]);
    else
      elementOfActor[a] = rng() % numElements;
    pressure.update(nets, elementOfActor, +1);
    double delta = pressure.delta();
    // The change the pressure reports is the change a recount sees.
    ASSERT_NEAR(tracked + delta, recountFresh(problem, fabric, elementOfActor),
                1e-6)
        << "move " << move;
    if (rng() % 3 == 0) {
      pressure.commit();
      tracked += delta;
      ++committed;
    } else {
      pressure.rollback();
      elementOfActor = before;
      ++rolledBack;
    }
  }
  EXPECT_GT(committed, 0u);
  EXPECT_GT(rolledBack, 0u);
  // After every rollback the state is the committed one: a last recount of
  // the same pressure (which discards its state) agrees with what it
  // tracked.
  EXPECT_NEAR(tracked, pressure.recount(elementOfActor), 1e-6);
}

} // namespace
