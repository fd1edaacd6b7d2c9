// Binder::BindSummarize: DuckDB's SUMMARIZE query, one row per column of the query's result
// with its statistics — column_name, column_type, min, max, approx_unique, avg, std, q25,
// q50, q75, count, null_percentage — computed by one aggregation over the query:
//
//   SELECT unnest(['a', …]) AS column_name, …, unnest([min(c0)::VARCHAR, …]) AS min, …
//   FROM (query) AS __summarized(c0, …)
//
// (the columns renamed, so that a query's duplicate names are no trouble). avg and the
// quartiles (approx_quantile) are of numbers and of dates, times and timestamps; std
// (stddev_samp) of numbers; other types give NULL there, as DuckDB's.
#include "parser/parser.hpp"
#include "parser/rewrites.hpp"
#include "parser/sql_scanner.hpp"
#include "planner/binder.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

/// `unnest([item(0), …, item(n - 1)]) AS name`
template <typename Item>
std::string UnnestedList(size_t n, std::string_view name, Item&& item) {
  std::string out = "unnest([";
  for (size_t c = 0; c < n; c++) out += (c ? ", " : "") + item(c);
  return out + "]) AS " + std::string(name);
}

}  // namespace

LogicalOperatorPtr Binder::BindSummarize(const TableRef& ref, Scope& scope) {
  const auto& args = ref.function->children;
  if (args.empty() || args[0]->kind != ExprKind::kConstant ||
      args[0]->value.Type().Id() != TypeId::kVarchar) {
    throw InternalError("SUMMARIZE without its query");
  }
  const std::string& query = args[0]->value.GetString();
  // The query's columns, to choose each one's statistics.
  auto statements = ParseSql(query, options_.max_expression_depth);
  if (statements.size() != 1 || statements[0]->type != StatementType::kSelect) {
    throw BinderError(fmt::format("SUMMARIZE takes one query, not {}", query));
  }
  Binder child = Child(false);
  const BoundStatement bound = child.BindSelect(static_cast<SelectStatement&>(*statements[0]));
  needs_parameter_values_ = needs_parameter_values_ || child.needs_parameter_values_;
  const std::vector<LogicalType>& types = bound.types;
  const size_t n = types.size();
  const auto column = [](size_t c) { return "c" + std::to_string(c); };
  const auto of = [&](std::string_view function, size_t c, bool applies) {
    return applies ? fmt::format("{}({})::VARCHAR", function, column(c)) : "NULL::VARCHAR";
  };
  const auto averages = [&](size_t c) {
    // dates, times and timestamps; not INTERVAL, which approx_quantile does not take
    return types[c].IsNumeric() || (types[c].IsTemporal() && types[c].Id() != TypeId::kInterval);
  };
  const auto quartile = [&](std::string_view q) {
    return [&, q](size_t c) {
      return averages(c) ? fmt::format("approx_quantile({}, {})::VARCHAR", column(c), q)
                         : "NULL::VARCHAR";
    };
  };
  std::vector<std::string> items = {
      UnnestedList(n, "column_name", [&](size_t c) { return Quoted(bound.names[c]); }),
      UnnestedList(n, "column_type", [&](size_t c) { return Quoted(types[c].ToString()); }),
      UnnestedList(n, "min", [&](size_t c) { return of("min", c, true); }),
      UnnestedList(n, "max", [&](size_t c) { return of("max", c, true); }),
      UnnestedList(n, "approx_unique",
                   [&](size_t c) { return "approx_count_distinct(" + column(c) + ")"; }),
      UnnestedList(n, "avg", [&](size_t c) { return of("avg", c, averages(c)); }),
      UnnestedList(n, "std", [&](size_t c) { return of("stddev_samp", c, types[c].IsNumeric()); }),
      UnnestedList(n, "q25", quartile("0.25")),
      UnnestedList(n, "q50", quartile("0.5")),
      UnnestedList(n, "q75", quartile("0.75")),
      UnnestedList(n, "count", [](size_t) { return std::string("count(*)"); }),
      UnnestedList(n, "null_percentage", [&](size_t c) {
        return fmt::format(
            "CAST(CASE WHEN count(*) > 0 THEN 100.0 * (count(*) - count({0})) / count(*) END "
            "AS DECIMAL(9, 2))",
            column(c));
      })};
  std::string sql = "SELECT ";
  for (size_t i = 0; i < items.size(); i++) sql += (i ? ", " : "") + items[i];
  sql += " FROM (" + query + ") AS __summarized(";
  for (size_t c = 0; c < n; c++) sql += (c ? ", " : "") + column(c);
  sql += ")";
  auto summary = ParseSql(sql, options_.max_expression_depth);
  TableRef subquery;
  subquery.kind = TableRefKind::kSubquery;
  subquery.subquery.reset(static_cast<SelectStatement*>(summary[0].release()));
  subquery.alias = ref.alias.empty() ? "summarize" : ref.alias;
  subquery.column_aliases = ref.column_aliases;
  return BindTableRef(subquery, scope);
}

}  // namespace teal
