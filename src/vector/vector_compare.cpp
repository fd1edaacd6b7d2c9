// Vector and Value comparison (see vector_compare.hpp).
#include "vector/vector_compare.hpp"

#include <algorithm>

#include "common/assert.hpp"
#include "vector/physical_dispatch.hpp"
#include "vector/value_compare.hpp"

namespace teal {

namespace {

bool Holds(CompareOp op, int c) { return ComparisonHolds(op, c); }

template <typename T, typename Comparator, CompareOp kOp>
void CompareLoop(const Vector& left, const Vector& right, Vector& result, idx_t count) {
  const T* a = left.Values<T>();
  const T* b = right.Values<T>();
  bool* out = result.Values<bool>();
  const bool distinct_op = kOp == CompareOp::kDistinct || kOp == CompareOp::kNotDistinct;
  const bool all_valid = left.Validity().AllValid() && right.Validity().AllValid();
  for (idx_t i = 0; i < count; i++) {
    if (all_valid) {
      out[i] = Holds(kOp, Comparator::Cmp(a[i], b[i]));
      continue;
    }
    bool lv = left.RowIsValid(i), rv = right.RowIsValid(i);
    if (lv && rv) {
      out[i] = Holds(kOp, Comparator::Cmp(a[i], b[i]));
    } else if (distinct_op) {
      // NULL IS DISTINCT FROM x: true unless both are NULL.
      bool distinct = lv != rv;
      out[i] = kOp == CompareOp::kDistinct ? distinct : !distinct;
    } else {
      result.SetNull(i);
    }
  }
}

template <typename T, typename Comparator>
void CompareWith(CompareOp op, const Vector& l, const Vector& r, Vector& result, idx_t count) {
  switch (op) {
    case CompareOp::kEqual:
      return CompareLoop<T, Comparator, CompareOp::kEqual>(l, r, result, count);
    case CompareOp::kNotEqual:
      return CompareLoop<T, Comparator, CompareOp::kNotEqual>(l, r, result, count);
    case CompareOp::kLess:
      return CompareLoop<T, Comparator, CompareOp::kLess>(l, r, result, count);
    case CompareOp::kLessEqual:
      return CompareLoop<T, Comparator, CompareOp::kLessEqual>(l, r, result, count);
    case CompareOp::kGreater:
      return CompareLoop<T, Comparator, CompareOp::kGreater>(l, r, result, count);
    case CompareOp::kGreaterEqual:
      return CompareLoop<T, Comparator, CompareOp::kGreaterEqual>(l, r, result, count);
    case CompareOp::kDistinct:
      return CompareLoop<T, Comparator, CompareOp::kDistinct>(l, r, result, count);
    case CompareOp::kNotDistinct:
      return CompareLoop<T, Comparator, CompareOp::kNotDistinct>(l, r, result, count);
  }
}

/// Whether UNIONs `a` and `b` (both not NULL) hold the same member, NULL in one of them:
/// their comparison is then unknown, as the members' is (DuckDB's). Of different members
/// the tags decide; IS [NOT] DISTINCT FROM compares a NULL member as a value.
bool UnknownUnionComparison(const Value& a, const Value& b) {
  const auto& x = a.GetStruct();
  const auto& y = b.GetStruct();
  if (x[0].IsNull() || y[0].IsNull() || CompareValues(x[0], y[0]) != 0) return false;
  const auto member = static_cast<size_t>(x[0].GetStored<uint8_t>()) + 1;
  return x[member].IsNull() || y[member].IsNull();
}

}  // namespace

void CompareVectors(CompareOp op, const Vector& left, const Vector& right, Vector& result,
                    idx_t count) {
  const LogicalType& type = left.Type();
  if (type.Id() == TypeId::kTimeTz)
    return CompareWith<uint64_t, TimeTzCompare>(op, left, right, result, count);
  switch (type.Physical()) {
    case PhysicalType::kVarchar:
      return CompareWith<string_t, StringCompare>(op, left, right, result, count);
    case PhysicalType::kInterval:
      return CompareWith<interval_t, IntervalCompare>(op, left, right, result, count);
    case PhysicalType::kList:
    case PhysicalType::kStruct: {
      bool* out = result.Values<bool>();
      const bool distinct = op == CompareOp::kDistinct || op == CompareOp::kNotDistinct;
      for (idx_t i = 0; i < count; i++) {
        bool lv = left.RowIsValid(i), rv = right.RowIsValid(i);
        if (lv && rv) {
          Value a = left.GetValue(i), b = right.GetValue(i);
          if (type.Id() == TypeId::kUnion && !distinct && UnknownUnionComparison(a, b)) {
            result.SetNull(i);
            continue;
          }
          out[i] = Holds(op, CompareValues(a, b));
        } else if (op == CompareOp::kDistinct || op == CompareOp::kNotDistinct) {
          out[i] = (op == CompareOp::kDistinct) == (lv != rv);
        } else {
          result.SetNull(i);
        }
      }
      return;
    }
    default:
      DispatchFixedWidth(type.Physical(), [&]<typename T>() {
        if constexpr (!std::is_same_v<T, interval_t>) {
          CompareWith<T, PlainCompare<T>>(op, left, right, result, count);
        }
        return 0;
      });
  }
}

int CompareValues(const Value& a, const Value& b) {
  TEAL_ASSERT(a.Type() == b.Type());
  if (a.Type().Physical() == PhysicalType::kList) {
    const auto& x = a.GetList();
    const auto& y = b.GetList();
    for (size_t i = 0; i < std::min(x.size(), y.size()); i++) {
      // NULL elements sort after every value.
      if (x[i].IsNull() || y[i].IsNull()) {
        if (x[i].IsNull() != y[i].IsNull()) return x[i].IsNull() ? 1 : -1;
        continue;
      }
      int c = CompareValues(x[i], y[i]);
      if (c != 0) return c;
    }
    return Compare3(x.size(), y.size());
  }
  if (a.Type().Physical() == PhysicalType::kStruct) {
    // Field by field (a UNION's: its tag first), as list elements: a NULL field sorts after every
    // value.
    const auto& x = a.GetStruct();
    const auto& y = b.GetStruct();
    for (size_t i = 0; i < x.size(); i++) {
      if (x[i].IsNull() || y[i].IsNull()) {
        if (x[i].IsNull() != y[i].IsNull()) return x[i].IsNull() ? 1 : -1;
        continue;
      }
      int c = CompareValues(x[i], y[i]);
      if (c != 0) return c;
    }
    return 0;
  }
  Vector left(a), right(b);
  left.Flatten(1);
  right.Flatten(1);
  Vector less(TypeId::kBoolean, 1), equal(TypeId::kBoolean, 1);
  CompareVectors(CompareOp::kLess, left, right, less, 1);
  CompareVectors(CompareOp::kEqual, left, right, equal, 1);
  if (equal.Values<bool>()[0]) return 0;
  return less.Values<bool>()[0] ? -1 : 1;
}

}  // namespace teal
