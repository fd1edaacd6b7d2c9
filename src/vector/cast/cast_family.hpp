// The cast families CastVector dispatches to. Each casts flat `source` rows
// [0, count) into flat `result`, sets NULL rows NULL, and on the first row that does
// not convert fills `error` (see CastErrorMessage) and returns false.
// Each family also answers whether a cast between two types exists at all.
#pragma once

#include <string>
#include <string_view>

#include "vector/vector.hpp"

namespace teal {

/// DATE, TIME, TIMETZ, TIMESTAMP*, INTERVAL on either side (src/vector/cast/cast_temporal.cpp).
bool IsTemporalCast(const LogicalType& from, const LogicalType& to);
bool TemporalCastExists(const LogicalType& from, const LogicalType& to);
bool TryCastTemporal(const Vector& source, Vector& result, idx_t count, std::string& error);

/// UNION on either side (src/vector/cast/cast_union.cpp). UnionCastProblem says why a
/// cast does not exist (empty when it does).
bool IsUnionCast(const LogicalType& from, const LogicalType& to);
bool UnionCastExists(const LogicalType& from, const LogicalType& to);
std::string UnionCastProblem(const LogicalType& from, const LogicalType& to);
bool TryCastUnion(const Vector& source, Vector& result, idx_t count, std::string& error);

/// BIGNUM on one side (src/vector/cast/cast_bignum.cpp).
bool IsBignumCast(const LogicalType& from, const LogicalType& to);
bool BignumCastExists(const LogicalType& from, const LogicalType& to);
bool TryCastBignum(const Vector& source, Vector& result, idx_t count, std::string& error);

/// LIST on either side (src/vector/cast/cast_nested.cpp).
bool IsNestedCast(const LogicalType& from, const LogicalType& to);
bool NestedCastExists(const LogicalType& from, const LogicalType& to);
bool TryCastNested(const Vector& source, Vector& result, idx_t count, std::string& error);

/// Everything else: BOOLEAN, integers, HUGEINT, FLOAT, DOUBLE, DECIMAL, VARCHAR, BLOB,
/// UUID, ENUM (src/vector/cast/cast_scalar.cpp).
bool ScalarCastExists(const LogicalType& from, const LogicalType& to);
bool TryCastScalar(const Vector& source, Vector& result, idx_t count, std::string& error);

/// The standard wording for a value that does not convert, DuckDB's, e.g.
///   Could not convert string 'abc' to INT32
///   Type INT32 with value 300 can't be cast because the value is out of range for the
///   destination type INT8
///   could not convert DATE value 2020-01-01 to TIME (pairs DuckDB has no wording for)
/// `value_text` is the value as rendered in its source type (strings get quoted here).
std::string CastErrorMessage(const LogicalType& from, std::string_view value_text,
                             const LogicalType& to, std::string_view reason = {});

}  // namespace teal
