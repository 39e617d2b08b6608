//===- Fabric.cpp - queries on the fabric model ---------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/Fabric.h"

using namespace llvm;
using namespace loom::fabric;

unsigned Fabric::countUnits(OperationClass cls) const {
  unsigned count = 0;
  for (const ProcessingElement &element : elements)
    for (const FunctionUnit &unit : element.units)
      count += unit.supports(cls);
  return count;
}

bool Fabric::supportsOperation(StringRef opName) const {
  std::optional<OperationClass> cls = classifyOperation(opName);
  return cls && countUnits(*cls) > 0;
}
