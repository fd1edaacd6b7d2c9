// Internals of the scalar cast family, shared by its files:
//   cast_scalar.cpp   which pairs exist, and the dispatch to the two below
//   cast_numeric.cpp  BOOLEAN, integers, HUGEINT/UHUGEINT, FLOAT, DOUBLE, DECIMAL
//   cast_string.cpp   to and from VARCHAR; BLOB, UUID and ENUM
// Every function casts flat rows [0, count) with the contract of cast_family.hpp,
// except that NULLs are already copied to `result` by TryCastScalar. The row helpers
// at the bottom serve cast_nested.cpp too.
#pragma once

#include <cstring>
#include <string>

#include "vector/cast/cast_family.hpp"

namespace teal {

bool NumericCastExists(const LogicalType& from, const LogicalType& to);
bool TryCastNumeric(const Vector& source, Vector& result, idx_t count, std::string& error);

/// True when values of `type` convert to VARCHAR and back.
bool VarcharCastExists(const LogicalType& type);
bool TryCastToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error);
bool TryCastFromVarchar(const Vector& source, Vector& result, idx_t count, std::string& error);
bool TryCastEnumToEnum(const Vector& source, Vector& result, idx_t count, std::string& error);

/// Makes `result`'s NULL rows [0, count) those of `source`, a mask word at a time.
inline void CopyValidity(const Vector& source, Vector& result, idx_t count) {
  ValidityMask& target = result.Validity();
  if (source.Validity().AllValid()) {
    if (!target.AllValid()) {
      for (idx_t i = 0; i < count; i++) target.SetValid(i);
    }
    return;
  }
  target.EnsureWritable();
  std::memcpy(target.Data(), source.Validity().Data(),
              ValidityMask::EntryCount(count) * sizeof(uint64_t));
}

/// Calls f(row) for every valid row of flat `source` until f returns false; returns
/// false then. The NULL test is hoisted out of the loop when there are no NULLs.
template <typename F>
bool ForEachValidRow(const Vector& source, idx_t count, F&& f) {
  const ValidityMask& validity = source.Validity();
  if (validity.AllValid()) {
    for (idx_t i = 0; i < count; i++) {
      if (!f(i)) return false;
    }
    return true;
  }
  for (idx_t i = 0; i < count; i++) {
    if (validity.RowIsValid(i) && !f(i)) return false;
  }
  return true;
}

/// A string_t of `length` bytes that fill(char*) writes: inline when it fits, else in
/// `result`'s heap. No temporary std::string.
template <typename F>
string_t MakeString(Vector& result, size_t length, F&& fill) {
  if (length <= string_t::kInlineLength) {
    char buffer[string_t::kInlineLength];
    fill(buffer);
    return string_t(buffer, static_cast<uint32_t>(length));
  }
  char* data = result.Heap().Allocate(length);
  fill(data);
  return string_t(data, static_cast<uint32_t>(length));
}

}  // namespace teal
