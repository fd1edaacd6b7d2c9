// Transformer: libpg_query's protobuf parse tree -> Teal's statements and expressions.
// This is the only code that knows the PostgreSQL tree.
#pragma once

#include <memory>
#include <string_view>

#include "parser/statements.hpp"

struct PgQuery__Node;

namespace teal {

/// Transforms one parsed statement. `sql` is the text it was parsed from (for errors).
/// Throws NotImplementedError for statements and clauses Teal does not support, and
/// ParserError when expressions, queries and FROM items nest more than `max_depth` levels.
std::unique_ptr<SQLStatement> TransformStatement(const PgQuery__Node& node, std::string_view sql,
                                                 idx_t max_depth);

}  // namespace teal
