// string_agg(s, sep) / group_concat: the non-NULL values of s joined in input order.
//
// As in PostgreSQL, the separator written before a value is the one of that value's
// row (a NULL separator counts as ''); the first value's separator is dropped.
// string_agg(s) joins with ',' (DuckDB's default; PostgreSQL requires the separator).
// The state keeps the first value's separator apart from the text, so that combining
// two partial states puts the right separator between them.
//
// The joined text grows with the data, so it lives in memory from the block allocator:
// it counts against memory_limit, and reaching the limit is an OutOfMemoryError at the
// row that crossed it, not a process grown past the limit by a std::string.
#include <fmt/format.h>

#include <cstring>
#include <limits>

#include "common/block_allocator.hpp"
#include "common/byte_size.hpp"
#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

/// A growable byte string in accounted memory (BlockAllocator). Not copyable.
class AccountedText {
 public:
  AccountedText() = default;
  AccountedText(const AccountedText&) = delete;
  AccountedText& operator=(const AccountedText&) = delete;
  ~AccountedText() { BlockAllocator::Instance().Free(data_, capacity_); }

  std::string_view View() const { return {data_, size_}; }

  /// Throws OutOfMemoryError past the memory_limit, OutOfRangeError past the longest
  /// string a VARCHAR holds; the text is unchanged then.
  void Append(std::string_view piece) {
    if (piece.size() > capacity_ - size_) Grow(piece.size());
    if (!piece.empty()) std::memcpy(data_ + size_, piece.data(), piece.size());
    size_ += piece.size();
  }

 private:
  static constexpr size_t kMaxLength = std::numeric_limits<uint32_t>::max();

  void Grow(size_t more) {
    if (more > kMaxLength - size_) {
      throw OutOfRangeError(
          fmt::format("string_agg: the result would be longer than {}, the most a string can hold",
                      FormatByteSize(kMaxLength)));
    }
    const size_t needed = size_ + more;
    // Doubling keeps appends amortised O(1); the cap keeps the last step from asking for
    // far more than a string may hold.
    size_t capacity = std::max<size_t>({needed, capacity_ * 2, 64});
    capacity = std::min(capacity, std::max(needed, kMaxLength));
    auto* fresh = static_cast<char*>(BlockAllocator::Instance().Allocate(capacity));
    if (size_) std::memcpy(fresh, data_, size_);
    BlockAllocator::Instance().Free(data_, capacity_);
    data_ = fresh;
    capacity_ = capacity;
  }

  char* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

struct StringAggState {
  AccountedText text;  // the joined values, without first_separator in front
  std::string first_separator;
  bool has_value = false;
};

void Append(StringAggState& s, std::string_view value, std::string_view separator) {
  if (s.has_value) {
    s.text.Append(separator);
  } else {
    s.first_separator.assign(separator);
    s.has_value = true;
  }
  s.text.Append(value);
}

/// `with_separator`: the two-argument form; otherwise every separator is ','.
AggregateFunction StringAgg(std::string name, bool with_separator) {
  std::vector<LogicalType> arguments{TypeId::kVarchar};
  if (with_separator) arguments.emplace_back(TypeId::kVarchar);
  auto f = aggregate::MakeAggregate(std::move(name), std::move(arguments), TypeId::kVarchar);
  aggregate::SetStateLifetime<StringAggState>(f);
  // A NULL separator must not drop the row, so NULLs are skipped here instead.
  f.ignores_nulls = false;
  f.skips_null_first_argument = true;
  f.update = [with_separator](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& values = args.data[0];
    const string_t* in = values.Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      if (!values.RowIsValid(i)) continue;
      std::string_view separator = ",";
      if (with_separator) {
        const Vector& separators = args.data[1];
        separator = separators.RowIsValid(i) ? separators.Values<string_t>()[i].View() : "";
      }
      Append(StateAt<StringAggState>(states[i]), in[i].View(), separator);
    }
  };
  f.order_dependent = true;
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<StringAggState>(source);
    if (src.has_value) {
      Append(StateAt<StringAggState>(target), src.text.View(), src.first_separator);
    }
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    auto* out = result.Values<string_t>();
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<StringAggState>(states[i]);
      if (s.has_value) {
        out[offset + i] = result.AddString(s.text.View());
      } else {
        result.SetNull(offset + i);
      }
    }
  };
  return f;
}
}  // namespace

void RegisterStringAggFunctions(FunctionCatalog& catalog) {
  for (const char* name : {"string_agg", "group_concat", "listagg"}) {
    AggregateFunctionSet set;
    set.name = name;
    set.overloads = {StringAgg(name, true), StringAgg(name, false)};
    // A value of another type joins as its text (DuckDB's string_agg(ANY, VARCHAR)); the
    // binder casts it.
    set.resolve =
        [name = std::string(name)](
            const std::vector<LogicalType>& arguments) -> std::optional<AggregateFunction> {
      if (arguments.empty() || arguments.size() > 2) return std::nullopt;
      const TypeId id = arguments[0].Id();
      if (id == TypeId::kVarchar || id == TypeId::kSqlNull || id == TypeId::kBlob)
        return std::nullopt;
      if (arguments.size() == 2 && arguments[1].Id() != TypeId::kVarchar &&
          arguments[1].Id() != TypeId::kSqlNull) {
        return std::nullopt;
      }
      return StringAgg(name, arguments.size() == 2);
    };
    catalog.AddAggregateSet(std::move(set));
  }
}

}  // namespace teal
