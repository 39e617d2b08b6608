//===- Features.cpp - how many programs used each feature -----------------===//
//
// Part of the Loom project.
//
// Each program is walked once; a feature counts when some node of the tree
// (or, for pointers and aliasing, the bindings of its memory arguments)
// uses it. Dead code counts too: a feature counted is generated, not
// necessarily executed (only Feature::Negative is measured in the run).
//
//===----------------------------------------------------------------------===//

#include "Features.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace loom::proptest {
namespace {

/// Which features one program uses.
class Scan {
public:
  explicit Scan(const Program &program) : program(program) {}
  void run();
  bool uses(Feature feature) const { return used[unsigned(feature)]; }

private:
  void set(Feature feature) { used[unsigned(feature)] = true; }
  void type(Scalar scalar);
  void expr(const Expr &e);
  void stmt(const Stmt &s);
  void block(const Block &b) {
    for (const Stmt &s : b.stmts)
      stmt(s);
  }

  const Program &program;
  bool used[unsigned(Feature::Count)] = {};
};

} // namespace

void Scan::type(Scalar scalar) {
  if (scalar == Scalar::I8)
    set(Feature::I8);
  if (scalar == Scalar::I16)
    set(Feature::I16);
  if (scalar == Scalar::I64)
    set(Feature::I64);
  if (scalar == Scalar::F64)
    set(Feature::F64);
}

void Scan::expr(const Expr &e) {
  type(e.type);
  if (e.kind == Expr::Kind::Binary) {
    if (e.op == BinaryOp::DivUI || e.op == BinaryOp::RemUI ||
        e.op == BinaryOp::ShrUI || e.op == BinaryOp::MinUI)
      set(Feature::Unsigned);
    if (e.op == BinaryOp::Shl || e.op == BinaryOp::ShrSI ||
        e.op == BinaryOp::ShrUI)
      set(Feature::Shifts);
    if ((e.type == Scalar::I8 || e.type == Scalar::I16) &&
        (e.op == BinaryOp::Add || e.op == BinaryOp::Sub ||
         e.op == BinaryOp::Mul))
      set(Feature::WrapAround);
  }
  if (e.kind == Expr::Kind::Cmp && !isFloat(e.operands[0].type)) {
    auto predicate = static_cast<mlir::arith::CmpIPredicate>(e.predicate);
    if (predicate == mlir::arith::CmpIPredicate::ult ||
        predicate == mlir::arith::CmpIPredicate::ule ||
        predicate == mlir::arith::CmpIPredicate::ugt ||
        predicate == mlir::arith::CmpIPredicate::uge)
      set(Feature::Unsigned);
  }
  if (e.kind == Expr::Kind::Cast) {
    Scalar from = e.operands[0].type;
    if (isFloat(from) && isFloat(e.type) && from != e.type)
      set(Feature::FloatDouble);
    if (isFloat(from) != isFloat(e.type))
      set(Feature::IntFloat);
  }
  for (const Expr &operand : e.operands)
    expr(operand);
}

void Scan::stmt(const Stmt &s) {
  if (s.kind == Stmt::Kind::Let || s.kind == Stmt::Kind::For ||
      s.kind == Stmt::Kind::Local)
    type(s.type);
  if (s.kind == Stmt::Kind::For && s.backward)
    set(Feature::Reverse);
  if (s.kind == Stmt::Kind::While && s.exprs.size() > 1 &&
      s.exprs[1].kind != Expr::Kind::Const)
    set(Feature::DataWhile);
  if (hasParallelHint(s.hint))
    set(isWrongHint(s.hint) ? Feature::HintWrong : Feature::HintRight);
  if (s.hint == Hint::CarriedStore || s.hint == Hint::Recurrence)
    set(Feature::MemoryRecurrence);
  // A float scatter-add converts an addend of the other float type.
  if (s.kind == Stmt::Kind::ScatterAdd) {
    Scalar element = program.buffers[program.memoryBuffers[s.memory]].element;
    Scalar addend = s.exprs[1].type;
    if (isFloat(element) && isFloat(addend) && element != addend)
      set(Feature::FloatDouble);
  }
  for (const Expr &e : s.exprs)
    expr(e);
  for (const CarriedVar &c : s.carried) {
    if (c.reduction)
      set(Feature::Reduction);
    type(c.type);
    expr(c.init);
    expr(c.next);
  }
  for (const ResultVar &r : s.results) {
    type(r.type);
    for (const Expr &lane : r.lanes)
      expr(lane);
  }
  for (const Block &b : s.blocks)
    block(b);
}

void Scan::run() {
  for (Scalar scalar : program.valueTypes)
    type(scalar);
  for (const Buffer &buffer : program.buffers)
    type(buffer.element);
  block(program.body);
  for (const Expr &result : program.results)
    expr(result);
  if (program.memoryBuffers.size() > program.buffers.size())
    set(Feature::Aliasing);
  for (unsigned arg = 0; arg < program.memoryBuffers.size(); ++arg) {
    const PointerArg *pointer = program.getPointer(arg);
    if (!pointer)
      continue;
    int64_t extent = program.buffers[program.memoryBuffers[arg]].extent;
    set(Feature::Pointer);
    if (pointer->origin > 0 && pointer->origin < extent)
      set(Feature::Interior);
    if (pointer->origin == extent)
      set(Feature::End);
    if (pointer->noalias && program.asKernel)
      set(Feature::Restrict);
  }
  if (program.asKernel)
    set(Feature::Kernel);
}

void FeatureCounts::add(const Program &program, bool negativeIndex) {
  Scan scan(program);
  scan.run();
  for (unsigned f = 0; f < unsigned(Feature::Count); ++f)
    counts[f] += scan.uses(Feature(f)) ||
                 (Feature(f) == Feature::Negative && negativeIndex);
}

void FeatureCounts::print(llvm::raw_ostream &os) const {
  auto n = [&](Feature feature) { return counts[unsigned(feature)]; };
  os << "programs using: i8 " << n(Feature::I8) << ", i16 " << n(Feature::I16)
     << ", i64 " << n(Feature::I64) << ", f64 " << n(Feature::F64)
     << ", f32<->f64 conversions " << n(Feature::FloatDouble)
     << ", int<->float conversions " << n(Feature::IntFloat)
     << ", unsigned ops (divui/remui/shrui/minui, unsigned compares) "
     << n(Feature::Unsigned) << ", shifts " << n(Feature::Shifts)
     << ", wrap-around add/sub/mul on i8/i16 " << n(Feature::WrapAround) << "\n"
     << "programs using: reverse for loops " << n(Feature::Reverse)
     << ", while loops with data-dependent exits " << n(Feature::DataWhile)
     << ", aliasing arguments " << n(Feature::Aliasing)
     << ", pointer arguments " << n(Feature::Pointer) << " (interior origin "
     << n(Feature::Interior) << ", end origin " << n(Feature::End)
     << ", a negative index reached " << n(Feature::Negative) << ")\n"
     << "programs using: kernels through loom-ownership-pipeline "
     << n(Feature::Kernel) << " (right parallel hints " << n(Feature::HintRight)
     << ", wrong parallel hints " << n(Feature::HintWrong)
     << ", __restrict pointers " << n(Feature::Restrict)
     << ", stores read back in a later iteration "
     << n(Feature::MemoryRecurrence) << ", reductions "
     << n(Feature::Reduction) << ")\n";
}

void printKernelReport(llvm::raw_ostream &os, const KernelReport &report) {
  os << "parallel hints: " << report.right << " right (" << report.rightProven
     << " proven independent, " << report.rightTrusted << " trusted, "
     << report.rightWarned << " warned), " << report.wrong << " wrong ("
     << report.wrongDiagnosed << " diagnosed, " << report.wrongTrusted
     << " run in parallel)\n"
     << "kernel pointer arguments: " << report.pointersBounded
     << " bound to their derived extents (loom.extent), "
     << report.pointersUnchecked << " unchecked\n"
     << "memory recurrences: " << report.loadsForwarded
     << " loads carried from an earlier iteration's store "
        "(loom-forward-loop-stores)\n"
     << "reductions: " << report.loopsSplit
     << " loops split into partial accumulators, " << report.reductionsKept
     << " float reductions kept in source order\n";
  if (report.regionsSplit)
    os << "split program: " << report.regionsSplit
       << " spatial regions split (at loop boundaries, around control flow, "
          "in halves)\n";
}

} // namespace loom::proptest
