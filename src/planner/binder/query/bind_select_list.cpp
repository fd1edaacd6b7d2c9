// Binder: the select list with WHERE, GROUP BY, HAVING, aggregates, DISTINCT [ON] and
// unnest(), and the projection on top of the FROM clause's plan.
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <map>

#include "function/collation.hpp"
#include "function/function.hpp"
#include "function/volatile_calls.hpp"
#include "parser/window_spec.hpp"
#include "planner/binder/binder_internal.hpp"
#include "planner/column_refs.hpp"
#include "planner/plan_copy.hpp"

namespace teal {

namespace {
/// Whether `e` calls an aggregate function outside any subquery (GROUP BY ALL leaves
/// such select-list items out).
bool ContainsAggregate(const ParsedExpression& e) {
  if (e.kind == ExprKind::kSubquery) {
    return !e.children.empty() && ContainsAggregate(*e.children[0]);  // ANY/ALL's left side
  }
  if (e.kind == ExprKind::kFunction && !e.window &&
      (e.star || FunctionCatalog::Builtins().FindAggregate(e.name))) {
    return true;
  }
  for (const auto& child : e.children) {
    if (ContainsAggregate(*child)) return true;
  }
  return false;
}

/// The plan of GROUP BY GROUPING SETS: `full` groups by every GROUP BY expression; per set,
/// an aggregate over a copy of its input grouped by the set's expressions, its rows widened
/// to full's (NULL for the expressions the set leaves out) plus the value of each
/// GROUPING(…) call, all of them one after another (UNION ALL).
LogicalOperatorPtr ExpandGroupingSets(std::unique_ptr<LogicalAggregate> full,
                                      const std::vector<std::vector<idx_t>>& sets,
                                      const std::vector<std::vector<idx_t>>& calls) {
  LogicalOperatorPtr input = std::move(full->children[0]);
  std::vector<LogicalType> types = full->types;
  for (size_t k = 0; k < calls.size(); k++) types.emplace_back(TypeId::kBigInt);
  const idx_t groups = full->groups.size();
  LogicalOperatorPtr result;
  for (size_t s = 0; s < sets.size(); s++) {
    const std::vector<idx_t>& set = sets[s];
    auto aggregate = std::make_unique<LogicalAggregate>();
    for (idx_t g : set) {
      aggregate->groups.push_back(full->groups[g]->Copy());
      aggregate->types.push_back(full->groups[g]->type);
    }
    for (const auto& a : full->aggregates) {
      aggregate->aggregates.push_back(a->Copy());
      aggregate->types.push_back(a->type);
    }
    aggregate->children.push_back(s + 1 == sets.size() ? std::move(input) : CopyPlan(*input));
    auto widen = std::make_unique<LogicalProjection>();
    for (idx_t g = 0; g < groups; g++) {
      auto at = std::find(set.begin(), set.end(), g);
      widen->expressions.push_back(
          at == set.end()
              ? MakeConstant(Value(full->groups[g]->type))
              : MakeColumnRef(static_cast<idx_t>(at - set.begin()), full->groups[g]->type));
    }
    for (idx_t a = 0; a < full->aggregates.size(); a++) {
      widen->expressions.push_back(MakeColumnRef(set.size() + a, full->aggregates[a]->type));
    }
    for (const auto& call : calls) {
      int64_t value = 0;
      for (idx_t g : call) {
        value = value * 2 + (std::find(set.begin(), set.end(), g) == set.end() ? 1 : 0);
      }
      widen->expressions.push_back(MakeConstant(Value::BigInt(value)));
    }
    widen->types = types;
    widen->children.push_back(std::move(aggregate));
    if (!result) {
      result = std::move(widen);
    } else {
      auto both = std::make_unique<LogicalSetOperation>();
      both->operation = SetOperation::kUnion;
      both->all = true;
      both->types = types;
      both->children.push_back(std::move(result));
      both->children.push_back(std::move(widen));
      result = std::move(both);
    }
  }
  return result;
}

/// Whether `e` is the marker call RewritePivot writes for a source's other columns.
bool IsPivotRest(const ParsedExpression& e) {
  return e.kind == ExprKind::kFunction && e.name == kPivotRestMarker;
}

/// The columns of the FROM clause's first item (a PIVOT's or UNPIVOT's source) that no
/// argument of the marker call names, as references.
std::vector<ParsedExpressionPtr> PivotRestColumns(const ParsedExpression& marker,
                                                  const std::vector<Binding>& bindings) {
  std::vector<std::string> named;
  std::function<void(const ParsedExpression&)> collect = [&](const ParsedExpression& e) {
    if (e.kind == ExprKind::kColumnRef && !e.names.empty()) named.push_back(e.names.back());
    for (const auto& child : e.children) collect(*child);
  };
  for (const auto& argument : marker.children) collect(*argument);
  std::vector<ParsedExpressionPtr> columns;
  if (bindings.empty()) return columns;
  const Binding& source = bindings[0];
  for (idx_t c = 0; c < source.names.size(); c++) {
    if (source.IsHidden(c) || std::any_of(named.begin(), named.end(), [&](const std::string& n) {
          return SameName(n, source.names[c]);
        })) {
      continue;
    }
    auto ref = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
    ref->names = {source.alias, source.names[c]};
    ref->alias = source.names[c];
    columns.push_back(std::move(ref));
  }
  return columns;
}

}  // namespace

const ParsedExpression* StarModifiers::Find(std::string_view kind, const Binding& binding,
                                            idx_t c) {
  for (idx_t m = 0; m < star_.children.size(); m++) {
    const ParsedExpression& modifier = *star_.children[m];
    if (modifier.argument_name != kind) continue;
    const auto& n = modifier.names;
    const bool match = kind == "replace"
                           ? SameName(modifier.alias, binding.names[c])
                           : SameName(n.back(), binding.names[c]) &&
                                 (n.size() == 1 || SameName(n[n.size() - 2], binding.alias));
    if (match) {
      used_[m] = true;
      return &modifier;
    }
  }
  return nullptr;
}

void StarModifiers::CheckAllUsed() const {
  for (idx_t m = 0; m < star_.children.size(); m++) {
    if (used_[m]) continue;
    const ParsedExpression& modifier = *star_.children[m];
    std::string kind = modifier.argument_name;
    std::transform(kind.begin(), kind.end(), kind.begin(), ::toupper);
    const std::string name = modifier.argument_name == "replace"
                                 ? modifier.alias
                                 : fmt::format("{}", fmt::join(modifier.names, "."));
    throw BinderError(fmt::format("column \"{}\" in the {} list of {} is not in the FROM clause",
                                  name, kind, star_.names.empty() ? "*" : star_.names[0] + ".*"));
  }
}

void Binder::ExpandStar(const ParsedExpression& star, Scope& scope,
                        std::vector<ExpressionPtr>& projections, std::vector<std::string>& texts) {
  StarModifiers modifiers(star);
  const size_t before = projections.size();
  bool matched = false;
  for (const auto& binding : scope.bindings) {
    if (!star.names.empty() && !SameName(binding.alias, star.names[0])) continue;
    matched = true;
    for (idx_t c = 0; c < binding.names.size(); c++) {
      if ((star.names.empty() && binding.IsMerged(c)) || binding.IsHidden(c)) continue;
      const ParsedExpression* excluded = modifiers.Find("exclude", binding, c);
      const ParsedExpression* replaced = modifiers.Find("replace", binding, c);
      if (excluded && replaced) {
        throw BinderError(
            fmt::format("column \"{}\" is both in EXCLUDE and in REPLACE of *", binding.names[c]));
      }
      if (excluded) continue;
      if (replaced) {
        auto expression = BindExpression(*replaced, scope);
        expression->alias = binding.names[c];
        projections.push_back(std::move(expression));
        texts.push_back(replaced->ToString());
        continue;
      }
      ParsedExpression ref(ExprKind::kColumnRef);
      ref.names = {binding.alias, binding.names[c]};
      // The merged columns of a USING join have no qualifier: the name alone is theirs.
      if (binding.alias.empty()) ref.names = {binding.names[c]};
      // Two columns of one FROM item with one name (SELECT * FROM (SELECT 1 AS a, 2 AS a)):
      // * takes each by its place, as PostgreSQL and DuckDB do; the name alone is ambiguous.
      const bool name_repeats =
          std::count_if(binding.names.begin(), binding.names.end(),
                        [&](const std::string& n) { return SameName(n, binding.names[c]); }) > 1;
      ExpressionPtr expression;
      if (name_repeats && !scope.grouping) {
        expression = MakeColumnRef(binding.offset + c, binding.types[c], binding.names[c]);
        if (!scope.inside_aggregate && scope.column_outside_aggregate.empty()) {
          scope.column_outside_aggregate = binding.names[c];
        }
      } else {
        expression = BindExpression(ref, scope);
      }
      const ParsedExpression* renamed = modifiers.Find("rename", binding, c);
      expression->alias = renamed ? renamed->alias : binding.names[c];
      texts.push_back(expression->alias);
      projections.push_back(std::move(expression));
    }
  }
  if (!matched) {
    throw BinderError(fmt::format("table \"{}\" is not in the FROM clause", star.names[0]));
  }
  modifiers.CheckAllUsed();
  if (!modifiers.Empty() && projections.size() == before) {
    throw BinderError(fmt::format("{} leaves no columns", star.ToString()));
  }
}

ExpressionPtr Binder::BindSelectItem(const ParsedExpression& item, Scope& scope) {
  auto expression = BindExpression(item, scope);
  if (!item.alias.empty()) {
    expression->alias = item.alias;
  } else if (item.kind == ExprKind::kColumnRef) {
    expression->alias = expression->kind == BoundKind::kColumnRef && !expression->alias.empty()
                            ? expression->alias
                            : item.names.back();
  } else {
    expression->alias = item.ToString();
  }
  return expression;
}

void Binder::BindSelectList(const SelectStatement& select, Scope& scope, LogicalOperatorPtr& plan,
                            BoundStatement& bound, bool resolve_nulls) {
  // A name that is no column of FROM (nor of an enclosing query) may be the alias of a
  // select-list item (DuckDB's rule, for WHERE, HAVING, QUALIFY and the items after it):
  // that item's expression stands in for it. Lambda parameters and subqueries are left
  // alone. A query PostgreSQL accepts keeps its meaning: the name is no column there.
  // DuckDB's alias.x names the select-list item aliased x outright (where no FROM item is
  // called alias): the name it gives, else null.
  auto qualified_alias = [&](const ParsedExpression& e) -> const std::string* {
    if (e.kind != ExprKind::kColumnRef || e.names.size() != 2 || !SameName(e.names[0], "alias") ||
        CanResolve(e, scope)) {
      return nullptr;
    }
    return &e.names[1];
  };
  auto no_such_alias = [&](const std::string& name) {
    return BinderError(fmt::format(
        "alias.{0}: no select-list item before it is named \"{0}\" (and no table of FROM is "
        "called alias)",
        name));
  };
  std::function<bool(ParsedExpressionPtr&, size_t)> substitute_aliases = [&](ParsedExpressionPtr& e,
                                                                             size_t items) {
    const std::string* qualified = qualified_alias(*e);
    if (qualified ||
        (e->kind == ExprKind::kColumnRef && e->names.size() == 1 && !CanResolve(*e, scope))) {
      const std::string& name = qualified ? *qualified : e->names[0];
      for (size_t i = 0; i < items; i++) {
        const auto& item = select.select_list[i];
        if (!item->alias.empty() && SameName(item->alias, name)) {
          if (CallsVolatileFunction(*item)) {
            throw BinderError(fmt::format(
                "the alias \"{}\" stands for {}, and that expression has side effects: it "
                "would be computed again here; compute it in a subquery first",
                item->alias, item->ToString()));
          }
          std::string argument_name = std::move(e->argument_name);
          e = item->Copy();
          e->argument_name = std::move(argument_name);  // its place in its call
          substitute_aliases(e, i);                     // it may name an item before it in turn
          return true;
        }
      }
      if (qualified) {
        for (size_t i = items; i < select.select_list.size(); i++) {
          if (SameName(select.select_list[i]->alias, *qualified)) {
            // DuckDB's words.
            throw BinderError(fmt::format(
                "Column \"{}\" referenced that exists in the SELECT clause - but this column "
                "cannot be referenced before it is defined",
                *qualified));
          }
        }
        throw no_such_alias(*qualified);
      }
    }
    if (e->kind == ExprKind::kFunction && e->name == kLambdaFunction) return false;
    if (e->kind == ExprKind::kSubquery) {
      // The left side of x IN (SELECT …) / x op ANY (…) is this query's; the subquery's own
      // names reach these aliases as outer values (Binder::BindOuterAlias).
      bool any = false;
      for (auto& child : e->children) any = substitute_aliases(child, items) || any;
      return any;
    }
    if (e->kind == ExprKind::kFunction &&
        ((e->names.size() == 1 && !IsFunctionSchema(catalogs_, e->names)) ||
         (e->names.size() == 2 && SameName(e->names[0], "alias")))) {
      // x.f(…) and alias.x.f(…): DuckDB's f(x, …) when x names no column.
      ParsedExpression receiver(ExprKind::kColumnRef);
      receiver.names = e->names;
      if (!CanResolve(receiver, scope)) {
        auto call = std::make_unique<ParsedExpression>(ExprKind::kColumnRef);
        call->names = e->names;
        e->names.clear();
        e->children.insert(e->children.begin(), std::move(call));
      }
    }
    bool any = false;
    for (auto& child : e->children) any = substitute_aliases(child, items) || any;
    if (e->window) {
      // OVER (PARTITION BY x ORDER BY y) with select-list aliases (DuckDB's): a copy, as
      // the statement's own window is shared and may be bound again.
      std::shared_ptr<WindowSpec> window = e->window->Copy();
      bool in_window = false;
      for (auto& p : window->partitions) in_window = substitute_aliases(p, items) || in_window;
      for (auto& o : window->orders) {
        if (o.expression) in_window = substitute_aliases(o.expression, items) || in_window;
      }
      if (in_window) {
        e->window = std::move(window);
        any = true;
      }
    }
    return any;
  };
  // The condition of WHERE or HAVING, with aliases substituted where it names one.
  auto with_aliases_substituted = [&](const ParsedExpressionPtr& condition) {
    ParsedExpressionPtr copy = condition->Copy();
    return substitute_aliases(copy, select.select_list.size()) ? std::move(copy) : nullptr;
  };
  scope.select_list = &select.select_list;
  scope.select_aliases = select.select_list.size();
  if (select.where) {
    ParsedExpressionPtr where = with_aliases_substituted(select.where);
    AddWhere(where ? where.get() : select.where.get(), scope, plan);
  }

  // GROUP BY: ordinals and select-list aliases stand for select-list expressions.
  std::vector<ExpressionPtr> groups;
  // For a bare name no FROM item has: the select-list item aliased so, else null.
  auto aliased_item = [&](const ParsedExpression& e) -> const ParsedExpression* {
    if (const std::string* qualified = qualified_alias(e)) {
      for (const auto& item : select.select_list) {
        if (!item->alias.empty() && SameName(item->alias, *qualified)) return item.get();
      }
      throw no_such_alias(*qualified);
    }
    if (e.kind != ExprKind::kColumnRef || e.names.size() != 1) return nullptr;
    const bool in_from =
        std::any_of(scope.bindings.begin(), scope.bindings.end(), [&](const Binding& b) {
          return std::any_of(b.names.begin(), b.names.end(),
                             [&](const std::string& n) { return SameName(n, e.names[0]); });
        });
    if (in_from) return nullptr;
    for (const auto& item : select.select_list) {
      if (!item->alias.empty() && SameName(item->alias, e.names[0])) return item.get();
    }
    return nullptr;
  };
  // The first such alias in `e` (outside subqueries); empty when there is none.
  std::function<std::string(const ParsedExpression&)> select_alias_in =
      [&](const ParsedExpression& e) -> std::string {
    if (const ParsedExpression* item = aliased_item(e)) return item->alias;
    for (const auto& child : e.children) {
      if (!child) continue;
      std::string found = select_alias_in(*child);
      if (!found.empty()) return found;
    }
    return "";
  };
  auto alias_of = [&](const ParsedExpression& e) -> const ParsedExpression* {
    RefuseNonIntegerConstant(e, "GROUP BY");
    if (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull()) {
      int64_t ordinal = e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
      if (ordinal < 1 || ordinal > static_cast<int64_t>(select.select_list.size())) {
        throw BinderError(
            fmt::format("GROUP BY term out of range - should be between 1 and {} (position {})",
                        select.select_list.size(), ordinal));
      }
      const ParsedExpression& item = *select.select_list[ordinal - 1];
      if (item.kind == ExprKind::kStar) throw BinderError("a position cannot refer to *");
      return &item;
    }
    return aliased_item(e);
  };
  // GROUP BY ALL: the positions of the select-list items that hold no aggregate.
  std::vector<ParsedExpressionPtr> all_groups;
  if (select.group_by_all) {
    for (size_t i = 0; i < select.select_list.size(); i++) {
      const ParsedExpression& item = *select.select_list[i];
      if (item.kind == ExprKind::kStar || ContainsColumnsCall(item)) {
        throw NotImplementedError("GROUP BY ALL with * or COLUMNS(…) in the select list");
      }
      if (ContainsAggregate(item)) continue;
      auto ordinal = std::make_unique<ParsedExpression>(ExprKind::kConstant);
      ordinal->value = Value::BigInt(static_cast<int64_t>(i + 1));
      all_groups.push_back(std::move(ordinal));
    }
  }
  const auto& group_items = select.group_by_all ? all_groups : select.group_by;
  if (!group_items.empty() || select.having || !select.grouping_sets.empty()) {
    scope.clause = "GROUP BY";
    auto add_group = [&](const ParsedExpression& g) {
      const ParsedExpression* source = alias_of(g);
      const ParsedExpression& expression = source ? *source : g;
      ExpressionPtr bound_group;
      try {
        bound_group = BindExpression(expression, scope);
      } catch (const BinderError&) {
        // A select-list alias stands for its item only as a whole GROUP BY term (as in
        // PostgreSQL): say so when an expression's unknown name is one.
        if (const std::string alias = select_alias_in(expression); !alias.empty()) {
          throw BinderError(fmt::format(
              "aliases cannot be used as part of an expression in the GROUP BY (\"{}\" in {})",
              alias, expression.ToString()));
        }
        throw;
      }
      scope.group_texts.push_back(expression.ToString());
      scope.group_resolved.push_back(ResolvedText(expression, scope));
      scope.compound_groups |= !scope.group_resolved.back().empty();
      scope.group_columns.push_back(bound_group->kind == BoundKind::kColumnRef ? bound_group->column
                                                                               : kInvalidIndex);
      std::shared_ptr<const Expression> as_written;
      if (!CollationFunctions(EffectiveCollation(bound_group->type)).empty()) {
        if (!select.grouping_sets.empty()) {
          throw NotImplementedError(fmt::format(
              "GROUPING SETS, ROLLUP or CUBE over a collated value ({})", expression.ToString()));
        }
        as_written = bound_group->Copy();
        bound_group = Collated(std::move(bound_group));
      }
      scope.group_sources.push_back(std::move(as_written));
      scope.group_types.push_back(bound_group->type);
      groups.push_back(std::move(bound_group));
    };
    for (const auto& g : group_items) {
      if (IsPivotRest(*g)) {
        for (const auto& column : PivotRestColumns(*g, scope.bindings)) add_group(*column);
      } else {
        add_group(*g);
      }
    }
    scope.grouping = true;
    scope.group_by_all = select.group_by_all;
    if (!select.grouping_sets.empty()) scope.grouping_sets = &select.grouping_sets;
  }

  scope.clause = "SELECT";
  scope.allow_aggregates = true;
  scope.column_outside_aggregate.clear();
  std::vector<ExpressionPtr> projections;
  std::vector<std::string> texts;  // SQL text of each select-list item, for ORDER BY
  scope.allow_unnest = true;
  scope.allow_windows = true;
  for (size_t i = 0; i < select.select_list.size(); i++) {
    const auto& item = select.select_list[i];
    scope.select_aliases = i;  // the items before it
    if (item->kind == ExprKind::kStar) {
      if (scope.bindings.empty()) {
        throw BinderError("SELECT * needs a FROM clause (a * expression without FROM clause)");
      }
      ExpandStar(*item, scope, projections, texts);
      continue;
    }
    if (ExpandColumns(*item, scope, projections, texts)) continue;
    if (IsPivotRest(*item)) {
      for (const auto& column : PivotRestColumns(*item, scope.bindings)) {
        projections.push_back(BindSelectItem(*column, scope));
        texts.push_back(column->alias);
      }
      continue;
    }
    ParsedExpressionPtr with_aliases = item->Copy();
    if (!substitute_aliases(with_aliases, i)) with_aliases.reset();
    // Named as written: the substitution is how it is computed, not what it is called.
    if (with_aliases && with_aliases->alias.empty()) with_aliases->alias = item->ToString();
    if (ExpandUnnest(with_aliases ? *with_aliases : *item, scope, projections, texts)) continue;
    if (with_aliases) {
      projections.push_back(BindSelectItem(*with_aliases, scope));
    } else {
      projections.push_back(BindSelectItem(*item, scope));
    }
    texts.push_back(item->ToString());
  }
  scope.allow_unnest = false;
  scope.select_aliases = select.select_list.size();
  const idx_t visible = projections.size();

  ExpressionPtr having;
  if (select.having) {
    scope.clause = "HAVING";
    scope.allow_windows = false;
    ParsedExpressionPtr condition = with_aliases_substituted(select.having);
    having = BindBoolean(BindExpression(condition ? *condition : *select.having, scope),
                         "HAVING clause");
    scope.allow_windows = true;
  }
  ExpressionPtr qualify;
  if (select.qualify) {
    scope.clause = "QUALIFY";
    ParsedExpressionPtr condition = select.qualify->Copy();
    substitute_aliases(condition, select.select_list.size());
    qualify = BindBoolean(BindExpression(*condition, scope), "QUALIFY clause");
  }
  scope.select_list = nullptr;

  // ORDER BY and DISTINCT ON keys: a position, an output name, an expression of the
  // select list, or any other expression (computed as a hidden column, dropped at the end).
  auto output_column = [&](const ParsedExpression& e, const char* clause) -> idx_t {
    const bool positional = e.kind == ExprKind::kPositional;
    if (positional ||
        (e.kind == ExprKind::kConstant && e.value.Type().IsIntegral() && !e.value.IsNull())) {
      int64_t ordinal =
          positional ? e.parameter_index : e.value.CastAs(TypeId::kBigInt).GetStored<int64_t>();
      if (ordinal < 1 || ordinal > static_cast<int64_t>(visible)) {
        throw BinderError(fmt::format(
            "{} term out of range - should be between 1 and {} (position {})",
            std::string_view(clause) == "ORDER BY" ? "ORDER" : clause, visible, ordinal));
      }
      return static_cast<idx_t>(ordinal - 1);
    }
    const std::string* qualified = qualified_alias(e);
    if (qualified || (e.kind == ExprKind::kColumnRef && e.names.size() == 1)) {
      const std::string& name = qualified ? *qualified : e.names[0];
      // PostgreSQL: a name two different select-list columns have is ambiguous (DuckDB
      // takes the first); the same expression twice is not.
      idx_t found = kInvalidIndex;
      for (idx_t i = 0; i < visible; i++) {
        if (!SameName(projections[i]->alias, name)) continue;
        if (found == kInvalidIndex) {
          found = i;
        } else if (!projections[i]->Equals(*projections[found])) {
          throw BinderError(
              fmt::format("{} \"{}\" is ambiguous: more than one select-list column has that name",
                          clause, name));
        }
      }
      if (found != kInvalidIndex) return found;
      if (qualified) throw no_such_alias(name);
    }
    std::string text = e.ToString();
    for (idx_t i = 0; i < visible; i++) {
      if (texts[i] == text) return i;
    }
    return kInvalidIndex;
  };
  auto hidden_column = [&](const ParsedExpression& e, const char* clause) -> idx_t {
    scope.clause = clause;
    projections.push_back(BindExpression(e, scope));
    return projections.size() - 1;
  };
  // A collated column sorts (and under DISTINCT groups) by its collated key: a hidden
  // column beside it.
  std::map<idx_t, idx_t> collated_keys;
  auto key_column = [&](idx_t column) -> idx_t {
    if (CollationFunctions(EffectiveCollation(projections[column]->type)).empty()) return column;
    auto found = collated_keys.find(column);
    if (found != collated_keys.end()) return found->second;
    projections.push_back(Collated(projections[column]->Copy()));
    collated_keys[column] = projections.size() - 1;
    return projections.size() - 1;
  };
  std::vector<idx_t> distinct_keys;
  if (select.distinct) {
    for (idx_t i = 0; i < visible; i++) distinct_keys.push_back(key_column(i));
  }
  std::vector<OrderKey> order_keys;
  for (const auto& term : select.order_by) {
    if (term.all) {
      for (idx_t i = 0; i < visible; i++) {
        order_keys.push_back(OrderKeyFor(term, key_column(i)));
      }
      continue;
    }
    // ORDER BY COLUMNS(…): a key per column it selects, each sorted as the term says.
    std::vector<ParsedExpressionPtr> columns =
        ExpandColumnsCopies(*term.expression, scope, "ORDER BY term",
                            [&](const ParsedExpression& e) { return IsTrueConstant(e, scope); });
    for (auto& copy : columns) {
      copy->alias.clear();
      idx_t column = output_column(*copy, "ORDER BY");
      if (column == kInvalidIndex) column = hidden_column(*copy, "ORDER BY");
      order_keys.push_back(OrderKeyFor(term, key_column(column)));
    }
    if (!columns.empty()) continue;
    const ParsedExpression& e = *term.expression;
    // ORDER BY x COLLATE c, where x names an output column (a position, an alias): that
    // column, sorted by the collation (DuckDB's rule).
    if (e.kind == ExprKind::kOperator && e.name == "COLLATE") {
      const idx_t named = output_column(*e.children[0], "ORDER BY");
      if (named != kInvalidIndex) {
        ExpressionPtr value = BindCollate(e, projections[named]->Copy());
        if (select.distinct) {
          throw NotImplementedError(
              fmt::format("SELECT DISTINCT with ORDER BY … COLLATE of a select-list column ({})",
                          e.ToString()));
        }
        projections.push_back(Collated(std::move(value)));
        order_keys.push_back(OrderKeyFor(term, projections.size() - 1));
        continue;
      }
    }
    RefuseNonIntegerConstant(e, "ORDER BY", OrderByLiteralsAllowed(options_));
    idx_t column = output_column(e, "ORDER BY");
    if (column == kInvalidIndex) {
      if (select.distinct) {
        throw BinderError(fmt::format(
            "for SELECT DISTINCT, ORDER BY expressions must appear in the select list ({})",
            e.ToString()));
      }
      column = hidden_column(e, "ORDER BY");
    }
    order_keys.push_back(OrderKeyFor(term, key_column(column)));
  }
  // DISTINCT ON keeps the first row of each key in ORDER BY order. Unlike PostgreSQL, the
  // ORDER BY need not start with the DISTINCT ON expressions (DuckDB's rule).
  std::vector<idx_t> distinct_on_columns;
  for (const auto& e : select.distinct_on) {
    RefuseNonIntegerConstant(*e, "DISTINCT ON", OrderByLiteralsAllowed(options_));
    idx_t column = output_column(*e, "DISTINCT ON");
    if (column == kInvalidIndex) column = hidden_column(*e, "DISTINCT ON");
    distinct_on_columns.push_back(key_column(column));
  }

  if (!scope.aggregates.empty() || scope.grouping) {
    if (!scope.grouping && !scope.column_outside_aggregate.empty()) {
      throw BinderError(fmt::format(
          "column \"{}\" must appear in the GROUP BY clause or be used in an aggregate function{}",
          scope.column_outside_aggregate,
          select.group_by_all ? " (GROUP BY ALL will only group entries in the SELECT list)" : ""));
    }
    auto aggregate = std::make_unique<LogicalAggregate>();
    for (const auto& g : groups) aggregate->types.push_back(g->type);
    for (const auto& a : scope.aggregates) aggregate->types.push_back(a->type);
    aggregate->groups = std::move(groups);
    aggregate->aggregates = std::move(scope.aggregates);
    aggregate->children.push_back(std::move(plan));
    if (scope.grouping_sets) {
      const idx_t width = aggregate->groups.size() + aggregate->aggregates.size();
      plan = ExpandGroupingSets(std::move(aggregate), *scope.grouping_sets, scope.grouping_calls);
      auto remap = [&](Expression& e) {
        RemapColumns(e, [&](idx_t c) {
          return c >= Scope::kGroupingColumn && c < Scope::kWindowColumn
                     ? width + (c - Scope::kGroupingColumn)
                     : c;
        });
      };
      for (auto& p : projections) remap(*p);
      if (having) remap(*having);
      if (qualify) remap(*qualify);
      for (auto& w : scope.windows) {
        for (auto& e : w.partitions) remap(*e);
        for (auto& e : w.orders) remap(*e);
        for (auto& e : w.call.arguments) remap(*e);
        for (auto* e : {&w.call.start_offset, &w.call.end_offset, &w.call.range_key}) {
          if (*e) remap(**e);
        }
      }
    } else {
      plan = std::move(aggregate);
    }
    if (having) {
      auto filter = std::make_unique<LogicalFilter>();
      filter->expressions.push_back(std::move(having));
      filter->types = plan->types;
      filter->children.push_back(std::move(plan));
      plan = std::move(filter);
    }
  }

  if (!scope.windows.empty()) {
    std::vector<Expression*> users;
    for (auto& p : projections) users.push_back(p.get());
    if (qualify) users.push_back(qualify.get());
    AddWindows(scope, plan, users);
  } else if (qualify) {
    throw BinderError(
        "at least one window function must appear in the SELECT column or QUALIFY clause");
  }
  if (qualify) {
    auto filter = std::make_unique<LogicalFilter>();
    filter->expressions.push_back(std::move(qualify));
    filter->types = plan->types;
    filter->children.push_back(std::move(plan));
    plan = std::move(filter);
  }

  if (!scope.unnests.empty()) {
    // Below the projection (and above any aggregate, whose results it may unnest).
    const idx_t input_width = plan->types.size();
    auto unnest = std::make_unique<LogicalUnnest>();
    unnest->types = plan->types;
    for (idx_t c = 0; c < input_width; c++) unnest->columns.push_back(c);
    for (const auto& list : scope.unnests) unnest->types.push_back(list->type.ListChild());
    unnest->lists = std::move(scope.unnests);
    unnest->children.push_back(std::move(plan));
    plan = std::move(unnest);
    for (auto& p : projections) {
      RemapColumns(*p, [&](idx_t c) {
        return c >= Scope::kUnnestColumn ? input_width + (c - Scope::kUnnestColumn) : c;
      });
    }
  }

  auto projection = std::make_unique<LogicalProjection>();
  for (idx_t i = 0; i < projections.size(); i++) {
    auto& p = projections[i];
    // A bare parameter keeps its open type: the statement is bound again with its value.
    bool open_parameter = p->kind == BoundKind::kParameter;
    LogicalType type = resolve_nulls && !open_parameter ? ResolveNull(p->type) : p->type;
    if (i < visible) {
      bound.names.push_back(p->alias);
      bound.types.push_back(type);
    }
    p = MakeCast(std::move(p), type);
    projection->types.push_back(type);
  }
  projection->expressions = std::move(projections);
  projection->children.push_back(std::move(plan));
  plan = std::move(projection);

  if (select.distinct) {
    // Grouped by each column's key; a collated column's value is the first() of its group
    // (DuckDB's rule), its key stays for ORDER BY.
    const std::vector<LogicalType> below = plan->types;
    auto distinct = std::make_unique<LogicalAggregate>();
    for (idx_t i = 0; i < visible; i++) {
      distinct->groups.push_back(MakeColumnRef(distinct_keys[i], below[distinct_keys[i]]));
      distinct->types.push_back(below[distinct_keys[i]]);
    }
    for (idx_t i = 0; i < visible; i++) {
      if (distinct_keys[i] == i) continue;
      distinct->aggregates.push_back(MakeFirst(MakeColumnRef(i, below[i])));
      distinct->types.push_back(below[i]);
    }
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
    if (!collated_keys.empty()) {
      auto values = std::make_unique<LogicalProjection>();
      idx_t first = visible;
      for (idx_t i = 0; i < visible; i++) {
        const idx_t from = distinct_keys[i] == i ? i : first++;
        values->expressions.push_back(MakeColumnRef(from, below[i]));
        values->types.push_back(below[i]);
      }
      for (idx_t h = visible; h < below.size(); h++) {
        const auto key = std::find(distinct_keys.begin(), distinct_keys.end(), h);
        if (key == distinct_keys.end()) {
          throw InternalError("SELECT DISTINCT: a hidden column that is no collated key");
        }
        const idx_t group = static_cast<idx_t>(key - distinct_keys.begin());
        values->expressions.push_back(MakeColumnRef(group, below[h]));
        values->types.push_back(below[h]);
      }
      values->children.push_back(std::move(plan));
      plan = std::move(values);
    }
  }

  if (!order_keys.empty()) {
    auto order = std::make_unique<LogicalOrder>();
    order->keys = std::move(order_keys);
    order->types = plan->types;
    order->children.push_back(std::move(plan));
    plan = std::move(order);
  }
  if (!distinct_on_columns.empty()) {
    auto distinct = std::make_unique<LogicalDistinctOn>();
    distinct->columns = std::move(distinct_on_columns);
    distinct->types = plan->types;
    distinct->children.push_back(std::move(plan));
    plan = std::move(distinct);
  }
  if (plan->types.size() > visible) {  // drop the hidden ORDER BY / DISTINCT ON columns
    auto trim = std::make_unique<LogicalProjection>();
    for (idx_t i = 0; i < visible; i++) {
      trim->expressions.push_back(MakeColumnRef(i, plan->types[i]));
      trim->types.push_back(plan->types[i]);
    }
    trim->children.push_back(std::move(plan));
    plan = std::move(trim);
  }
}

}  // namespace teal
