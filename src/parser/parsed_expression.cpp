// SQL renderings of parsed expressions and type names (used to name result columns
// and to show DEFAULT expressions in .schema).
#include "parser/parsed_expression.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "parser/identifier.hpp"
#include "parser/rewrites.hpp"
#include "parser/window_spec.hpp"

namespace teal {

std::string TypeName::ToString() const {
  // Built-in names (lower case, some with spaces) in upper case; a user type's name that
  // was quoted keeps its quotes.
  const bool quoted = std::any_of(name.begin(), name.end(), [](char c) {
    return !(std::islower(static_cast<unsigned char>(c)) ||
             std::isdigit(static_cast<unsigned char>(c)) || c == '_' || c == ' ');
  });
  // The grammar's internal names (SMALLINT arrives as int2) are written as SQL spells them.
  static constexpr std::pair<std::string_view, std::string_view> kSqlNames[] = {
      {"int2", "smallint"},
      {"int4", "integer"},
      {"int8", "bigint"},
      {"float4", "float"},
      {"float8", "double"},
      {"bool", "boolean"},
      {"numeric", "decimal"},
      {"timestamptz", "timestamp with time zone"},
      {"timetz", "time with time zone"}};
  std::string out = quoted ? QuoteIdentifier(name) : name;
  for (const auto& [internal, sql] : kSqlNames) {
    if (!quoted && out == internal) out = sql;
  }
  if (!quoted) {
    for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (!schema.empty()) {
    std::string prefix;  // "db.s": each part an identifier
    size_t start = 0;
    for (size_t dot = schema.find('.');; dot = schema.find('.', start)) {
      prefix += QuoteIdentifier(schema.substr(start, dot - start)) + ".";
      if (dot == std::string::npos) break;
      start = dot + 1;
    }
    out = prefix + (quoted ? out : name);
  }
  if (name == "map" && field_types.size() == 2) {
    out += "(" + field_types[0].ToString() + ", " + field_types[1].ToString() + ")";
  } else if (!field_names.empty()) {
    out += "(";
    for (size_t i = 0; i < field_names.size(); i++) {
      out += (i ? ", " : "") + QuoteIdentifier(field_names[i]) + " " + field_types[i].ToString();
    }
    out += ")";
  }
  if (!labels.empty()) {
    out += "(";
    for (size_t i = 0; i < labels.size(); i++) out += (i ? ", " : "") + QuoteLiteral(labels[i]);
    out += ")";
  }
  if (!modifiers.empty()) {
    out += "(";
    for (size_t i = 0; i < modifiers.size(); i++)
      out += (i ? "," : "") + std::to_string(modifiers[i]);
    out += ")";
  }
  for (int64_t bound : array_bounds) out += bound < 0 ? "[]" : "[" + std::to_string(bound) + "]";
  return out;
}

namespace {
std::string Join(const std::vector<std::unique_ptr<ParsedExpression>>& items, size_t from) {
  std::string out;
  for (size_t i = from; i < items.size(); i++) {
    if (i > from) out += ", ";
    if (!items[i]->argument_name.empty()) out += items[i]->argument_name + " := ";
    out += items[i]->ToString();
  }
  return out;
}
}  // namespace

std::string ParsedExpression::ToString() const {
  switch (kind) {
    case ExprKind::kColumnRef: {
      std::string out;
      for (size_t i = 0; i < names.size(); i++) out += (i ? "." : "") + QuoteIdentifier(names[i]);
      return out;
    }
    case ExprKind::kConstant:
      if (value.IsNull()) return "NULL";
      if (value.Type().Id() == TypeId::kVarchar) return QuoteLiteral(value.GetString());
      if (value.Type().IsNumeric() || value.Type().Id() == TypeId::kBoolean) {
        return value.ToString();
      }
      // INTERVAL 2 YEAR and the like arrive as values: written so they parse back.
      return fmt::format("CAST({} AS {})", QuoteLiteral(value.ToString()), value.Type().ToString());
    case ExprKind::kCast:
      return fmt::format("{}CAST({} AS {})", try_cast ? "TRY_" : "", children[0]->ToString(),
                         cast_type.ToString());
    case ExprKind::kOperator:
      if (name == "NOT") return fmt::format("(NOT {})", children[0]->ToString());
      if (name == "COLLATE")
        return fmt::format("({} COLLATE {})", children[0]->ToString(), names[0]);
      if (name == "IS NULL" || name == "IS NOT NULL") {
        return fmt::format("({} {})", children[0]->ToString(), name);
      }
      if (name == "IN" || name == "NOT IN") {
        return fmt::format("({} {} ({}))", children[0]->ToString(), name, Join(children, 1));
      }
      if (name == "BETWEEN" || name == "NOT BETWEEN") {
        return fmt::format("({} {} {} AND {})", children[0]->ToString(), name,
                           children[1]->ToString(), children[2]->ToString());
      }
      if (children.size() == 1) return fmt::format("{}({})", name, children[0]->ToString());
      if (children.size() == 3 &&
          (name == "SIMILAR TO" || name == "NOT SIMILAR TO" || name.ends_with("LIKE"))) {
        return fmt::format("({} {} {} ESCAPE {})", children[0]->ToString(), name,
                           children[1]->ToString(), children[2]->ToString());
      }
      {
        std::string out = "(" + children[0]->ToString();
        for (size_t i = 1; i < children.size(); i++)
          out += " " + name + " " + children[i]->ToString();
        return out + ")";
      }
    case ExprKind::kFunction: {
      if (name == kLambdaFunction && !children.empty()) {
        // As written: x -> body, (x, i) -> body.
        std::string params;
        for (size_t i = 0; i + 1 < children.size(); i++) {
          params += (i ? ", " : "") + children[i]->ToString();
        }
        if (children.size() > 2) params = "(" + params + ")";
        return params + " -> " + children.back()->ToString();
      }
      // SQL's keyword values, which take no parentheses (current_date() does not parse).
      if (children.empty() && !star && !window &&
          (name == "current_date" || name == "current_timestamp" || name == "current_time" ||
           name == "current_user" || name == "session_user" || name == "current_role" ||
           name == "user")) {
        return name;
      }
      // POSITION(needle IN haystack), which the grammar gives as position(haystack, needle).
      if (name == "position" && children.size() == 2 && !window) {
        return fmt::format("position({} IN {})", children[1]->ToString(), children[0]->ToString());
      }
      // EXTRACT(field FROM x): extract is a keyword, and extract('year', x) does not parse.
      if (name == "extract" && children.size() == 2 && !window &&
          children[0]->kind == ExprKind::kConstant &&
          children[0]->value.Type().Id() == TypeId::kVarchar) {
        const std::string field = children[0]->value.ToString();
        if (!field.empty() && std::all_of(field.begin(), field.end(), [](char c) {
              return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
            })) {
          return fmt::format("extract({} FROM {})", field, children[1]->ToString());
        }
      }
      std::string order;
      if (order_by) {
        for (size_t i = 0; i < order_by->size(); i++) {
          order += (i ? ", " : " ORDER BY ") + (*order_by)[i].ToString();
        }
      }
      std::string out =
          star ? name + "_star()"
               : fmt::format(
                     "{}({}{}{}{})", name, distinct ? "DISTINCT " : "", Join(children, 0), order,
                     ignore_nulls ? (children.empty() ? "IGNORE NULLS" : " IGNORE NULLS") : "");
      if (filter) out += " FILTER (WHERE " + filter->ToString() + ")";
      if (window) out += " OVER " + window->ToString();
      // schema.f(…), or DuckDB's x.f(…) for f(x, …)
      for (auto q = names.rbegin(); q != names.rend(); ++q) out = *q + "." + out;
      return out;
    }
    case ExprKind::kStar: {
      std::string out = names.empty() ? "*" : names[0] + ".*";
      for (std::string_view kind : {"exclude", "replace", "rename"}) {
        std::string items;
        for (const auto& c : children) {
          if (c->argument_name != kind) continue;
          items += items.empty() ? "" : ", ";
          items += kind == "exclude" ? c->ToString() : c->ToString() + " AS " + c->alias;
        }
        if (items.empty()) continue;
        std::string word(kind);
        std::transform(word.begin(), word.end(), word.begin(), ::toupper);
        out += " " + word + " (" + items + ")";
      }
      return out;
    }
    case ExprKind::kParameter:
      return fmt::format("${}", parameter_index);
    case ExprKind::kPositional:
      return fmt::format("#{}", parameter_index);
    case ExprKind::kDefault:
      return "DEFAULT";
    case ExprKind::kList:
      return "[" + Join(children, 0) + "]";
    case ExprKind::kSubquery:
      switch (subquery_kind) {
        case SubqueryKind::kScalar:
          return subquery_text;
        case SubqueryKind::kExists:
          return "EXISTS" + subquery_text;
        case SubqueryKind::kAny:
          return fmt::format("({} {} ANY{})", children[0]->ToString(), name, subquery_text);
        case SubqueryKind::kAll:
          return fmt::format("({} {} ALL{})", children[0]->ToString(), name, subquery_text);
        case SubqueryKind::kLateral:
          break;
      }
      return subquery_text;
    case ExprKind::kCase: {
      if (name == kOverListCase) return children.back()->ToString();  // x op ANY(list)
      std::string out = "CASE";
      size_t pairs = (children.size() - (star ? 1 : 0)) / 2;
      for (size_t i = 0; i < pairs; i++) {
        out += " WHEN " + children[2 * i]->ToString() + " THEN " + children[2 * i + 1]->ToString();
      }
      if (star) out += " ELSE " + children.back()->ToString();
      return out + " END";
    }
  }
  return "?";
}

std::unique_ptr<ParsedExpression> ParsedExpression::Copy() const {
  auto out = std::make_unique<ParsedExpression>(kind);
  out->name = name;
  out->names = names;
  out->value = value;
  out->cast_type = cast_type;
  out->star = star;
  out->distinct = distinct;
  out->parameter_index = parameter_index;
  for (const auto& c : children) out->children.push_back(c->Copy());
  out->alias = alias;
  out->location = location;
  out->subquery_kind = subquery_kind;
  out->subquery = subquery;
  out->subquery_text = subquery_text;
  out->window = window;
  out->order_by = order_by;
  if (filter) out->filter = filter->Copy();
  out->ignore_nulls = ignore_nulls;
  out->filter_as_case = filter_as_case;
  out->builtin = builtin;
  out->try_cast = try_cast;
  out->argument_name = argument_name;
  return out;
}

std::string OrderTerm::ToString() const {
  std::string out = all ? "ALL" : expression->ToString();
  if (direction_given) out += descending ? " DESC" : " ASC";
  if (nulls_first) out += *nulls_first ? " NULLS FIRST" : " NULLS LAST";
  return out;
}

namespace {
std::string BoundaryText(FrameBoundary boundary, const ParsedExpressionPtr& offset) {
  switch (boundary) {
    case FrameBoundary::kUnboundedPreceding:
      return "UNBOUNDED PRECEDING";
    case FrameBoundary::kPreceding:
      return offset->ToString() + " PRECEDING";
    case FrameBoundary::kCurrentRow:
      return "CURRENT ROW";
    case FrameBoundary::kFollowing:
      return offset->ToString() + " FOLLOWING";
    case FrameBoundary::kUnboundedFollowing:
      return "UNBOUNDED FOLLOWING";
  }
  return "?";
}
}  // namespace

std::shared_ptr<WindowSpec> WindowSpec::Copy() const {
  auto out = std::make_shared<WindowSpec>();
  for (const auto& p : partitions) out->partitions.push_back(p->Copy());
  for (const auto& o : orders) {
    OrderTerm term;
    term.expression = o.expression ? o.expression->Copy() : nullptr;
    term.all = o.all;
    term.direction_given = o.direction_given;
    term.descending = o.descending;
    term.nulls_first = o.nulls_first;
    out->orders.push_back(std::move(term));
  }
  out->unit = unit;
  out->start = start;
  out->end = end;
  out->start_offset = start_offset ? start_offset->Copy() : nullptr;
  out->end_offset = end_offset ? end_offset->Copy() : nullptr;
  out->exclude = exclude;
  out->frame_given = frame_given;
  return out;
}

std::string WindowSpec::ToString() const {
  std::vector<std::string> parts;
  if (!partitions.empty()) parts.push_back("PARTITION BY " + Join(partitions, 0));
  if (!orders.empty()) {
    std::string out = "ORDER BY ";
    for (size_t i = 0; i < orders.size(); i++) out += (i ? ", " : "") + orders[i].ToString();
    parts.push_back(out);
  }
  if (frame_given) {
    const char* units[] = {"ROWS", "RANGE", "GROUPS"};
    std::string out = fmt::format("{} BETWEEN {} AND {}", units[static_cast<int>(unit)],
                                  BoundaryText(start, start_offset), BoundaryText(end, end_offset));
    const char* excludes[] = {"", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES"};
    parts.push_back(out + excludes[static_cast<int>(exclude)]);
  }
  std::string out = "(";
  for (size_t i = 0; i < parts.size(); i++) out += (i ? " " : "") + parts[i];
  return out + ")";
}

}  // namespace teal
