// Binder: DELETE, and the scan of the target table that DELETE and UPDATE share.
#include "planner/binder/binder_internal.hpp"

namespace teal {

std::unique_ptr<LogicalGet> Binder::BindTargetTable(const BaseTableRef& ref, Scope& scope,
                                                    std::shared_ptr<TableEntry>& table,
                                                    std::string_view refusal) {
  const CatalogSearch::Place place = catalogs_.Relation(ref.schema, ref.name);
  if (!place.catalog->FindTable(place.name) && place.catalog->FindView(place.name)) {
    throw BinderError(fmt::format("{}: \"{}\" is a view", refusal, ref.name));
  }
  table = place.catalog->GetTable(place.name);
  target_catalog_ = place.catalog;
  Binding binding;
  binding.alias = ref.alias.empty() ? table->name : ref.alias;
  auto get = std::make_unique<LogicalGet>();
  get->table = table;
  for (idx_t i = 0; i < table->columns.size(); i++) {
    get->column_ids.push_back(i);
    get->types.push_back(table->columns[i].type);
    binding.names.push_back(table->columns[i].name);
    binding.types.push_back(table->columns[i].type);
  }
  get->column_ids.push_back(kRowIdColumn);
  get->types.push_back(TypeId::kBigInt);
  // The row id column is the table's rowid too, unless a column has that name.
  binding.names.push_back(table->ColumnIndex(kRowIdName) == kInvalidIndex ? kRowIdName : "");
  binding.types.push_back(TypeId::kBigInt);
  binding.hidden = 1;
  scope.bindings.push_back(std::move(binding));
  return get;
}

BoundStatement Binder::BindDelete(const DeleteStatement& del) {
  CteScope with(*this, del.ctes);
  Scope scope;
  std::shared_ptr<TableEntry> table;
  LogicalOperatorPtr plan =
      BindTargetTable(del.table, scope, table, "Can only delete from base table");
  const idx_t row_id = table->columns.size();
  AddWhere(del.where.get(), scope, plan);
  auto logical = std::make_unique<LogicalDelete>();
  logical->table = table;
  logical->row_id_column = row_id;
  logical->foreign_keys = ForeignKeysOf(table);
  logical->children.push_back(std::move(plan));
  logical->returning = !del.returning.empty();
  auto triggers = TriggersOf(table, TriggerEvent::kDelete, nullptr, logical->returning, false);
  logical->capture = triggers && triggers->capture;
  BoundStatement bound =
      BindWriteResult(del.returning, *table, del.table.alias, std::move(logical));
  bound.triggers = std::move(triggers);
  return bound;
}

}  // namespace teal
