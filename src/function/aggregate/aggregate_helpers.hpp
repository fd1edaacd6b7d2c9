// Building blocks shared by the aggregate families: typed access to a state slot, the
// lifetime callbacks for a state that is a C++ object, and per-type comparators.
//
// A state is a C++ struct placed into the operator's state_size bytes: initialize
// placement-news it (the operator runs no constructor) and destroy, set only when the
// struct is not trivially destructible, runs its destructor. The operator aligns every
// state to 16 bytes, enough for int128 and std::string.
#pragma once

#include <fmt/format.h>

#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <type_traits>
#include <vector>

#include "common/accounted_allocator.hpp"
#include "common/block_allocator.hpp"
#include "function/function.hpp"
#include "teal/error.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"
#include "vector/vector_compare.hpp"

namespace teal::aggregate {

// AccountedAllocator and AccountedVector (common/accounted_allocator.hpp) hold the
// states' containers that grow with the data.
using teal::AccountedAllocator;
using teal::AccountedVector;

template <typename State>
State& StateAt(data_ptr_t p) {
  return *std::launder(reinterpret_cast<State*>(p));
}

/// Sets state_size, initialize and (for states owning memory) destroy for `State`.
template <typename State>
void SetStateLifetime(AggregateFunction& f) {
  static_assert(alignof(State) <= 16, "the aggregate operator aligns states to 16 bytes");
  f.state_size = sizeof(State);
  f.initialize = [](data_ptr_t p) { new (p) State(); };
  if constexpr (!std::is_trivially_destructible_v<State>) {
    f.destroy = [](data_ptr_t p) { StateAt<State>(p).~State(); };
  } else {
    f.destroy = nullptr;
  }
}

/// Appends row `row` of `rows` (its first into.ColumnCount() columns) to `into`, which has
/// room for it: how the states that keep their rows (ORDER BY, DISTINCT) take one.
inline void AppendRow(DataChunk& into, const DataChunk& rows, idx_t row) {
  SelectionVector one(1);
  one.Set(0, row);
  for (idx_t c = 0; c < into.ColumnCount(); c++) {
    into.data[c].CopyFrom(rows.data[c], one, 1, 0, into.size());
  }
  into.SetCardinality(into.size() + 1);
}

/// A fresh AggregateFunction with name, arguments and return type set.
inline AggregateFunction MakeAggregate(std::string name, std::vector<LogicalType> arguments,
                                       LogicalType return_type) {
  AggregateFunction f;
  f.name = std::move(name);
  f.arguments = std::move(arguments);
  f.return_type = std::move(return_type);
  return f;
}

/// The type an untyped NULL argument is treated as (count, min, list… of NULL).
inline LogicalType OrInteger(const LogicalType& type) {
  return type.Id() == TypeId::kSqlNull ? LogicalType(TypeId::kInteger) : type;
}

/// The SQL ordering of one stored layout: a struct with static Cmp(a, b) -> -1/0/1.
/// TIMETZ and INTERVAL do not compare by their raw bits; floats order NaN last.
template <typename T>
struct ComparatorOf {
  using type = PlainCompare<T>;
};
template <>
struct ComparatorOf<interval_t> {
  using type = IntervalCompare;
};

/// Calls f.template operator()<T, Compare>() with the layout and SQL ordering of `type`,
/// for every fixed-width type (not VARCHAR/BLOB or LIST).
template <typename F>
decltype(auto) DispatchOrdered(const LogicalType& type, F&& f) {
  if (type.Id() == TypeId::kTimeTz) return f.template operator()<uint64_t, TimeTzCompare>();
  return DispatchFixedWidth(type.Physical(), [&]<typename T>() -> decltype(auto) {
    return f.template operator()<T, typename ComparatorOf<T>::type>();
  });
}

/// True for types stored inline (one fixed-width value per row).
inline bool IsFixedWidth(const LogicalType& type) {
  return type.Physical() != PhysicalType::kVarchar && type.Physical() != PhysicalType::kList &&
         type.Physical() != PhysicalType::kStruct && type.Physical() != PhysicalType::kInvalid;
}

// Value kinds: how an aggregate reads one row of a column, keeps a copy in its state,
// compares and writes it back. Each has
//   Stored                      what the state holds (owning: strings are copied)
//   Input Read(vector, row)     a row, cheap to get (strings as views into the vector)
//   void Store(Stored&, Input)  keeps a copy
//   int Cmp(Input, Stored)      SQL ordering (only for ordered kinds)
//   void Write(result, row, Stored)

/// A fixed-width layout T ordered by Compare.
template <typename T, typename Compare = PlainCompare<T>>
struct FixedKind {
  using Stored = T;
  using Input = T;
  static Input Read(const Vector& v, idx_t row) { return v.Values<T>()[row]; }
  static void Store(Stored& dst, const Input& src) { dst = src; }
  static int Cmp(const Input& a, const Stored& b) { return Compare::Cmp(a, b); }
  static void Write(Vector& result, idx_t row, const Stored& v) { result.Values<T>()[row] = v; }
};

/// VARCHAR and BLOB: the state owns a std::string, so the value outlives its chunk.
struct StringKind {
  using Stored = std::string;
  using Input = std::string_view;
  static Input Read(const Vector& v, idx_t row) { return v.Values<string_t>()[row].View(); }
  static void Store(Stored& dst, const Input& src) { dst.assign(src); }
  static int Cmp(const Input& a, const Stored& b) {
    int c = a.compare(b);
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  static void Write(Vector& result, idx_t row, const Stored& v) {
    result.Values<string_t>()[row] = result.AddString(v);
  }
};

/// LIST (and anything without a faster path): a Value per kept row. Slow but general.
struct ValueKind {
  using Stored = Value;
  using Input = Value;
  static Input Read(const Vector& v, idx_t row) { return v.GetValue(row); }
  static void Store(Stored& dst, const Input& src) { dst = src; }
  static int Cmp(const Input& a, const Stored& b) { return CompareValues(a, b); }
  static void Write(Vector& result, idx_t row, const Stored& v) { result.SetValue(row, v); }
};

/// N raw bytes of a fixed-width layout: for values that are only carried, never compared.
template <size_t N>
struct BytesKind {
  struct alignas(N) Stored {
    uint8_t bytes[N];
  };
  using Input = Stored;
  static Input Read(const Vector& v, idx_t row) {
    Stored s;
    std::memcpy(s.bytes, v.Data() + row * N, N);
    return s;
  }
  static void Store(Stored& dst, const Input& src) { dst = src; }
  static void Write(Vector& result, idx_t row, const Stored& v) {
    std::memcpy(result.Data() + row * N, v.bytes, N);
  }
};

/// Calls f.template operator()<Kind>() with the ordered kind of `type`.
template <typename F>
decltype(auto) DispatchOrderedKind(const LogicalType& type, F&& f) {
  if (type.Physical() == PhysicalType::kVarchar) return f.template operator()<StringKind>();
  if (type.Physical() == PhysicalType::kList || type.Physical() == PhysicalType::kStruct) {
    return f.template operator()<ValueKind>();
  }
  return DispatchOrdered(type, [&]<typename T, typename C>() -> decltype(auto) {
    return f.template operator()<FixedKind<T, C>>();
  });
}

/// Calls f.template operator()<Kind>() with a carrying kind of `type` (by width only).
template <typename F>
decltype(auto) DispatchCarriedKind(const LogicalType& type, F&& f) {
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      return f.template operator()<StringKind>();
    case PhysicalType::kList:
    case PhysicalType::kStruct:
      return f.template operator()<ValueKind>();
    default:
      break;
  }
  switch (PhysicalTypeSize(type.Physical())) {
    case 1:
      return f.template operator()<BytesKind<1>>();
    case 2:
      return f.template operator()<BytesKind<2>>();
    case 4:
      return f.template operator()<BytesKind<4>>();
    case 8:
      return f.template operator()<BytesKind<8>>();
    case 16:
      return f.template operator()<BytesKind<16>>();
    default:
      throw InternalError(fmt::format("no carried layout for {}", type.ToString()));
  }
}

/// A count argument of the top-n aggregates (min/max and arg_min/arg_max with n,
/// approx_top_k), read from row `row`: 1 to 999,999, else an error in DuckDB's words
/// naming `function` and the argument (`argument`: "n" or "k").
inline int64_t ReadCountArgument(const Vector& counts, idx_t row, std::string_view function,
                                 std::string_view argument) {
  constexpr int64_t kLimit = 1'000'000;
  if (!counts.RowIsValid(row)) {
    throw InvalidInputError(
        fmt::format("Invalid input for {}: {} value cannot be NULL", function, argument));
  }
  const int64_t value = counts.Values<int64_t>()[row];
  if (value <= 0) {
    throw InvalidInputError(
        fmt::format("Invalid input for {}: {} value must be > 0", function, argument));
  }
  if (value >= kLimit) {
    throw InvalidInputError(
        fmt::format("Invalid input for {}: {} value must be < {}", function, argument, kLimit));
  }
  return value;
}

/// Writes row `row` of the LIST vector `result` as `n` elements appended to its child:
/// fill(child, at, k) writes element k into child row `at`.
template <typename Fill>
void WriteListRow(Vector& result, idx_t row, idx_t n, Fill&& fill) {
  const idx_t start = result.ListSize();
  result.SetListSize(start + n);
  Vector& child = result.ListChild();
  for (idx_t k = 0; k < n; k++) fill(child, start + k, k);
  result.SetNull(row, false);
  result.Values<list_entry_t>()[row] = {start, n};
}

/// Writes row `row` of the LIST vector `result` as NULL.
inline void WriteNullListRow(Vector& result, idx_t row) {
  result.SetNull(row);
  result.Values<list_entry_t>()[row] = {result.ListSize(), 0};
}

}  // namespace teal::aggregate
