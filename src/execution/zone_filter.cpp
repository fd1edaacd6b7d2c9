// Zone filter (see zone_filter.hpp).
#include "execution/zone_filter.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "execution/expression_executor.hpp"
#include "planner/column_refs.hpp"
#include "teal/error.hpp"
#include "vector/vector_compare.hpp"

namespace teal {

namespace {

/// The values a scalar expression takes over a row group's rows.
struct Range {
  bool known = false;  // false: any value, NULL too
  bool may_null = true;
  bool has_value = true;  // false: every row is NULL
  Value lo, hi;           // known && has_value: the least and greatest non-NULL value

  static Range Unknown() { return Range{}; }
  static Range Point(Value v) {
    Range r;
    r.known = true;
    r.may_null = v.IsNull();
    r.has_value = !v.IsNull();
    r.lo = v;
    r.hi = std::move(v);
    return r;
  }
};

/// Whether a boolean expression may be true, false or NULL for some row of the group.
struct Truth {
  bool may_true = true, may_false = true, may_null = true;
};

/// Whether every column `e` reads holds one value (or only NULLs) in the group, so that
/// `e` has one value there.
bool OverSingleValues(const Expression& e, std::span<const ColumnZone> zones) {
  if (ContainsKind(e, BoundKind::kSubquery) || ContainsKind(e, BoundKind::kParameter) ||
      ContainsKind(e, BoundKind::kAggregate) || ContainsKind(e, BoundKind::kOuterRef) ||
      !IsDeterministic(e)) {
    return false;
  }
  bool single = true;
  ForEachColumn(e, [&](idx_t column) {
    single = single && column < zones.size() && zones[column].known && zones[column].Single();
  });
  return single;
}

/// `e` with each column reference replaced by the one value its zone holds (call
/// OverSingleValues first).
ExpressionPtr Substituted(const Expression& e, std::span<const ColumnZone> zones) {
  if (e.kind == BoundKind::kColumnRef) {
    const ColumnZone& zone = zones[e.column];
    auto constant = MakeConstant(zone.HasValue() ? zone.min : Value(e.type));
    constant->type = e.type;
    return constant;
  }
  auto copy = e.CopyNode();
  for (const auto& child : e.children) copy->children.push_back(Substituted(*child, zones));
  return copy;
}

/// The value of `e` (ExpressionExecutor::EvaluateConstant of `e` made constant), or
/// nullopt when computing it fails.
std::optional<Value> Evaluate(const Expression& e) {
  try {
    return ExpressionExecutor::EvaluateConstant(e);
  } catch (const Error&) {
    return std::nullopt;
  }
}

bool IsNaN(const Value& v) {
  if (v.IsNull()) return false;
  if (v.Type().Id() == TypeId::kDouble) return std::isnan(v.GetStored<double>());
  if (v.Type().Id() == TypeId::kFloat) return std::isnan(v.GetStored<float>());
  return false;
}

bool IsLocalTime(TypeId id) {
  switch (id) {
    case TypeId::kDate:
    case TypeId::kTimestamp:
    case TypeId::kTimestampS:
    case TypeId::kTimestampMs:
    case TypeId::kTimestampNs:
      return true;
    default:
      return false;
  }
}

/// Casts that keep the order of the values they convert (rounding may make two equal):
/// between numbers, and between dates and timestamps without a time zone (a zone's
/// offsets move, so a time-zone conversion is not one).
bool CastKeepsOrder(const LogicalType& from, const LogicalType& to) {
  // A BOOLEAN source counts as a number (false < true); a BOOLEAN target does not.
  const bool from_number = from.IsNumeric() || from.Id() == TypeId::kBoolean;
  if (from_number && to.IsNumeric()) return true;
  return IsLocalTime(from.Id()) && IsLocalTime(to.Id());
}

/// Whether the function `name` is monotone (non-decreasing or non-increasing) in argument
/// `arg` over all its values when the other arguments are fixed.
bool MonotoneIn(std::string_view name, idx_t arg, idx_t arguments) {
  static constexpr std::string_view kOneArgument[] = {
      "floor", "ceil",  "ceiling",  "trunc",    "round",    "sign",    "cbrt",
      "exp",   "atan",  "sinh",     "asinh",    "tanh",     "degrees", "radians",
      "year",  "epoch", "epoch_ms", "epoch_us", "epoch_ns", "isoyear"};
  if (arg == 0) {
    for (std::string_view f : kOneArgument) {
      // round(x, digits) and trunc(x, digits) too, digits fixed.
      if (name == f && (arguments == 1 || ((f == "round" || f == "trunc") && arguments == 2))) {
        return true;
      }
    }
  }
  if (arguments == 1) return name == "-";
  if (arguments != 2) return false;
  if (name == "+" || name == "-" || name == "*") return true;  // x * c: by the sign of c
  if (name == "/") return arg == 0;                            // x / c, never c / x
  if (name == "date_trunc" || name == "datetrunc") return arg == 1;
  // c || s keeps the order of s; s || c only when c is '' (RangeOf checks).
  if (name == "||") return true;
  return false;
}

/// Whether `e` (over single values) is the empty string.
bool AppendsNothing(const Expression& e, std::span<const ColumnZone> zones) {
  auto value = Evaluate(*Substituted(e, zones));
  return value && !value->IsNull() && value->Type().Id() == TypeId::kVarchar &&
         value->GetString().empty();
}

Range RangeOf(const Expression& e, std::span<const ColumnZone> zones);
Truth TruthOf(const Expression& e, std::span<const ColumnZone> zones);

/// The range of `e` when it is monotone in child `arg`, whose range is `r`, and its other
/// children have one value: between its values at r's ends.
Range ThroughMonotone(const Expression& e, idx_t arg, std::span<const ColumnZone> zones) {
  for (idx_t i = 0; i < e.children.size(); i++) {
    if (i != arg && !OverSingleValues(*e.children[i], zones)) return Range::Unknown();
  }
  const Range r = RangeOf(*e.children[arg], zones);
  if (!r.known) return r;
  if (!r.has_value) return r;  // NULL in, NULL out: the functions here are strict
  // NaN sorts above every number, but a function does not keep it there (-NaN is NaN).
  if (IsNaN(r.lo) || IsNaN(r.hi)) return Range::Unknown();
  auto at = [&](const Value& v) -> std::optional<Value> {
    auto call = e.CopyNode();
    for (idx_t i = 0; i < e.children.size(); i++) {
      if (i == arg) {
        auto constant = MakeConstant(v);
        constant->type = e.children[i]->type;
        call->children.push_back(std::move(constant));
      } else {
        call->children.push_back(Substituted(*e.children[i], zones));
      }
    }
    auto value = Evaluate(*call);
    if (!value || value->IsNull() || IsNaN(*value)) return std::nullopt;
    return value;
  };
  auto low = at(r.lo);
  auto high = at(r.hi);
  if (!low || !high || low->Type() != high->Type()) return Range::Unknown();
  Range out;
  out.known = true;
  out.may_null = r.may_null;
  out.has_value = true;
  const bool ascending = CompareValues(*low, *high) <= 0;
  out.lo = ascending ? std::move(*low) : std::move(*high);
  out.hi = ascending ? std::move(*high) : std::move(*low);
  return out;
}

Range RangeOf(const Expression& e, std::span<const ColumnZone> zones) {
  if (e.kind != BoundKind::kConstant && OverSingleValues(e, zones)) {
    auto value = Evaluate(*Substituted(e, zones));
    return value ? Range::Point(std::move(*value)) : Range::Unknown();
  }
  switch (e.kind) {
    case BoundKind::kConstant:
      return Range::Point(e.value);
    case BoundKind::kColumnRef: {
      if (e.column >= zones.size() || !zones[e.column].known) return Range::Unknown();
      const ColumnZone& zone = zones[e.column];
      Range r;
      r.known = true;
      r.may_null = zone.has_null;
      r.has_value = zone.HasValue();
      r.lo = zone.min;
      r.hi = zone.max;
      return r;
    }
    case BoundKind::kCast:
      if (!CastKeepsOrder(e.children[0]->type, e.type)) return Range::Unknown();
      return ThroughMonotone(e, 0, zones);
    case BoundKind::kFunction: {
      if (!e.function || !e.function->deterministic || !e.function->null_in_null_out) {
        return Range::Unknown();
      }
      // The one argument that varies in the group.
      std::optional<idx_t> varying;
      for (idx_t i = 0; i < e.children.size(); i++) {
        if (OverSingleValues(*e.children[i], zones)) continue;
        if (varying) return Range::Unknown();
        varying = i;
      }
      if (!varying || !MonotoneIn(e.function->name, *varying, e.children.size()) ||
          (e.function->name == "||" && *varying == 0 && !AppendsNothing(*e.children[1], zones))) {
        return Range::Unknown();
      }
      return ThroughMonotone(e, *varying, zones);
    }
    case BoundKind::kCompare:
    case BoundKind::kAnd:
    case BoundKind::kOr:
    case BoundKind::kNot:
    case BoundKind::kIsNull:
    case BoundKind::kIsNotNull:
    case BoundKind::kInList: {
      // A condition as a value: `(x > 3000) = true`.
      const Truth t = TruthOf(e, zones);
      Range r;
      r.known = true;
      r.may_null = t.may_null;
      r.has_value = t.may_true || t.may_false;
      r.lo = Value::Boolean(!t.may_false);
      r.hi = Value::Boolean(t.may_true);
      return r;
    }
    default:
      return Range::Unknown();
  }
}

/// Whether the IN list `e` holds every value the range `r` (known, with values) of its
/// left operand has: true only for integers, over a short range.
bool ListCoversRange(const Expression& e, const Range& r, std::span<const ColumnZone> zones) {
  constexpr uint64_t kMostValues = 1024;
  switch (r.lo.Type().Id()) {
    case TypeId::kTinyInt:
    case TypeId::kSmallInt:
    case TypeId::kInteger:
    case TypeId::kBigInt:
    case TypeId::kUTinyInt:
    case TypeId::kUSmallInt:
    case TypeId::kUInteger:
      break;
    default:
      return false;
  }
  const LogicalType bigint(TypeId::kBigInt);
  const int64_t lo = r.lo.CastAs(bigint).GetStored<int64_t>();
  const int64_t hi = r.hi.CastAs(bigint).GetStored<int64_t>();
  // Unsigned: hi - lo of two int64 can exceed INT64_MAX (a range from INT64_MIN to 11).
  const uint64_t span = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
  if (span >= kMostValues) return false;
  std::vector<bool> covered(static_cast<size_t>(span + 1));
  for (idx_t i = 1; i < e.children.size(); i++) {
    const Range element = RangeOf(*e.children[i], zones);
    if (!element.known || !element.has_value || element.lo.Type() != r.lo.Type() ||
        CompareValues(element.lo, element.hi) != 0) {
      continue;
    }
    const int64_t v = element.lo.CastAs(bigint).GetStored<int64_t>();
    if (v >= lo && v <= hi) covered[static_cast<size_t>(v) - static_cast<size_t>(lo)] = true;
  }
  return std::find(covered.begin(), covered.end(), false) == covered.end();
}

/// Both ranges known, with values, of one type.
bool Comparable(const Range& a, const Range& b) {
  return a.known && b.known && a.has_value && b.has_value && a.lo.Type() == b.lo.Type();
}

Truth CompareTruth(CompareOp op, const Range& a, const Range& b) {
  if (!a.known || !b.known) return {};
  if (op == CompareOp::kDistinct || op == CompareOp::kNotDistinct) {
    const bool values = a.has_value && b.has_value;
    if (values && a.lo.Type() != b.lo.Type()) return {};
    const bool may_equal =
        values && CompareValues(a.lo, b.hi) <= 0 && CompareValues(b.lo, a.hi) <= 0;
    const bool always_equal_values = values && CompareValues(a.lo, a.hi) == 0 &&
                                     CompareValues(b.lo, b.hi) == 0 &&
                                     CompareValues(a.lo, b.lo) == 0;
    // Not distinct: equal values, or NULL on both sides.
    const bool may_same = may_equal || (a.may_null && b.may_null);
    const bool may_differ = (values && !always_equal_values) || (a.may_null && b.has_value) ||
                            (b.may_null && a.has_value);
    Truth t;
    t.may_null = false;
    t.may_true = op == CompareOp::kNotDistinct ? may_same : may_differ;
    t.may_false = op == CompareOp::kNotDistinct ? may_differ : may_same;
    return t;
  }
  Truth t;
  t.may_null = a.may_null || b.may_null;
  if (!a.has_value || !b.has_value) {
    t.may_true = t.may_false = false;
    return t;
  }
  if (!Comparable(a, b)) return {};
  auto c = [](const Value& x, const Value& y) { return CompareValues(x, y); };
  switch (op) {
    case CompareOp::kEqual:
    case CompareOp::kNotEqual: {
      const bool may_equal = c(a.lo, b.hi) <= 0 && c(b.lo, a.hi) <= 0;
      const bool always_equal = c(a.lo, a.hi) == 0 && c(b.lo, b.hi) == 0 && c(a.lo, b.lo) == 0;
      t.may_true = op == CompareOp::kEqual ? may_equal : !always_equal;
      t.may_false = op == CompareOp::kEqual ? !always_equal : may_equal;
      return t;
    }
    case CompareOp::kLess:
      t.may_true = c(a.lo, b.hi) < 0;
      t.may_false = c(a.hi, b.lo) >= 0;
      return t;
    case CompareOp::kLessEqual:
      t.may_true = c(a.lo, b.hi) <= 0;
      t.may_false = c(a.hi, b.lo) > 0;
      return t;
    case CompareOp::kGreater:
      t.may_true = c(a.hi, b.lo) > 0;
      t.may_false = c(a.lo, b.hi) <= 0;
      return t;
    case CompareOp::kGreaterEqual:
      t.may_true = c(a.hi, b.lo) >= 0;
      t.may_false = c(a.lo, b.hi) < 0;
      return t;
    default:
      return {};
  }
}

/// The text every string that matches the pattern `e` (a call of like, glob or
/// starts_with) begins with: the pattern up to its first wildcard. Empty when it cannot
/// tell (an escape before the first wildcard, a collation, …).
std::string MatchPrefix(std::string_view name, std::string_view pattern) {
  if (name == "starts_with") return std::string(pattern);
  const std::string_view stops = name == "like" ? "%_\\" : "*?[\\";
  const size_t end = pattern.find_first_of(stops);
  if (end != std::string_view::npos && pattern[end] == '\\') return "";
  return std::string(pattern.substr(0, end));
}

/// What a row group's strings can make of `s LIKE 'abc%'`, `s GLOB 'abc*'` or
/// starts_with(s, 'abc'): true only for the strings in [prefix, the first string after
/// every string that starts with it).
std::optional<Truth> PrefixTruth(const Expression& e, std::span<const ColumnZone> zones) {
  const std::string_view name = e.function ? std::string_view(e.function->name) : "";
  if ((name != "like" && name != "glob" && name != "starts_with") || e.children.size() != 2 ||
      e.children[0]->type.Id() != TypeId::kVarchar || !OverSingleValues(*e.children[1], zones)) {
    return std::nullopt;
  }
  const Range r = RangeOf(*e.children[0], zones);
  auto pattern = Evaluate(*Substituted(*e.children[1], zones));
  if (!r.known || !pattern || (r.has_value && r.lo.Type().Id() != TypeId::kVarchar)) {
    return std::nullopt;
  }
  if (pattern->IsNull() || !r.has_value) return Truth{false, false, true};
  const std::string prefix = MatchPrefix(name, pattern->GetString());
  if (prefix.empty()) return std::nullopt;
  const std::string& lo = r.lo.GetString();
  const std::string& hi = r.hi.GetString();
  Truth t;
  t.may_true = hi >= prefix && (lo < prefix || lo.starts_with(prefix));
  t.may_null = r.may_null;
  return t;
}

Truth TruthOf(const Expression& e, std::span<const ColumnZone> zones) {
  if (e.type.Id() != TypeId::kBoolean) return {};
  if (e.kind != BoundKind::kConstant && OverSingleValues(e, zones)) {
    auto value = Evaluate(*Substituted(e, zones));
    if (!value) return {};
    if (value->IsNull()) return {false, false, true};
    const bool truth = value->GetStored<bool>();
    return {truth, !truth, false};
  }
  switch (e.kind) {
    case BoundKind::kAnd:
    case BoundKind::kOr: {
      const bool is_and = e.kind == BoundKind::kAnd;
      Truth out{is_and, !is_and, false};
      for (const auto& child : e.children) {
        const Truth t = TruthOf(*child, zones);
        if (is_and) {
          out.may_true = out.may_true && t.may_true;
          out.may_false = out.may_false || t.may_false;
        } else {
          out.may_true = out.may_true || t.may_true;
          out.may_false = out.may_false && t.may_false;
        }
        out.may_null = out.may_null || t.may_null;
      }
      return out;
    }
    case BoundKind::kNot: {
      const Truth t = TruthOf(*e.children[0], zones);
      return {t.may_false, t.may_true, t.may_null};
    }
    case BoundKind::kIsNull:
    case BoundKind::kIsNotNull: {
      const Range r = RangeOf(*e.children[0], zones);
      if (!r.known) return {};
      const bool is_null = e.kind == BoundKind::kIsNull;
      return {is_null ? r.may_null : r.has_value, is_null ? r.has_value : r.may_null, false};
    }
    case BoundKind::kCompare:
      return CompareTruth(e.op, RangeOf(*e.children[0], zones), RangeOf(*e.children[1], zones));
    case BoundKind::kInList: {
      const Range r = RangeOf(*e.children[0], zones);
      if (!r.known) return {};
      Truth t;
      t.may_true = false;
      for (idx_t i = 1; i < e.children.size() && !t.may_true; i++) {
        const Range element = RangeOf(*e.children[i], zones);
        if (!element.known) return {};
        if (!element.has_value || !r.has_value) continue;
        if (!Comparable(r, element)) return {};
        t.may_true = CompareValues(r.lo, element.hi) <= 0 && CompareValues(element.lo, r.hi) <= 0;
      }
      if (r.has_value && ListCoversRange(e, r, zones)) {
        // Every value is in the list: only a NULL operand makes it anything but true.
        t.may_false = false;
        t.may_null = r.may_null;
      }
      return t;
    }
    default: {
      if (e.kind == BoundKind::kFunction) {
        if (auto t = PrefixTruth(e, zones)) return *t;
      }
      // A BOOLEAN column or function: its range says which values it takes.
      const Range r = RangeOf(e, zones);
      if (!r.known) return {};
      if (!r.has_value) return {false, false, true};
      return {r.hi.GetStored<bool>(), !r.lo.GetStored<bool>(), r.may_null};
    }
  }
}

}  // namespace

bool ZonesCanJudge(const Expression& filter) {
  bool reads = false;
  ForEachColumn(filter, [&](idx_t) { reads = true; });
  return reads && !ContainsKind(filter, BoundKind::kSubquery) &&
         !ContainsKind(filter, BoundKind::kParameter) && IsDeterministic(filter);
}

bool ZonesMayPass(const Expression& filter, std::span<const ColumnZone> zones) {
  return TruthOf(filter, zones).may_true;
}

}  // namespace teal
