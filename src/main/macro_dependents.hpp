// Which tables call a macro in their columns' expressions (a DEFAULT, a generated column, a
// CHECK): such a macro cannot be dropped or replaced, and a temporary macro cannot be
// called by a table that is not temporary. A table keeps those expressions as SQL text and
// binds them again when its database opens, so a macro missing or changed then would make
// the database unopenable, or its stored values disagree with its definition.
#pragma once

#include <string>
#include <string_view>

namespace teal {

class Catalog;
struct TableEntry;

/// The first place in `table` whose expression calls the function `name` (any case): "column
/// \"g\"", "the CHECK (…)"; empty when none does.
std::string MacroUseIn(const TableEntry& table, std::string_view name);

/// Throws DependencyError when a table of `catalog` calls the macro `name`; `what` is the
/// statement ("DROP MACRO", "CREATE OR REPLACE MACRO").
void RefuseMacroInUse(const Catalog& catalog, std::string_view name, std::string_view what);

}  // namespace teal
