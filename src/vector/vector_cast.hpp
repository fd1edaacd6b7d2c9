// Casting whole vectors from one type to another: the one conversion mechanism.
//
// Value::CastAs and Value::ToString go through it with a one-row vector, so every
// conversion rule lives in exactly one place. Rendering a value as text *is* its cast
// to VARCHAR, as in PostgreSQL.
//
// The rules are split by family (src/vector/cast/): numeric, string-like, temporal,
// and nested (LIST); CastVector picks the family once per vector, never per row.
#pragma once

#include <string>

#include "vector/vector.hpp"

namespace teal {

/// Converts `count` rows of `source` into `result` (a flat vector of the target
/// type with room for `count` rows). When `source` is constant, `result` becomes
/// constant. NULL stays NULL. A row that does not convert throws ConversionError
/// naming the value and both types (result is then unspecified).
void CastVector(const Vector& source, Vector& result, idx_t count);

/// As CastVector, but a failing row returns false and sets *error (when given)
/// to the message CastVector would throw.
bool TryCastVector(const Vector& source, Vector& result, idx_t count, std::string* error);

/// True when a cast from `from` to `to` exists at all (values may still fail).
bool CastExists(const LogicalType& from, const LogicalType& to);

/// The message for a cast that does not exist (CastExists is false): DuckDB's
/// "Unimplemented type for cast (DATE -> BOOLEAN)", or why a UNION does not take the type.
std::string NoCastMessage(const LogicalType& from, const LogicalType& to);

}  // namespace teal
