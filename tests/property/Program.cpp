//===- Program.cpp - the program tree's helpers ---------------------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "Program.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

namespace loom::proptest {

bool isFloat(Scalar type) { return type == Scalar::F32 || type == Scalar::F64; }

unsigned getBitWidth(Scalar type) {
  switch (type) {
  case Scalar::I1:
    return 1;
  case Scalar::I8:
    return 8;
  case Scalar::I16:
    return 16;
  case Scalar::I32:
  case Scalar::F32:
    return 32;
  case Scalar::I64:
  case Scalar::F64:
  case Scalar::Index:
    return 64;
  }
  llvm_unreachable("unknown scalar");
}

unsigned getByteWidth(Scalar type) {
  return type == Scalar::I1 ? 1 : getBitWidth(type) / 8;
}

Type getMLIRType(MLIRContext &context, Scalar type) {
  switch (type) {
  case Scalar::I1:
    return IntegerType::get(&context, 1);
  case Scalar::I8:
    return IntegerType::get(&context, 8);
  case Scalar::I16:
    return IntegerType::get(&context, 16);
  case Scalar::I32:
    return IntegerType::get(&context, 32);
  case Scalar::I64:
    return IntegerType::get(&context, 64);
  case Scalar::F32:
    return Float32Type::get(&context);
  case Scalar::F64:
    return Float64Type::get(&context);
  case Scalar::Index:
    return IndexType::get(&context);
  }
  llvm_unreachable("unknown scalar");
}

llvm::StringRef getName(Scalar type) {
  static const char *const names[] = {"i1",  "i32",   "i64", "f32",
                                      "f64", "index", "i8",  "i16"};
  return names[static_cast<unsigned>(type)];
}

unsigned Expr::size() const {
  unsigned total = 1;
  for (const Expr &operand : operands)
    total += operand.size();
  return total;
}

unsigned Block::size() const {
  unsigned total = 0;
  for (const Stmt &stmt : stmts)
    total += stmt.size();
  return total;
}

unsigned Stmt::size() const {
  unsigned total = 1;
  for (const Expr &expr : exprs)
    total += expr.size();
  for (const Block &block : blocks)
    total += block.size();
  for (const CarriedVar &c : carried)
    total += c.init.size() + c.next.size();
  for (const ResultVar &r : results)
    for (const Expr &lane : r.lanes)
      total += lane.size();
  return total;
}

unsigned Program::size() const {
  unsigned total = body.size();
  for (const Expr &result : results)
    total += result.size();
  return total;
}

bool Program::isHostBuffer(unsigned buffer) const {
  for (unsigned arg = 0; arg < memoryBuffers.size(); ++arg)
    if (memoryBuffers[arg] == buffer && getPointer(arg))
      return true;
  return false;
}

} // namespace loom::proptest
