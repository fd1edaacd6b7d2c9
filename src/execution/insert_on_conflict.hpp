// INSERT … ON CONFLICT DO NOTHING / DO UPDATE (and INSERT OR IGNORE / OR REPLACE): the
// rows of an INSERT, sorted into those to insert, those that update the row they
// conflict with, and those left out — then the table changed in one step.
//
// The rules (PostgreSQL's), for the proposed rows in statement order:
//  1. A row conflicts when its key in an arbiter index (the conflict target's, or every
//     PRIMARY KEY / UNIQUE index for DO NOTHING without a target) is stored already or
//     belongs to a row this statement inserts. A key with a NULL never conflicts.
//  2. DO NOTHING leaves a conflicting row out.
//  3. DO UPDATE changes the stored row it conflicts with, when WHERE (over that row and
//     the proposed one, EXCLUDED) holds; else leaves the proposed row out. A row this
//     statement inserted or updated already cannot be updated again: that is an error
//     ("… cannot affect row a second time"), whatever WHERE says.
//  4. Other constraints (NOT NULL, UNIQUE indexes that are not arbiters) apply to the
//     inserted and the updated rows as they would to a plain INSERT or UPDATE.
//
// DO UPDATE never changes the arbiter key (the binder allows SET k = EXCLUDED.k only),
// so the stored keys the sorting looks up stay valid while it runs, and SET values and
// WHERE are evaluated a vector of conflicting rows at a time.
//
// All or nothing: everything is checked before the table or an index changes; a check
// that fails after some index keys moved puts them back.
#pragma once

#include <memory>
#include <vector>

#include "catalog/catalog.hpp"
#include "execution/returned_rows.hpp"
#include "planner/logical_operator.hpp"

namespace teal {

class Transaction;

/// Stores `chunks` (full-width rows of `table`, DEFAULTs filled in and NOT NULL checked,
/// as TableAppend::Build makes them) under `conflict`'s rules. With `returned`, adds the
/// inserted rows, then the updated rows with their new values. The table may take the
/// chunks' vectors. Returns how many rows were inserted or updated. Takes the table's
/// index lock. Every change is an undo entry of `transaction`.
idx_t InsertOnConflict(Transaction& transaction, const TableEntry& table,
                       const InsertConflict& conflict,
                       std::vector<std::unique_ptr<DataChunk>>& chunks, ReturnedRows* returned);

}  // namespace teal
