//===- HoistEntryConstants.cpp - entry constants into launch inputs ------===//
//
// Part of the Loom project.
//
//   dataflow.graph @g(%start) values(%x) {      dataflow.graph @g(%start)
//     %c = dataflow.constant %start              values(%x, %c) {
//         {value = 0 : i32}                 =>     use(%c)
//     use(%c)                                   }
//   }                                           %c0 = arith.constant 0 : i32
//   dataflow.graph.launch @g values(%x)         dataflow.graph.launch @g
//                                                   values(%x, %c0)
//
// A constant fired by %start emits one token per start token, and a value
// input delivers one token per launch (per instance of a dense launch), so
// the two compute the same streams. The difference is on the fabric: the
// constant is an actor that takes a unit and whose value is routed to each
// consumer, often many spread over the mesh, while a value input is seeded
// at its consumers with the launch (no unit, no net). Dense graphs fail to
// route on wide entry-constant nets; this pass removes them.
//
//===----------------------------------------------------------------------===//

#include "loom/Conversion/SCFToDataflow/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/Debug.h"

namespace loom::conversion {
#define GEN_PASS_DEF_HOISTENTRYCONSTANTSPASS
#include "loom/Conversion/SCFToDataflow/Passes.h.inc"
} // namespace loom::conversion

#define DEBUG_TYPE "loom-hoist-entry-constants"

using namespace mlir;
using namespace loom;
namespace dataflow = loom::dataflow;

/// The launches of `graph`, or nothing if any use of its symbol is not the
/// callee of a `dataflow.graph.launch`: such a use (or one the symbol table
/// cannot enumerate) might bind the graph's signature without supplying the
/// new inputs.
static std::optional<SmallVector<dataflow::GraphLaunchOp>>
getUpdatableLaunches(dataflow::GraphOp graph, ModuleOp module) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(graph, &module.getBodyRegion());
  if (!uses)
    return std::nullopt;
  SmallVector<dataflow::GraphLaunchOp> launches;
  for (const SymbolTable::SymbolUse &use : *uses) {
    auto launch = dyn_cast<dataflow::GraphLaunchOp>(use.getUser());
    if (!launch || use.getSymbolRef() != launch.getCalleeAttr())
      return std::nullopt;
    launches.push_back(launch);
  }
  return launches;
}

/// Whether `constant` can become a value input: a scalar that a value port
/// takes and that `arith.constant` can hold at the launch.
static bool isHoistable(dataflow::ConstantOp constant) {
  Type type = constant.getType();
  return type.isIntOrIndexOrFloat() &&
         arith::ConstantOp::isBuildableWith(constant.getValue(), type);
}

/// Moves the entry constants of `graph` to value inputs bound by every one
/// of `launches`.
static void hoistEntryConstants(dataflow::GraphOp graph,
                                ArrayRef<dataflow::GraphLaunchOp> launches) {
  Block &entry = graph.getBody().front();
  Value start = graph.getStart();
  // Distinct (value, type) in order of first occurrence, each with the
  // constants it replaces; the order fixes the new inputs' positions.
  llvm::MapVector<std::pair<Attribute, Type>,
                  SmallVector<dataflow::ConstantOp, 1>>
      distinct;
  for (Operation &op : entry.without_terminator()) {
    auto constant = dyn_cast<dataflow::ConstantOp>(op);
    if (constant && constant.getCtrl() == start && isHoistable(constant))
      distinct[{constant.getValue(), constant.getType()}].push_back(constant);
  }
  if (distinct.empty())
    return;

  // Signature: the new inputs close the values segment, before streams and
  // memories. Block argument 0 is %start, so payload input i is argument
  // i + 1.
  ArrayRef<int32_t> segments = graph.getInputSegments();
  unsigned insertAt = segments[0];
  SmallVector<Type> inputs(graph.getFunctionType().getInputs());
  SmallVector<Type> newTypes;
  for (auto &entryConstants : distinct)
    newTypes.push_back(entryConstants.first.second);
  inputs.insert(inputs.begin() + insertAt, newTypes.begin(), newTypes.end());
  graph.setFunctionType(FunctionType::get(
      graph.getContext(), inputs, graph.getFunctionType().getResults()));
  SmallVector<int32_t> newSegments(segments);
  newSegments[0] += newTypes.size();
  graph.setInputSegments(newSegments);
  if (ArrayAttr argAttrs = graph.getArgAttrsAttr()) {
    SmallVector<Attribute> attrs(argAttrs.getValue());
    attrs.insert(attrs.begin() + insertAt, newTypes.size(),
                 DictionaryAttr::get(graph.getContext()));
    graph.setArgAttrsAttr(ArrayAttr::get(graph.getContext(), attrs));
  }
  for (auto [i, entryConstants] : llvm::enumerate(distinct)) {
    dataflow::ConstantOp first = entryConstants.second.front();
    BlockArgument arg =
        entry.insertArgument(1 + insertAt + i, newTypes[i], first.getLoc());
    for (dataflow::ConstantOp constant : entryConstants.second) {
      constant.getResult().replaceAllUsesWith(arg);
      constant.erase();
    }
  }

  // Every launch supplies the values, computed right before it so they are
  // in scope wherever the launch is (thread body, nested host region).
  for (dataflow::GraphLaunchOp launch : launches) {
    OpBuilder builder(launch);
    SmallVector<Value> values;
    for (auto &entryConstants : distinct)
      values.push_back(arith::ConstantOp::create(
          builder, launch.getLoc(),
          cast<TypedAttr>(entryConstants.first.first)));
    launch.getValueInputsMutable().append(values);
  }
  LLVM_DEBUG(llvm::dbgs() << "@" << graph.getSymName() << ": "
                          << newTypes.size() << " entry constant value(s) "
                          << "hoisted into " << launches.size()
                          << " launch(es)\n");
}

namespace {
struct HoistEntryConstantsPass
    : loom::conversion::impl::HoistEntryConstantsPassBase<
          HoistEntryConstantsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto graph : module.getOps<dataflow::GraphOp>()) {
      std::optional<SmallVector<dataflow::GraphLaunchOp>> launches =
          getUpdatableLaunches(graph, module);
      if (!launches) {
        // Changing the signature would break a binding this pass cannot
        // update, so the graph keeps its constants.
        LLVM_DEBUG(llvm::dbgs() << "@" << graph.getSymName()
                                << ": a symbol use is not a graph launch; "
                                   "entry constants kept\n");
        continue;
      }
      hoistEntryConstants(graph, *launches);
    }
  }
};
} // namespace
