// Implicit conversions between types: the cost that ranks a function's overloads, and the
// common type that both sides of a comparison (or a list's elements, a set operation's
// columns) convert to. Used by overload resolution and by the binder.
#pragma once

#include <cstdint>
#include <string_view>

#include "teal/logical_type.hpp"
#include "teal/value.hpp"

namespace teal {

/// How costly it is to convert an argument of type `from` into a parameter of type `to`
/// implicitly: 0 for the same type, larger for worse matches, -1 when not allowed.
/// `from_literal` marks constants written in the SQL (a string literal converts to any type).
int64_t ImplicitCastCost(const LogicalType& from, bool from_literal, const LogicalType& to);

/// ImplicitCastCost for an argument that is `literal` when written as a constant (null
/// otherwise): an integer literal also narrows into a smaller integer type that holds it
/// (a macro's typed parameter, DuckDB's rule).
int64_t ArgumentCastCost(const LogicalType& from, const Value* literal, const LogicalType& to);

/// The type both sides of a comparison (or elements of a list) convert to, or throws
/// BinderError naming `context` when there is none.
LogicalType CommonType(const LogicalType& a, bool a_is_literal, const LogicalType& b,
                       bool b_is_literal, std::string_view context);

/// The member of UNION `to` that a value of `from` (no UNION of `to`'s members) goes into:
/// the one member of exactly that type, else the one to which `from` converts implicitly
/// at the least cost (DuckDB's rule). `member` is -1 when there is none, and when two
/// members tie (`ambiguous` then says so).
struct UnionMemberChoice {
  int64_t member = -1;
  int64_t cost = -1;
  bool ambiguous = false;
};
UnionMemberChoice ChooseUnionMember(const LogicalType& from, const LogicalType& to);

/// Whether UNION `from` goes into UNION `to` member by member: each member of `from` has
/// one of the same name (case-insensitive) in `to` that its type converts to explicitly.
bool UnionMembersFit(const LogicalType& from, const LogicalType& to);

/// `type` with every ARRAY in it, at any depth, a LIST of the same elements: what a function
/// that takes lists sees of an array argument (DuckDB's implicit ARRAY -> LIST cast).
LogicalType ArraysAsLists(const LogicalType& type);

/// `type` with its top `levels` levels of LIST or ARRAY all LISTs, those below as they are
/// (what flatten and unnest take of nested lists).
LogicalType ListLevels(const LogicalType& type, int64_t levels);

}  // namespace teal
