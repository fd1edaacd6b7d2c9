// src/function/collation.hpp — the collations of VARCHAR values: their names, how two
// operands' collations combine, and the functions values compare through.
//
// A collation is a VARCHAR type's property (LogicalType::Varchar(collation)), DuckDB's
// design: nocase compares lower(x), noaccent strip_accents(x), nfc nfc_normalize(x), and
// several joined by '.' apply each (NOACCENT.NOCASE). binary, c and posix compare bytes,
// also when a default_collation is set.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "teal/logical_type.hpp"

namespace teal {

/// mode and histogram of a collated VARCHAR (Binder::KeyedByCollation): over row(collated
/// key, value), they count by the key and give each key's first value (mode: the most
/// frequent key's).
inline constexpr const char* kModeByKey = "__teal_mode_by_key";
inline constexpr const char* kHistogramByKey = "__teal_histogram_by_key";

/// `name` checked and lower-cased. Throws CatalogError ("Collation with name x does not
/// exist!") for a part that names no collation.
std::string CheckCollation(std::string_view name);

/// The functions a value of `collation` compares through, in the order they apply; empty
/// for bytes (binary, c, posix, "").
std::vector<std::string> CollationFunctions(std::string_view collation);

/// The collation two VARCHAR operands compare by: the one that has one. Throws BinderError
/// ("Cannot combine types with different collation!") when both have different ones.
std::string CombineCollations(const LogicalType& a, const LogicalType& b);
/// The same, folding one more operand into the collation combined so far.
std::string CombineCollations(const std::string& combined, const LogicalType& b);

/// The collations there are, by name (PRAGMA collations).
const std::vector<std::string>& CollationNames();

}  // namespace teal
