//===- loom-opt.cpp - Loom's optimizer driver ----------------------------===//
//
// Part of the Loom project.
//
// mlir-opt with Loom's dialects and passes: parses, verifies, transforms and
// prints Loom IR.
//
//===----------------------------------------------------------------------===//

#include "loom/InitAllDialects.h"
#include "loom/InitAllPasses.h"

#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  loom::registerAllDialects(registry);
  loom::registerAllPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Loom optimizer driver\n", registry));
}
