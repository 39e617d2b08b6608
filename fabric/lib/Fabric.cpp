//===- Fabric.cpp - queries on the fabric model ---------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "loom/Fabric/Fabric.h"

#include "llvm/ADT/STLExtras.h"

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

bool Fabric::isTimeMultiplexed() const {
  return llvm::any_of(elements,
                      [](const ProcessingElement &element) {
                        return element.contexts > 1;
                      }) ||
         llvm::any_of(links,
                      [](const Link &link) { return link.contexts > 1; });
}

Fabric Fabric::getSpatialView() const {
  Fabric view = *this;
  for (ProcessingElement &element : view.elements)
    element.contexts = 1;
  for (Link &link : view.links)
    link.contexts = 1;
  return view;
}
