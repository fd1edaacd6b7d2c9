// Binder: INSERT — VALUES or a query into a table's columns, with DEFAULTs.
#include <algorithm>

#include "planner/binder/binder_internal.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

ExpressionPtr Binder::DefaultExpression(const ColumnDefinition& column, Scope& scope) {
  if (column.default_sequence) {
    // The sequence the DEFAULT was bound to, not one its name finds from here (another
    // database's, when the table is an attached database's), as ALTER SEQUENCE left it.
    auto sequence = CurrentDefaultSequence(column);
    return SequenceCall(sequence, /*next=*/true, MakeConstant(Value::Varchar(sequence->Name())));
  }
  if (column.default_expression) {
    if (target_catalog_ && target_catalog_ != catalogs_.main && target_catalog_ != catalogs_.temp) {
      // A table of another database: its DEFAULT names that database's objects (it was
      // bound there when the table was made, and is again when that database opens).
      struct Restore {
        CatalogSearch& search;
        CatalogSearch saved;
        ~Restore() { search = std::move(saved); }
      } restore{catalogs_, catalogs_};
      catalogs_.main = target_catalog_;
      catalogs_.path.clear();
      return BindExpression(*column.default_expression, scope);
    }
    return BindExpression(*column.default_expression, scope);
  }
  return MakeConstant(column.default_value ? *column.default_value : Value(column.type));
}

std::shared_ptr<SequenceEntry> Binder::CurrentDefaultSequence(
    const ColumnDefinition& column) const {
  const Catalog* catalogs[] = {target_catalog_, catalogs_.main, catalogs_.temp};
  return CurrentSequence(catalogs, column.default_sequence);
}

BoundStatement Binder::BindInsert(const InsertStatement& insert) {
  CteScope with(*this, insert.ctes);
  const CatalogSearch::Place place = catalogs_.Relation(insert.schema, insert.table);
  auto table = place.catalog->GetTable(place.name);
  target_catalog_ = place.catalog;
  // Which table column each supplied value goes to.
  std::vector<idx_t> targets;
  std::vector<std::string> by_name;
  if (insert.by_name) {
    if (!insert.select || !insert.select->values.empty()) {
      throw BinderError("INSERT BY NAME can only be used when inserting from a SELECT statement");
    }
    // The names of the query's columns (bound once more below, as any query is).
    Binder probe = Child(/*same_level=*/true);
    by_name = probe.BindSelect(*insert.select, /*resolve_nulls=*/false).names;
  }
  const std::vector<std::string>& columns = insert.by_name ? by_name : insert.columns;
  if (columns.empty()) {
    // Every column but the generated ones, whose values are computed.
    for (idx_t i = 0; i < table->columns.size(); i++) {
      if (!table->columns[i].generated) targets.push_back(i);
    }
  } else {
    std::vector<bool> seen(table->columns.size(), false);
    for (const auto& name : columns) {
      idx_t index = table->ColumnIndex(name);
      if (index == kInvalidIndex) {
        throw BinderError(
            fmt::format("Table \"{}\" does not have a column with name \"{}\"", table->name, name));
      }
      if (seen[index]) throw BinderError(fmt::format("column \"{}\" is listed twice", name));
      if (table->columns[index].generated) {
        throw BinderError(
            fmt::format("cannot insert into generated column \"{}\": its value is computed", name));
      }
      seen[index] = true;
      targets.push_back(index);
    }
  }

  auto logical = std::make_unique<LogicalInsert>();
  logical->table = table;
  logical->foreign_keys = ForeignKeysOf(table);
  if (logical->foreign_keys && insert.on_conflict) {
    throw NotImplementedError(fmt::format(
        "INSERT … ON CONFLICT into table \"{}\", which has or is referenced by a FOREIGN KEY",
        table->name));
  }
  logical->column_map.assign(table->columns.size(), kInvalidIndex);
  for (const auto& column : table->columns) {
    logical->defaults.push_back(column.default_value ? *column.default_value : Value(column.type));
  }

  auto conversion_context = [&](idx_t column) {
    return fmt::format(" (column \"{}\" of table \"{}\")", table->columns[column].name,
                       table->name);
  };

  // Columns left out whose DEFAULT is bound per statement (random(), now()): the rows get
  // them as computed values, after the supplied ones.
  if (insert.default_values) targets.clear();
  // With one of them, the left-out nextval() DEFAULTs join them, so all are computed in
  // column order (DEFAULT currval('s') after DEFAULT nextval('s') sees the new value).
  std::vector<idx_t> per_row;
  // (Also when a nextval() DEFAULT's sequence was altered since the table's entry was made:
  // the insert's own append would draw from the entry the column holds.)
  const bool any_expression =
      std::any_of(table->columns.begin(), table->columns.end(), [&](const ColumnDefinition& c) {
        return c.default_expression != nullptr ||
               (c.default_sequence && CurrentDefaultSequence(c) != c.default_sequence);
      });
  for (idx_t c = 0; c < table->columns.size() && any_expression; c++) {
    const ColumnDefinition& column = table->columns[c];
    if ((column.default_expression || column.default_sequence) &&
        std::find(targets.begin(), targets.end(), c) == targets.end()) {
      per_row.push_back(c);
    }
  }
  auto per_row_defaults = [&](std::vector<ExpressionPtr>& row, Scope& scope) {
    for (idx_t c : per_row) {
      row.push_back(MakeCast(DefaultExpression(table->columns[c], scope), table->columns[c].type));
    }
  };

  LogicalOperatorPtr child;
  if (insert.default_values && per_row.empty()) {
    child = std::make_unique<LogicalDummyScan>();
  } else if (insert.default_values) {
    auto values = std::make_unique<LogicalValues>();
    Scope scope;
    scope.clause = "DEFAULT VALUES";
    values->rows.emplace_back();
    per_row_defaults(values->rows.back(), scope);
    for (idx_t c : per_row) values->types.push_back(table->columns[c].type);
    child = std::move(values);
  } else if (!insert.select->values.empty()) {
    auto values = std::make_unique<LogicalValues>();
    Scope scope;
    scope.clause = "VALUES";
    // PostgreSQL's check (a syntax error there, as in DuckDB) before the table's.
    for (const auto& row : insert.select->values) {
      if (row.size() != insert.select->values[0].size()) {
        throw ParserError("VALUES lists must all be the same length");
      }
    }
    for (size_t r = 0; r < insert.select->values.size(); r++) {
      const auto& row = insert.select->values[r];
      if (row.size() != targets.size()) {
        throw BinderError(fmt::format("table \"{}\" has {} columns but {} values were supplied{}",
                                      table->name, targets.size(), row.size(),
                                      insert.columns.empty() ? "" : " for the listed columns"));
      }
      std::vector<ExpressionPtr> bound_row;
      for (size_t i = 0; i < row.size(); i++) {
        idx_t column = targets[i];
        const LogicalType& type = table->columns[column].type;
        if (row[i]->kind == ExprKind::kDefault) {
          bound_row.push_back(MakeCast(DefaultExpression(table->columns[column], scope), type));
          continue;
        }
        auto value = BindExpression(*row[i], scope);
        if (!CastExists(value->type, type)) {
          throw BinderError(fmt::format("cannot insert a value of type {} into column \"{}\" ({})",
                                        value->type.ToString(), table->columns[column].name,
                                        type.ToString()));
        }
        try {
          bound_row.push_back(MakeCast(std::move(value), type));
        } catch (const ConversionError& error) {
          throw ConversionError(std::string(error.what()) + conversion_context(column) +
                                fmt::format(", row {}", r + 1));
        }
      }
      per_row_defaults(bound_row, scope);
      values->rows.push_back(std::move(bound_row));
    }
    for (idx_t column : targets) values->types.push_back(table->columns[column].type);
    for (idx_t column : per_row) values->types.push_back(table->columns[column].type);
    child = std::move(values);
  } else {
    BoundStatement query = BindSelect(*insert.select, /*resolve_nulls=*/false);
    if (query.types.size() != targets.size()) {
      throw BinderError(fmt::format("table \"{}\" has {} columns but the query gives {}",
                                    table->name, targets.size(), query.types.size()));
    }
    auto projection = std::make_unique<LogicalProjection>();
    for (size_t i = 0; i < targets.size(); i++) {
      const LogicalType& type = table->columns[targets[i]].type;
      if (!CastExists(query.types[i], type)) {
        throw BinderError(fmt::format("cannot insert a value of type {} into column \"{}\" ({})",
                                      query.types[i].ToString(), table->columns[targets[i]].name,
                                      type.ToString()));
      }
      projection->expressions.push_back(MakeCast(MakeColumnRef(i, query.types[i]), type));
      projection->types.push_back(type);
    }
    Scope scope;
    scope.clause = "DEFAULT";
    per_row_defaults(projection->expressions, scope);
    for (idx_t column : per_row) projection->types.push_back(table->columns[column].type);
    projection->children.push_back(std::move(query.plan));
    child = std::move(projection);
  }
  targets.insert(targets.end(), per_row.begin(), per_row.end());
  for (size_t i = 0; i < targets.size(); i++) logical->column_map[targets[i]] = i;
  if (insert.on_conflict) {
    const bool updates = insert.on_conflict->action != OnConflictClause::Action::kNothing;
    if (updates && std::any_of(table->columns.begin(), table->columns.end(),
                               [](const ColumnDefinition& c) { return c.generated != nullptr; })) {
      throw NotImplementedError(fmt::format(
          "INSERT … ON CONFLICT DO UPDATE / INSERT OR REPLACE on table \"{}\", which has "
          "generated columns",
          table->name));
    }
    logical->on_conflict = BindOnConflict(*insert.on_conflict, *table, insert.alias, targets);
  }
  logical->children.push_back(std::move(child));
  logical->returning = !insert.returning.empty();
  auto triggers = TriggersOf(
      table, TriggerEvent::kInsert, nullptr, logical->returning, insert.on_conflict != nullptr,
      insert.on_conflict && insert.on_conflict->action != OnConflictClause::Action::kNothing);
  logical->capture = triggers && triggers->capture;
  BoundStatement bound =
      BindWriteResult(insert.returning, *table, insert.alias, std::move(logical));
  bound.triggers = std::move(triggers);
  return bound;
}

}  // namespace teal
