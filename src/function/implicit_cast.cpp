// Implicit conversions between types: what an overload's argument costs to convert
// (ImplicitCastCost) and the type both sides of a comparison convert to (CommonType).
#include "function/implicit_cast.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "teal/error.hpp"
#include "types/decimal.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
/// Position of an integer type on the widening ladder, 0 for non-integers.
int IntegerRank(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
      return 1;
    case TypeId::kUTinyInt:
      return 2;
    case TypeId::kSmallInt:
      return 3;
    case TypeId::kUSmallInt:
      return 4;
    case TypeId::kInteger:
      return 5;
    case TypeId::kUInteger:
      return 6;
    case TypeId::kBigInt:
      return 7;
    case TypeId::kUBigInt:
      return 8;
    case TypeId::kHugeInt:
      return 9;
    case TypeId::kUHugeInt:
      return 10;
    default:
      return 0;
  }
}

int SignedRank(TypeId id) {
  switch (id) {
    case TypeId::kTinyInt:
      return 1;
    case TypeId::kSmallInt:
      return 2;
    case TypeId::kInteger:
      return 3;
    case TypeId::kBigInt:
      return 4;
    case TypeId::kHugeInt:
      return 5;
    case TypeId::kUTinyInt:
      return 1;
    case TypeId::kUSmallInt:
      return 2;
    case TypeId::kUInteger:
      return 3;
    case TypeId::kUBigInt:
      return 4;
    case TypeId::kUHugeInt:
      return 5;
    default:
      return 0;
  }
}

TypeId SignedOfRank(int rank) {
  constexpr TypeId kIds[] = {TypeId::kTinyInt, TypeId::kSmallInt, TypeId::kInteger, TypeId::kBigInt,
                             TypeId::kHugeInt};
  return kIds[rank - 1];
}

TypeId UnsignedOfRank(int rank) {
  constexpr TypeId kIds[] = {TypeId::kUTinyInt, TypeId::kUSmallInt, TypeId::kUInteger,
                             TypeId::kUBigInt, TypeId::kUHugeInt};
  return kIds[rank - 1];
}

LogicalType NumericCommon(const LogicalType& a, const LogicalType& b) {
  if (a.Id() == TypeId::kDouble || b.Id() == TypeId::kDouble) return TypeId::kDouble;
  // FLOAT with an integer or decimal compares as FLOAT (as in DuckDB), so that
  // 0.1::REAL = 0.1 holds.
  if (a.Id() == TypeId::kFloat || b.Id() == TypeId::kFloat) return TypeId::kFloat;
  if (a.Id() == TypeId::kDecimal || b.Id() == TypeId::kDecimal) {
    // Only integers reach IntegerDigits here (DOUBLE and FLOAT returned above). HUGEINT's
    // 39 digits exceed any DECIMAL; the width is capped at 38 below.
    auto digits = [](const LogicalType& t) {
      return t.Id() == TypeId::kDecimal ? t.DecimalWidth() - t.DecimalScale()
                                        : int{IntegerDigits(t.Id())};
    };
    auto scale = [](const LogicalType& t) {
      return t.Id() == TypeId::kDecimal ? static_cast<int>(t.DecimalScale()) : 0;
    };
    int s = std::max(scale(a), scale(b));
    // Wider than 38 digits: keep every fractional digit and as many integer digits as fit;
    // a value with more is a conversion error. DOUBLE would answer wrongly instead
    // (100000000000000000000 > 99999999999999999999.99999 was false).
    int w = std::min(std::max(digits(a), digits(b)) + s, int{LogicalType::kMaxDecimalWidth});
    return LogicalType::Decimal(static_cast<uint8_t>(w), static_cast<uint8_t>(s));
  }
  bool a_signed = a.IsSigned(), b_signed = b.IsSigned();
  int ra = SignedRank(a.Id()), rb = SignedRank(b.Id());
  if (a_signed == b_signed) {
    int r = std::max(ra, rb);
    return a_signed ? SignedOfRank(r) : UnsignedOfRank(r);
  }
  int unsigned_rank = a_signed ? rb : ra;
  int signed_rank = a_signed ? ra : rb;
  // UHUGEINT with a signed type: HUGEINT, as in arithmetic (ImplicitCastCost); a value past
  // HUGEINT's range is an error, where DOUBLE made distinct values compare equal.
  int r = std::min(std::max(signed_rank, unsigned_rank + 1), 5);
  return SignedOfRank(r);
}

bool IsTimestampLike(TypeId id) {
  return id == TypeId::kTimestamp || id == TypeId::kTimestampS || id == TypeId::kTimestampMs ||
         id == TypeId::kTimestampNs || id == TypeId::kTimestampTz;
}
}  // namespace

namespace {
/// Two STRUCTs with the same fields by name and position (the second's may have none:
/// row(…) goes into any STRUCT of as many fields).
bool SameFieldNames(const LogicalType& a, const LogicalType& b) {
  const auto& x = a.StructFields();
  const auto& y = b.StructFields();
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); i++) {
    if (x[i].first.empty() || y[i].first.empty()) continue;
    if (a.StructFieldIndex(y[i].first) != static_cast<int64_t>(i)) return false;
  }
  return true;
}
}  // namespace

UnionMemberChoice ChooseUnionMember(const LogicalType& from, const LogicalType& to) {
  UnionMemberChoice choice;
  for (size_t k = 0; k < to.UnionMemberCount(); k++) {
    if (to.UnionMember(k).second != from) continue;
    if (choice.member >= 0) return {-1, -1, true};
    choice = {static_cast<int64_t>(k), 0, false};
  }
  if (choice.member >= 0) return choice;
  for (size_t k = 0; k < to.UnionMemberCount(); k++) {
    const int64_t cost = ImplicitCastCost(from, false, to.UnionMember(k).second);
    if (cost < 0) continue;
    if (choice.member < 0 || cost < choice.cost) {
      choice = {static_cast<int64_t>(k), cost, false};
    } else if (cost == choice.cost) {
      choice.ambiguous = true;
    }
  }
  if (choice.ambiguous) return {-1, -1, true};
  return choice;
}

bool UnionMembersFit(const LogicalType& from, const LogicalType& to) {
  for (size_t k = 0; k < from.UnionMemberCount(); k++) {
    const int64_t target = to.UnionMemberIndex(from.UnionMember(k).first);
    if (target < 0 || !CastExists(from.UnionMember(k).second,
                                  to.UnionMember(static_cast<size_t>(target)).second)) {
      return false;
    }
  }
  return true;
}

int64_t ImplicitCastCost(const LogicalType& from, bool from_literal, const LogicalType& to) {
  if (from == to) return 0;
  if (to.Id() == TypeId::kInvalid) return -1;
  if (from.Id() == TypeId::kSqlNull) return 1;
  if (from_literal && from.Id() == TypeId::kVarchar) return CastExists(from, to) ? 5 : -1;
  if (to.Id() == TypeId::kUnion) {
    if (from.Id() == TypeId::kUnion) {
      int64_t total = 1;
      for (size_t k = 0; k < from.UnionMemberCount(); k++) {
        const int64_t target = to.UnionMemberIndex(from.UnionMember(k).first);
        if (target < 0) return -1;
        const int64_t member = ImplicitCastCost(from.UnionMember(k).second, false,
                                                to.UnionMember(static_cast<size_t>(target)).second);
        if (member < 0) return -1;
        total += member;
      }
      return total;
    }
    const UnionMemberChoice choice = ChooseUnionMember(from, to);
    return choice.member < 0 ? -1 : choice.cost + 1;
  }
  int from_rank = IntegerRank(from.Id()), to_rank = IntegerRank(to.Id());
  if (from_rank && to_rank) {
    // Ranks interleave widths (TINYINT, UTINYINT, SMALLINT, …): an unsigned type widens
    // into every higher rank, the next one being the signed type twice its width, so
    // UINTEGER with INTEGER meet at BIGINT and UBIGINT with BIGINT at HUGEINT (DuckDB's
    // rule) instead of falling through to DOUBLE and losing digits. A signed type never
    // becomes unsigned.
    if (!from.IsSigned() && from.Id() == TypeId::kUHugeInt && to.Id() == TypeId::kHugeInt) {
      // No signed type is wider: the values up to HUGEINT's maximum convert, larger ones
      // are an out-of-range error at run time, never a rounded DOUBLE.
      return 25;
    }
    if (to_rank < from_rank) return -1;
    if (from.IsSigned() && !to.IsSigned()) return -1;
    return 10 + (to_rank - from_rank);
  }
  // An integer widens into BIGNUM at the highest cost of the numeric targets, and a BIGNUM
  // into DOUBLE (DuckDB's): BIGNUM + 1 is BIGNUM's, BIGNUM * 2 DOUBLE's, there being no exact
  // product. FLOAT and DOUBLE do not become BIGNUM implicitly (that would drop fractions).
  if (from_rank && to.Id() == TypeId::kBignum) return 50;
  if (from.Id() == TypeId::kBignum && to.Id() == TypeId::kDouble) return 45;
  if (from_rank && to.Id() == TypeId::kDecimal) return 30;
  if ((from_rank || from.Id() == TypeId::kDecimal) && to.Id() == TypeId::kDouble) return 40;
  if ((from_rank || from.Id() == TypeId::kDecimal) && to.Id() == TypeId::kFloat) return 45;
  if (from.Id() == TypeId::kFloat && to.Id() == TypeId::kDouble) return 20;
  if (from.Id() == TypeId::kDecimal && to.Id() == TypeId::kDecimal) return 15;
  if (from.Id() == TypeId::kDate &&
      (to.Id() == TypeId::kTimestamp || to.Id() == TypeId::kTimestampTz)) {
    return 20;
  }
  if (from.Id() == TypeId::kTimestamp && to.Id() == TypeId::kTimestampTz) return 25;
  // TIMESTAMP_S/_MS/_NS (TIMESTAMP(0/3/9)) take TIMESTAMP's functions and operators, as in
  // DuckDB: seconds and milliseconds convert exactly, nanoseconds to the microsecond.
  if ((from.Id() == TypeId::kTimestampS || from.Id() == TypeId::kTimestampMs ||
       from.Id() == TypeId::kTimestampNs) &&
      to.Id() == TypeId::kTimestamp) {
    return 15;
  }
  if (from.Id() == TypeId::kEnum && to.Id() == TypeId::kVarchar) return 30;
  if (from.Id() == TypeId::kList && to.Id() == TypeId::kList) {
    int64_t child = ImplicitCastCost(from.ListChild(), from_literal, to.ListChild());
    return child < 0 ? -1 : child + 1;
  }
  // An ARRAY is a LIST wherever a LIST is wanted (DuckDB's rule); between ARRAYs only the
  // same size converts.
  if (from.Id() == TypeId::kArray &&
      (to.Id() == TypeId::kList ||
       (to.Id() == TypeId::kArray && to.ArraySize() == from.ArraySize()))) {
    int64_t child = ImplicitCastCost(from.ListChild(), from_literal, to.ListChild());
    return child < 0 ? -1 : child + (to.Id() == TypeId::kList ? 2 : 1);
  }
  if (from.Id() == TypeId::kMap && to.Id() == TypeId::kMap) {
    int64_t key = ImplicitCastCost(from.MapKey(), from_literal, to.MapKey());
    int64_t value = ImplicitCastCost(from.MapValue(), from_literal, to.MapValue());
    return key < 0 || value < 0 ? -1 : key + value + 1;
  }
  if (from.Id() == TypeId::kStruct && to.Id() == TypeId::kStruct && SameFieldNames(from, to)) {
    int64_t total = 1;
    for (size_t i = 0; i < from.StructFields().size(); i++) {
      int64_t field =
          ImplicitCastCost(from.StructFields()[i].second, false, to.StructFields()[i].second);
      if (field < 0) return -1;
      total += field;
    }
    return total;
  }
  return -1;
}

LogicalType ArraysAsLists(const LogicalType& type) {
  switch (type.Id()) {
    case TypeId::kArray:
    case TypeId::kList:
      return LogicalType::List(ArraysAsLists(type.ListChild()));
    case TypeId::kMap:
      return LogicalType::Map(ArraysAsLists(type.MapKey()), ArraysAsLists(type.MapValue()));
    case TypeId::kStruct: {
      auto fields = type.StructFields();
      for (auto& field : fields) field.second = ArraysAsLists(field.second);
      return LogicalType::Struct(std::move(fields));
    }
    default:
      return type;
  }
}

LogicalType ListLevels(const LogicalType& type, int64_t levels) {
  if (levels == 0 || (type.Id() != TypeId::kList && type.Id() != TypeId::kArray)) return type;
  return LogicalType::List(ListLevels(type.ListChild(), levels - 1));
}

int64_t ArgumentCastCost(const LogicalType& from, const Value* literal, const LogicalType& to) {
  const int64_t cost = ImplicitCastCost(from, literal != nullptr, to);
  if (cost >= 0 || !literal || !from.IsIntegral() || !to.IsIntegral()) return cost;
  Value narrowed;
  return literal->TryCastAs(to, narrowed) ? 1 : -1;
}

LogicalType CommonType(const LogicalType& a, bool a_is_literal, const LogicalType& b,
                       bool b_is_literal, std::string_view context) {
  if (a == b) return a;
  if (a.Id() == TypeId::kSqlNull) return b;
  if (b.Id() == TypeId::kSqlNull) return a;
  if (a_is_literal && a.Id() == TypeId::kVarchar) return b;
  if (b_is_literal && b.Id() == TypeId::kVarchar) return a;
  if (a.Id() == TypeId::kBignum || b.Id() == TypeId::kBignum) {
    // With an integer exactly as BIGNUM; with FLOAT or DOUBLE as DOUBLE (a fraction is not
    // truncated away); with DECIMAL not at all: neither holds the other's values.
    const LogicalType& other = a.Id() == TypeId::kBignum ? b : a;
    if (other.IsIntegral()) return TypeId::kBignum;
    if (other.Id() == TypeId::kFloat || other.Id() == TypeId::kDouble) return TypeId::kDouble;
  }
  if (a.IsNumeric() && b.IsNumeric()) return NumericCommon(a, b);
  if ((a.Id() == TypeId::kDate && IsTimestampLike(b.Id())) ||
      (b.Id() == TypeId::kDate && IsTimestampLike(a.Id()))) {
    return a.Id() == TypeId::kDate ? b : a;
  }
  if (IsTimestampLike(a.Id()) && IsTimestampLike(b.Id())) {
    if (a.Id() == TypeId::kTimestampTz || b.Id() == TypeId::kTimestampTz)
      return TypeId::kTimestampTz;
    return TypeId::kTimestampNs == a.Id() || TypeId::kTimestampNs == b.Id() ? TypeId::kTimestampNs
                                                                            : TypeId::kTimestamp;
  }
  if ((a.Id() == TypeId::kTime && b.Id() == TypeId::kTimeTz) ||
      (a.Id() == TypeId::kTimeTz && b.Id() == TypeId::kTime)) {
    return TypeId::kTimeTz;
  }
  if ((a.Id() == TypeId::kEnum || a.Id() == TypeId::kVarchar) &&
      (b.Id() == TypeId::kEnum || b.Id() == TypeId::kVarchar)) {
    return TypeId::kVarchar;
  }
  if (a.Id() == TypeId::kList && b.Id() == TypeId::kList) {
    return LogicalType::List(
        CommonType(a.ListChild(), a_is_literal, b.ListChild(), b_is_literal, context));
  }
  if ((a.Id() == TypeId::kArray || a.Id() == TypeId::kList) &&
      (b.Id() == TypeId::kArray || b.Id() == TypeId::kList)) {
    // Arrays of one size stay an array; of two sizes, or with a list, they meet as a list.
    LogicalType child =
        CommonType(a.ListChild(), a_is_literal, b.ListChild(), b_is_literal, context);
    if (a.Id() == TypeId::kArray && b.Id() == TypeId::kArray && a.ArraySize() == b.ArraySize()) {
      return LogicalType::Array(std::move(child), a.ArraySize());
    }
    return LogicalType::List(std::move(child));
  }
  if (a.Id() == TypeId::kMap && b.Id() == TypeId::kMap) {
    return LogicalType::Map(
        CommonType(a.MapKey(), a_is_literal, b.MapKey(), b_is_literal, context),
        CommonType(a.MapValue(), a_is_literal, b.MapValue(), b_is_literal, context));
  }
  if (a.Id() == TypeId::kStruct && b.Id() == TypeId::kStruct && SameFieldNames(a, b)) {
    // A STRUCT with names and one without meet as the one with (DuckDB's).
    auto fields = a.StructFields();
    const bool a_named = !fields[0].first.empty();
    for (size_t i = 0; i < fields.size(); i++) {
      if (!a_named) fields[i].first = b.StructFields()[i].first;
      fields[i].second =
          CommonType(a.StructFields()[i].second, false, b.StructFields()[i].second, false, context);
    }
    return LogicalType::Struct(std::move(fields));
  }
  if (a.Id() == TypeId::kUnion || b.Id() == TypeId::kUnion) {
    // A UNION meets a member's type as itself; two UNIONs meet as the first's members
    // followed by the second's others (DuckDB's), a member of both names taking their
    // common type.
    if (a.Id() != TypeId::kUnion || b.Id() != TypeId::kUnion) {
      const LogicalType& u = a.Id() == TypeId::kUnion ? a : b;
      const LogicalType& other = a.Id() == TypeId::kUnion ? b : a;
      if (ImplicitCastCost(other, a.Id() == TypeId::kUnion ? b_is_literal : a_is_literal, u) >= 0) {
        return u;
      }
    } else {
      std::vector<std::pair<std::string, LogicalType>> members;
      for (size_t k = 0; k < a.UnionMemberCount(); k++) members.push_back(a.UnionMember(k));
      for (size_t k = 0; k < b.UnionMemberCount(); k++) {
        const auto& [name, type] = b.UnionMember(k);
        const int64_t same = a.UnionMemberIndex(name);
        if (same < 0) {
          members.emplace_back(name, type);
        } else {
          auto& member = members[static_cast<size_t>(same)].second;
          member = CommonType(member, false, type, false, context);
        }
      }
      if (members.size() <= LogicalType::kMaxUnionMembers) {
        return LogicalType::Union(std::move(members));
      }
    }
  }
  // DuckDB's words first where it has its own for the context: a list's elements are its
  // function's template type, least / greatest combine their arguments.
  std::string lead;
  if (context == "list_value" || (!context.empty() && context.front() == '[')) {
    lead = "Cannot deduce template type: ";
  } else if (context == "least" || context == "greatest") {
    lead = "Cannot combine types: ";
  }
  throw BinderError(
      fmt::format("{}cannot compare values of type {} and {} in {}: an explicit cast is "
                  "required",
                  lead, a.ToString(), b.ToString(), context));
}

}  // namespace teal
