// include/teal/statement_type.hpp — the kind of a SQL statement.
#pragma once

#include <string_view>

namespace teal {

enum class StatementType {
  kInvalid,
  kSelect,
  kInsert,
  kUpdate,
  kDelete,
  kCreate,
  kDrop,
  kAlter,
  kPragma,
  kSet,
  kExplain,
  kTransaction,
  kPrepare,     // PREPARE name AS statement
  kExecute,     // EXECUTE name(values): the result is the prepared statement's
  kDeallocate,  // DEALLOCATE name
  kCopy,        // COPY table or (query) TO / FROM a file: the result is the row count
  kAttach,      // ATTACH 'file' AS name: another database, named so in this one's SQL
  kDetach,      // DETACH name
  kUse,         // USE name: the database unqualified names are in
  kMerge,       // MERGE INTO target USING source …: the count of rows changed
  kExport,      // EXPORT DATABASE [name TO] 'directory': schema, data and load script
  kImport,      // IMPORT DATABASE 'directory': what EXPORT wrote there, run
  kVacuum,      // VACUUM / ANALYZE [table [(columns)]]
};

/// "SELECT", "INSERT", … as SQL spells the statement's first keyword.
std::string_view StatementTypeName(StatementType type);

}  // namespace teal
