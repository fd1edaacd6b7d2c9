// Binder: WITH RECURSIVE — the anchor, the recursive part over the working table, and the
// LogicalRecursiveCte that runs them.
#include "function/implicit_cast.hpp"
#include "planner/binder/binder_internal.hpp"

namespace teal {

namespace {

bool ReadsWorkingTable(const LogicalOperator& plan, const RecursiveCteDefinition& definition);

bool ExpressionReadsWorkingTable(const Expression& e, const RecursiveCteDefinition& definition) {
  if (e.kind == BoundKind::kSubquery && e.subquery && e.subquery->plan &&
      ReadsWorkingTable(*e.subquery->plan, definition)) {
    return true;
  }
  for (const auto& child : e.children) {
    if (ExpressionReadsWorkingTable(*child, definition)) return true;
  }
  return false;
}

/// Whether `plan` scans the working table of `definition`, in its operators or in the
/// subqueries of their expressions.
bool ReadsWorkingTable(const LogicalOperator& plan, const RecursiveCteDefinition& definition) {
  if (plan.kind == LogicalKind::kRecursiveScan &&
      static_cast<const LogicalRecursiveScan&>(plan).definition.get() == &definition) {
    return true;
  }
  bool found = false;
  ForEachOwnExpression(const_cast<LogicalOperator&>(plan), [&](ExpressionPtr& e) {
    found = found || ExpressionReadsWorkingTable(*e, definition);
  });
  if (found) return true;
  for (const auto& child : plan.children) {
    if (ReadsWorkingTable(*child, definition)) return true;
  }
  return false;
}

}  // namespace

BoundStatement Binder::BindRecursiveCte(const CommonTableExpression& cte) {
  const SelectStatement& select = *cte.query;
  if (select.set_operation != SetOperation::kUnion) return BindSelect(select);
  CteScope with(*this, select.ctes);

  Binder anchor_binder = Child(/*same_level=*/false);
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

  // The working table has the anchor's types, unless the recursive part makes a column
  // wider (sum of INTEGERs is HUGEINT): then the column takes the wider type everywhere and
  // the recursive part is bound again over it, until the types hold still.
  BoundStatement recursive;
  std::shared_ptr<std::vector<const CteDefinition*>> round_ctes;
  std::vector<LogicalType> types = anchor.types;
  for (int attempt = 0;; attempt++) {
    reference.types = types;
    Binder recursive_binder = Child(/*same_level=*/false);
    recursive_binder.recursive_ctes_.push_back(reference);
    round_ctes = std::make_shared<std::vector<const CteDefinition*>>();
    recursive_binder.round_ctes_ = round_ctes;
    recursive = recursive_binder.BindSelect(*select.set_right, false);
    needs_parameter_values_ = needs_parameter_values_ || recursive_binder.needs_parameter_values_;
    if (!ReadsWorkingTable(*recursive.plan, *reference.definition)) {
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
  BoundStatement bound;
  bound.names = anchor.names;
  bound.types = types;
  bound.plan = std::move(plan);
  return bound;
}

}  // namespace teal
