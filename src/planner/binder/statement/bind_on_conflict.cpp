// Binder: INSERT … ON CONFLICT DO NOTHING / DO UPDATE, and INSERT OR REPLACE / IGNORE.
#include "planner/binder/binder_internal.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {
/// "(a, b)"
std::string ColumnList(const TableEntry& table, const std::vector<idx_t>& columns) {
  std::string out = "(";
  for (size_t i = 0; i < columns.size(); i++) {
    out += (i ? ", " : "") + table.columns[columns[i]].name;
  }
  return out + ")";
}

}  // namespace

std::unique_ptr<InsertConflict> Binder::BindOnConflict(const OnConflictClause& clause,
                                                       const TableEntry& table,
                                                       const std::string& alias,
                                                       const std::vector<idx_t>& supplied) {
  using Action = OnConflictClause::Action;
  const char* what = clause.action == Action::kReplace ? "INSERT OR REPLACE" : "ON CONFLICT";
  std::vector<std::shared_ptr<IndexEntry>> unique;
  {
    std::lock_guard<std::mutex> guard(table.indexes->Lock());
    for (const auto& index : table.indexes->Entries()) {
      if (index->Unique() && index->OnExpressions() && clause.target.empty()) {
        // Without a target every UNIQUE index arbitrates; one on expressions would need
        // the keys of the stored and proposed rows computed. (A target of columns never
        // names it: its conflicts stay errors.)
        throw NotImplementedError(
            fmt::format("{} without a conflict target on table \"{}\", which has a UNIQUE index on "
                        "expressions (\"{}\")",
                        what, table.name, index->name));
      }
      if (index->Unique() && !index->OnExpressions()) unique.push_back(index);
    }
  }
  if (unique.empty()) {
    throw BinderError(
        fmt::format("{}: table \"{}\" has no PRIMARY KEY or UNIQUE constraint", what, table.name));
  }
  auto conflict = std::make_unique<InsertConflict>();
  conflict->update = clause.action != Action::kNothing;
  std::shared_ptr<IndexEntry> arbiter;
  if (!clause.target.empty()) {
    for (const auto& name : clause.target) {
      idx_t column = table.ColumnIndex(name);
      if (column == kInvalidIndex) {
        throw BinderError(
            fmt::format("ON CONFLICT: table \"{}\" has no column named \"{}\"", table.name, name));
      }
      if (std::find(conflict->target.begin(), conflict->target.end(), column) ==
          conflict->target.end()) {
        conflict->target.push_back(column);
      }
    }
    std::sort(conflict->target.begin(), conflict->target.end());
    for (const auto& index : unique) {
      std::vector<idx_t> columns = index->columns;
      std::sort(columns.begin(), columns.end());
      if (columns == conflict->target) arbiter = index;
    }
    if (!arbiter) {
      // DuckDB's sentence first, which its tests match on.
      throw BinderError(fmt::format(
          "The specified columns as conflict target are not referenced by a UNIQUE/PRIMARY KEY "
          "CONSTRAINT: ON CONFLICT {}: table \"{}\" has no PRIMARY KEY or UNIQUE constraint over "
          "these columns",
          ColumnList(table, conflict->target), table.name));
    }
  } else if (conflict->update) {
    // No target: the PRIMARY KEY, or the one UNIQUE index.
    for (const auto& index : unique) {
      if (index->constraint == IndexConstraint::kPrimaryKey) arbiter = index;
    }
    if (!arbiter && unique.size() == 1) arbiter = unique[0];
    if (!arbiter) {
      throw BinderError(fmt::format(
          "Conflict target has to be provided for a DO UPDATE operation when the table has "
          "multiple UNIQUE/PRIMARY KEY constraints: {}: table \"{}\" has no PRIMARY KEY and {} "
          "UNIQUE constraints; name the conflict columns with ON CONFLICT (…) DO UPDATE",
          clause.action == Action::kReplace ? "INSERT OR REPLACE" : "ON CONFLICT DO UPDATE",
          table.name, unique.size()));
    }
    conflict->target = arbiter->columns;
    std::sort(conflict->target.begin(), conflict->target.end());
  }
  if (!conflict->update) return conflict;

  const idx_t width = table.columns.size();
  auto is_key = [&](idx_t c) {
    return std::find(conflict->target.begin(), conflict->target.end(), c) != conflict->target.end();
  };
  if (clause.action == Action::kReplace) {
    // As in DuckDB: the columns the INSERT supplies (all, without a column list); the
    // others keep their stored values rather than taking their DEFAULTs.
    for (idx_t c = 0; c < width; c++) {
      if (is_key(c) || std::find(supplied.begin(), supplied.end(), c) == supplied.end()) continue;
      conflict->columns.push_back(c);
      conflict->values.push_back(MakeColumnRef(width + c, table.columns[c].type));
    }
    return conflict;
  }
  Scope scope;
  scope.clause = "ON CONFLICT DO UPDATE";
  Binding existing, excluded;
  existing.alias = alias.empty() ? table.name : alias;
  excluded.alias = "excluded";
  excluded.offset = width;
  for (const auto& column : table.columns) {
    existing.names.push_back(column.name);
    existing.types.push_back(column.type);
  }
  excluded.names = existing.names;
  excluded.types = existing.types;
  // An unqualified name is the existing row's column (DuckDB's rule; PostgreSQL calls it
  // ambiguous): the proposed row's is always written EXCLUDED.name.
  excluded.merged.assign(width, true);
  scope.bindings.push_back(std::move(existing));
  scope.bindings.push_back(std::move(excluded));
  for (size_t i = 0; i < clause.columns.size(); i++) {
    idx_t column = table.ColumnIndex(clause.columns[i]);
    if (column == kInvalidIndex) {
      throw BinderError(
          fmt::format("column \"{}\" not found in table \"{}\"", clause.columns[i], table.name));
    }
    if (std::find(conflict->columns.begin(), conflict->columns.end(), column) !=
        conflict->columns.end()) {
      throw BinderError(
          fmt::format("column \"{}\" is assigned more than once", table.columns[column].name));
    }
    const ColumnDefinition& definition = table.columns[column];
    ExpressionPtr value = clause.values[i]->kind == ExprKind::kDefault
                              ? DefaultExpression(definition, scope)
                              : BindExpression(*clause.values[i], scope);
    if (!CastExists(value->type, definition.type)) {
      throw BinderError(fmt::format("cannot assign a value of type {} to column \"{}\" ({})",
                                    value->type.ToString(), definition.name,
                                    definition.type.ToString()));
    }
    if (is_key(column)) {
      // The key stays what it is (a conflicting row's key equals the proposed one), so
      // SET k = EXCLUDED.k is fine; another value would move the row in the arbiter.
      if (value->kind != BoundKind::kColumnRef || value->column != width + column) {
        throw NotImplementedError(fmt::format(
            "ON CONFLICT DO UPDATE SET of a conflict key column (\"{}\") to anything but "
            "EXCLUDED.{}",
            definition.name, definition.name));
      }
    }
    conflict->columns.push_back(column);
    conflict->values.push_back(MakeCast(std::move(value), definition.type));
  }
  if (clause.where) {
    conflict->where =
        BindBoolean(BindExpression(*clause.where, scope), "ON CONFLICT DO UPDATE WHERE");
  }
  return conflict;
}

}  // namespace teal
