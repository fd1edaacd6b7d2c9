// Binder: unnest(x [, recursive := …] [, max_depth := n] [, keep_parent_names := …]) as a
// whole select-list item (DuckDB's). Each level of depth either unnests a list (a row per
// element) or spreads a STRUCT over one column per field, named by the field (`b.c` with
// keep_parent_names). Without options one level is taken; recursive takes every level —
// lists first, then STRUCTs inside STRUCTs, but not the lists inside a STRUCT's fields.
// Several list levels are one unnest of the flattened list: a NULL or empty inner list adds
// no rows either way. unnest() anywhere else in an expression takes one list
// (Binder::BindUnnest).
#include <functional>
#include <limits>

#include "common/ascii_case.hpp"
#include "function/implicit_cast.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

struct UnnestOptions {
  const ParsedExpression* value = nullptr;
  int64_t max_depth = 1;
  bool keep_parent_names = false;
};

/// The argument and the options of the unnest call `item`.
UnnestOptions ReadOptions(const ParsedExpression& item, Binder& binder) {
  UnnestOptions options;
  bool recursive = false, depth_given = false;  // max_depth wins over recursive
  for (const auto& child : item.children) {
    const std::string& option = child->argument_name;
    if (option.empty()) {
      if (options.value) {
        throw BinderError(fmt::format("unnest() takes one list: {}", item.ToString()));
      }
      options.value = child.get();
    } else if (EqualsIgnoringAsciiCase(option, "recursive") ||
               EqualsIgnoringAsciiCase(option, "keep_parent_names")) {
      Value flag;
      if (!binder.BindConstant(*child, "an option of unnest()")
               .TryCastAs(LogicalType(TypeId::kBoolean), flag) ||
          flag.IsNull()) {
        throw BinderError(fmt::format("unnest(): {} must be true or false", option));
      }
      (EqualsIgnoringAsciiCase(option, "recursive") ? recursive : options.keep_parent_names) =
          flag.GetStored<bool>();
    } else if (EqualsIgnoringAsciiCase(option, "max_depth")) {
      Value depth;
      if (!binder.BindConstant(*child, "the max_depth of unnest()")
               .TryCastAs(LogicalType(TypeId::kBigInt), depth) ||
          depth.IsNull() || depth.GetStored<int64_t>() < 1) {
        throw BinderError("UNNEST requires max_depth to be a positive integer");
      }
      options.max_depth = depth.GetStored<int64_t>();
      depth_given = true;
    } else {
      throw BinderError(fmt::format(
          "unnest() has no option \"{}\" (recursive, max_depth, keep_parent_names)", option));
    }
  }
  if (!options.value)
    throw BinderError(fmt::format("unnest() takes one list: {}", item.ToString()));
  if (recursive && !depth_given) options.max_depth = std::numeric_limits<int64_t>::max();
  return options;
}

}  // namespace

bool Binder::ExpandUnnest(const ParsedExpression& item, Scope& scope,
                          std::vector<ExpressionPtr>& projections,
                          std::vector<std::string>& texts) {
  if (item.kind != ExprKind::kFunction || item.name != "unnest" || !item.names.empty() ||
      item.star || item.distinct || item.window || item.filter) {
    return false;
  }
  const UnnestOptions options = ReadOptions(item, *this);
  scope.inside_unnest = true;
  ExpressionPtr value = BindExpression(*options.value, scope);
  scope.inside_unnest = false;
  if (value->kind == BoundKind::kParameter) {
    // The element type comes with the value: the statement is bound again with it.
    needs_parameter_values_ = true;
    value = MakeConstant(Value(LogicalType::List(TypeId::kInteger)));
  } else if (value->type.Id() == TypeId::kSqlNull) {
    value = MakeConstant(Value(LogicalType::List(TypeId::kInteger)));  // no rows
  }
  int64_t depth = options.max_depth;
  int64_t levels = 0;  // of lists and fixed-size arrays alike
  for (LogicalType t = value->type;
       (t.Id() == TypeId::kList || t.Id() == TypeId::kArray) && levels < depth; t = t.ListChild()) {
    levels++;
  }
  // The levels taken as lists (flatten's), those below as they are.
  const LogicalType as_lists = ListLevels(value->type, levels);
  if (as_lists != value->type) value = MakeCast(std::move(value), as_lists);
  if (levels == 0 && value->type.Id() != TypeId::kStruct) {
    throw BinderError(fmt::format("unnest() needs a list or a STRUCT, not {} ({})",
                                  value->type.ToString(), item.ToString()));
  }
  const std::string text = item.alias.empty() ? item.ToString() : item.alias;
  if (levels > 0) {
    for (int64_t k = 1; k < levels; k++) {
      std::vector<ExpressionPtr> argument;
      argument.push_back(std::move(value));
      value = BindScalarCall("flatten", std::move(argument), item);
    }
    const LogicalType list = ResolveNull(value->type);  // [] unnests as INTEGER
    value = MakeCast(std::move(value), list);
    const LogicalType element = value->type.ListChild();
    const idx_t column = Scope::kUnnestColumn + scope.unnests.size();
    scope.unnests.push_back(std::move(value));
    value = MakeColumnRef(column, element, text);
    depth -= levels;
  }
  // The STRUCT levels, field by field, depth first.
  std::function<void(ExpressionPtr, int64_t, const std::string&, bool)> spread =
      [&](ExpressionPtr field, int64_t left, const std::string& name, bool top) {
        if (field->type.Id() != TypeId::kStruct || left == 0) {
          field->alias = name;
          texts.push_back(name);
          projections.push_back(std::move(field));
          return;
        }
        const auto fields = field->type.StructFields();
        for (size_t k = 0; k < fields.size(); k++) {
          // A field without a name (row(…)) is element1, element2, … and no parent's prefix.
          const bool unnamed = fields[k].first.empty();
          const std::string field_name =
              unnamed ? fmt::format("element{}", k + 1) : fields[k].first;
          const Value which =
              unnamed ? Value::BigInt(static_cast<int64_t>(k) + 1) : Value::Varchar(field_name);
          spread(
              BindStructExtract(field->Copy(), which, item.ToString()), left - 1,
              options.keep_parent_names && !top && !unnamed ? name + "." + field_name : field_name,
              false);
        }
      };
  spread(std::move(value), depth, text, true);
  return true;
}

}  // namespace teal
