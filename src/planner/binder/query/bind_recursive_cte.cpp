// Binder: WITH RECURSIVE — the anchor, the recursive part over the working table, and the
// LogicalRecursiveCte that runs them.
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>

#include "function/function.hpp"
#include "function/implicit_cast.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/recursive_reads.hpp"

namespace teal {

namespace {

/// The first column `e` reads, or null.
const ParsedExpression* FirstColumn(const ParsedExpression& e) {
  if (e.kind == ExprKind::kColumnRef) return &e;
  for (const auto& child : e.children) {
    if (const ParsedExpression* found = FirstColumn(*child)) return found;
  }
  return nullptr;
}

const std::string& ColumnName(const ParsedExpression& column) {
  return column.names.empty() ? column.name : column.names.back();
}

}  // namespace

struct Binder::UsingKey {
  std::vector<idx_t> keys;  // columns, each once
  /// Per column: its aggregate (a kAggregate over the columns), or null for a key or a
  /// column whose latest value is kept.
  std::vector<ExpressionPtr> aggregates;
  std::vector<LogicalType> kept_types;  // of the kept rows
};

Binder::UsingKey Binder::BindUsingKey(const CommonTableExpression& cte,
                                      const std::vector<std::string>& names,
                                      const std::vector<LogicalType>& types) {
  UsingKey out;
  out.aggregates.resize(types.size());
  out.kept_types = types;
  std::vector<bool> is_key(types.size());
  auto column_of = [&](const std::string& name) -> idx_t {
    for (idx_t c = 0; c < names.size(); c++) {
      if (SameName(names[c], name)) return c;
    }
    throw BinderError(
        fmt::format("USING KEY of WITH RECURSIVE \"{}\": \"{}\" is not one of its columns ({})",
                    cte.name, name, fmt::join(names, ", ")));
  };
  Scope scope;
  Binding binding;
  binding.alias = cte.name;
  binding.names = names;
  binding.types = types;
  scope.bindings.push_back(std::move(binding));
  scope.allow_aggregates = true;
  scope.clause = "USING KEY";
  for (const auto& item : *cte.using_key) {
    auto unusable = [&] {
      return BinderError(fmt::format(
          "{} can't be used in the USING KEY clause of WITH RECURSIVE \"{}\": it takes column "
          "names and aggregate calls",
          item->ToString(), cte.name));
    };
    if (item->kind == ExprKind::kColumnRef && item->names.size() <= 1) {
      if (!item->alias.empty()) {
        throw BinderError(fmt::format(
            "in USING KEY, only direct calls to an aggregate function can have an alias ({} AS "
            "{})",
            item->ToString(), item->alias));
      }
      const idx_t c = column_of(ColumnName(*item));
      if (out.aggregates[c]) {
        throw BinderError(fmt::format(
            "column \"{}\" cannot be used as both key and aggregate in USING KEY", names[c]));
      }
      if (!is_key[c]) out.keys.push_back(c);
      is_key[c] = true;
      continue;
    }
    if (item->kind != ExprKind::kFunction || item->window) throw unusable();
    // The column an aggregate keeps: its alias, or the first column it reads.
    std::string target = item->alias;
    if (target.empty()) {
      const ParsedExpression* first = FirstColumn(*item);
      if (!first) {
        throw BinderError(fmt::format(
            "in USING KEY, an aggregate must either have a column reference among its arguments "
            "or an alias naming the column it keeps ({})",
            item->ToString()));
      }
      target = ColumnName(*first);
    }
    const idx_t c = column_of(target);
    if (is_key[c]) {
      throw BinderError(fmt::format(
          "column \"{}\" cannot be used as both key and aggregate in USING KEY", names[c]));
    }
    if (out.aggregates[c]) {
      throw BinderError(fmt::format(
          "column \"{}\" is referenced multiple times in the aggregates of USING KEY", names[c]));
    }
    if (item->distinct || item->order_by || item->filter) {
      throw NotImplementedError(fmt::format(
          "DISTINCT, ORDER BY or FILTER in an aggregate of USING KEY ({})", item->ToString()));
    }
    scope.aggregates.clear();
    ExpressionPtr bound = BindExpression(*item, scope);
    if (scope.aggregates.size() != 1 || bound->kind != BoundKind::kColumnRef) throw unusable();
    out.kept_types[c] = scope.aggregates[0]->type;
    out.aggregates[c] = std::move(scope.aggregates[0]);
  }
  if (out.keys.empty()) {
    throw BinderError(fmt::format(
        "USING KEY of WITH RECURSIVE \"{}\" requires at least one key column", cte.name));
  }
  return out;
}

BoundStatement Binder::BindRecursiveCte(const CommonTableExpression& cte) {
  const SelectStatement& select = *cte.query;
  const bool keyed = cte.using_key != nullptr;
  if (select.set_operation != SetOperation::kUnion) {
    if (keyed) {
      throw BinderError(fmt::format(
          "WITH RECURSIVE \"{}\" USING KEY must be anchor UNION [ALL] recursive part", cte.name));
    }
    return BindSelect(select);
  }
  CteScope with(*this, select.ctes);

  Binder anchor_binder = Child(/*same_level=*/true);  // a correlated query reads on
  BoundStatement anchor = anchor_binder.BindSelect(*select.set_left);
  needs_parameter_values_ = needs_parameter_values_ || anchor_binder.needs_parameter_values_;
  RecursiveReference reference;
  reference.name = cte.name;
  reference.names = anchor.names;
  if (cte.column_aliases.size() > reference.names.size()) {
    throw BinderError(fmt::format("WITH query \"{}\" has {} columns but {} names were given",
                                  cte.name, reference.names.size(), cte.column_aliases.size()));
  }
  for (size_t i = 0; i < cte.column_aliases.size(); i++) {
    reference.names[i] = cte.column_aliases[i];
  }
  reference.types = anchor.types;
  reference.definition = std::make_shared<RecursiveCteDefinition>();
  reference.definition->name = cte.name;
  reference.definition->recurring = std::make_shared<RecursiveCteDefinition>();
  reference.definition->recurring->name = "recurring." + cte.name;

  // The working table has the anchor's types, unless the recursive part makes a column
  // wider (sum of INTEGERs is HUGEINT): then the column takes the wider type everywhere and
  // the recursive part is bound again over it, until the types hold still.
  BoundStatement recursive;
  std::shared_ptr<std::vector<const CteDefinition*>> round_ctes;
  std::vector<LogicalType> types = anchor.types;
  std::optional<UsingKey> using_key;
  for (int attempt = 0;; attempt++) {
    reference.types = types;
    reference.recurring_types = types;
    if (keyed) {
      // The kept rows' columns have their aggregates' types; the working table is the rows
      // as produced (UNION ALL) or the kept rows that changed (UNION).
      using_key = BindUsingKey(cte, reference.names, types);
      reference.recurring_types = using_key->kept_types;
      if (!select.set_all) reference.types = using_key->kept_types;
    }
    Binder recursive_binder = Child(/*same_level=*/true);
    recursive_binder.recursive_ctes_.push_back(reference);
    round_ctes = std::make_shared<std::vector<const CteDefinition*>>();
    recursive_binder.round_ctes_ = round_ctes;
    recursive = recursive_binder.BindSelect(*select.set_right, false);
    needs_parameter_values_ = needs_parameter_values_ || recursive_binder.needs_parameter_values_;
    if (!keyed && !ReadsRecursiveTable(*recursive.plan, *reference.definition)) {
      return BindSelect(select);  // not recursive after all: a plain UNION
    }
    if (recursive.types.size() != types.size()) {
      throw BinderError(fmt::format(
          "each side of the UNION in WITH RECURSIVE \"{}\" must have the same number of "
          "columns ({} and {})",
          cte.name, types.size(), recursive.types.size()));
    }
    std::vector<LogicalType> wider;
    for (idx_t i = 0; i < types.size(); i++) {
      try {
        wider.push_back(
            ResolveNull(CommonType(types[i], false, recursive.types[i], false, "WITH RECURSIVE")));
      } catch (const BinderError&) {
        throw BinderError(fmt::format(
            "WITH RECURSIVE \"{}\": column {} (\"{}\") is {} in the anchor but {} in the "
            "recursive part, and they have no common type; cast one of them",
            cte.name, i + 1, reference.names[i], types[i].ToString(),
            recursive.types[i].ToString()));
      }
    }
    if (wider == types) break;
    if (attempt == 3) {
      throw BinderError(fmt::format(
          "WITH RECURSIVE \"{}\": the recursive part keeps widening its columns' types; cast "
          "the anchor's columns to the types you want",
          cte.name));
    }
    types = std::move(wider);
  }
  if (!select.order_by.empty() || select.limit || select.offset) {
    throw ParserError(fmt::format(
        "ORDER BY, LIMIT or OFFSET in a recursive query is not allowed (WITH RECURSIVE \"{}\")",
        cte.name));
  }
  auto cast_to_types = [&](LogicalOperatorPtr side,
                           const std::vector<LogicalType>& side_types) -> LogicalOperatorPtr {
    if (side_types == types) return side;
    auto projection = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < types.size(); i++) {
      projection->expressions.push_back(MakeCast(MakeColumnRef(i, side_types[i]), types[i]));
    }
    projection->types = types;
    projection->children.push_back(std::move(side));
    return projection;
  };

  auto plan = std::make_unique<LogicalRecursiveCte>();
  plan->definition = reference.definition;
  plan->union_all = select.set_all;
  plan->max_iterations = options_.recursive_cte_max_iterations;
  plan->round_ctes = *round_ctes;
  plan->types = types;
  plan->children.push_back(cast_to_types(std::move(anchor.plan), anchor.types));
  plan->children.push_back(cast_to_types(std::move(recursive.plan), recursive.types));
  if (keyed) {
    // The children produce the columns, then the aggregates' arguments.
    plan->key_columns = using_key->keys;
    plan->input_types = types;
    std::vector<ExpressionPtr> arguments;
    for (idx_t& key : plan->key_columns) {
      ExpressionPtr collated = Collated(MakeColumnRef(key, types[key]));
      if (collated->kind == BoundKind::kColumnRef) continue;
      // A collated key groups by its collated value and keeps its first value as written.
      using_key->aggregates[key] = MakeFirst(MakeColumnRef(key, types[key]));
      key = plan->input_types.size();
      plan->input_types.push_back(collated->type);
      arguments.push_back(std::move(collated));
    }
    const AggregateFunctionSet* last = FunctionCatalog::Builtins().FindAggregate("last");
    for (idx_t c = 0; c < types.size(); c++) {
      RecursiveKeyAggregate fold;
      if (auto& aggregate = using_key->aggregates[c]) {
        fold.function = aggregate->aggregate;
        for (auto& argument : aggregate->children) {
          fold.arguments.push_back(plan->input_types.size());
          plan->input_types.push_back(argument->type);
          arguments.push_back(std::move(argument));
        }
      } else if (std::find(plan->key_columns.begin(), plan->key_columns.end(), c) ==
                 plan->key_columns.end()) {
        fold.function =
            std::make_shared<const AggregateFunction>(ResolveAggregate(*last, {types[c]}, {false}));
        fold.arguments.push_back(c);
      }
      ExpressionPtr collated = Collated(MakeColumnRef(c, using_key->kept_types[c]));
      if (collated->kind != BoundKind::kColumnRef) fold.change_key = std::move(collated);
      plan->key_aggregates.push_back(std::move(fold));
    }
    for (auto& child : plan->children) {
      auto projection = std::make_unique<LogicalProjection>();
      for (idx_t c = 0; c < types.size(); c++) {
        projection->expressions.push_back(MakeColumnRef(c, types[c]));
      }
      for (const auto& argument : arguments) projection->expressions.push_back(argument->Copy());
      projection->types = plan->input_types;
      projection->children.push_back(std::move(child));
      child = std::move(projection);
    }
    plan->types = using_key->kept_types;
  }
  BoundStatement bound;
  bound.names = anchor.names;
  bound.types = plan->types;
  bound.plan = std::move(plan);
  return bound;
}

}  // namespace teal
