// TriggerEntry: its SQL.
#include "catalog/trigger.hpp"

#include "catalog/catalog.hpp"

namespace teal {

std::string_view TriggerTimingName(TriggerTiming timing) {
  return timing == TriggerTiming::kBefore ? "BEFORE" : "AFTER";
}

std::string_view TriggerEventName(TriggerEvent event) {
  switch (event) {
    case TriggerEvent::kInsert:
      return "INSERT";
    case TriggerEvent::kDelete:
      return "DELETE";
    case TriggerEvent::kUpdate:
      return "UPDATE";
  }
  return "";
}

std::string TriggerEntry::ToSql() const {
  std::string out = "CREATE TRIGGER " + QuoteIdentifier(name) + " " +
                    std::string(TriggerTimingName(timing)) + " " +
                    std::string(TriggerEventName(event));
  for (size_t i = 0; i < update_columns.size(); i++) {
    out += (i ? ", " : " OF ") + QuoteIdentifier(update_columns[i]);
  }
  out += " ON " + QuoteQualifiedName(schema, table_name);
  if (!new_table.empty() || !old_table.empty()) {
    out += " REFERENCING";
    if (!new_table.empty()) out += " NEW TABLE AS " + QuoteIdentifier(new_table);
    if (!old_table.empty()) out += " OLD TABLE AS " + QuoteIdentifier(old_table);
  }
  out += for_each_row ? " FOR EACH ROW " : " FOR EACH STATEMENT ";
  return out + body + ";";
}

}  // namespace teal
