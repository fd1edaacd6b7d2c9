// include/teal/extract_statements.hpp — what SQL text says about its statements, without a
// database.
//
//   auto infos = teal::ExtractStatements("BEGIN; DELETE FROM t WHERE i = ?");
//   // infos[0]: kTransaction, "BEGIN", 0 parameters
//   // infos[1]: kDelete, "DELETE FROM t WHERE i = ?", 1 parameter named ""
//
// Only the text is read: no catalog, no binding, no planning, so a statement naming a
// table that does not exist, or one Teal parses but cannot run yet (CREATE INDEX, EXPLAIN,
// SET …), is still described. Thread-safe: it touches no shared state.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "teal/basic_types.hpp"
#include "teal/statement_type.hpp"

namespace teal {

/// One statement of a SQL string, as its text alone describes it.
struct StatementInfo {
  /// The statement's kind, from its text: a PRAGMA is kPragma even when Teal runs it as
  /// another kind of statement (a query, a setting). kInvalid for statements the grammar
  /// accepts but Teal has no kind for (COPY, SHOW, VACUUM, …).
  StatementType type;
  std::string text;  // the statement's own SQL text, without the separating semicolon
  /// Parameters are $1 … $parameter_count, as PreparedStatement numbers them: `?` left to
  /// right, `$name` by first appearance, `$n` as written (the highest n counts).
  idx_t parameter_count;
  std::vector<std::string> parameter_names;  // one per parameter; empty string when unnamed
};

/// Splits `sql` into statements at top-level semicolons (not those inside quotes or
/// comments) and describes each, in order; blank input gives an empty vector. Reads no
/// catalog and binds nothing, so it needs no Database. Throws ParserError, naming the
/// position and the offending token, for text that does not parse, and for `?` mixed with
/// `$n` or `$name` in one statement.
std::vector<StatementInfo> ExtractStatements(std::string_view sql);

}  // namespace teal
