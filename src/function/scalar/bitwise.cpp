// The bitwise operators on integers: a & b, a | b, xor(a, b) (PostgreSQL's a # b), ~a,
// a << n, a >> n, and bit_count(a). Every signed and unsigned integer type, the result of
// the operands' type.
//
// A shift keeps the type of the value shifted (the count is a BIGINT). Shifts follow
// PostgreSQL: they are bit operations, so bits shifted out of the type are lost
// (1::INTEGER << 31 is -2147483648, -1 << 2 is -4) and >> keeps the sign. A count outside
// 0 … width - 1 is an error: PostgreSQL leaves it to the C shift (undefined; in practice
// the count modulo the width), DuckDB raises one too.
#include <bit>

#include "function/scalar/scalar_functions.hpp"
#include "function/scalar/scalar_util.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

using namespace scalar;

/// The native integer a stored integer type computes in (128-bit for HUGEINT/UHUGEINT).
template <typename S>
struct Native {
  using type = S;
  static type Get(S v) { return v; }
};
template <>
struct Native<hugeint_t> {
  using type = int128;
  static type Get(hugeint_t v) { return v.Get(); }
};
template <>
struct Native<uhugeint_t> {
  using type = uint128;
  static type Get(uhugeint_t v) { return v.Get(); }
};

template <typename S>
S ShiftLeft(S stored, int64_t count, TypeId type) {
  using N = typename Native<S>::type;
  using U = std::make_unsigned_t<N>;
  const N value = Native<S>::Get(stored);
  constexpr int kWidth = static_cast<int>(sizeof(N) * 8);
  if (count < 0 || count >= kWidth) {
    throw OutOfRangeError(fmt::format("the shift count {} is out of range for {} (0 to {})", count,
                                      LogicalType(type).ToString(), kWidth - 1));
  }
  // In unsigned arithmetic: the bits shifted out are lost, never undefined behaviour.
  return static_cast<S>(static_cast<N>(static_cast<U>(value) << static_cast<int>(count)));
}

template <typename S>
S ShiftRight(S stored, int64_t count, TypeId type) {
  using N = typename Native<S>::type;
  const N value = Native<S>::Get(stored);
  constexpr int kWidth = static_cast<int>(sizeof(N) * 8);
  if (count < 0 || count >= kWidth) {
    throw OutOfRangeError(fmt::format("the shift count {} is out of range for {} (0 to {})", count,
                                      LogicalType(type).ToString(), kWidth - 1));
  }
  return static_cast<S>(value >> static_cast<int>(count));  // arithmetic for signed types
}

template <typename S>
int16_t BitCount(S stored) {
  using N = typename Native<S>::type;
  using U = std::make_unsigned_t<N>;
  const auto bits = static_cast<U>(Native<S>::Get(stored));
  if constexpr (sizeof(U) > 8) {
    return static_cast<int16_t>(std::popcount(static_cast<uint64_t>(bits)) +
                                std::popcount(static_cast<uint64_t>(bits >> 64)));
  } else {
    return static_cast<int16_t>(std::popcount(bits));
  }
}

enum class BitOp { kAnd, kOr, kXor };

template <typename S>
S Apply(BitOp op, S a_stored, S b_stored) {
  using N = typename Native<S>::type;
  const N a = Native<S>::Get(a_stored);
  const N b = Native<S>::Get(b_stored);
  switch (op) {
    case BitOp::kAnd:
      return static_cast<S>(static_cast<N>(a & b));
    case BitOp::kOr:
      return static_cast<S>(static_cast<N>(a | b));
    case BitOp::kXor:
      break;
  }
  return static_cast<S>(static_cast<N>(a ^ b));
}

ScalarFunctionSet BitOperation(const std::string& name, BitOp op) {
  ScalarFunctionSet set;
  set.name = name;
#define TEAL_BITWISE_OVERLOAD(ID, S)                                                               \
  set.overloads.push_back(MakeFunction(name, {LogicalType(ID), LogicalType(ID)}, LogicalType(ID),  \
                                       [op](const DataChunk& args, Vector& result, idx_t count) {  \
                                         BinaryLoop<S, S, S>(args, result, count, [op](S a, S b) { \
                                           return Apply(op, a, b);                                 \
                                         });                                                       \
                                       }));
  TEAL_FOR_EACH_INTEGER(TEAL_BITWISE_OVERLOAD)
#undef TEAL_BITWISE_OVERLOAD
  return set;
}

ScalarFunctionSet Shift(const std::string& name, bool left) {
  ScalarFunctionSet set;
  set.name = name;
#define TEAL_SHIFT_OVERLOAD(ID, S)                                                           \
  set.overloads.push_back(                                                                   \
      MakeFunction(name, {LogicalType(ID), LogicalType(TypeId::kBigInt)}, LogicalType(ID),   \
                   [left](const DataChunk& args, Vector& result, idx_t count) {              \
                     BinaryLoop<S, int64_t, S>(args, result, count, [left](S a, int64_t n) { \
                       return left ? ShiftLeft<S>(a, n, ID) : ShiftRight<S>(a, n, ID);       \
                     });                                                                     \
                   }));
  TEAL_FOR_EACH_INTEGER(TEAL_SHIFT_OVERLOAD)
#undef TEAL_SHIFT_OVERLOAD
  return set;
}

ScalarFunctionSet BitNot() {
  ScalarFunctionSet set;
  set.name = "~";
#define TEAL_NOT_OVERLOAD(ID, S)                                                                \
  set.overloads.push_back(MakeFunction("~", {LogicalType(ID)}, LogicalType(ID),                 \
                                       [](const DataChunk& args, Vector& result, idx_t count) { \
                                         UnaryLoop<S, S>(args, result, count, [](S a) {         \
                                           using N = typename Native<S>::type;                  \
                                           return static_cast<S>(                               \
                                               static_cast<N>(~Native<S>::Get(a)));             \
                                         });                                                    \
                                       }));
  TEAL_FOR_EACH_INTEGER(TEAL_NOT_OVERLOAD)
#undef TEAL_NOT_OVERLOAD
  return set;
}

ScalarFunctionSet BitCountSet() {
  ScalarFunctionSet set;
  set.name = "bit_count";
  // TINYINT, as DuckDB, but for the 128-bit types, which may have 128 bits set.
#define TEAL_BIT_COUNT_OVERLOAD(ID, S)                                                    \
  if constexpr (sizeof(S) > 8) {                                                          \
    set.overloads.push_back(MakeFunction(                                                 \
        "bit_count", {LogicalType(ID)}, LogicalType(TypeId::kSmallInt),                   \
        [](const DataChunk& args, Vector& result, idx_t count) {                          \
          UnaryLoop<S, int16_t>(args, result, count, [](S a) { return BitCount<S>(a); }); \
        }));                                                                              \
  } else {                                                                                \
    set.overloads.push_back(MakeFunction(                                                 \
        "bit_count", {LogicalType(ID)}, LogicalType(TypeId::kTinyInt),                    \
        [](const DataChunk& args, Vector& result, idx_t count) {                          \
          UnaryLoop<S, int8_t>(args, result, count,                                       \
                               [](S a) { return static_cast<int8_t>(BitCount<S>(a)); });  \
        }));                                                                              \
  }
  TEAL_FOR_EACH_INTEGER(TEAL_BIT_COUNT_OVERLOAD)
#undef TEAL_BIT_COUNT_OVERLOAD
  return set;
}

}  // namespace

void RegisterBitwiseOperators(FunctionCatalog& catalog) {
  catalog.AddScalarSet(BitOperation("&", BitOp::kAnd));
  catalog.AddScalarSet(BitOperation("|", BitOp::kOr));
  catalog.AddScalarSet(BitOperation("xor", BitOp::kXor));
  catalog.AddScalarSet(BitOperation("#", BitOp::kXor));  // PostgreSQL's XOR operator
  catalog.AddScalarSet(Shift("<<", /*left=*/true));
  catalog.AddScalarSet(Shift(">>", /*left=*/false));
  catalog.AddScalarSet(BitNot());
  catalog.AddScalarSet(BitCountSet());
}

}  // namespace teal
