// Binder: function calls — scalar and aggregate functions, and the special ones:
// current_setting, nextval/currval, unnest.
#include "catalog/session_sequences.hpp"
#include "common/string_distance.hpp"
#include "execution/expression_executor.hpp"
#include "function/aggregate/distinct_aggregate.hpp"
#include "function/aggregate/filtered_aggregate.hpp"
#include "function/aggregate/ordered_aggregate.hpp"
#include "function/collation.hpp"
#include "function/duckdb_function_names.hpp"
#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "function/scalar/date_util.hpp"
#include "parser/rewrites.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/binder/tableref/catalog_listing.hpp"

namespace teal {

namespace {
/// round(x, n) / trunc(x, n) of a DECIMAL with a constant n: the result has scale n
/// (PostgreSQL, DuckDB), so round(2.45, 1) is 2.5 and not 2.50. The function's own type
/// keeps x's scale (n may be a column); the digits past n are zero, so the cast is exact.
ExpressionPtr ScaleOfRounding(ExpressionPtr call) {
  const std::string& name = call->function->name;
  if ((name != "round" && name != "trunc" && name != "round_even" && name != "roundbankers") ||
      call->children.size() != 2 || call->type.Id() != TypeId::kDecimal ||
      call->children[1]->kind != BoundKind::kConstant || call->children[1]->value.IsNull()) {
    return call;
  }
  const LogicalType& x = call->children[0]->type;
  const int64_t n =
      std::max<int64_t>(0, call->children[1]->value.CastAs(TypeId::kBigInt).GetStored<int64_t>());
  const int64_t width = int64_t{x.DecimalWidth()} - x.DecimalScale() + n + 1;
  if (n >= x.DecimalScale() || width > LogicalType::kMaxDecimalWidth) return call;
  return MakeCast(std::move(call),
                  LogicalType::Decimal(static_cast<uint8_t>(width), static_cast<uint8_t>(n)));
}

}  // namespace

namespace {

bool IsAggregateCall(const ParsedExpression& e) {
  return e.kind == ExprKind::kFunction && !e.window &&
         (e.star || FunctionCatalog::Builtins().FindAggregate(e.name));
}

/// Whether `e` or an expression in it is a subquery / a window function / an aggregate /
/// a column reference.
bool Holds(const ParsedExpression& e, const std::function<bool(const ParsedExpression&)>& is) {
  if (is(e)) return true;
  return std::any_of(e.children.begin(), e.children.end(),
                     [&](const auto& child) { return Holds(*child, is); });
}

/// A PIVOT cell, __teal_pivot_filter(condition, expression) (RewritePivot): the
/// expression, which holds exactly one aggregate and no column outside it, with FILTER
/// (WHERE condition) on the aggregate.
ParsedExpressionPtr PivotCell(const ParsedExpression& marker) {
  if (marker.children.size() != 2) throw InternalError("a PIVOT cell takes two arguments");
  const ParsedExpression& condition = *marker.children[0];
  ParsedExpressionPtr expression = marker.children[1]->Copy();
  const std::string text = expression->ToString();
  auto refuse = [&](std::string_view why) {
    throw BinderError(fmt::format("PIVOT expression {}: {}", why, text));
  };
  if (Holds(*expression, [](const ParsedExpression& e) { return e.window != nullptr; })) {
    refuse("cannot contain window functions");
  }
  if (Holds(*expression, [](const ParsedExpression& e) { return e.kind == ExprKind::kSubquery; })) {
    refuse("cannot contain subqueries");
  }
  if (Holds(*expression, [](const ParsedExpression& e) {
        return e.kind == ExprKind::kColumnRef && e.names.size() > 1;
      })) {
    refuse("cannot contain qualified columns");
  }
  int found = 0;
  bool column_outside = false;
  std::function<void(ParsedExpression&)> visit = [&](ParsedExpression& e) {
    if (e.kind == ExprKind::kColumnRef) column_outside = true;
    if (IsAggregateCall(e)) {
      if (e.filter) {
        auto both = std::make_unique<ParsedExpression>(ExprKind::kOperator);
        both->name = "AND";
        both->children.push_back(std::move(e.filter));
        both->children.push_back(condition.Copy());
        e.filter = std::move(both);
      } else {
        e.filter = condition.Copy();
      }
      found++;
      return;  // an aggregate's arguments are its own
    }
    for (auto& child : e.children) visit(*child);
  };
  visit(*expression);
  if (found == 0) refuse("no aggregates were found in it");
  if (found > 1) {
    throw BinderError(fmt::format("Pivot expression must contain exactly one aggregate: {}", text));
  }
  if (column_outside) {
    throw BinderError(fmt::format(
        "Columns can only be referenced within the aggregate of a PIVOT expression: {}", text));
  }
  return expression;
}

/// In a PIVOT cell's `condition`, each `__teal_pivot_on(x) IS NOT DISTINCT FROM (v)` whose
/// two types have no comparison (INTEGER and DATE, INTEGER and a LIST) compares their
/// text instead, as DuckDB matches them: such a cell matches no row, where the comparison
/// would be an error. `bind` binds an expression of the cell's scope.
void CompareIncomparableAsText(ParsedExpression& condition,
                               const std::function<ExpressionPtr(const ParsedExpression&)>& bind) {
  const bool match = condition.kind == ExprKind::kOperator &&
                     condition.name == "IS NOT DISTINCT FROM" &&
                     condition.children[0]->kind == ExprKind::kFunction &&
                     condition.children[0]->name == kPivotOnMarker;
  if (!match) {
    for (auto& child : condition.children) CompareIncomparableAsText(*child, bind);
    return;
  }
  ExpressionPtr on = bind(*condition.children[0]);
  ExpressionPtr value = bind(*condition.children[1]);
  try {
    CommonType(on->type, false, value->type, IsStringLiteral(*value), "PIVOT");
  } catch (const BinderError&) {
    for (auto& side : condition.children) {
      auto text = std::make_unique<ParsedExpression>(ExprKind::kCast);
      text->cast_type.name = "varchar";
      text->children.push_back(std::move(side));
      side = std::move(text);
    }
  }
}

/// What a PIVOT pivots on, __teal_pivot_on(expression) (RewritePivot): a value of the row
/// that is not an aggregate, a window function, a subquery or a constant.
const ParsedExpression& PivotOn(const ParsedExpression& marker) {
  if (marker.children.size() != 1) throw InternalError("PIVOT ON takes one expression");
  const ParsedExpression& on = *marker.children[0];
  auto refuse = [&](std::string_view why) {
    throw BinderError(fmt::format("PIVOT … ON {}: {}", on.ToString(), why));
  };
  if (Holds(on, [](const ParsedExpression& e) { return e.window != nullptr; })) {
    refuse("the expression cannot contain window functions");
  }
  if (Holds(on, [](const ParsedExpression& e) { return e.kind == ExprKind::kSubquery; })) {
    refuse("Cannot pivot on subquery");
  }
  if (Holds(on, IsAggregateCall)) refuse("the expression cannot contain aggregates");
  if (!Holds(on, [](const ParsedExpression& e) { return e.kind == ExprKind::kColumnRef; })) {
    refuse("Cannot pivot on constant value");
  }
  return on;
}

}  // namespace

namespace {
/// The string functions that compare their arguments (LIKE, contains, …): a collation
/// applies to each argument, as to a comparison's operands.
bool ComparesThroughCollation(std::string_view name) {
  return NameIsOneOf(name, {"glob", "like", "ilike", "contains", "prefix", "starts_with", "^@",
                            "suffix", "ends_with", "strpos", "instr", "position"});
}
}  // namespace

namespace {
/// The error for a call of `name`, which no scalar function, aggregate or macro has: a
/// table function called outside FROM, a DuckDB function Teal does not have yet (not
/// implemented), or a name no function has (DuckDB's catalog error, with the nearest name).
[[noreturn]] void ThrowUnknownFunction(const std::string& name) {
  for (const char* table_function : kTableFunctionNames) {
    if (name == table_function) {
      throw BinderError(fmt::format(
          "Function \"{}\" is a table function but it was used as a scalar function: call it in "
          "FROM (SELECT * FROM {}(…))",
          name, name));
    }
  }
  if (IsDuckDBFunctionName(name)) {
    throw NotImplementedError(WithDidYouMean(fmt::format("function {}", name), name,
                                             FunctionCatalog::Builtins().Names()));
  }
  throw CatalogError(
      WithDidYouMean(fmt::format("Scalar Function with name {} does not exist!", name), name,
                     FunctionCatalog::Builtins().Names()));
}
}  // namespace

namespace {
/// `type` with every occurrence of `from` in it, at any depth, replaced by `to`.
LogicalType ReplaceType(const LogicalType& type, const LogicalType& from, const LogicalType& to) {
  if (type == from) return to;
  switch (type.Id()) {
    case TypeId::kList:
      return LogicalType::List(ReplaceType(type.ListChild(), from, to));
    case TypeId::kArray:
      return LogicalType::Array(ReplaceType(type.ListChild(), from, to), type.ArraySize());
    case TypeId::kMap:
      return LogicalType::Map(ReplaceType(type.MapKey(), from, to),
                              ReplaceType(type.MapValue(), from, to));
    case TypeId::kStruct: {
      auto fields = type.StructFields();
      for (auto& field : fields) field.second = ReplaceType(field.second, from, to);
      return LogicalType::Struct(std::move(fields));
    }
    default:
      return type;
  }
}
}  // namespace

ExpressionPtr Binder::BindScalarCall(const std::string& name, std::vector<ExpressionPtr> arguments,
                                     const ParsedExpression& e) {
  if (name == "//") {
    // DuckDB's integer division: / on integers (which divides as integers already) and on
    // floating point; DECIMALs divide as DOUBLE.
    for (auto& argument : arguments) {
      if (argument->type.Id() == TypeId::kDecimal) {
        argument = MakeCast(std::move(argument), TypeId::kDouble);
      }
    }
    return BindScalarCall("/", std::move(arguments), e);
  }
  // DuckDB's contains() of a list or map: list_contains / map_contains.
  if (name == "contains" && arguments.size() == 2) {
    const TypeId id = arguments[0]->type.Id();
    if (id == TypeId::kList || id == TypeId::kArray) {
      return BindScalarCall("list_contains", std::move(arguments), e);
    }
    if (id == TypeId::kMap) return BindScalarCall("map_contains", std::move(arguments), e);
  }
  // Exponentiation, as in PostgreSQL and DuckDB (DOUBLE in both).
  if (name == "^") return BindScalarCall("power", std::move(arguments), e);
  if (name == "cast_to_type" || name == "replace_type") {
    // DuckDB's cast_to_type(x, of_type) and replace_type(x, from_type, to_type): the type
    // arguments are values (NULL::T) whose types name the types. x is cast to the second
    // argument's type, or to its own type with the second's replaced by the third's
    // wherever it occurs.
    const size_t types = name == "cast_to_type" ? 1 : 2;
    if (arguments.size() != types + 1) {
      throw BinderError(fmt::format(
          "No function matches the given name and argument types '{}'. You might need to add "
          "explicit type casts.",
          e.ToString()));
    }
    for (size_t k = 1; k < arguments.size(); k++) {
      if (arguments[k]->kind == BoundKind::kParameter) {
        // The type comes with the parameter's value: the statement is bound again with it.
        needs_parameter_values_ = true;
        return MakeConstant(Value(arguments[0]->type));
      }
      if (arguments[k]->type.Id() == TypeId::kSqlNull) {
        throw BinderError(name == "cast_to_type"
                              ? "cast_to_type cannot be used to cast to NULL"
                              : "replace_type cannot be used to replace type with NULL");
      }
    }
    const LogicalType target =
        types == 1 ? arguments[1]->type
                   : ReplaceType(arguments[0]->type, arguments[1]->type, arguments[2]->type);
    return MakeCast(std::move(arguments[0]), target);
  }
  // DuckDB's names of the arithmetic operators.
  for (const auto& [alias, op] : {std::pair{"add", "+"}, std::pair{"subtract", "-"},
                                  std::pair{"multiply", "*"}, std::pair{"divide", "//"}}) {
    if (name == alias) return BindScalarCall(op, std::move(arguments), e);
  }
  const ScalarFunctionSet* set = FunctionCatalog::Builtins().FindScalar(name);
  if (!set) {
    if (auto call = BindListAggregate(name, arguments, e)) return call;
    if (e.kind == ExprKind::kOperator) throw NotImplementedError(fmt::format("operator {}", name));
    if (arguments.size() == 1 && IsBuiltinTypeName(name)) {
      // A built-in type's name called with one value converts it (PostgreSQL's
      // function-style cast: date('2021-03-01'), int4('7')).
      return MakeCast(std::move(arguments[0]), ResolveTypeText(name));
    }
    ThrowUnknownFunction(name);
  }
  // The collation of the VARCHAR arguments: a string function's result keeps it (DuckDB's
  // rule: lower(s COLLATE nocase) is still nocase), and the matching functions compare
  // their arguments through it (contains(s COLLATE nocase, 'X')).
  std::string collation;
  for (const auto& a : arguments) collation = CombineCollations(collation, a->type);
  if (ComparesThroughCollation(name)) {
    for (auto& a : arguments) {
      if (a->type.Id() == TypeId::kVarchar)
        a = CollatedAs(std::move(a), LogicalType::Varchar(collation));
    }
    collation.clear();
  }
  std::vector<LogicalType> types;
  std::vector<bool> literals;
  for (const auto& a : arguments) {
    types.push_back(a->type);
    literals.push_back(IsLiteral(*a));
  }
  const bool untyped_parameter =
      !parameter_values_ && std::any_of(arguments.begin(), arguments.end(), [](const auto& a) {
        return a->kind == BoundKind::kParameter && a->type.Id() == TypeId::kSqlNull;
      });
  // Only parameters (and NULLs) to type the call by. PostgreSQL takes them as text in
  // its CASE-like functions and in ||; elsewhere it refuses ($1 + $2, pg_typeof($1)), and a
  // guessed overload would convert the values silently (2.5 to an INTEGER 3): the statement
  // is bound again with the parameters' values, as DuckDB does.
  if (untyped_parameter && !parameter_values_ &&
      std::all_of(types.begin(), types.end(),
                  [](const LogicalType& t) { return t.Id() == TypeId::kSqlNull; })) {
    if (!NameIsOneOf(name, {"coalesce", "greatest", "least", "nullif", "||", "concat"})) {
      needs_parameter_values_ = true;
      return MakeConstant(Value(LogicalType(TypeId::kSqlNull)));
    }
    types.assign(types.size(), LogicalType(TypeId::kVarchar));
  }
  std::optional<ScalarFunction> resolved;
  try {
    resolved = ResolveScalar(*set, types, literals);
  } catch (const BinderError&) {
    if (!untyped_parameter) throw;
    // No overload takes an untyped parameter here (union_tag(?)): the statement is bound
    // again with the parameters' values, which type them.
    needs_parameter_values_ = true;
    return MakeConstant(Value(LogicalType(TypeId::kSqlNull)));
  }
  ScalarFunction function = std::move(*resolved);
  for (size_t i = 0; i < arguments.size() && !parameter_values_; i++) {
    const LogicalType& param =
        i < function.arguments.size() ? function.arguments[i] : function.varargs;
    const TypeId id = param.Id();
    if (arguments[i]->kind == BoundKind::kParameter &&
        (id == TypeId::kStruct || id == TypeId::kUnion || id == TypeId::kMap)) {
      // A STRUCT, UNION or MAP made up for an untyped parameter (struct_values(?)): its
      // fields come with the value, so the statement is bound again with it.
      needs_parameter_values_ = true;
    }
  }
  auto call = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  if (!collation.empty() && call->type.Id() == TypeId::kVarchar) {
    call->type = LogicalType::Varchar(collation);
  }
  for (size_t i = 0; i < arguments.size(); i++) {
    const LogicalType& param =
        i < function.arguments.size() ? function.arguments[i] : function.varargs;
    call->children.push_back(MakeCast(std::move(arguments[i]), param));
  }
  call->function = std::make_shared<const ScalarFunction>(std::move(function));
  call = CompareThroughCollation(name, std::move(call), types);
  return ScaleOfRounding(std::move(call));  // a call on constants is folded by the optimizer
}

ExpressionPtr Binder::BindTry(const ParsedExpression& argument, Scope& scope) {
  const bool allow_aggregates = scope.allow_aggregates, allow_windows = scope.allow_windows;
  const std::string clause = scope.clause;
  scope.allow_aggregates = scope.allow_windows = false;
  scope.clause = "try()";
  try_depth_++;
  auto child = BindExpression(argument, scope);
  try_depth_--;
  scope.allow_aggregates = allow_aggregates;
  scope.allow_windows = allow_windows;
  scope.clause = clause;
  auto result = std::make_unique<Expression>(BoundKind::kTry, child->type);
  result->children.push_back(std::move(child));
  return result;
}

/// The built-ins' schemas, which hold no macros.
bool IsSystemSchema(const std::string& name) {
  // DuckDB's built-ins live in system.main (and pg_catalog's in system.pg_catalog).
  return SameName(name, "pg_catalog") || SameName(name, "system") ||
         SameName(name, "system.main") || SameName(name, "system.pg_catalog");
}

bool IsFunctionSchema(const CatalogSearch& catalogs, const std::vector<std::string>& names) {
  if (names.size() == 2) {  // db.schema
    if (IsSystemSchema(names[0] + "." + names[1])) return true;
    return catalogs.databases && catalogs.databases(names[0]) != nullptr;
  }
  const std::string& name = names[0];
  return names.size() == 1 &&
         (catalogs.main->SchemaExists(name) || SameName(name, "main") || IsSystemSchema(name) ||
          SameName(name, "temp") || catalogs.SchemaIsDatabase(name) != nullptr);
}

std::shared_ptr<MacroEntry> Binder::FindMacro(const std::string& schema, const std::string& name,
                                              bool table) {
  if (IsSystemSchema(schema)) return nullptr;
  const auto held = [](const Catalog& catalog, std::string_view q) {
    return catalog.FindMacro(q) != nullptr;
  };
  const CatalogSearch::Place place = catalogs_.Object(schema, name, held);
  auto macro = place.catalog->FindMacro(place.name, table);
  if (macro) NoteWhereFound(place, "macro", macro->name);
  return macro;
}

std::shared_ptr<MacroEntry> Binder::MacroCalled(const ParsedExpression& call, bool table) {
  if (call.builtin) return nullptr;
  std::string schema;
  for (const auto& part : call.names) schema += (schema.empty() ? "" : ".") + part;
  return FindMacro(schema, call.name, table);
}

ExpressionPtr Binder::BindFunction(const ParsedExpression& e, Scope& scope) {
  const bool look_up_macros = !std::exchange(skip_macro_lookup_, false) && !e.builtin;
  if (!e.names.empty()) {
    // [db.]schema.f(…) names a schema's function (a macro's; the built-ins are every
    // schema's); otherwise it is DuckDB's x.f(…), f(x, …) for the column or field x.
    const bool schema = IsFunctionSchema(catalogs_, e.names);
    ParsedExpressionPtr call = e.Copy();
    call->names.clear();
    if (!schema) {
      auto receiver = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
      receiver->names = e.names;
      receiver->location = e.location;
      call->children.insert(call->children.begin(), std::move(receiver));
    } else {
      if (auto macro = MacroCalled(e)) return BindMacroCall(*macro, *call, scope);
      skip_macro_lookup_ = true;
    }
    return BindFunction(*call, scope);
  }
  const FunctionCatalog& functions = FunctionCatalog::Builtins();
  if (auto quantile = RewriteQuantile(e)) return BindExpression(*quantile, scope);
  if (e.window) return BindWindow(e, scope);
  if (e.ignore_nulls) {
    throw BinderError(
        fmt::format("IGNORE NULLS is only allowed on window functions ({})", e.ToString()));
  }
  if (e.name == kPivotFilterMarker) {
    ParsedExpression marker(ExprKind::kFunction);
    marker.name = e.name;
    for (const auto& child : e.children) marker.children.push_back(child->Copy());
    // The operands as the aggregate's FILTER reads them: the rows, not their groups.
    CompareIncomparableAsText(*marker.children[0], [&](const ParsedExpression& x) {
      struct Restore {
        bool& flag;
        bool was;
        ~Restore() { flag = was; }
      } restore{scope.inside_aggregate, scope.inside_aggregate};
      scope.inside_aggregate = true;
      return BindExpression(x, scope);
    });
    return BindExpression(*PivotCell(marker), scope);
  }
  if (e.name == kPivotOnMarker) return BindExpression(PivotOn(e), scope);
  if (e.name == kColumnNameMarker && e.children.size() == 1) {
    // The first column reference in it, bound: its name as the table has it.
    std::function<const ParsedExpression*(const ParsedExpression&)> first_column =
        [&](const ParsedExpression& x) -> const ParsedExpression* {
      if (x.kind == ExprKind::kColumnRef) return &x;
      for (const auto& child : x.children) {
        if (const ParsedExpression* found = first_column(*child)) return found;
      }
      return nullptr;
    };
    const ParsedExpression* column = first_column(*e.children[0]);
    std::string name = e.children[0]->ToString();
    if (column) {
      auto bound = BindExpression(*column, scope);
      if (!bound->alias.empty()) name = bound->alias;
    }
    return MakeConstant(Value::Varchar(name));
  }
  if (e.filter) return BindFunction(*RewriteFilter(e), scope);
  if (e.name == "grouping" || e.name == "grouping_id") return BindGrouping(e, scope);
  if (IsWindowOnlyFunction(e.name)) {
    throw BinderError(
        fmt::format("{} is a window function: it needs OVER (…) ({})", e.name, e.ToString()));
  }
  std::string name = e.name;
  if (name == "current_setting") return BindCurrentSetting(e, scope);
  if (name == "getvariable") return BindGetVariable(e, scope);
  if ((name == "current_database" || name == "current_catalog" || name == "current_schema") &&
      e.children.empty()) {
    // The default database (USE) and its schema: a prepared statement that reads them is
    // bound again after USE (ClientContext::BindPrepared).
    return MakeConstant(
        Value::Varchar(name == "current_schema" ? options_.schema_name : options_.database_name));
  }
  if (name == "nextval" || name == "currval") return BindSequenceCall(e, scope);
  if (name == "setval") return BindSetval(e, scope);
  if (name == "unnest") return BindUnnest(e, scope);
  if (name == "regexp_split_to_table" && e.names.empty()) {
    // PostgreSQL's set-returning function: a row per piece, as unnest(string_split_regex(…)).
    ParsedExpression unnest(ExprKind::kFunction);
    unnest.name = "unnest";
    unnest.builtin = true;
    unnest.alias = e.alias;
    auto split = e.Copy();
    split->name = "string_split_regex";
    split->builtin = true;
    split->alias.clear();
    unnest.children.push_back(std::move(split));
    return BindUnnest(unnest, scope);
  }
  if (name == "generate_subscripts" && e.names.empty() && e.children.size() == 2 && !e.star &&
      !e.distinct && !e.window) {
    // PostgreSQL's set-returning function: a row per subscript of the list, 1 to its length
    // (none for an empty or NULL list), as unnest(generate_series(1, len(list))).
    const Value dimension = BindConstant(*e.children[1], "the dimension of generate_subscripts");
    Value one;
    if (dimension.IsNull() || !dimension.TryCastAs(LogicalType(TypeId::kBigInt), one) ||
        one.GetStored<int64_t>() != 1) {
      throw NotImplementedError(fmt::format(
          "generate_subscripts of dimension {}: a list has dimension 1 (a list of lists is a "
          "list whose elements are lists): {}",
          dimension.ToString(), e.ToString()));
    }
    auto length = std::make_unique<ParsedExpression>(ExprKind::kFunction);
    length->name = "len";
    length->builtin = true;
    length->children.push_back(e.children[0]->Copy());
    auto series = std::make_unique<ParsedExpression>(ExprKind::kFunction);
    series->name = "generate_series";
    series->builtin = true;
    auto first = std::make_unique<ParsedExpression>(ExprKind::kConstant);
    first->value = Value::BigInt(1);
    series->children.push_back(std::move(first));
    series->children.push_back(std::move(length));
    ParsedExpression unnest(ExprKind::kFunction);
    unnest.name = "unnest";
    unnest.builtin = true;
    unnest.alias = e.alias;
    unnest.children.push_back(std::move(series));
    return BindUnnest(unnest, scope);
  }
  if (IsLambdaCall(e)) return BindLambdaCall(e, scope);
  if (name == kLambdaFunction) {
    throw BinderError(fmt::format(
        "a lambda ({}) is an argument of list_transform, list_filter or list_reduce only",
        e.ToString()));
  }
  // PostgreSQL's catalog functions, which it finds in pg_catalog before any schema.
  if (auto pg = BindPgFunction(e, scope)) return pg;
  if (auto macro = look_up_macros ? FindMacro("", name) : nullptr) {
    return BindMacroCall(*macro, e, scope);
  }
  if (name == "alias" && e.children.size() == 1 && !e.star && !e.distinct &&
      e.children[0]->argument_name.empty()) {
    // DuckDB's alias(x): the name of x's result column — the call's own alias (AS name)
    // when it has one, else x's (a column's name), else x's text. x is bound for its errors.
    BindExpression(*e.children[0], scope);
    const ParsedExpression& x = *e.children[0];
    std::string shown = e.alias;
    if (shown.empty()) shown = x.alias;
    if (shown.empty() && x.kind == ExprKind::kColumnRef && !x.names.empty()) {
      shown = x.names.back();
    }
    if (shown.empty()) shown = x.ToString();
    return MakeConstant(Value::Varchar(shown));
  }
  if (name == "struct_pack" || name == "row" || name == "struct_insert") {
    return BindStructPack(e, scope);
  }
  if (!e.window && options_.transaction_started_micros != 0) {
    // The time the transaction began, one value for all of it (PostgreSQL, DuckDB). A
    // prepared statement binds it again for each execution's transaction.
    const int64_t started = options_.transaction_started_micros;
    const int64_t days = scalar::FloorDiv(started, scalar::kMicrosPerDay);
    if (e.children.empty() &&
        (name == "now" || name == "current_timestamp" || name == "get_current_timestamp" ||
         name == "transaction_timestamp")) {
      needs_parameter_values_ = true;
      reads_transaction_time_ = true;
      return MakeConstant(Value::TimestampTz(timestamp_tz_t{started}));
    }
    if (e.children.empty() && (name == "current_date" || name == "today")) {
      needs_parameter_values_ = true;
      reads_transaction_time_ = true;
      return MakeConstant(Value::Date(date_t{static_cast<int32_t>(days)}));
    }
    if (name == "age" && e.children.size() == 1) {
      // age(x) is age(midnight of current_date, x) (PostgreSQL).
      ParsedExpression two(ExprKind::kFunction);
      two.name = "age";
      two.builtin = true;
      auto midnight = std::make_unique<ParsedExpression>(ExprKind::kConstant);
      midnight->value = Value::Timestamp(timestamp_t{days * scalar::kMicrosPerDay});
      two.children.push_back(std::move(midnight));
      two.children.push_back(e.children[0]->Copy());
      needs_parameter_values_ = true;
      reads_transaction_time_ = true;
      return BindFunction(two, scope);
    }
  }
  if ((name == "add" || name == "subtract" || name == "multiply" || name == "divide") &&
      e.children.size() == 2 && !e.window && !e.distinct && !e.star) {
    // DuckDB's names of the operators + - * and // (its integer division), with all their
    // overloads (dates, intervals).
    ParsedExpression as_operator(ExprKind::kOperator);
    as_operator.name = name == "add"        ? "+"
                       : name == "subtract" ? "-"
                       : name == "multiply" ? "*"
                                            : "//";
    as_operator.alias = e.alias;
    for (const auto& c : e.children) as_operator.children.push_back(c->Copy());
    return BindExpression(as_operator, scope);
  }
  if (name == "try" && e.children.size() == 1) return BindTry(*e.children[0], scope);
  if (name == "columns") {
    throw NotImplementedError(
        "COLUMNS(…) outside a select list, a WHERE condition or ORDER BY, or nested in another");
  }
  if (name == "if" && e.children.size() == 3) {
    // if(condition, a, b) (DuckDB): CASE WHEN condition THEN a ELSE b END.
    ParsedExpression as_case(ExprKind::kCase);
    for (const auto& c : e.children) as_case.children.push_back(c->Copy());
    as_case.star = true;  // with an ELSE
    return BindExpression(as_case, scope);
  }
  if (name == "union_value") {
    if (e.children.size() != 1 || e.children[0]->argument_name.empty()) {
      throw BinderError(
          fmt::format("union_value takes one member, as name := value: {}", e.ToString()));
    }
    return UnionValue(e.children[0]->argument_name, BindExpression(*e.children[0], scope));
  }
  if ((name == "struct_extract" || name == "list_extract" || name == "list_element" ||
       name == "union_extract") &&
      e.children.size() == 2) {
    auto value = BindExpression(*e.children[0], scope);
    if (value->type.Id() == TypeId::kStruct || value->type.Id() == TypeId::kUnion ||
        name == "struct_extract" || name == "union_extract") {
      if (name == "union_extract" && value->type.Id() != TypeId::kUnion) {
        throw BinderError(fmt::format(
            "No function matches the given name and argument types 'union_extract({}, …)': a "
            "UNION is expected",
            value->type.ToString()));
      }
      if (e.children[1]->kind == ExprKind::kConstant) {
        return BindStructExtract(std::move(value), e.children[1]->value, e.ToString());
      }
      // A constant expression names the field as well ((-1)::BIGINT, 'a' || 'b').
      auto field = BindExpression(*e.children[1], scope);
      if (!field->IsFoldable()) {
        throw BinderError(fmt::format("a STRUCT field is named by a constant: {}", e.ToString()));
      }
      return BindStructExtract(std::move(value), ExpressionExecutor::EvaluateConstant(*field),
                               e.ToString());
    }
    if (value->type.Id() == TypeId::kMap && name != "struct_extract") {
      // m[k] on a map: the value under key k, or NULL.
      ParsedExpression on_map(ExprKind::kFunction);
      on_map.name = "map_extract_value";
      on_map.builtin = true;
      for (const auto& c : e.children) on_map.children.push_back(c->Copy());
      return BindFunction(on_map, scope);
    }
    if (value->type.Id() == TypeId::kVarchar) {
      // s[i] on a string (DuckDB's): its i-th character.
      ParsedExpression on_string(ExprKind::kFunction);
      on_string.name = "array_extract";
      on_string.builtin = true;
      for (const auto& c : e.children) on_string.children.push_back(c->Copy());
      return BindFunction(on_string, scope);
    }
  }
  for (const auto& argument : e.children) {
    if (!argument->argument_name.empty()) {
      throw BinderError(
          fmt::format("{} takes no named arguments (name := value): {}", name, e.ToString()));
    }
  }
  if (e.star) {
    if (name != "count") {
      throw BinderError(fmt::format("{}(*) is not a function; only count(*) is", name));
    }
    name = "count_star";
  }
  // DuckDB's count() is count(*).
  if (name == "count" && e.children.empty() && !e.window) name = "count_star";
  if (const AggregateFunctionSet* set = functions.FindAggregate(name)) {
    // An aggregate whose arguments read only columns of an enclosing query belongs to that
    // query (SQL standard, PostgreSQL): SELECT (SELECT max(x)) FROM t is one row.
    if (scope.outer && AggregatesOuterColumns(e, scope)) {
      return OuterReference(BindExpression(e, *scope.outer), scope);
    }
    if (!scope.allow_aggregates && scope.clause == "LATERAL join") {
      // An aggregate of the left side's columns, in the subquery right of it (DuckDB's
      // words first).
      throw BinderError(fmt::format(
          "LATERAL join cannot contain aggregates: {} reads only the columns of the FROM items "
          "left of the subquery, so it would aggregate the outer query's rows",
          e.ToString()));
    }
    if (!scope.allow_aggregates && scope.clause == "RETURNING") {
      throw BinderError(fmt::format(
          "Aggregate functions are not supported in RETURNING ({}): it returns the written rows",
          e.ToString()));
    }
    if (!scope.allow_aggregates) {
      throw BinderError(fmt::format(
          "aggregate functions are not allowed in {0} ({1}): {0} cannot contain aggregates",
          scope.clause, e.ToString()));
    }
    if (scope.inside_aggregate) {
      throw BinderError(
          fmt::format("aggregate function calls cannot be nested ({})", e.ToString()));
    }
    scope.inside_aggregate = true;
    std::vector<ExpressionPtr> arguments;
    for (const auto& c : e.children) arguments.push_back(BindExpression(*c, scope));
    // min / max of a collated VARCHAR: the value whose collated key is the least / greatest
    // (DuckDB's rule), arg_min / arg_max over the key.
    const AggregateFunctionSet* chosen = set;
    std::optional<LogicalType> collated;
    if ((name == "min" || name == "max") && (arguments.size() == 1 || arguments.size() == 2) &&
        !CollationFunctions(EffectiveCollation(arguments[0]->type)).empty()) {
      collated = arguments[0]->type;  // max(x, n): the n values of the greatest keys
      if (arguments.size() == 2) collated = LogicalType::List(*collated);
      arguments.insert(arguments.begin() + 1, Collated(arguments[0]->Copy()));
      chosen = functions.FindAggregate(name == "min" ? "arg_min" : "arg_max");
    }
    // arg_min / arg_max and their names: the value whose key is least / greatest, the key
    // compared through its collation.
    if (arguments.size() >= 2 &&
        NameIsOneOf(name,
                    {"arg_min", "arg_max", "argmin", "argmax", "min_by", "max_by", "arg_min_null",
                     "arg_max_null", "arg_min_nulls_last", "arg_max_nulls_last"}) &&
        !CollationFunctions(EffectiveCollation(arguments[1]->type)).empty()) {
      arguments[1] = Collated(std::move(arguments[1]));
    }
    bool by_place = KeyedByCollation(name, arguments);
    if (by_place && (name == "mode" || name == "histogram")) {
      chosen = functions.FindAggregate(name == "mode" ? kModeByKey : kHistogramByKey);
      by_place = false;  // they give the value itself
    }
    const bool distinct_inside = NeedsDistinctInside(e, arguments);
    AggregateFunction function =
        ResolveAggregateCall(e, *chosen, arguments, scope, distinct_inside);
    scope.inside_aggregate = false;
    auto aggregate = std::make_unique<Expression>(BoundKind::kAggregate,
                                                  collated ? *collated : function.return_type);
    aggregate->children = std::move(arguments);
    aggregate->distinct = e.distinct && !distinct_inside;
    aggregate->aggregate = std::make_shared<const AggregateFunction>(std::move(function));
    idx_t index = scope.group_types.size() + scope.aggregates.size();
    LogicalType type = aggregate->type;
    scope.aggregates.push_back(std::move(aggregate));
    if (by_place) {
      return BindStructExtract(MakeColumnRef(index, type, e.ToString()), Value::BigInt(2),
                               e.ToString());
    }
    return MakeColumnRef(index, type, e.ToString());
  }
  if (e.distinct) {
    throw BinderError(fmt::format("DISTINCT is only allowed in aggregates ({})", e.ToString()));
  }
  if (name == "extract") {
    // extract(field FROM x), which the grammar makes extract('field', x): date_part, but
    // for the fields where PostgreSQL's extract has a fraction that date_part has not.
    if (e.children.size() == 2 && e.children[0]->kind == ExprKind::kConstant &&
        !e.children[0]->value.IsNull() && e.children[0]->value.Type().Id() == TypeId::kVarchar) {
      std::string field = e.children[0]->value.GetString();
      for (auto& c : field) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (field == "second" || field == "seconds" || field == "epoch") {
        throw NotImplementedError(
            fmt::format("extract({} FROM …): PostgreSQL gives it with its fraction of a second; "
                        "date_part('{}', …) gives whole seconds, epoch(…) the fraction too",
                        field, field == "epoch" ? "epoch" : "second"));
      }
    }
    name = "date_part";
  }
  std::vector<ExpressionPtr> arguments;
  for (const auto& c : e.children) arguments.push_back(BindExpression(*c, scope));
  return BindScalarCall(name, std::move(arguments), e);
}

ExpressionPtr Binder::BindGrouping(const ParsedExpression& call, Scope& scope) {
  if (!scope.grouping || !scope.allow_aggregates) {
    throw BinderError(
        fmt::format("{}() is only allowed with GROUP BY, in the select list, "
                    "HAVING or ORDER BY ({})",
                    call.name, call.ToString()));
  }
  if (call.children.empty() || call.star || call.distinct) {
    throw BinderError(fmt::format("{}() takes one or more GROUP BY expressions ({})", call.name,
                                  call.ToString()));
  }
  if (call.children.size() > 62) {
    throw BinderError(fmt::format("{}() takes at most 62 arguments", call.name));
  }
  std::vector<idx_t> positions;
  for (const auto& argument : call.children) {
    const std::string text = argument->ToString();
    idx_t found = kInvalidIndex;
    for (idx_t g = 0; g < scope.group_texts.size() && found == kInvalidIndex; g++) {
      if (scope.group_texts[g] == text) found = g;
    }
    if (found == kInvalidIndex) {
      // Written another way (`t.a` for `a`, `t.a * 2` for `a * 2`): bound in the grouped
      // scope, a GROUP BY expression is its group's column.
      try {
        ExpressionPtr bound = BindExpression(*argument, scope);
        if (bound->kind == BoundKind::kColumnRef && bound->column < scope.group_texts.size()) {
          found = bound->column;
        }
      } catch (const BinderError&) {
        // Not grouped: the error below says what GROUPING needs.
      }
    }
    if (found == kInvalidIndex) {
      throw BinderError(fmt::format(
          "the arguments of {}() must be GROUP BY expressions; {} is none", call.name, text));
    }
    positions.push_back(found);
  }
  // Without grouping sets every expression is grouped by in every row.
  if (!scope.grouping_sets) return MakeConstant(Value::BigInt(0));
  const idx_t column = Scope::kGroupingColumn + scope.grouping_calls.size();
  scope.grouping_calls.push_back(std::move(positions));
  return MakeColumnRef(column, TypeId::kBigInt, call.ToString());
}

namespace {
/// The arguments of RewriteFilter's call, each bound as CASE WHEN filter THEN argument END,
/// back as the arguments alone; returns the filter (null, nothing changed, when an argument
/// is not of that shape).
ExpressionPtr UnguardFilter(std::vector<ExpressionPtr>& arguments) {
  for (const auto& a : arguments) {
    if (a->kind != BoundKind::kCase || a->children.size() != 3) return nullptr;
  }
  if (arguments.empty()) return nullptr;
  ExpressionPtr filter = std::move(arguments[0]->children[0]);
  for (auto& a : arguments) a = std::move(a->children[1]);
  return filter;
}
}  // namespace

AggregateFunction Binder::ResolveAggregateCall(const ParsedExpression& call,
                                               const AggregateFunctionSet& set,
                                               std::vector<ExpressionPtr>& arguments, Scope& scope,
                                               bool distinct_inside) {
  std::vector<LogicalType> types;
  std::vector<bool> literals;
  for (const auto& a : arguments) {
    types.push_back(a->type);
    literals.push_back(IsLiteral(*a));
  }
  AggregateFunction function = ResolveAggregate(set, types, literals);
  // FILTER on an aggregate that keeps NULL arguments (list, first, …): the filtered-out
  // rows' NULLs of the CASE rewrite would be collected, so the filter goes back out of the
  // arguments and becomes a last one that FilteredAggregate reads.
  ExpressionPtr filter;
  if (call.filter_as_case && !function.ignores_nulls && !function.skips_null_first_argument) {
    filter = UnguardFilter(arguments);
  }
  if (!filter) CheckFilterAsCase(call, function);
  for (size_t i = 0; i < arguments.size(); i++) {
    arguments[i] = MakeCast(std::move(arguments[i]), function.arguments[i]);
  }
  auto filtered = [&](AggregateFunction f) {
    if (!filter) return f;
    arguments.push_back(std::move(filter));
    return FilteredAggregate(f);
  };
  if (!call.distinct || !distinct_inside) {
    BindAggregateOrder(call, function, arguments, scope);
    return filtered(std::move(function));
  }
  // The keys: each argument as its collation compares it.
  const idx_t width = arguments.size();
  std::vector<LogicalType> key_types;
  for (idx_t i = 0; i < width; i++) {
    arguments.push_back(Collated(arguments[i]->Copy()));
    key_types.push_back(arguments.back()->type);
  }
  function = DistinctAggregate(function, key_types);
  BindAggregateOrder(call, function, arguments, scope, width);
  return filtered(std::move(function));
}

bool Binder::KeyedByCollation(std::string_view name, std::vector<ExpressionPtr>& arguments) {
  if (arguments.empty() || arguments[0]->type.Id() != TypeId::kVarchar ||
      CollationFunctions(EffectiveCollation(arguments[0]->type)).empty()) {
    return false;
  }
  if (arguments.size() == 1 && NameIsOneOf(name, {"entropy", "approx_count_distinct"})) {
    arguments[0] = Collated(std::move(arguments[0]));
    return false;
  }
  const bool counts = NameIsOneOf(name, {"mode", "histogram"});
  if (!(counts && arguments.size() == 1) &&
      !NameIsOneOf(name, {"quantile_disc", "median", "percentile_disc", "quantile"})) {
    return false;
  }
  std::vector<ExpressionPtr> pair;
  pair.push_back(Collated(arguments[0]->Copy()));
  pair.push_back(std::move(arguments[0]));
  std::vector<std::pair<std::string, LogicalType>> fields = {{"", pair[0]->type},
                                                             {"", pair[1]->type}};
  arguments[0] = Pack("row", std::move(fields), std::move(pair));
  // NULL where the value is: the aggregate skips it, as it skips a NULL string.
  auto skipping = std::make_shared<ScalarFunction>(*arguments[0]->function);
  skipping->null_in_null_out = true;
  arguments[0]->function = std::move(skipping);
  return true;
}

bool Binder::NeedsDistinctInside(const ParsedExpression& call,
                                 const std::vector<ExpressionPtr>& arguments) const {
  if (!call.distinct) return false;
  if (call.order_by && !call.order_by->empty()) return true;
  return std::any_of(arguments.begin(), arguments.end(), [&](const ExpressionPtr& a) {
    return a->type.Id() == TypeId::kVarchar &&
           !CollationFunctions(EffectiveCollation(a->type)).empty();
  });
}

void Binder::BindAggregateOrder(const ParsedExpression& call, AggregateFunction& function,
                                std::vector<ExpressionPtr>& arguments, Scope& scope,
                                idx_t distinct_arguments) {
  if (!call.order_by || call.order_by->empty()) return;
  if (distinct_arguments > 0) {
    // Which of a value's rows would decide its place when the key is not the value? The
    // arguments as written (FILTER made each CASE WHEN filter THEN argument END).
    for (const auto& term : *call.order_by) {
      const std::string key = term.expression->ToString();
      bool found = false;
      for (const auto& child : call.children) {
        const ParsedExpression& argument =
            call.filter_as_case && child->kind == ExprKind::kCase && child->children.size() == 2
                ? *child->children[1]
                : *child;
        found = found || argument.ToString() == key;
      }
      if (!found) {
        throw BinderError(fmt::format(
            "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list "
            "({})",
            call.ToString()));
      }
    }
  }
  // An aggregate whose result does not depend on the order of its rows (count, sum of
  // integers, …) gives the same answer whatever the ORDER BY says. Floating-point
  // arithmetic rounds differently in another order: sum(x ORDER BY abs(x)) adds the
  // small values first, as asked.
  const bool floating = std::any_of(
      function.arguments.begin(), function.arguments.end(), [](const LogicalType& type) {
        return type.Id() == TypeId::kFloat || type.Id() == TypeId::kDouble;
      });
  if (!function.order_dependent && !floating) return;
  if (call.distinct && distinct_arguments == 0) {
    throw InternalError(fmt::format("DISTINCT with ORDER BY bound without DistinctAggregate ({})",
                                    call.ToString()));
  }
  std::vector<LogicalType> key_types;
  std::vector<OrderKey> keys;
  for (const auto& term : *call.order_by) {
    keys.push_back(OrderKeyFor(term, keys.size()));
    auto key = Collated(BindExpression(*term.expression, scope));
    key_types.push_back(ResolveNull(key->type));
    arguments.push_back(MakeCast(std::move(key), key_types.back()));
  }
  function = OrderedAggregate(function, key_types, keys);
}

ExpressionPtr Binder::BindCurrentSetting(const ParsedExpression& call, Scope& scope) {
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError("current_setting takes one argument: the setting's name");
  }
  auto name = BindExpression(*call.children[0], scope);
  if (name->kind != BoundKind::kConstant || name->type.Id() != TypeId::kVarchar ||
      name->value.IsNull()) {
    throw BinderError(fmt::format("the argument of current_setting must be a constant name ({})",
                                  call.ToString()));
  }
  std::string key = name->value.GetString();
  for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::optional<std::string> value = options_.setting ? options_.setting(key) : std::nullopt;
  if (!value) {
    throw BinderError(fmt::format("unrecognized setting \"{}\" (teal_settings() lists them)",
                                  name->value.GetString()));
  }
  return MakeConstant(Value::Varchar(*value));
}

ExpressionPtr Binder::BindGetVariable(const ParsedExpression& call, Scope& scope) {
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError("getvariable takes one argument: the variable's name");
  }
  // The value is read as the statement binds: a prepared statement is bound again at each
  // execution, so that it reads the variable as it is then.
  needs_parameter_values_ = true;
  auto name = BindExpression(*call.children[0], scope);
  if (name->kind == BoundKind::kParameter) {
    return MakeConstant(Value(LogicalType(TypeId::kSqlNull)));  // bound again with its value
  }
  if (name->kind != BoundKind::kConstant ||
      (name->type.Id() != TypeId::kVarchar && name->type.Id() != TypeId::kSqlNull)) {
    throw BinderError(
        fmt::format("the argument of getvariable must be a constant name ({})", call.ToString()));
  }
  // An unset variable (or a NULL name) is NULL, as DuckDB's.
  const Value* value = options_.variables && !name->value.IsNull()
                           ? FindVariable(*options_.variables, name->value.GetString())
                           : nullptr;
  return MakeConstant(value ? *value : Value(LogicalType(TypeId::kSqlNull)));
}

std::shared_ptr<SequenceEntry> Binder::SequenceOfArgument(const ParsedExpression& call,
                                                          const Expression& argument) const {
  if (argument.kind != BoundKind::kConstant || argument.type.Id() != TypeId::kVarchar ||
      argument.value.IsNull()) {
    throw NotImplementedError(fmt::format("{} of anything but a constant sequence name ({})",
                                          call.name, call.ToString()));
  }
  return SequenceNamed(argument.value.GetString());
}

std::shared_ptr<SequenceEntry> Binder::SequenceNamed(const std::string& text) const {
  // PostgreSQL reads the text as a name: [[db.]schema.]name, a part in double quotes as
  // written, the others in any case.
  const std::vector<std::string> parts = NameTextParts(text);
  if (parts.empty() || parts.size() > 3) {
    throw CatalogError(fmt::format("Sequence with name {} does not exist!", text));
  }
  std::string schema;
  for (size_t i = 0; i + 1 < parts.size(); i++) schema += (i ? "." : "") + parts[i];
  const auto held = [](const Catalog& catalog, std::string_view q) {
    return catalog.FindSequence(q) != nullptr;
  };
  const CatalogSearch::Place place = catalogs_.Object(schema, parts.back(), held);
  auto sequence = place.catalog->FindSequence(place.name);
  if (!sequence) {  // DuckDB names the sequence without its schema
    throw CatalogError(fmt::format("Sequence with name {} does not exist!", parts.back()));
  }
  NoteWhereFound(place, "sequence", sequence->Name());
  return sequence;
}

ExpressionPtr Binder::BindSequenceCall(const ParsedExpression& call, Scope& scope) {
  const std::string& name = call.name;
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(fmt::format("{} takes one argument: the sequence's name", name));
  }
  auto argument = BindExpression(*call.children[0], scope);
  // Strict in PostgreSQL: a NULL name gives NULL.
  if (argument->kind == BoundKind::kConstant && argument->value.IsNull()) {
    if (name == "nextval" && options_.read_only_transaction) {
      throw TransactionError("cannot execute nextval() in a read-only transaction");
    }
    return MakeConstant(Value(LogicalType(TypeId::kBigInt)));
  }
  std::shared_ptr<SequenceEntry> sequence = SequenceOfArgument(call, *argument);
  return SequenceCall(std::move(sequence), name == "nextval", std::move(argument));
}

ExpressionPtr Binder::SequenceCall(std::shared_ptr<SequenceEntry> sequence, bool next,
                                   ExpressionPtr argument) const {
  const std::string name = next ? "nextval" : "currval";
  if (next && options_.read_only_transaction) {
    throw TransactionError("cannot execute nextval() in a read-only transaction");
  }
  ScalarFunction function;
  function.name = name;
  function.arguments = {LogicalType(TypeId::kVarchar)};
  function.return_type = TypeId::kBigInt;
  function.deterministic = false;  // never folded: each row takes its own value
  function.body = [sequence, next, session = options_.sequences](const DataChunk&, Vector& result,
                                                                 idx_t count) {
    int64_t* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) {
      if (next) {
        out[i] = sequence->Next();
        if (session) session->Set(sequence, out[i]);
      } else if (!session) {
        out[i] = sequence->Current();
      } else if (std::optional<int64_t> value = session->Get(sequence)) {
        out[i] = *value;
      } else {
        throw SequenceError(fmt::format(
            "currval: sequence is not yet defined in this session: \"{}\" has no value until "
            "nextval is called in this session",
            sequence->Name()));
      }
    }
  };
  auto bound = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  bound->children.push_back(std::move(argument));
  bound->function = std::make_shared<const ScalarFunction>(std::move(function));
  return bound;
}

ExpressionPtr Binder::BindSetval(const ParsedExpression& call, Scope& scope) {
  if ((call.children.size() != 2 && call.children.size() != 3) || call.star || call.distinct) {
    throw BinderError(
        "setval takes a sequence's name, its value and whether nextval gave it (true when left "
        "out)");
  }
  if (options_.read_only_transaction) {
    throw TransactionError("cannot execute setval() in a read-only transaction");
  }
  auto argument = BindExpression(*call.children[0], scope);
  std::vector<LogicalType> arguments = {LogicalType(TypeId::kVarchar),
                                        LogicalType(TypeId::kBigInt)};
  if (call.children.size() == 3) arguments.emplace_back(TypeId::kBoolean);
  std::vector<ExpressionPtr> values;
  for (size_t i = 1; i < call.children.size(); i++) {
    values.push_back(BindExpression(*call.children[i], scope));
    // A value no implicit cast makes a BIGINT (a list) is no setval call (DuckDB's words).
    if (ImplicitCastCost(values.back()->type, IsLiteral(*values.back()), arguments[i]) < 0) {
      std::string types = argument->type.ToString();
      for (const auto& v : values) types += ", " + v->type.ToString();
      throw BinderError(fmt::format(
          "No function matches the given name and argument types 'setval({})'. You might need "
          "to add explicit type casts.",
          types));
    }
  }
  // PostgreSQL's setval is strict: a NULL name gives NULL (and moves nothing).
  if (argument->kind == BoundKind::kConstant && argument->value.IsNull()) {
    return MakeConstant(Value(LogicalType(TypeId::kBigInt)));
  }
  std::shared_ptr<SequenceEntry> sequence = SequenceOfArgument(call, *argument);
  ScalarFunction function;
  function.name = "setval";
  function.arguments = std::move(arguments);
  function.return_type = TypeId::kBigInt;
  function.deterministic = false;  // never folded: it moves the sequence for each row
  function.body = [sequence, session = options_.sequences](const DataChunk& args, Vector& result,
                                                           idx_t count) {
    int64_t* out = result.Values<int64_t>();
    for (idx_t i = 0; i < count; i++) {
      const Value value = args.data[1].GetValue(i);
      const Value called = args.ColumnCount() > 2 ? args.data[2].GetValue(i) : Value::Boolean(true);
      if (value.IsNull() || called.IsNull()) {  // strict: NULL, the sequence unmoved
        result.SetNull(i);
        continue;
      }
      out[i] = value.GetStored<int64_t>();
      sequence->Set(out[i], called.GetStored<bool>());
      // As if nextval had given it (PostgreSQL's): the session's currval is the value.
      if (session && called.GetStored<bool>()) session->Set(sequence, out[i]);
    }
  };
  auto bound = std::make_unique<Expression>(BoundKind::kFunction, function.return_type);
  bound->children.push_back(std::move(argument));
  for (size_t i = 0; i < values.size(); i++) {
    bound->children.push_back(MakeCast(std::move(values[i]), function.arguments[i + 1]));
  }
  bound->function = std::make_shared<const ScalarFunction>(std::move(function));
  return bound;
}

std::shared_ptr<SequenceEntry> Binder::DefaultSequence(const ParsedExpression& e) const {
  if (e.kind != ExprKind::kFunction || e.name != "nextval" || e.children.size() != 1 ||
      e.children[0]->kind != ExprKind::kConstant ||
      e.children[0]->value.Type().Id() != TypeId::kVarchar || e.children[0]->value.IsNull()) {
    return nullptr;
  }
  return SequenceNamed(e.children[0]->value.GetString());
}

ExpressionPtr Binder::BindUnnestList(const ParsedExpression& call, Scope& scope) {
  if (call.children.size() != 1 || call.star || call.distinct) {
    throw BinderError(fmt::format("unnest() takes one list: {}", call.ToString()));
  }
  auto list = BindExpression(*call.children[0], scope);
  if (list->kind == BoundKind::kParameter) {
    // The element type comes with the value: the statement is bound again with it.
    needs_parameter_values_ = true;
    return MakeConstant(Value(LogicalType::List(TypeId::kInteger)));
  }
  if (list->type.Id() == TypeId::kSqlNull) {
    return MakeConstant(Value(LogicalType::List(TypeId::kInteger)));  // no rows
  }
  list = ArrayAsList(std::move(list));
  if (list->type.Id() == TypeId::kStruct) {
    throw BinderError(fmt::format(
        "UNNEST() on a struct column can only be applied as the root element of a SELECT "
        "expression ({})",
        call.ToString()));
  }
  if (list->type.Id() != TypeId::kList) {
    throw BinderError(
        fmt::format("unnest() needs a list, not {} ({})", list->type.ToString(), call.ToString()));
  }
  const LogicalType type = ResolveNull(list->type);  // [] and [NULL] unnest as INTEGER
  return MakeCast(std::move(list), type);
}

ExpressionPtr Binder::BindUnnest(const ParsedExpression& call, Scope& scope) {
  if (scope.inside_unnest) {
    throw NotImplementedError(
        fmt::format("Nested UNNEST calls are not supported - use UNNEST(x, recursive := true) to "
                    "unnest multiple levels ({})",
                    call.ToString()));
  }
  if (scope.inside_aggregate) {
    throw BinderError(
        fmt::format("unnest() cannot be inside an aggregate function ({})", call.ToString()));
  }
  if (scope.inside_window) {
    throw BinderError(
        fmt::format("UNNEST not supported here: unnest() cannot be inside a window function ({})",
                    call.ToString()));
  }
  if (!scope.allow_unnest) {
    throw BinderError(fmt::format(
        "UNNEST not supported here: unnest() cannot be used in {}, only in the select list ({})",
        scope.clause, call.ToString()));
  }
  scope.inside_unnest = true;
  auto list = BindUnnestList(call, scope);
  scope.inside_unnest = false;
  const LogicalType element = list->type.ListChild();
  const idx_t column = Scope::kUnnestColumn + scope.unnests.size();
  scope.unnests.push_back(std::move(list));
  return MakeColumnRef(column, element, call.ToString());
}

}  // namespace teal
