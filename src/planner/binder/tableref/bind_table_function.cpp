// Binder: the table functions of FROM — range() / generate_series() and teal_settings() —
// and tables of constant rows.
#include "common/range_count.hpp"
#include "function/duckdb_function_names.hpp"
#include "planner/binder/binder_internal.hpp"
#include "types/timestamp_series.hpp"

namespace teal {

namespace {
/// A range() argument that makes it a series of timestamps.
bool IsTemporal(const LogicalType& type) {
  const TypeId id = type.Id();
  return id == TypeId::kDate || id == TypeId::kTimestamp || id == TypeId::kTimestampTz ||
         id == TypeId::kInterval;
}
}  // namespace

LogicalOperatorPtr Binder::ConstantTable(const std::vector<LogicalType>& types,
                                         std::vector<std::vector<Value>> rows) {
  auto values = std::make_unique<LogicalValues>();
  values->types = types;
  for (auto& row : rows) {
    std::vector<ExpressionPtr> bound;
    for (size_t c = 0; c < row.size(); c++)
      bound.push_back(MakeCast(MakeConstant(row[c]), types[c]));
    values->rows.push_back(std::move(bound));
  }
  if (values->rows.empty()) {
    // VALUES needs a row: an empty result is a filter that drops the one row.
    std::vector<ExpressionPtr> row;
    for (const auto& type : types) row.push_back(MakeConstant(Value(type)));
    values->rows.push_back(std::move(row));
    auto none = std::make_unique<LogicalFilter>();
    none->expressions.push_back(MakeConstant(Value::Boolean(false)));
    none->types = values->types;
    none->children.push_back(std::move(values));
    return none;
  }
  return values;
}

LogicalOperatorPtr Binder::BindSettingsTable() {
  std::vector<std::vector<Value>> rows;
  if (options_.all_settings) {
    for (const auto& setting : options_.all_settings()) {
      std::vector<Value> row;
      for (const auto& field : setting) row.push_back(Value::Varchar(field));
      rows.push_back(std::move(row));
    }
  }
  return ConstantTable(std::vector<LogicalType>(4, LogicalType(TypeId::kVarchar)), std::move(rows));
}

LogicalOperatorPtr Binder::BindRange(const ParsedExpression& call) {
  const std::string& name = call.name;
  if (name != "range" && name != "generate_series") {
    // A DuckDB table function Teal does not have yet, or a name no table function has.
    if (IsDuckDBFunctionName(name))
      throw NotImplementedError(fmt::format("table function {}", name));
    throw CatalogError(fmt::format("Table Function with name {} does not exist!", name));
  }
  if (call.children.empty() || call.children.size() > 3 || call.star || call.distinct) {
    throw BinderError(fmt::format("{} takes (stop), (start, stop) or (start, stop, step): {}", name,
                                  call.ToString()));
  }
  const std::string what = fmt::format("an argument of {}", name);
  {
    // Timestamps or integers, by the arguments' types (a parameter's, once it has a value).
    Scope scope;
    scope.clause = what;
    for (const auto& child : call.children) {
      if (IsTemporal(BindExpression(*child, scope)->type)) return BindTimestampRange(call);
    }
  }
  std::vector<Value> args;
  for (const auto& child : call.children) {
    args.push_back(BindConstant(*child, TypeId::kBigInt, what));
  }
  auto range = std::make_unique<LogicalRange>();
  range->types = {LogicalType(TypeId::kBigInt)};
  for (const auto& v : args) {
    if (v.IsNull()) return range;  // any NULL argument: no rows
  }
  int64_t start = args.size() == 1 ? 0 : args[0].GetStored<int64_t>();
  int64_t stop = args[args.size() == 1 ? 0 : 1].GetStored<int64_t>();
  int64_t step = args.size() == 3 ? args[2].GetStored<int64_t>() : 1;
  if (step == 0) throw BinderError(fmt::format("the step of {} must not be 0", name));
  // generate_series includes stop, range does not.
  const auto count = RangeCount(start, stop, step, name == "generate_series");
  range->start = start;
  range->step = step;
  range->count = static_cast<uint64_t>(count);
  return range;
}

LogicalOperatorPtr Binder::BindTimestampRange(const ParsedExpression& call) {
  const std::string& name = call.name;
  const std::string what = fmt::format("an argument of {}", name);
  std::vector<Value> args;
  for (const auto& child : call.children) args.push_back(BindConstant(*child, what));
  const bool tz = std::any_of(args.begin(), args.end(),
                              [](const Value& v) { return v.Type().Id() == TypeId::kTimestampTz; });
  if (args.size() != 3 || args[2].Type().Id() != TypeId::kInterval) {
    throw BinderError(
        fmt::format("{} over timestamps takes (start, stop, step) with an INTERVAL step: {}", name,
                    call.ToString()));
  }
  const LogicalType type(tz ? TypeId::kTimestampTz : TypeId::kTimestamp);
  const Value start = BindConstant(*call.children[0], type, what);
  const Value stop = BindConstant(*call.children[1], type, what);
  auto range = std::make_unique<LogicalRange>();
  range->types = {type};
  if (start.IsNull() || stop.IsNull() || args[2].IsNull()) return range;  // no rows
  const bool inclusive = name == "generate_series";
  const interval_t step = args[2].GetStored<interval_t>();
  const int64_t from = start.GetStored<int64_t>();
  const int64_t to = stop.GetStored<int64_t>();
  TimestampSeries::Linear linear;
  if (TimestampSeries::TryLinear(name, from, to, step, inclusive, linear)) {
    range->start = linear.start;
    range->step = linear.step;
    range->count = linear.count;
    return range;
  }
  // A step with months: the values listed (they are few: a month or more apart).
  constexpr uint64_t kMaxListed = uint64_t{1} << 24;
  range->values = std::make_shared<const std::vector<int64_t>>(
      TimestampSeries::List(name, from, to, step, inclusive, kMaxListed));
  range->count = range->values->size();
  return range;
}

LogicalOperatorPtr Binder::BindRepeat(const ParsedExpression& call) {
  // DuckDB's repeat(value, count): `count` rows of one column, `value`.
  if (call.children.size() != 2 || call.star || call.distinct) {
    throw BinderError(
        fmt::format("repeat takes a value and a number of rows: {}", call.ToString()));
  }
  const Value value = BindConstant(*call.children[0], "the value of repeat()");
  const Value times = BindConstant(*call.children[1], TypeId::kBigInt, "the count of repeat()");
  auto range = std::make_unique<LogicalRange>();
  range->types = {LogicalType(TypeId::kBigInt)};
  if (times.IsNull())
    throw BinderError("Repeat second parameter cannot be NULL (the count of rows)");
  range->count = static_cast<uint64_t>(std::max<int64_t>(times.GetStored<int64_t>(), 0));
  auto projection = std::make_unique<LogicalProjection>();
  projection->expressions.push_back(MakeConstant(
      value.Type().Id() == TypeId::kSqlNull ? Value(LogicalType(TypeId::kInteger)) : value));
  projection->types = {projection->expressions[0]->type};
  projection->children.push_back(std::move(range));
  return projection;
}

}  // namespace teal
