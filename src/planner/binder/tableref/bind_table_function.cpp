// Binder: the table functions of FROM — range() / generate_series() and teal_settings() —
// and tables of constant rows.
#include "common/range_count.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

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
    throw NotImplementedError(fmt::format("table function {}", name));
  }
  if (call.children.empty() || call.children.size() > 3 || call.star || call.distinct) {
    throw BinderError(fmt::format("{} takes (stop), (start, stop) or (start, stop, step): {}", name,
                                  call.ToString()));
  }
  std::vector<Value> args;
  for (const auto& child : call.children) {
    args.push_back(BindConstant(*child, TypeId::kBigInt, fmt::format("an argument of {}", name)));
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
  range->count =
      times.IsNull() ? 0 : static_cast<uint64_t>(std::max<int64_t>(times.GetStored<int64_t>(), 0));
  auto projection = std::make_unique<LogicalProjection>();
  projection->expressions.push_back(MakeConstant(
      value.Type().Id() == TypeId::kSqlNull ? Value(LogicalType(TypeId::kInteger)) : value));
  projection->types = {projection->expressions[0]->type};
  projection->children.push_back(std::move(range));
  return projection;
}

}  // namespace teal
