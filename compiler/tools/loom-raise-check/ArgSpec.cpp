//===- ArgSpec.cpp - kernel argument specs of loom-raise-check ------------===//
//
// Part of the Loom project.
//
// Parsing of `--args`, deterministic buffer contents and value printing.
//
//===----------------------------------------------------------------------===//

#include "ArgSpec.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstring>
#include <limits>

using namespace llvm;
using namespace loom::raisecheck;

unsigned loom::raisecheck::getElementSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I8:
    return 1;
  case ElementKind::I16:
    return 2;
  case ElementKind::I32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::F64:
    return 8;
  }
  llvm_unreachable("unknown element kind");
}

bool loom::raisecheck::isFloatKind(ElementKind kind) {
  return kind == ElementKind::F32 || kind == ElementKind::F64;
}

static std::optional<ElementKind> parseKind(StringRef name) {
  return StringSwitch<std::optional<ElementKind>>(name)
      .Case("i8", ElementKind::I8)
      .Case("i16", ElementKind::I16)
      .Case("i32", ElementKind::I32)
      .Case("i64", ElementKind::I64)
      .Case("f32", ElementKind::F32)
      .Case("f64", ElementKind::F64)
      .Default(std::nullopt);
}

static Error makeError(StringRef entry, const Twine &what) {
  return createStringError(
      inconvertibleErrorCode(),
      "bad --args entry '" + entry + "': " + what +
          "; expected T[N], T[N]:range=LO..HI or T=VALUE with T one of "
          "i8 i16 i32 i64 f32 f64");
}

/// Parses `LO..HI` (numbers, maybe negative or fractional).
static bool parseRange(StringRef text, double &low, double &high) {
  size_t dots = text.find("..");
  if (dots == StringRef::npos)
    return false;
  return to_float(text.take_front(dots), low) &&
         to_float(text.drop_front(dots + 2), high) && low <= high;
}

/// Returns the bits of `text` read as a `kind` scalar, or std::nullopt.
static std::optional<uint64_t> parseScalar(ElementKind kind, StringRef text) {
  if (kind == ElementKind::F32 || kind == ElementKind::F64) {
    double value;
    if (!to_float(text, value))
      return std::nullopt;
    if (kind == ElementKind::F64)
      return llvm::bit_cast<uint64_t>(value);
    return llvm::bit_cast<uint32_t>(static_cast<float>(value));
  }
  int64_t value;
  if (text.getAsInteger(0, value))
    return std::nullopt;
  unsigned bits = getElementSize(kind) * 8;
  return bits == 64 ? static_cast<uint64_t>(value)
                    : static_cast<uint64_t>(value) & ((1ull << bits) - 1);
}

static Expected<ArgSpec> parseEntry(StringRef entry) {
  ArgSpec spec;
  StringRef text = entry.trim();
  size_t split = text.find_first_of("[=");
  if (split == StringRef::npos)
    return makeError(entry, "no '[' or '='");
  std::optional<ElementKind> kind = parseKind(text.take_front(split));
  if (!kind)
    return makeError(entry, "unknown type '" + text.take_front(split) + "'");
  spec.kind = *kind;
  if (text[split] == '=') {
    std::optional<uint64_t> bits =
        parseScalar(spec.kind, text.drop_front(split + 1));
    if (!bits)
      return makeError(entry, "the value is not a number of its type");
    spec.scalarBits = *bits;
    return spec;
  }
  spec.isBuffer = true;
  StringRef rest = text.drop_front(split + 1);
  size_t close = rest.find(']');
  if (close == StringRef::npos ||
      rest.take_front(close).getAsInteger(10, spec.count) || spec.count == 0)
    return makeError(entry, "the element count is not a positive integer");
  rest = rest.drop_front(close + 1);
  if (rest.empty())
    return spec;
  if (!rest.consume_front(":range=") || !parseRange(rest, spec.low, spec.high))
    return makeError(entry, "the suffix is not ':range=LO..HI' with LO <= HI");
  spec.hasRange = true;
  return spec;
}

Expected<SmallVector<ArgSpec>> loom::raisecheck::parseArgSpecs(StringRef text) {
  SmallVector<ArgSpec> specs;
  if (text.trim().empty())
    return specs;
  SmallVector<StringRef> entries;
  text.split(entries, ',');
  for (StringRef entry : entries) {
    Expected<ArgSpec> spec = parseEntry(entry);
    if (!spec)
      return spec.takeError();
    specs.push_back(*spec);
  }
  return specs;
}

/// SplitMix64: a small, well-mixed generator whose output depends only on
/// the seed, so every run and both executions see the same inputs.
static uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// Returns a pseudo-random integer in [low, high].
static int64_t randomInt(uint64_t &state, int64_t low, int64_t high) {
  uint64_t span = static_cast<uint64_t>(high) - static_cast<uint64_t>(low);
  uint64_t r = nextRandom(state);
  if (span != UINT64_MAX)
    r %= span + 1;
  return static_cast<int64_t>(static_cast<uint64_t>(low) + r);
}

/// `value` (integral) as an int64_t, saturated at its range: the bound
/// 9223372036854775807 of a range parses as the double 2^63, one past the
/// largest int64_t, and converting that is undefined behaviour (UBSan found
/// it; x86 gave INT64_MIN, so the range was one value).
static int64_t saturateToInt64(double value) {
  constexpr double kTwoTo63 = 9223372036854775808.0;
  if (std::isnan(value))
    return 0;
  if (value >= kTwoTo63)
    return std::numeric_limits<int64_t>::max();
  if (value <= -kTwoTo63)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

/// The guard pattern of the red zones.
static constexpr uint64_t kRedZonePattern = 0xa5a5a5a5a5a5a5a5ull;

bool Buffer::hasIntactRedZones() const {
  size_t zone = kRedZoneBytes / 8;
  for (size_t i = 0; i < zone; ++i)
    if (storage[i] != kRedZonePattern ||
        storage[storage.size() - 1 - i] != kRedZonePattern)
      return false;
  return true;
}

Buffer loom::raisecheck::makeBuffer(const ArgSpec &spec, uint64_t seed,
                                    unsigned index) {
  unsigned size = getElementSize(spec.kind);
  Buffer buffer{spec.kind, spec.count, {}};
  size_t words = (spec.count * size + 7) / 8;
  buffer.storage.assign(words + 2 * (kRedZoneBytes / 8), kRedZonePattern);
  std::memset(buffer.data(), 0, words * 8);
  uint64_t state = seed * 0x2545f4914f6cdd1dull + index + 1;
  auto *bytes = static_cast<uint8_t *>(buffer.data());
  for (uint64_t i = 0; i < spec.count; ++i) {
    uint8_t *element = bytes + i * size;
    if (isFloatKind(spec.kind)) {
      double low = spec.hasRange ? spec.low : -16.0;
      double high = spec.hasRange ? spec.high : 16.0;
      // On a grid of 1/64: exact in f32 and f64 for the default range.
      int64_t steps = saturateToInt64(std::floor((high - low) * 64));
      double value = low + randomInt(state, 0, steps) / 64.0;
      if (spec.kind == ElementKind::F32) {
        float narrow = static_cast<float>(value);
        std::memcpy(element, &narrow, 4);
      } else {
        std::memcpy(element, &value, 8);
      }
      continue;
    }
    int64_t low, high;
    if (spec.hasRange) {
      low = saturateToInt64(std::ceil(spec.low));
      high = saturateToInt64(std::floor(spec.high));
    } else if (size <= 2) {
      low = -(int64_t(1) << (size * 8 - 1));
      high = (int64_t(1) << (size * 8 - 1)) - 1;
    } else {
      low = -1000;
      high = 1000;
    }
    uint64_t value = static_cast<uint64_t>(randomInt(state, low, high));
    std::memcpy(element, &value, size); // little-endian: the low bytes
  }
  return buffer;
}

void loom::raisecheck::printValue(raw_ostream &os, ElementKind kind,
                                  uint64_t bits) {
  unsigned size = getElementSize(kind);
  if (size < 8)
    bits &= (1ull << (size * 8)) - 1;
  switch (kind) {
  case ElementKind::F32:
    os << format("%.9g", llvm::bit_cast<float>(static_cast<uint32_t>(bits)));
    break;
  case ElementKind::F64:
    os << format("%.17g", llvm::bit_cast<double>(bits));
    break;
  default:
    os << SignExtend64(bits, size * 8);
    break;
  }
  os << " (0x" << format_hex_no_prefix(bits, size * 2) << ")";
}

void loom::raisecheck::printElement(raw_ostream &os, const Buffer &buffer,
                                    uint64_t index) {
  unsigned size = getElementSize(buffer.kind);
  uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const uint8_t *>(buffer.data()) + index * size,
              size);
  printValue(os, buffer.kind, bits);
}
