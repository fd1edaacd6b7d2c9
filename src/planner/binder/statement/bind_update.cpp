// Binder: UPDATE … SET … [FROM …] [WHERE …].
#include "common/string_distance.hpp"
#include "planner/binder/binder_internal.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

BoundStatement Binder::BindUpdate(const UpdateStatement& update) {
  CteScope with(*this, update.ctes);
  Scope scope;
  std::shared_ptr<TableEntry> table;
  LogicalOperatorPtr plan =
      BindTargetTable(update.table, scope, table, "Can only update base table");
  // The row id is the last column of the target's scan; FROM items come after it.
  const idx_t row_id = table->columns.size();
  if (update.from) {
    auto join = std::make_unique<LogicalJoin>();
    join->join_type = JoinType::kCross;
    auto right = BindTableRef(*update.from, scope);
    join->types = plan->types;
    join->types.insert(join->types.end(), right->types.begin(), right->types.end());
    join->children.push_back(std::move(plan));
    join->children.push_back(std::move(right));
    plan = std::move(join);
  }
  AddWhere(update.where.get(), scope, plan);

  auto projection = std::make_unique<LogicalProjection>();
  auto logical = std::make_unique<LogicalUpdate>();
  logical->foreign_keys = ForeignKeysOf(table);
  scope.clause = "UPDATE … SET";
  for (size_t i = 0; i < update.columns.size(); i++) {
    idx_t column = table->ColumnIndex(update.columns[i]);
    if (column == kInvalidIndex) {
      std::vector<std::string> names;
      for (const auto& c : table->columns) names.push_back(c.name);
      throw BinderError(WithDidYouMean(
          fmt::format("column \"{}\" not found in table \"{}\"", update.columns[i], table->name),
          update.columns[i], names));
    }
    for (idx_t earlier : logical->columns) {
      if (earlier == column) {
        throw BinderError(
            fmt::format("column \"{}\" is assigned more than once", table->columns[column].name));
      }
    }
    const ColumnDefinition& definition = table->columns[column];
    if (definition.generated) {
      throw BinderError(fmt::format("cannot update generated column \"{}\": its value is computed",
                                    definition.name));
    }
    ExpressionPtr value;
    if (update.values[i]->kind == ExprKind::kDefault) {
      value = DefaultExpression(definition, scope);
    } else {
      value = BindExpression(*update.values[i], scope);
    }
    if (!CastExists(value->type, definition.type)) {
      throw BinderError(fmt::format("cannot assign a value of type {} to column \"{}\" ({})",
                                    value->type.ToString(), definition.name,
                                    definition.type.ToString()));
    }
    try {
      projection->expressions.push_back(MakeCast(std::move(value), definition.type));
    } catch (const ConversionError& error) {
      throw ConversionError(
          std::string(error.what()) +
          fmt::format(" (column \"{}\" of table \"{}\")", definition.name, table->name));
    }
    projection->types.push_back(definition.type);
    logical->columns.push_back(column);
  }
  // Generated columns are computed again from the new row: their expressions read the
  // scan's columns (the table's, in order), a SET column's new value in its place.
  const size_t set_count = logical->columns.size();
  for (idx_t g = 0; g < table->columns.size(); g++) {
    if (!table->columns[g].generated) continue;
    std::function<ExpressionPtr(const Expression&)> rebuild = [&](const Expression& e) {
      if (e.kind == BoundKind::kColumnRef) {
        for (size_t k = 0; k < set_count; k++) {
          if (logical->columns[k] == e.column) return projection->expressions[k]->Copy();
        }
      }
      ExpressionPtr copy = e.CopyNode();
      for (const auto& child : e.children) copy->children.push_back(rebuild(*child));
      return copy;
    };
    projection->expressions.push_back(rebuild(*table->columns[g].generated));
    projection->types.push_back(table->columns[g].type);
    logical->columns.push_back(g);
  }
  projection->expressions.push_back(MakeColumnRef(row_id, TypeId::kBigInt));
  projection->types.push_back(TypeId::kBigInt);
  auto triggers =
      TriggersOf(table, TriggerEvent::kUpdate, &logical->columns, !update.returning.empty(), false);
  logical->capture = triggers && triggers->capture;
  // The old row too, for the columns SET leaves alone: RETURNING's, the new row a CHECK
  // constraint is computed over (PhysicalUpdate), and the old rows triggers read.
  if (!update.returning.empty() || !table->checks.empty() || logical->capture) {
    for (idx_t c = 0; c < table->columns.size(); c++) {
      projection->expressions.push_back(MakeColumnRef(c, table->columns[c].type));
      projection->types.push_back(table->columns[c].type);
    }
  }
  projection->children.push_back(std::move(plan));
  logical->table = table;
  logical->children.push_back(std::move(projection));
  logical->returning = !update.returning.empty();
  BoundStatement bound =
      BindWriteResult(update.returning, *table, update.table.alias, std::move(logical));
  bound.triggers = std::move(triggers);
  return bound;
}

}  // namespace teal
