// Binder: MERGE INTO target USING source … — the target (with its row ids) joined to the
// source, then for each joined row the number of the first clause that applies, then the
// values each kind of action needs (MergeLayout), computed only for its rows.
//
// Which rows a clause sees: WHEN MATCHED a target row and the source row it matches (both
// sides' names); WHEN NOT MATCHED [BY TARGET] a source row no target row matches (the
// source's names only); WHEN NOT MATCHED BY SOURCE a target row no source row matches (the
// target's names only). The join is inner, right, left or full as the clauses need.
#include <algorithm>

#include "common/string_distance.hpp"
#include "planner/binder/binder_internal.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

ExpressionPtr IsNull(ExpressionPtr e, bool null) {
  auto test = std::make_unique<Expression>(null ? BoundKind::kIsNull : BoundKind::kIsNotNull,
                                           TypeId::kBoolean);
  test->children.push_back(std::move(e));
  return test;
}

/// CASE WHEN arms[0].first THEN arms[0].second … ELSE otherwise END.
ExpressionPtr Case(std::vector<std::pair<ExpressionPtr, ExpressionPtr>> arms,
                   ExpressionPtr otherwise) {
  if (arms.empty()) return otherwise;
  auto out = std::make_unique<Expression>(BoundKind::kCase, otherwise->type);
  for (auto& [when, then] : arms) {
    out->children.push_back(std::move(when));
    out->children.push_back(std::move(then));
  }
  out->children.push_back(std::move(otherwise));
  return out;
}

/// action = k, over the action column.
ExpressionPtr ActionIs(idx_t action_column, size_t k) {
  auto equal = std::make_unique<Expression>(BoundKind::kCompare, TypeId::kBoolean);
  equal->op = CompareOp::kEqual;
  equal->children.push_back(MakeColumnRef(action_column, TypeId::kInteger));
  equal->children.push_back(MakeConstant(Value::Integer(static_cast<int32_t>(k))));
  return equal;
}

/// The source's columns a clause takes by position or name: every visible column of its
/// FROM items, with its place in the joined row.
struct SourceColumn {
  std::string name;
  LogicalType type;
  idx_t column;
};

}  // namespace

BoundStatement Binder::BindMerge(const MergeStatement& merge) {
  CteScope with(*this, merge.ctes);
  Scope target_scope;
  std::shared_ptr<TableEntry> table;
  LogicalOperatorPtr target =
      BindTargetTable(merge.target, target_scope, table, "Can only merge into base tables!");
  // Which triggers a MERGE's inserts, updates and deletes would fire is not settled here.
  for (TriggerEvent event : {TriggerEvent::kInsert, TriggerEvent::kUpdate, TriggerEvent::kDelete}) {
    if (TriggersOf(table, event, nullptr, false, false)) {
      throw NotImplementedError(fmt::format(
          "MERGE INTO is not supported on tables with triggers (table \"{}\")", table->name));
    }
  }
  const idx_t width = table->columns.size();
  const idx_t row_id = width;
  const idx_t target_width = width + 1;

  // The source, with a TRUE after its columns: NULL there marks a target row no source
  // row matches.
  Scope source_scope;
  LogicalOperatorPtr source = BindTableRef(*merge.source, source_scope);
  for (Binding& b : source_scope.bindings) b.offset += target_width;
  auto marked = std::make_unique<LogicalProjection>();
  for (idx_t c = 0; c < source->types.size(); c++) {
    marked->expressions.push_back(MakeColumnRef(c, source->types[c]));
    marked->types.push_back(source->types[c]);
  }
  const idx_t marker = target_width + source->types.size();
  marked->expressions.push_back(MakeConstant(Value::Boolean(true)));
  marked->types.emplace_back(TypeId::kBoolean);
  marked->children.push_back(std::move(source));
  const idx_t action_column = marker + 1;

  std::vector<SourceColumn> source_columns;
  for (const Binding& b : source_scope.bindings) {
    for (idx_t c = 0; c < b.names.size(); c++) {
      if (!b.IsHidden(c)) source_columns.push_back({b.names[c], b.types[c], b.offset + c});
    }
  }

  // The scopes of the three kinds of clause.
  using Match = MergeClause::Match;
  Scope matched;
  matched.bindings = target_scope.bindings;
  matched.bindings.insert(matched.bindings.end(), source_scope.bindings.begin(),
                          source_scope.bindings.end());
  auto join = std::make_unique<LogicalJoin>();
  if (!merge.using_columns.empty()) {
    TableRef ref;
    ref.kind = TableRefKind::kJoin;
    ref.using_columns = merge.using_columns;
    join->condition = BindUsing(ref, matched, 0, target_scope.bindings.size());
  } else {
    matched.clause = "MERGE … ON";
    join->condition = BindBoolean(BindExpression(*merge.condition, matched), "MERGE … ON");
  }
  Scope& by_target = source_scope;
  Scope& by_source = target_scope;
  auto scope_of = [&](const MergeClause& clause) -> Scope& {
    switch (clause.match) {
      case Match::kMatched:
        return matched;
      case Match::kNotMatchedByTarget:
        return by_target;
      case Match::kNotMatchedBySource:
        return by_source;
    }
    return matched;
  };
  // An expression of a clause, with the clause named when a name is not found.
  auto bind = [&](const ParsedExpression& e, const MergeClause& clause, const char* part) {
    Scope& scope = scope_of(clause);
    scope.clause = fmt::format("MERGE … {} … {}", clause.MatchText(), part);
    try {
      return BindExpression(e, scope);
    } catch (const BinderError& error) {
      if (clause.match == Match::kMatched) throw;
      const bool by_target = clause.match == Match::kNotMatchedByTarget;
      throw BinderError(fmt::format(
          "{}; the {}'s columns are not found in {}: no {} row matches there", error.what(),
          by_target ? "target" : "source", clause.MatchText(), by_target ? "target" : "source"));
    }
  };

  bool any_by_target = false, any_by_source = false;
  for (const MergeClause& clause : merge.clauses) {
    any_by_target |= clause.match == Match::kNotMatchedByTarget;
    any_by_source |= clause.match == Match::kNotMatchedBySource;
  }
  join->join_type = any_by_target && any_by_source ? JoinType::kFull
                    : any_by_target                ? JoinType::kRight
                    : any_by_source                ? JoinType::kLeft
                                                   : JoinType::kInner;
  join->types = target->types;
  join->types.insert(join->types.end(), marked->types.begin(), marked->types.end());
  join->children.push_back(std::move(target));
  join->children.push_back(std::move(marked));

  // The number of the clause that applies: the first of the row's kind whose condition
  // holds. Each CASE computes a condition only for the rows still undecided.
  std::vector<std::pair<ExpressionPtr, ExpressionPtr>> kinds[3];
  for (size_t k = 0; k < merge.clauses.size(); k++) {
    const MergeClause& clause = merge.clauses[k];
    ExpressionPtr when = clause.condition
                             ? BindBoolean(bind(*clause.condition, clause, "AND"), "MERGE … AND")
                             : MakeConstant(Value::Boolean(true));
    kinds[static_cast<int>(clause.match)].emplace_back(
        std::move(when), MakeConstant(Value::Integer(static_cast<int32_t>(k))));
  }
  auto no_clause = [] { return MakeConstant(Value(LogicalType(TypeId::kInteger))); };
  std::vector<std::pair<ExpressionPtr, ExpressionPtr>> by_kind;
  by_kind.emplace_back(
      IsNull(MakeColumnRef(row_id, TypeId::kBigInt), true),
      Case(std::move(kinds[static_cast<int>(Match::kNotMatchedByTarget)]), no_clause()));
  by_kind.emplace_back(
      IsNull(MakeColumnRef(marker, TypeId::kBoolean), true),
      Case(std::move(kinds[static_cast<int>(Match::kNotMatchedBySource)]), no_clause()));
  auto decide = std::make_unique<LogicalProjection>();
  for (idx_t c = 0; c < join->types.size(); c++) {
    decide->expressions.push_back(MakeColumnRef(c, join->types[c]));
    decide->types.push_back(join->types[c]);
  }
  decide->expressions.push_back(Case(
      std::move(by_kind), Case(std::move(kinds[static_cast<int>(Match::kMatched)]), no_clause())));
  decide->types.emplace_back(TypeId::kInteger);
  decide->children.push_back(std::move(join));

  // Each clause's values: (table column, value) pairs.
  auto logical = std::make_unique<LogicalMerge>();
  MergeLayout& layout = logical->layout;
  const bool has_generated =
      std::any_of(table->columns.begin(), table->columns.end(),
                  [](const ColumnDefinition& c) { return c.generated != nullptr; });
  std::vector<idx_t> stored;  // the columns a value is given for: all but generated ones
  for (idx_t c = 0; c < width; c++) {
    if (!table->columns[c].generated) stored.push_back(c);
  }
  auto column_named = [&](const std::string& name) {
    idx_t index = table->ColumnIndex(name);
    if (index == kInvalidIndex) {
      std::vector<std::string> names;
      for (const auto& c : table->columns) names.push_back(c.name);
      throw BinderError(WithDidYouMean(
          fmt::format("Table \"{}\" does not have a column with name \"{}\"", table->name, name),
          name, names));
    }
    if (table->columns[index].generated) {
      throw BinderError(
          fmt::format("cannot set generated column \"{}\": its value is computed", name));
    }
    return index;
  };
  auto typed = [&](ExpressionPtr value, idx_t column) {
    const ColumnDefinition& definition = table->columns[column];
    if (!CastExists(value->type, definition.type)) {
      throw BinderError(fmt::format("cannot assign a value of type {} to column \"{}\" ({})",
                                    value->type.ToString(), definition.name,
                                    definition.type.ToString()));
    }
    return MakeCast(std::move(value), definition.type);
  };
  std::vector<std::vector<std::pair<idx_t, ExpressionPtr>>> values(merge.clauses.size());
  std::vector<ExpressionPtr> messages(merge.clauses.size());
  for (size_t k = 0; k < merge.clauses.size(); k++) {
    const MergeClause& clause = merge.clauses[k];
    layout.actions.push_back(clause.action);
    Scope& scope = scope_of(clause);
    auto& out = values[k];
    auto assign = [&](idx_t column, ExpressionPtr value) {
      for (const auto& [earlier, e] : out) {
        if (earlier == column) {
          throw BinderError(
              fmt::format("column \"{}\" is assigned more than once", table->columns[column].name));
        }
      }
      out.emplace_back(column, typed(std::move(value), column));
    };
    const bool inserts = clause.action == MergeAction::kInsert;
    if (clause.action == MergeAction::kError) {
      messages[k] = clause.message
                        ? MakeCast(bind(*clause.message, clause, "THEN ERROR"), TypeId::kVarchar)
                        : MakeConstant(Value::Varchar(
                              fmt::format("MERGE INTO \"{}\": a row met {} … THEN ERROR",
                                          table->name, clause.MatchText())));
      continue;
    }
    if (!inserts && clause.action != MergeAction::kUpdate) continue;
    if (!inserts && has_generated) {
      throw NotImplementedError(fmt::format(
          "MERGE … THEN UPDATE of table \"{}\", which has generated columns", table->name));
    }
    using Values = MergeClause::Values;
    switch (clause.values_from) {
      case Values::kListed: {
        std::vector<idx_t> targets;
        if (inserts && clause.columns.empty()) {
          targets = stored;
        } else {
          for (const auto& name : clause.columns) targets.push_back(column_named(name));
        }
        if (targets.size() != clause.values.size()) {
          throw BinderError(fmt::format("table \"{}\" has {} columns but {} values were supplied{}",
                                        table->name, targets.size(), clause.values.size(),
                                        clause.columns.empty() ? "" : " for the listed columns"));
        }
        for (size_t i = 0; i < targets.size(); i++) {
          const ParsedExpression* value = clause.values[i].get();
          assign(targets[i], value ? bind(*value, clause, inserts ? "INSERT" : "UPDATE SET")
                                   : DefaultExpression(table->columns[targets[i]], scope));
        }
        break;
      }
      case Values::kByPosition:
        if (source_columns.size() != stored.size() && inserts) {
          throw BinderError(fmt::format(
              "table \"{}\" has {} columns but {} values were supplied (the source's columns, "
              "by position); list the columns, or use INSERT BY NAME",
              table->name, stored.size(), source_columns.size()));
        }
        if (source_columns.size() != stored.size()) {
          throw BinderError(fmt::format(
              "{}: the source's {} columns do not match column count of the target \"{}\" ({}); "
              "name the columns, or use BY NAME",
              clause.MatchText(), source_columns.size(), table->name, stored.size()));
        }
        for (size_t i = 0; i < stored.size(); i++) {
          assign(stored[i], MakeColumnRef(source_columns[i].column, source_columns[i].type));
        }
        break;
      case Values::kByName:
        for (const SourceColumn& column : source_columns) {
          assign(column_named(column.name), MakeColumnRef(column.column, column.type));
        }
        break;
      case Values::kDefaultValues:
        break;
    }
    if (inserts) {
      // Every other column its DEFAULT.
      for (idx_t c : stored) {
        bool given =
            std::any_of(out.begin(), out.end(), [&](const auto& p) { return p.first == c; });
        if (!given) out.emplace_back(c, typed(DefaultExpression(table->columns[c], scope), c));
      }
    }
  }

  // The layout (MergeLayout): action, row id, the UPDATEs' new values, the INSERTs' rows,
  // ERROR's message, the old row.
  auto project = std::make_unique<LogicalProjection>();
  auto add = [&](ExpressionPtr e) {
    project->types.push_back(e->type);
    project->expressions.push_back(std::move(e));
    return project->expressions.size() - 1;
  };
  add(MakeColumnRef(action_column, TypeId::kInteger));
  add(MakeColumnRef(row_id, TypeId::kBigInt));
  auto old_value = [&](idx_t c) { return MakeColumnRef(c, table->columns[c].type); };
  // The value of table column `c` that the rows of `action` get, each for its own rows.
  auto per_action = [&](MergeAction action, idx_t c, ExpressionPtr otherwise) {
    std::vector<std::pair<ExpressionPtr, ExpressionPtr>> arms;
    for (size_t k = 0; k < merge.clauses.size(); k++) {
      if (layout.actions[k] != action) continue;
      for (auto& [column, value] : values[k]) {
        if (column == c) arms.emplace_back(ActionIs(action_column, k), std::move(value));
      }
    }
    return Case(std::move(arms), std::move(otherwise));
  };
  for (idx_t c = 0; c < width; c++) {
    for (size_t k = 0; k < merge.clauses.size(); k++) {
      if (layout.actions[k] != MergeAction::kUpdate) continue;
      if (std::any_of(values[k].begin(), values[k].end(),
                      [&](const auto& p) { return p.first == c; })) {
        layout.update_columns.push_back(c);
        break;
      }
    }
  }
  for (idx_t c : layout.update_columns) add(per_action(MergeAction::kUpdate, c, old_value(c)));
  const bool any_insert = std::find(layout.actions.begin(), layout.actions.end(),
                                    MergeAction::kInsert) != layout.actions.end();
  layout.insert_first = project->expressions.size();
  layout.insert_map.assign(width, kInvalidIndex);
  if (any_insert) {
    for (idx_t c : stored) {
      layout.insert_map[c] =
          add(per_action(MergeAction::kInsert, c, MakeConstant(Value(table->columns[c].type)))) -
          layout.insert_first;
    }
  }
  std::vector<std::pair<ExpressionPtr, ExpressionPtr>> message_arms;
  for (size_t k = 0; k < merge.clauses.size(); k++) {
    if (messages[k]) message_arms.emplace_back(ActionIs(action_column, k), std::move(messages[k]));
  }
  if (!message_arms.empty()) {
    layout.message_column =
        add(Case(std::move(message_arms), MakeConstant(Value(LogicalType(TypeId::kVarchar)))));
  }
  const bool any_update = !layout.update_columns.empty();
  if (!merge.returning.empty() || (any_update && !table->checks.empty())) {
    layout.old_row_first = project->expressions.size();
    for (idx_t c = 0; c < width; c++) add(old_value(c));
  }
  // An UPDATE that sets nothing (SET * of a source without columns cannot be) still
  // counts its rows: it updates the first column to itself.
  for (size_t k = 0; k < merge.clauses.size() && !any_update; k++) {
    if (layout.actions[k] == MergeAction::kUpdate) {
      throw InternalError("MERGE … UPDATE without a column to set");
    }
  }
  project->children.push_back(std::move(decide));

  logical->table = table;
  logical->foreign_keys = ForeignKeysOf(table);
  logical->returning = !merge.returning.empty();
  logical->children.push_back(std::move(project));
  if (merge.returning.empty())
    return BindWriteResult({}, *table, merge.target.alias, std::move(logical));
  logical->types = table->Types();
  logical->types.emplace_back(TypeId::kVarchar);
  return BindReturning(merge.returning, *table, merge.target.alias, std::move(logical),
                       "merge_action");
}

}  // namespace teal
