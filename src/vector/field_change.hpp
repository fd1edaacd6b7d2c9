// FieldChange: ALTER TABLE's ADD / DROP / RENAME of a field inside a STRUCT column (also
// a struct that is a LIST's element or a MAP's key or value): the type the column gets,
// and its values rewritten to that type without converting them — the fields that stay
// are shared with the old vectors, an added one is filled with its DEFAULT (or NULL).
#pragma once

#include <string>
#include <vector>

#include "teal/logical_type.hpp"
#include "teal/value.hpp"
#include "vector/vector.hpp"

namespace teal {

struct FieldChange {
  enum class Kind { kAdd, kDrop, kRename };
  Kind kind = Kind::kAdd;
  std::string column;  // for messages
  /// The fields from the column down, the last the one added, dropped or renamed; a LIST's
  /// element is "element", a MAP's key and value "key" and "value".
  std::vector<std::string> path;
  LogicalType added_type = TypeId::kInteger;  // kAdd
  Value added_value;                          // kAdd: the new field's value in every row
  std::string new_name;                       // kRename
};

/// Whether the field `change.path` names already exists (ADD … IF NOT EXISTS) or still
/// exists (DROP … IF EXISTS) in a column of `type`; false also where the path leads
/// nowhere.
bool FieldExists(const LogicalType& type, const FieldChange& change);

/// The type a column of `type` has after `change`. Throws BinderError or CatalogError
/// naming the field when the path does not lead to a struct's field (or, for kAdd, leads
/// to one that exists), or when the change would leave a struct without fields.
LogicalType ChangedType(const LogicalType& type, const FieldChange& change);

/// Writes rows [0, count) of `in` (of the column's old type) into `out` (flat, of
/// ChangedType), sharing the unchanged fields' vectors.
void ReshapeVector(const Vector& in, Vector& out, idx_t count, const FieldChange& change);

}  // namespace teal
