//===- SimInputs.h - loom-sim's JSON inputs and outputs ----------*- C++
//-*-===//
//
// Part of the Loom project.
//
// The inputs file of loom-sim (docs/simulator.md "loom-sim"): value inputs
// typed by the graph or function signature, memories (element type, shape,
// elements, or an alias of an earlier memory) and streams; and the JSON form
// of the tokens loom-sim prints.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_SIM_TOOLS_SIMINPUTS_H
#define LOOM_SIM_TOOLS_SIMINPUTS_H

#include "loom/Sim/MemoryBuffer.h"
#include "loom/Sim/TokenValue.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/JSON.h"

#include <memory>

namespace loom::sim {

/// The parsed inputs file. Values and streams are kept as JSON until the
/// graph or function that types them is known.
struct SimInputs {
  llvm::json::Array values;
  llvm::SmallVector<llvm::json::Array> streams;
  /// One buffer per memory entry; an alias entry repeats an earlier buffer.
  llvm::SmallVector<std::shared_ptr<MemoryBuffer>> memories;
};

/// Parses the inputs file text; `source` names it in errors.
llvm::Expected<SimInputs> parseSimInputs(llvm::StringRef text,
                                         llvm::StringRef source,
                                         mlir::MLIRContext *context);

/// Converts the JSON values of `items` to tokens of `types` (equal counts);
/// `what` names the list in errors ("values", "streams[1]").
llvm::Expected<llvm::SmallVector<TokenValue>>
convertTokens(const llvm::json::Array &items, llvm::ArrayRef<mlir::Type> types,
              llvm::StringRef what);

/// A token as JSON: integers as numbers (i1 as 0/1), finite floats as
/// numbers, "nan", "inf", "-inf", "poison" and "none" as strings.
llvm::json::Value tokenToJSON(const TokenValue &token);

} // namespace loom::sim

#endif // LOOM_SIM_TOOLS_SIMINPUTS_H
