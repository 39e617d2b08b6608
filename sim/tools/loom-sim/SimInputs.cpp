//===- SimInputs.cpp - loom-sim's JSON inputs and outputs -----------------===//
//
// Part of the Loom project.
//
//===----------------------------------------------------------------------===//

#include "SimInputs.h"

#include "loom/Support/BoundedJSON.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace loom::sim;
namespace json = llvm::json;

static llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// The literal text of a JSON input value, for parseTokenLiteral.
static llvm::Expected<std::string> getLiteralText(const json::Value &value,
                                                  llvm::StringRef what) {
  if (std::optional<int64_t> integer = value.getAsInteger())
    return std::to_string(*integer);
  if (std::optional<double> number = value.getAsNumber())
    return llvm::formatv("{0:e16}", *number).str();
  if (std::optional<bool> boolean = value.getAsBoolean())
    return std::string(*boolean ? "true" : "false");
  if (std::optional<llvm::StringRef> text = value.getAsString())
    return text->str();
  if (value.getAsNull())
    return std::string("none");
  return fail(what + ": expected a number, a boolean, a string or null");
}

llvm::Expected<llvm::SmallVector<TokenValue>>
loom::sim::convertTokens(const json::Array &items, ArrayRef<Type> types,
                         llvm::StringRef what) {
  if (items.size() != types.size())
    return fail(what + ": expected " + llvm::Twine(types.size()) +
                " values, got " + llvm::Twine(items.size()));
  llvm::SmallVector<TokenValue> tokens;
  for (auto [i, item] : llvm::enumerate(items)) {
    std::string where = (what + "[" + llvm::Twine(i) + "]").str();
    llvm::Expected<std::string> text = getLiteralText(item, where);
    if (!text)
      return text.takeError();
    llvm::Expected<TokenValue> token = parseTokenLiteral(*text, types[i]);
    if (!token)
      return fail(where + ": " + llvm::toString(token.takeError()));
    tokens.push_back(*token);
  }
  return tokens;
}

/// One entry of "memories": {"type", "shape", "data"} or {"alias": k}.
static llvm::Error parseMemory(const json::Value &entry, unsigned index,
                               MLIRContext *context, SimInputs &inputs) {
  std::string where = ("memories[" + llvm::Twine(index) + "]").str();
  const json::Object *object = entry.getAsObject();
  if (!object)
    return fail(where + ": expected an object");
  if (std::optional<int64_t> alias = object->getInteger("alias")) {
    if (*alias < 0 || *alias >= int64_t(index))
      return fail(where + ": alias " + llvm::Twine(*alias) +
                  " does not name an earlier memory");
    inputs.memories.push_back(inputs.memories[*alias]);
    return llvm::Error::success();
  }
  std::optional<llvm::StringRef> typeText = object->getString("type");
  if (!typeText)
    return fail(where + ": expected \"type\" (an element type such as i32) "
                        "or \"alias\"");
  Type elementType = parseType(*typeText, context);
  if (!elementType || !isSupportedTokenType(elementType) ||
      isa<NoneType>(elementType))
    return fail(where + ".type: '" + *typeText +
                "' is not a supported element type");
  const json::Array *data = object->getArray("data");
  llvm::SmallVector<int64_t> extents;
  if (const json::Array *shape = object->getArray("shape")) {
    for (const json::Value &extent : *shape) {
      std::optional<int64_t> value = extent.getAsInteger();
      if (!value || *value < 0)
        return fail(where + ".shape: extents are non-negative integers");
      extents.push_back(*value);
    }
  } else if (data) {
    extents.push_back(data->size());
  } else {
    return fail(where + ": expected \"shape\" or \"data\"");
  }
  auto buffer = std::make_shared<MemoryBuffer>(elementType, extents);
  if (data) {
    SmallVector<Type> types(buffer->getNumElements(), elementType);
    llvm::Expected<llvm::SmallVector<TokenValue>> tokens =
        convertTokens(*data, types, where + ".data");
    if (!tokens)
      return tokens.takeError();
    for (auto [i, token] : llvm::enumerate(*tokens))
      buffer->setElement(i, token);
  }
  inputs.memories.push_back(std::move(buffer));
  return llvm::Error::success();
}

llvm::Expected<SimInputs> loom::sim::parseSimInputs(llvm::StringRef text,
                                                    llvm::StringRef source,
                                                    MLIRContext *context) {
  llvm::Expected<json::Value> root = loom::parseBoundedJSON(text);
  if (!root)
    return fail(source + ": invalid JSON: " + llvm::toString(root.takeError()));
  const json::Object *object = root->getAsObject();
  if (!object)
    return fail(source + ": expected an object with \"values\", "
                         "\"memories\" and \"streams\"");
  for (const auto &[key, value] : *object)
    if (key != "values" && key != "memories" && key != "streams")
      return fail(source + ": unknown key \"" + key.str() +
                  "\" (expected \"values\", \"memories\", \"streams\")");
  SimInputs inputs;
  if (const json::Value *values = object->get("values")) {
    if (!values->getAsArray())
      return fail(source + ": \"values\" must be an array");
    inputs.values = *values->getAsArray();
  }
  if (const json::Value *streams = object->get("streams")) {
    const json::Array *array = streams->getAsArray();
    if (!array)
      return fail(source + ": \"streams\" must be an array of arrays");
    for (const json::Value &stream : *array) {
      if (!stream.getAsArray())
        return fail(source + ": \"streams\" must be an array of arrays");
      inputs.streams.push_back(*stream.getAsArray());
    }
  }
  if (const json::Value *memories = object->get("memories")) {
    const json::Array *array = memories->getAsArray();
    if (!array)
      return fail(source + ": \"memories\" must be an array");
    for (auto [i, entry] : llvm::enumerate(*array))
      if (llvm::Error error = parseMemory(entry, i, context, inputs))
        return fail(source + ": " + llvm::toString(std::move(error)));
  }
  return std::move(inputs);
}

json::Value loom::sim::tokenToJSON(const TokenValue &token) {
  if (token.isPoison())
    return "poison";
  if (token.isNone())
    return "none";
  if (token.isInteger()) {
    const llvm::APInt &bits = token.getInteger();
    if (bits.getBitWidth() == 1)
      return int64_t(bits.getZExtValue());
    return bits.getSExtValue();
  }
  llvm::APFloat value = token.getFloat();
  bool losesInfo = false;
  (void)value.convert(llvm::APFloat::IEEEdouble(),
                      llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  double number = value.convertToDouble();
  if (std::isnan(number))
    return "nan";
  if (std::isinf(number))
    return number < 0 ? "-inf" : "inf";
  return number;
}
