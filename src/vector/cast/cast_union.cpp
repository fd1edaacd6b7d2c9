// Casts to and from UNION (src/vector/cast/cast_family.hpp): a value into the member its
// type chooses (ChooseUnionMember), a UNION into one whose members include its own by
// name, and a UNION to VARCHAR as its member's text.
//
// A UNION vector is a STRUCT vector (LogicalType::Union): child 0 the tag, child k + 1
// member k, NULL in every row but those whose tag is k. A value cast into a member is a
// UNION of that member even when the value is NULL (DuckDB's: NULL::BLOB into UNION(i
// INTEGER, b BLOB) has tag b, as union_value(b := NULL::BLOB)); only an untyped NULL, or a
// NULL UNION, gives a NULL UNION (Value::TryCastAs agrees, for constants).
#include <fmt/format.h>

#include "function/implicit_cast.hpp"
#include "vector/cast/cast_family.hpp"
#include "vector/cast/cast_scalar.hpp"
#include "vector/vector_cast.hpp"

namespace teal {

namespace {

/// Rows [0, count) of every member of `result` but `keep` NULL (an untouched child may
/// hold whatever a reused vector left there).
void NullMembersBut(Vector& result, idx_t count, int64_t keep) {
  const size_t members = result.Type().UnionMemberCount();
  for (size_t k = 0; k < members; k++) {
    if (static_cast<int64_t>(k) == keep) continue;
    Vector& member = result.StructChild(k + 1);
    for (idx_t i = 0; i < count; i++) member.SetNull(i);
  }
}

bool CastIntoMember(const Vector& source, Vector& result, idx_t count, size_t member,
                    std::string& error) {
  Vector& tag = result.StructChild(0);
  auto* tags = tag.Values<uint8_t>();
  for (idx_t i = 0; i < count; i++) {
    tags[i] = static_cast<uint8_t>(member);
    tag.SetNull(i, false);
    result.SetNull(i, false);
  }
  NullMembersBut(result, count, static_cast<int64_t>(member));
  return TryCastVector(source, result.StructChild(member + 1), count, &error);
}

bool CastUnionToUnion(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  std::vector<uint8_t> target(from.UnionMemberCount());
  for (size_t k = 0; k < target.size(); k++) {
    target[k] = static_cast<uint8_t>(to.UnionMemberIndex(from.UnionMember(k).first));
  }
  CopyValidity(source, result, count);
  const Vector& source_tag = source.StructChild(0);
  Vector& tag = result.StructChild(0);
  CopyValidity(source_tag, tag, count);
  const auto* from_tags = source_tag.Values<uint8_t>();
  auto* tags = tag.Values<uint8_t>();
  for (idx_t i = 0; i < count; i++) {
    tags[i] = source_tag.RowIsValid(i) ? target[from_tags[i]] : 0;
  }
  NullMembersBut(result, count, -1);
  // Inactive members are NULL, so each member casts as a whole.
  for (size_t k = 0; k < target.size(); k++) {
    if (!TryCastVector(source.StructChild(k + 1), result.StructChild(target[k] + 1), count,
                       &error)) {
      return false;
    }
  }
  return true;
}

bool CastUnionToVarchar(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  std::vector<Vector> texts;
  texts.reserve(from.UnionMemberCount());
  for (size_t k = 0; k < from.UnionMemberCount(); k++) {
    texts.emplace_back(LogicalType(TypeId::kVarchar), std::max<idx_t>(count, 1));
    if (!TryCastVector(source.StructChild(k + 1), texts.back(), count, &error)) return false;
  }
  const Vector& tag = source.StructChild(0);
  const auto* tags = tag.Values<uint8_t>();
  auto* out = result.Values<string_t>();
  for (idx_t i = 0; i < count; i++) {
    const Vector* text = source.RowIsValid(i) && tag.RowIsValid(i) ? &texts[tags[i]] : nullptr;
    if (!text || !text->RowIsValid(i)) {
      result.SetNull(i);
      continue;
    }
    result.SetNull(i, false);
    out[i] = result.AddString(text->Values<string_t>()[i].View());
  }
  return true;
}

}  // namespace

bool IsUnionCast(const LogicalType& from, const LogicalType& to) {
  return from.Id() == TypeId::kUnion || to.Id() == TypeId::kUnion;
}

bool UnionCastExists(const LogicalType& from, const LogicalType& to) {
  if (from.Id() == TypeId::kUnion && to.Id() == TypeId::kVarchar) return true;
  if (to.Id() != TypeId::kUnion) return false;
  if (from.Id() == TypeId::kUnion && UnionMembersFit(from, to)) return true;
  return ChooseUnionMember(from, to).member >= 0;
}

std::string UnionCastProblem(const LogicalType& from, const LogicalType& to) {
  if (UnionCastExists(from, to)) return {};
  if (to.Id() == TypeId::kUnion && ChooseUnionMember(from, to).ambiguous) {
    return fmt::format(
        "Type {} can't be cast as {}. The cast is ambiguous: more than one member takes it "
        "equally well; cast to one member's type first",
        from.ToString(), to.ToString());
  }
  if (from.Id() == TypeId::kUnion && to.Id() == TypeId::kUnion) {
    return fmt::format(
        "Type {} can't be cast as {}: every member of the first must have a member of the "
        "same name in the second that its type casts to",
        from.ToString(), to.ToString());
  }
  if (to.Id() == TypeId::kUnion) {
    return fmt::format("Type {} can't be cast as {}: no member takes it", from.ToString(),
                       to.ToString());
  }
  return fmt::format("Type {} can't be cast as {}: a UNION casts only to VARCHAR and to UNIONs",
                     from.ToString(), to.ToString());
}

bool TryCastUnion(const Vector& source, Vector& result, idx_t count, std::string& error) {
  const LogicalType& from = source.Type();
  const LogicalType& to = result.Type();
  if (from.Id() == TypeId::kUnion && to.Id() == TypeId::kVarchar) {
    return CastUnionToVarchar(source, result, count, error);
  }
  if (from.Id() == TypeId::kUnion && UnionMembersFit(from, to)) {
    return CastUnionToUnion(source, result, count, error);
  }
  const UnionMemberChoice choice = ChooseUnionMember(from, to);
  return CastIntoMember(source, result, count, static_cast<size_t>(choice.member), error);
}

}  // namespace teal
