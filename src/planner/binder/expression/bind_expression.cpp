// Binder: expressions — the dispatch over parsed expression kinds, column references,
// constants, casts, CASE and lists — and constant folding for DEFAULT and LIMIT.
#include "common/stack.hpp"
#include "common/string_distance.hpp"
#include "execution/expression_executor.hpp"
#include "function/implicit_cast.hpp"
#include "parser/rewrites.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
/// `value` cast to `type` as TRY_CAST casts one row: NULL where it does not convert, and
/// in a LIST or ARRAY (to a LIST or ARRAY) element by element, so that one bad element is
/// NULL rather than the whole list (DuckDB's: TRY_CAST(['1', 'x'] AS INT[]) is [1, NULL]).
/// A MAP or STRUCT converts whole or not at all (a map's key cannot be NULL).
Value TryCastRow(const Value& value, const LogicalType& type) {
  Value converted;
  if (value.TryCastAs(type, converted, nullptr)) return converted;
  const auto is_list = [](const LogicalType& t) {
    return t.Id() == TypeId::kList || t.Id() == TypeId::kArray;
  };
  if (value.IsNull() || !is_list(value.Type()) || !is_list(type)) return Value(type);
  std::vector<Value> elements;
  for (const Value& element : value.GetList()) {
    elements.push_back(TryCastRow(element, type.ListChild()));
  }
  if (type.Id() == TypeId::kList) return Value::List(type.ListChild(), std::move(elements));
  if (elements.size() != type.ArraySize()) return Value(type);
  return Value::Array(type, std::move(elements));
}

/// TRY_CAST(child AS target): a function that casts each row and gives NULL for a row that
/// does not convert (where CAST fails the statement).
ExpressionPtr MakeTryCast(ExpressionPtr child, const LogicalType& target) {
  ScalarFunction f;
  f.name = "try_cast";
  f.arguments = {child->type};
  f.return_type = target;
  f.body = [](const DataChunk& arguments, Vector& result, idx_t count) {
    const Vector& source = arguments.data[0];
    if (TryCastVector(source, result, count, nullptr)) return;
    // Some row does not convert: row by row, and that row is NULL.
    Vector one_in(source.Type(), 1), one_out(result.Type(), 1);
    SelectionVector row(1);
    const SelectionVector first;
    for (idx_t i = 0; i < count; i++) {
      if (!source.RowIsValid(i)) {
        result.SetNull(i);
        continue;
      }
      row.Set(0, i);
      one_in.Reset();
      one_in.CopyFrom(source, row, 1, 0, 0);
      one_out.Reset();
      if (TryCastVector(one_in, one_out, 1, nullptr)) {
        result.CopyFrom(one_out, first, 1, 0, i);
      } else if (result.Type().Id() == TypeId::kList || result.Type().Id() == TypeId::kArray) {
        result.SetValue(i, TryCastRow(source.GetValue(i), result.Type()));
      } else {
        result.SetNull(i);
      }
    }
  };
  auto call = std::make_unique<Expression>(BoundKind::kFunction, target);
  call->children.push_back(std::move(child));
  call->function = std::make_shared<const ScalarFunction>(std::move(f));
  return call;
}
}  // namespace

ExpressionPtr Binder::BindWholeRow(const ParsedExpression& e, Scope& scope) {
  // `t` (or `schema.t`) where no column has the name: the FROM item t's row, as a STRUCT
  // of its columns (DuckDB's; PostgreSQL's row value of t).
  if (e.names.size() > 2) return nullptr;
  for (const Binding& binding : scope.bindings) {
    if (!SameName(binding.alias, e.names.back())) continue;
    if (e.names.size() == 2 && !SameName(binding.schema, e.names[0])) continue;
    ParsedExpression pack(ExprKind::kFunction);
    pack.name = "struct_pack";
    pack.builtin = true;
    for (idx_t c = 0; c < binding.names.size(); c++) {
      if (binding.IsHidden(c)) continue;
      auto field = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
      field->names = {binding.alias, binding.names[c]};
      field->argument_name = binding.names[c];
      pack.children.push_back(std::move(field));
    }
    if (pack.children.empty()) return nullptr;
    ExpressionPtr row = BindExpression(pack, scope);
    row->alias = e.names.back();
    return row;
  }
  return nullptr;
}

namespace {
/// Whether `e` holds what ResolvedText cannot compare: a subquery (its own FROM), a window,
/// a lambda (its parameters shadow columns) or an aggregate's ORDER BY / FILTER.
bool HoldsScopedPart(const ParsedExpression& e) {
  if (e.kind == ExprKind::kSubquery || e.window || e.order_by || e.filter) return true;
  if (e.kind == ExprKind::kFunction && e.name == kLambdaFunction) return true;
  for (const auto& child : e.children) {
    if (HoldsScopedPart(*child)) return true;
  }
  return false;
}
}  // namespace

void Binder::ResolveColumnNames(ParsedExpression& e, const Scope& scope) {
  if (e.kind == ExprKind::kColumnRef) {
    Scope probe;  // no outer scope and no grouping: only the FROM items' columns
    probe.bindings = scope.bindings;
    probe.clause = scope.clause;
    try {
      ExpressionPtr bound = BindExpression(e, probe);
      if (bound->kind == BoundKind::kColumnRef) e.names = {"#" + std::to_string(bound->column)};
    } catch (const Error&) {
      // not a FROM item's column (an alias, an outer column): compared as written
    }
    return;
  }
  for (auto& child : e.children) ResolveColumnNames(*child, scope);
}

std::string Binder::ResolvedText(const ParsedExpression& e, const Scope& scope) {
  switch (e.kind) {
    case ExprKind::kOperator:
    case ExprKind::kFunction:
    case ExprKind::kCast:
    case ExprKind::kCase:
    case ExprKind::kList:
      break;
    default:
      return {};  // a column is matched by its column, a constant is no group
  }
  if (HoldsScopedPart(e)) return {};
  auto copy = e.Copy();
  ResolveColumnNames(*copy, scope);
  return copy->ToString();
}

ExpressionPtr Binder::BindExpression(const ParsedExpression& e, Scope& scope) {
  CheckStackDepth("an expression");
  if (scope.grouping && !scope.inside_aggregate && e.kind != ExprKind::kConstant) {
    std::string text = e.ToString();
    idx_t group = kInvalidIndex;
    for (idx_t i = 0; i < scope.group_texts.size() && group == kInvalidIndex; i++) {
      if (text == scope.group_texts[i]) group = i;
    }
    if (group == kInvalidIndex && scope.compound_groups) {
      // Written another way (`t.j * 2` for `j * 2`): the same with columns resolved.
      if (const std::string resolved = ResolvedText(e, scope); !resolved.empty()) {
        for (idx_t i = 0; i < scope.group_resolved.size() && group == kInvalidIndex; i++) {
          if (resolved == scope.group_resolved[i]) group = i;
        }
      }
    }
    if (group != kInvalidIndex) {
      if (scope.group_sources[group]) return FirstOfGroup(group, scope);
      return MakeColumnRef(group, scope.group_types[group], text);
    }
  }
  switch (e.kind) {
    case ExprKind::kConstant:
      return MakeConstant(e.value);
    case ExprKind::kColumnRef: {
      if ((scope.bindings.empty() || scope.enclosing_first) && scope.outer &&
          CanResolve(e, *scope.outer)) {
        return OuterReference(BindExpression(e, *scope.outer), scope);
      }
      if (scope.bindings.empty() && scope.outer && CanResolveWholeRow(e, *scope.outer)) {
        return OuterReference(BindExpression(e, *scope.outer), scope);  // an outer FROM item's row
      }
      if (scope.bindings.empty()) {
        if (auto aliased = BindOuterAlias(e, scope)) return aliased;
        if (names_as_strings_ && e.names.size() == 1 && scope.clause != "SELECT" &&
            scope.clause != "WHERE") {
          return MakeConstant(Value::Varchar(e.names[0]));
        }
        if (scope.clause != "SELECT" && scope.clause != "WHERE") {
          throw BinderError(fmt::format("{} must be a constant; it cannot refer to column \"{}\"",
                                        scope.clause, e.ToString()));
        }
        throw BinderError(fmt::format(
            "Referenced column \"{}\" not found: the query has no FROM clause", e.ToString()));
      }
      if (e.names.size() > 2) {
        if (auto field = BindFieldAccess(e, scope)) return field;
        // schema.table.column: the table's binding, if it is that schema's table.
        const bool in_schema =
            e.names.size() == 3 &&
            std::any_of(scope.bindings.begin(), scope.bindings.end(), [&](const Binding& b) {
              return SameName(b.alias, e.names[1]) && SameName(b.schema, e.names[0]);
            });
        if (!in_schema) {
          throw BinderError(
              fmt::format("Referenced table \"{1}.{2}\" not found: column \"{0}\" names no "
                          "table {1}.{2} in the FROM clause",
                          e.ToString(), e.names[0], e.names[1]));
        }
        ParsedExpressionPtr unqualified = e.Copy();
        unqualified->names.erase(unqualified->names.begin());
        return BindExpression(*unqualified, scope);
      }
      const std::string& column = e.names.back();
      idx_t index = kInvalidIndex;
      bool qualifier_found = false;
      const Binding* found = FindColumn(e, scope, index, qualifier_found);
      if (!found) {
        if (e.names.size() == 2) {
          if (auto field = BindFieldAccess(e, scope)) return field;
        }
        if (scope.outer && CanResolve(e, *scope.outer)) {
          return OuterReference(BindExpression(e, *scope.outer), scope);
        }
        if (auto aliased = BindOuterAlias(e, scope)) return aliased;
        if (auto row = BindWholeRow(e, scope)) return row;
        if (scope.outer && CanResolveWholeRow(e, *scope.outer)) {
          return OuterReference(BindExpression(e, *scope.outer), scope);  // an outer row
        }
        if (e.names.size() == 2 && !qualifier_found) {
          throw BinderError(
              fmt::format("Referenced table \"{}\" not found: it is not in the FROM clause "
                          "(referenced by \"{}\")",
                          e.names[0], e.ToString()));
        }
        // The hint: a column of the FROM clause (of the table named, if one is).
        std::vector<std::string> names;
        for (const Binding& binding : scope.bindings) {
          if (e.names.size() == 2 && !SameName(binding.alias, e.names[0])) continue;
          for (const std::string& name : binding.names) {
            names.push_back(e.names.size() == 2 ? binding.alias + "." + name : name);
          }
        }
        // DuckDB's wording (PostgreSQL: column "x" does not exist).
        throw BinderError(WithDidYouMean(
            e.names.size() == 2
                ? fmt::format("Table \"{}\" does not have a column named \"{}\"", e.names[0],
                              column)
                : fmt::format("Referenced column \"{}\" not found in FROM clause!", column),
            e.names.size() == 2 ? e.names[0] + "." + column : column, names));
      }
      std::string name = found->names[index - found->offset];
      if (!SameName(name, column)) name = found->function_column;  // `r.range`: its own name
      const LogicalType& type = found->types[index - found->offset];
      if (scope.grouping && !scope.inside_aggregate) {
        for (idx_t g = 0; g < scope.group_columns.size(); g++) {
          if (scope.group_columns[g] != index) continue;
          if (scope.group_sources[g]) return FirstOfGroup(g, scope);
          return MakeColumnRef(g, scope.group_types[g], name);
        }
        throw BinderError(fmt::format(
            "column \"{}\" must appear in the GROUP BY clause or be used in an aggregate "
            "function{}",
            column,
            scope.group_by_all ? " (GROUP BY ALL will only group entries in the SELECT list)"
                               : ""));
      }
      if (!scope.inside_aggregate && scope.column_outside_aggregate.empty()) {
        scope.column_outside_aggregate = column;
      }
      return MakeColumnRef(index, type, name);
    }
    case ExprKind::kCast: {
      auto child = BindExpression(*e.children[0], scope);
      LogicalType target = ResolveType(e.cast_type);
      if (!CastExists(child->type, target)) {
        // A NULL constant has every type (DuckDB casts it so): NULL::INT[]::ROW(i INT).
        if (child->kind == BoundKind::kConstant && child->value.IsNull()) {
          return MakeConstant(Value(target));
        }
        throw ConversionError(NoCastMessage(child->type, target));
      }
      if (e.try_cast && child->type != target) return MakeTryCast(std::move(child), target);
      if (try_depth_ > 0 && child->kind == BoundKind::kConstant && child->type != target &&
          !child->value.IsNull()) {
        try {
          return MakeCast(child->CopyNode(), target);
        } catch (const Error& error) {
          if (error.Category() == ErrorCategory::kInternal) throw;
          // Computed at execution, inside try().
          auto cast = std::make_unique<Expression>(BoundKind::kCast, target);
          cast->children.push_back(std::move(child));
          return cast;
        }
      }
      ExpressionPtr cast = MakeCast(std::move(child), target);
      // 1::VARCHAR is a VARCHAR value, no literal that converts to what it meets
      // (PostgreSQL: 1::TINYINT + 1::VARCHAR has no operator; it was 2).
      if (cast->kind == BoundKind::kConstant) cast->typed = true;
      return cast;
    }
    case ExprKind::kOperator:
      return BindOperator(e, scope);
    case ExprKind::kFunction:
      return BindFunction(e, scope);
    case ExprKind::kList: {
      std::vector<ExpressionPtr> elements;
      LogicalType child_type = TypeId::kSqlNull;
      bool all_string_literals = true;
      for (const auto& c : e.children) {
        elements.push_back(BindExpression(*c, scope));
        const auto& bound = elements.back();
        child_type = CommonType(child_type, false, bound->type,
                                IsStringLiteral(*bound) && !all_string_literals, e.ToString());
        all_string_literals = all_string_literals && IsStringLiteral(*bound);
      }
      bool constant = true;
      for (auto& element : elements) {
        element = MakeCast(std::move(element), child_type);
        constant = constant && element->kind == BoundKind::kConstant;
      }
      if (constant) {
        std::vector<Value> values;
        for (auto& element : elements) values.push_back(element->value);
        return MakeConstant(Value::List(child_type, std::move(values)));
      }
      auto list =
          std::make_unique<Expression>(BoundKind::kListValue, LogicalType::List(child_type));
      list->children = std::move(elements);
      return list;
    }
    case ExprKind::kCase: {
      auto result = std::make_unique<Expression>(BoundKind::kCase, TypeId::kSqlNull);
      size_t pairs = (e.children.size() - (e.star ? 1 : 0)) / 2;
      std::vector<ExpressionPtr> conditions, values;
      for (size_t i = 0; i < pairs; i++) {
        conditions.push_back(
            BindBoolean(BindExpression(*e.children[2 * i], scope), "a CASE condition"));
        values.push_back(BindExpression(*e.children[2 * i + 1], scope));
      }
      // CASE x WHEN a …: each condition is x = a with its own copy of x, which would
      // compute a non-deterministic x once per WHEN.
      if (e.name == "simple" && !conditions.empty() && conditions[0]->kind == BoundKind::kCompare &&
          !IsDeterministic(*conditions[0]->children[0])) {
        throw NotImplementedError(fmt::format(
            "CASE whose operand is not deterministic ({}): compute it in a subquery first",
            e.ToString()));
      }
      values.push_back(e.star ? BindExpression(*e.children.back(), scope) : MakeConstant(Value()));
      // The text once: per value, binding a long CASE would be quadratic.
      const std::string context = e.ToString();
      LogicalType type = TypeId::kSqlNull;
      bool all_literals = true;
      for (const auto& v : values) {
        type = CommonType(type, false, v->type, IsStringLiteral(*v) && !all_literals, context);
        all_literals = all_literals && IsStringLiteral(*v);
      }
      result->type = type;
      for (size_t i = 0; i < pairs; i++) {
        result->children.push_back(std::move(conditions[i]));
        result->children.push_back(MakeCast(std::move(values[i]), type));
      }
      result->children.push_back(MakeCast(std::move(values.back()), type));
      return result;
    }
    case ExprKind::kStar:
      throw BinderError("* is only allowed in a select list");
    case ExprKind::kPositional: {
      // The n-th of the columns * would list, bound as its qualified name.
      idx_t remaining = static_cast<idx_t>(std::max<int64_t>(e.parameter_index, 0));
      idx_t total = 0;
      for (const Binding& b : scope.bindings) {
        for (idx_t c = 0; c < b.VisibleCount(); c++) total += b.IsMerged(c) ? 0 : 1;
      }
      for (const Binding& b : scope.bindings) {
        for (idx_t c = 0; c < b.VisibleCount() && remaining > 0; c++) {
          if (b.IsMerged(c) || --remaining > 0) continue;
          auto column = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
          column->names = b.alias.empty() ? std::vector<std::string>{b.names[c]}
                                          : std::vector<std::string>{b.alias, b.names[c]};
          return BindExpression(*column, scope);
        }
      }
      throw BinderError(fmt::format("Positional reference {} out of range (total {} columns)",
                                    e.parameter_index, total));
    }
    case ExprKind::kParameter: {
      idx_t index = static_cast<idx_t>(e.parameter_index);
      if (index == 0) throw BinderError("parameters are numbered from $1");
      if (parameter_values_) {
        if (index > parameter_values_->size()) {
          throw InvalidInputError(fmt::format("parameter ${} has no value: {} values were given",
                                              index, parameter_values_->size()));
        }
        return MakeConstant((*parameter_values_)[index - 1]);
      }
      auto parameter = std::make_unique<Expression>(BoundKind::kParameter, TypeId::kSqlNull);
      parameter->column = index - 1;
      return parameter;
    }
    case ExprKind::kDefault:
      throw BinderError(fmt::format(
          "DEFAULT is not allowed here! The {} clause cannot contain DEFAULT: it is allowed "
          "only as a whole value of an INSERT's VALUES or an UPDATE's SET",
          scope.clause));
    case ExprKind::kSubquery:
      return BindSubquery(e, scope);
  }
  throw InternalError("unknown parsed expression kind");
}

Value Binder::BindConstant(const ParsedExpression& expression, std::string_view what) {
  Scope scope;
  scope.clause = std::string(what);
  auto bound = BindExpression(expression, scope);
  if (bound->kind == BoundKind::kConstant) return bound->value;
  if (!bound->IsFoldable()) {
    throw BinderError(fmt::format("{} must be a constant, not {}", what, expression.ToString()));
  }
  // A constant expression ({'a': 'INTEGER'}, 'x' || 'y'): computed once, here.
  return ExpressionExecutor::EvaluateConstant(*bound);
}

Value Binder::BindConstant(const ParsedExpression& expression, const LogicalType& type,
                           std::string_view what) {
  Scope scope;
  scope.clause = std::string(what);
  auto bound = BindExpression(expression, scope);
  std::function<bool(const Expression&)> has_parameter = [&](const Expression& x) {
    if (x.kind == BoundKind::kParameter) return true;
    for (const auto& child : x.children) {
      if (has_parameter(*child)) return true;
    }
    return false;
  };
  if (!parameter_values_ && has_parameter(*bound)) {
    needs_parameter_values_ = true;
    return Value(type);  // stands in until the statement is bound again with the values
  }
  if (bound->kind != BoundKind::kConstant && bound->IsFoldable()) {
    // A constant expression (range(2 * 100, 3 * 100)): computed once, here.
    bound = MakeConstant(ExpressionExecutor::EvaluateConstant(*bound));
  }
  if (!bound->IsFoldable() || bound->kind != BoundKind::kConstant) {
    auto cast = MakeCast(std::move(bound), type);
    if (cast->kind != BoundKind::kConstant) {
      throw NotImplementedError(
          fmt::format("{} that is not a constant ({})", what, expression.ToString()));
    }
    return cast->value;
  }
  return bound->value.CastAs(type);
}

}  // namespace teal
