// TriggerEntry: a trigger (CREATE TRIGGER, DuckDB's form): an INSERT, UPDATE or DELETE
// statement that runs when a statement of its event changes its table.
//
//   CREATE TRIGGER name {BEFORE | AFTER} {INSERT | DELETE | UPDATE [OF col, …]} ON table
//       [REFERENCING {NEW | OLD} TABLE [AS] alias …] [FOR EACH {ROW | STATEMENT}] body
//
// A statement trigger's body runs once per triggering statement, before or after it, in
// its transaction; an AFTER one may read the rows the statement changed as the
// REFERENCING tables (transition tables). A row trigger (AFTER only) reads NEW.col /
// OLD.col: its body runs once for all the changed rows together, as if once per row
// (main/triggers.cpp). Triggers are named per table and go with it. The body is kept as
// text and parsed again where it fires, as a view's query is.
#pragma once

#include <string>
#include <vector>

namespace teal {

enum class TriggerTiming { kBefore, kAfter };
enum class TriggerEvent { kInsert, kDelete, kUpdate };

struct TriggerEntry {
  std::string name;
  /// The table's catalog name (QualifiedName(schema, table)) and its name as written.
  std::string table;
  std::string table_name;
  std::string schema;  // the table's; empty for main
  TriggerTiming timing = TriggerTiming::kAfter;
  TriggerEvent event = TriggerEvent::kInsert;
  /// UPDATE OF these columns: the trigger fires only when a statement sets one of them.
  std::vector<std::string> update_columns;
  bool for_each_row = false;
  /// REFERENCING NEW TABLE AS / OLD TABLE AS: empty when not given.
  std::string new_table;
  std::string old_table;
  /// The INSERT, UPDATE or DELETE statement, as written.
  std::string body;

  /// CREATE TRIGGER statement that recreates this trigger.
  std::string ToSql() const;
};

std::string_view TriggerTimingName(TriggerTiming timing);
std::string_view TriggerEventName(TriggerEvent event);

}  // namespace teal
