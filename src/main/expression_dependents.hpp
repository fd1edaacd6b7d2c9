// Which tables name a macro, a user type or a sequence in their columns' expressions (a
// DEFAULT, a generated column, a CHECK): such a macro cannot be dropped or replaced, such a
// type or sequence not dropped, and a temporary macro cannot be called by a table that is not
// temporary. A table keeps those expressions as SQL text and binds them again when its database
// opens, so a macro or type missing or changed then would make the database unopenable, or its
// stored values disagree with its definition.
#pragma once

#include <string>
#include <string_view>

namespace teal {

class Catalog;
struct MacroEntry;
struct TableEntry;

/// The first place in `table` whose expression calls, or may call, the macro filed as
/// `name` ("f", "s.f"; any case): "column \"g\"", "the CHECK (…)"; empty when none does. A
/// call without a schema counts for every schema's macro of its name (the search path
/// decides which it is).
std::string MacroUseIn(const TableEntry& table, std::string_view name);

/// Throws DependencyError when a table of `catalog` calls the macro `name`; `what` is the
/// statement ("DROP MACRO", "CREATE OR REPLACE MACRO").
void RefuseMacroInUse(const Catalog& catalog, std::string_view name, std::string_view what);

/// Throws CatalogError when `macro`, replacing the macro of its name in `catalog`, would
/// call itself: directly, or through the macros of `catalog` its bodies call (DuckDB's
/// check under enable_macro_dependencies).
void RefuseMacroCycle(const Catalog& catalog, const MacroEntry& macro);

/// Throws DependencyError when an expression of a table of `catalog` names the user type
/// filed as `name` ("mood", "s.mood"; in a cast, or a nested type's part); `what` is the
/// statement. (Columns of the type are the catalog's own check.)
void RefuseTypeInUse(const Catalog& catalog, std::string_view name, std::string_view what);

/// Throws DependencyError when an expression of a table of `catalog` names the sequence
/// filed as `name` in nextval / currval / setval (a DEFAULT that is nextval alone is the
/// catalog's own check).
void RefuseSequenceInUse(const Catalog& catalog, std::string_view name, std::string_view what);

}  // namespace teal
