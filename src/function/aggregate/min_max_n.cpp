// The "top n" aggregates, which give a LIST: min(x, n) / max(x, n) — the n least / greatest
// values, in that order — and arg_min(arg, val, n) / arg_max(arg, val, n) (also min_by,
// max_by, argmin, argmax) — the args of the n rows with the least / greatest val, in val's
// order; arg_min_nulls_last(arg, val, n) / arg_max_nulls_last keep rows whose arg or val
// is NULL (a NULL val after every other). DuckDB's functions and error words.
//
// Rows with a NULL value (or a NULL arg or val: arg_min / arg_max) are skipped; without a
// row left the result is NULL. Among
// equal vals the row that came first wins (the aggregate is order dependent, so rows
// arrive in order). n is the first row's (a constant in practice), 1 to 999,999.
//
// The state is a heap of at most n entries with the worst on top, each with its arrival
// number; finalize sorts them best first.
#include <algorithm>

#include "function/aggregate/aggregate_helpers.hpp"
#include "function/aggregate/aggregates.hpp"

namespace teal {

namespace {
using aggregate::StateAt;

template <typename ArgKind, typename KeyKind>
struct TopEntry {
  typename KeyKind::Stored key{};
  typename ArgKind::Stored arg{};
  int64_t seq = 0;
  bool key_null = false;
  bool arg_null = false;
};

template <typename ArgKind, typename KeyKind>
struct TopState {
  aggregate::AccountedVector<TopEntry<ArgKind, KeyKind>> heap;  // the worst kept entry first
  int64_t n = 0;                                                // 0 until the first row
  int64_t rows = 0;                                             // arrival numbers handed out
};

/// Whether `a` comes before `b` in the result: by val (NULL last), then by arrival.
template <typename ArgKind, typename KeyKind, bool kMax>
struct Before {
  bool operator()(const TopEntry<ArgKind, KeyKind>& a, const TopEntry<ArgKind, KeyKind>& b) const {
    if (a.key_null != b.key_null) return b.key_null;
    if (!a.key_null) {
      const int c = KeyKind::Cmp(a.key, b.key);
      if (c != 0) return kMax ? c > 0 : c < 0;
    }
    return a.seq < b.seq;
  }
};

/// Keeps `entry` if it is among the n best so far.
template <typename ArgKind, typename KeyKind, bool kMax>
void Offer(TopState<ArgKind, KeyKind>& s, TopEntry<ArgKind, KeyKind>&& entry) {
  const Before<ArgKind, KeyKind, kMax> before;
  if (static_cast<int64_t>(s.heap.size()) < s.n) {
    s.heap.push_back(std::move(entry));
    std::push_heap(s.heap.begin(), s.heap.end(), before);
    return;
  }
  if (!before(entry, s.heap.front())) return;
  std::pop_heap(s.heap.begin(), s.heap.end(), before);
  s.heap.back() = std::move(entry);
  std::push_heap(s.heap.begin(), s.heap.end(), before);
}

/// kArg: arg_min / arg_max (arguments arg, val, n); else min / max (arguments x, n).
template <typename ArgKind, typename KeyKind, bool kMax, bool kArg, bool kNullsLast>
AggregateFunction TopN(std::string name, std::vector<LogicalType> arguments,
                       const LogicalType& arg_type) {
  using State = TopState<ArgKind, KeyKind>;
  auto f =
      aggregate::MakeAggregate(std::move(name), std::move(arguments), LogicalType::List(arg_type));
  aggregate::SetStateLifetime<State>(f);
  f.ignores_nulls = false;  // n must be seen to be refused when NULL
  f.order_dependent = true;
  f.update = [](const DataChunk& args, data_ptr_t* states, idx_t count) {
    const Vector& arg = args.data[0];
    const Vector& key = args.data[kArg ? 1 : 0];
    const Vector& n = args.data[kArg ? 2 : 1];
    const char* what = kArg ? "arg_min/arg_max" : "MIN/MAX";
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.n == 0) s.n = aggregate::ReadCountArgument(n, i, what, "n");
      const bool key_null = !key.RowIsValid(i);
      const bool arg_null = !arg.RowIsValid(i);
      if (!kNullsLast && (key_null || arg_null)) continue;
      TopEntry<ArgKind, KeyKind> entry;
      entry.key_null = key_null;
      entry.arg_null = arg_null;
      entry.seq = s.rows++;
      if (!key_null) KeyKind::Store(entry.key, KeyKind::Read(key, i));
      if constexpr (kArg) {
        if (!arg_null) ArgKind::Store(entry.arg, ArgKind::Read(arg, i));
      }
      Offer<ArgKind, KeyKind, kMax>(s, std::move(entry));
    }
  };
  f.combine = [](data_ptr_t source, data_ptr_t target) {
    auto& src = StateAt<State>(source);
    auto& dst = StateAt<State>(target);
    if (dst.n == 0) dst.n = src.n;
    for (auto& entry : src.heap) {
      entry.seq += dst.rows;  // the target's rows came first
      Offer<ArgKind, KeyKind, kMax>(dst, std::move(entry));
    }
    src.heap.clear();
    dst.rows += src.rows;
  };
  f.finalize = [](data_ptr_t* states, idx_t count, Vector& result, idx_t offset) {
    for (idx_t i = 0; i < count; i++) {
      auto& s = StateAt<State>(states[i]);
      if (s.heap.empty()) {  // no row, or none kept (every one with a NULL)
        aggregate::WriteNullListRow(result, offset + i);
        continue;
      }
      std::sort(s.heap.begin(), s.heap.end(), Before<ArgKind, KeyKind, kMax>());
      aggregate::WriteListRow(result, offset + i, s.heap.size(),
                              [&](Vector& child, idx_t at, idx_t k) {
                                const auto& entry = s.heap[k];
                                if (kArg ? entry.arg_null : entry.key_null) {
                                  child.SetNull(at);
                                  return;
                                }
                                child.SetNull(at, false);
                                if constexpr (kArg) {
                                  ArgKind::Write(child, at, entry.arg);
                                } else {
                                  KeyKind::Write(child, at, entry.key);
                                }
                              });
    }
  };
  return f;
}

template <bool kMax, bool kArg, bool kNullsLast>
std::optional<AggregateFunction> ResolveTopN(const std::string& name,
                                             const std::vector<LogicalType>& arguments) {
  if (arguments.size() != (kArg ? 3u : 2u)) return std::nullopt;
  const LogicalType& n = arguments.back();
  if (!n.IsNumeric() && n.Id() != TypeId::kSqlNull) return std::nullopt;
  const LogicalType arg_type = aggregate::OrInteger(arguments[0]);
  const LogicalType key_type = aggregate::OrInteger(arguments[kArg ? 1 : 0]);
  std::vector<LogicalType> parameters{arg_type};
  if (kArg) parameters.push_back(key_type);
  parameters.emplace_back(TypeId::kBigInt);
  return aggregate::DispatchOrderedKind(key_type, [&]<typename KeyKind>() {
    if constexpr (kArg) {
      // The arg as a Value: one instantiation per key kind (not per key and arg layout).
      return TopN<aggregate::ValueKind, KeyKind, kMax, true, kNullsLast>(name, parameters,
                                                                         arg_type);
    } else {
      return TopN<KeyKind, KeyKind, kMax, false, kNullsLast>(name, parameters, arg_type);
    }
  });
}

}  // namespace

std::optional<AggregateFunction> ResolveMinMaxN(const std::string& name, bool max,
                                                const std::vector<LogicalType>& arguments) {
  return max ? ResolveTopN<true, false, false>(name, arguments)
             : ResolveTopN<false, false, false>(name, arguments);
}

std::optional<AggregateFunction> ResolveArgMinMaxN(const std::string& name, bool max,
                                                   bool nulls_last,
                                                   const std::vector<LogicalType>& arguments) {
  if (nulls_last) {
    return max ? ResolveTopN<true, true, true>(name, arguments)
               : ResolveTopN<false, true, true>(name, arguments);
  }
  return max ? ResolveTopN<true, true, false>(name, arguments)
             : ResolveTopN<false, true, false>(name, arguments);
}

}  // namespace teal
