// SQL identifiers and string literals written back as SQL text: the schema a database
// stores (CREATE TABLE …, CHECK and DEFAULT expressions) must parse again when it opens.
#pragma once

#include <string>
#include <string_view>

namespace teal {

/// Whether `name` is a keyword the grammar does not take as a column name unquoted
/// (select, order, left, int, …); unreserved keywords (name, key, value) are not.
bool IsReservedWord(std::string_view name);

/// `name` as an SQL identifier: double-quoted when it must be (upper case, spaces, a
/// leading digit, a reserved word).
std::string QuoteIdentifier(std::string_view name);

/// `schema`.`name` quoted, or `name` alone when `schema` is empty (main).
std::string QuoteQualifiedName(std::string_view schema, std::string_view name);

/// `s` as an SQL string literal.
std::string QuoteLiteral(std::string_view s);

}  // namespace teal
