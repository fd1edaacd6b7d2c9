// SIMILAR TO: SQL's regular-expression pattern match, run by RE2.
//
// The pattern is translated to RE2 syntax (PostgreSQL's rules): the whole string must
// match; `%` is any sequence and `_` any one character; `|` `*` `+` `?` `{m,n}` `( )`
// and bracket expressions `[...]` mean what they mean in a regular expression; every
// other character, `.` `^` `$` and `\` included, is itself. The escape character (`\`
// unless ESCAPE names another, none for ESCAPE '') makes the next character literal.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "function/function.hpp"

namespace teal {

/// The RE2 expression matching what SIMILAR TO `pattern` matches (anchoring is left to
/// the caller: it must match the whole string). `escape` is empty for none or one
/// character. Throws InvalidInputError naming the pattern for a trailing escape
/// character or a bracket expression without its `]`, and for an escape of more than
/// one character.
std::string SimilarToRegex(std::string_view pattern, std::string_view escape);

/// similar_to(text, pattern[, escape]) whose pattern (and escape) are the constants given
/// here: translated and compiled now, once for the query — a bad pattern throws
/// InvalidInputError naming it — so the function only matches. `generic` is the
/// catalog's overload it replaces (same arguments and result).
ScalarFunction SimilarToConstant(const ScalarFunction& generic, std::string_view pattern,
                                 std::string_view escape);

}  // namespace teal
