// Parser: SQL text -> Teal statements. The PostgreSQL grammar (libpg_query) does the
// parsing; statements it lacks (PRAGMA) and DuckDB list literals ([1, 2]) are handled
// before it. Only src/parser/transformer reads libpg_query's tree; parser.cpp looks at no
// more than each statement's top-level node kind (for SketchSql).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parser/rewrites.hpp"
#include "parser/statements.hpp"

namespace teal {

/// DuckDB's default for the max_expression_depth setting.
inline constexpr idx_t kDefaultMaxExpressionDepth = 1000;
/// How many columns one PIVOT may make, as DuckDB's pivot_limit.
inline constexpr idx_t kDefaultPivotLimit = 100000;

/// Parses every statement in `sql`. Throws ParserError naming the position and the
/// offending token, or NotImplementedError for statements Teal does not support.
/// Statements nesting more than `max_depth` levels (expressions, subqueries, set
/// operations) are a ParserError, found before the grammar runs when the text shows it.
/// Deep statements need stack: see EstimateNestingDepth and common/stack.hpp.
/// A PIVOT that would make more than `pivot_limit` columns is a BinderError (the setting
/// pivot_limit), found before its columns are written out.
std::vector<std::unique_ptr<SQLStatement>> ParseSql(std::string_view sql,
                                                    idx_t max_depth = kDefaultMaxExpressionDepth,
                                                    idx_t pivot_limit = kDefaultPivotLimit);

/// An upper estimate of how deeply the statements in `sql` nest, from the text alone:
/// open parentheses plus chains of operators and set operations (which the grammar
/// builds as nested nodes). Cheap: one pass, no allocation.
idx_t EstimateNestingDepth(std::string_view sql);

/// What the text alone says about a statement, without the transformer: its kind, its
/// own text and its parameters, exactly as ParseSql would set them on SQLStatement.
struct StatementSketch {
  StatementType type;  // kInvalid for kinds Teal has no StatementType for (COPY, SHOW, …)
  std::string text;
  idx_t parameter_count = 0;
  std::vector<std::string> parameter_names;
};

/// Splits, rewrites and parses every statement in `sql` as ParseSql does, but stops at
/// the grammar: statements the transformer does not support yet are sketched, not
/// rejected. Throws ParserError for text the grammar (or the PRAGMA syntax) rejects.
std::vector<StatementSketch> SketchSql(std::string_view sql);

/// Splits `sql` into statement texts at top-level semicolons (outside quotes and
/// comments). Empty statements are dropped.
std::vector<std::string> SplitStatements(std::string_view sql);

/// CREATE MACRO / DuckDB's CREATE FUNCTION … AS, DROP MACRO [TABLE] and DROP FUNCTION,
/// read by hand (macro_statement.cpp); null when `text` is none of them.
std::unique_ptr<SQLStatement> ParseMacroStatement(const std::string& text, idx_t max_depth);

/// [WITH …] MERGE INTO …, read by hand (merge_statement.cpp); null when `text` is not one.
/// CREATE TRIGGER / DROP TRIGGER (parser/trigger_statement.cpp), or null for another
/// statement.
std::unique_ptr<SQLStatement> ParseTriggerStatement(const std::string& text, idx_t max_depth);
std::unique_ptr<SQLStatement> ParseMergeStatement(const std::string& text, idx_t max_depth);

/// ATTACH, DETACH and USE (DuckDB's; attach_statement.cpp), read by hand; null when `text`
/// is none of them.
std::unique_ptr<SQLStatement> ParseAttachStatement(const std::string& text);
}  // namespace teal
