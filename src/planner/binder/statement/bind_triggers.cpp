// Binder: the triggers a write statement fires (planner/trigger_firing.hpp).
#include <algorithm>

#include "planner/binder/binder_internal.hpp"

namespace teal {

std::shared_ptr<const TriggerFiring> Binder::TriggersOf(const std::shared_ptr<TableEntry>& table,
                                                        TriggerEvent event,
                                                        const std::vector<idx_t>* set_columns,
                                                        bool returning, bool on_conflict,
                                                        bool conflict_updates) const {
  // A temporary table's triggers are in the temporary catalog, as it is.
  const Catalog* catalog = table->storage->Temporary() ? catalogs_.temp
                           : target_catalog_           ? target_catalog_
                                                       : &catalog_;
  if (!catalog) return nullptr;
  auto firing = std::make_shared<TriggerFiring>();
  for (auto& trigger : catalog->TriggersOn(table->CatalogName())) {
    if (trigger->event != event) continue;
    if (set_columns && !trigger->update_columns.empty()) {
      // UPDATE OF: only a statement that sets one of the columns.
      const bool sets_one = std::any_of(
          trigger->update_columns.begin(), trigger->update_columns.end(), [&](const auto& name) {
            const idx_t column = table->ColumnIndex(name);
            return std::find(set_columns->begin(), set_columns->end(), column) !=
                   set_columns->end();
          });
      if (!sets_one) continue;
    }
    if (trigger->for_each_row) {
      if (on_conflict) {
        throw NotImplementedError(
            "ON CONFLICT is not yet supported on tables with FOR EACH ROW triggers");
      }
      if (returning) {
        throw NotImplementedError(
            "RETURNING is not yet supported on tables with FOR EACH ROW triggers");
      }
    }
    if (trigger->timing == TriggerTiming::kBefore) {
      firing->before.push_back(trigger);
    } else {
      firing->capture = firing->capture || trigger->for_each_row || !trigger->new_table.empty() ||
                        !trigger->old_table.empty();
      firing->after.push_back(trigger);
    }
  }
  if (conflict_updates) {
    // The rows it updates are neither inserted rows nor seen by UPDATE triggers.
    if (firing->capture) {
      throw NotImplementedError(
          "ON CONFLICT DO UPDATE is not yet supported with REFERENCING NEW TABLE AS triggers");
    }
    if (TriggersOf(table, TriggerEvent::kUpdate, nullptr, false, false)) {
      throw NotImplementedError(
          fmt::format("INSERT … ON CONFLICT DO UPDATE on table \"{}\", which has UPDATE triggers",
                      table->name));
    }
  }
  if (firing->before.empty() && firing->after.empty()) return nullptr;
  firing->table = table;
  firing->event = event;
  return firing;
}

}  // namespace teal
