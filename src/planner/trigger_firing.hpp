// What a bound INSERT, UPDATE or DELETE fires (TriggerFiring), and the rows it changed
// as its AFTER triggers read them (TransitionCapture, TransitionRelation).
//
// The binder finds the triggers of the statement's table and event; the connection runs
// the BEFORE ones' bodies, the statement (whose write operator then keeps a copy of the
// rows it changed, when an AFTER trigger reads them), then the AFTER ones' bodies, in
// the statement's transaction (main/triggers.cpp).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "catalog/trigger.hpp"
#include "execution/returned_rows.hpp"
#include "teal/logical_type.hpp"

namespace teal {

struct TableEntry;

struct TriggerFiring {
  std::shared_ptr<TableEntry> table;
  TriggerEvent event = TriggerEvent::kInsert;
  std::vector<std::shared_ptr<TriggerEntry>> before;  // in creation order
  std::vector<std::shared_ptr<TriggerEntry>> after;
  /// Some AFTER trigger reads the changed rows: the write operator keeps them.
  bool capture = false;
};

/// The rows one execution of a statement changed: every table column, in table order.
/// INSERT and UPDATE give their new rows, UPDATE and DELETE the old ones (each changed
/// row once; the same order in both for UPDATE).
struct TransitionCapture {
  ReturnedRows new_rows;
  ReturnedRows old_rows;
};

/// A name a trigger body reads as a table: rows kept by TransitionCapture.
struct TransitionRelation {
  std::string name;
  std::vector<std::string> names;
  std::vector<LogicalType> types;
  std::shared_ptr<const ReturnedRows> rows;
};

}  // namespace teal
