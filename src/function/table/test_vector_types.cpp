// test_vector_types(): the values of each layout, per column type (see the header).
#include "function/table/test_vector_types.hpp"

#include <fmt/format.h>

#include "function/table/test_all_types.hpp"
#include "teal/error.hpp"

namespace teal {

namespace {

/// test_all_types()'s least and greatest value of `type`: of its first column of the same
/// kind, which must be of that very type.
std::vector<Value> Extremes(const AllTypesTable& all, const LogicalType& type) {
  for (size_t c = 0; c < all.types.size(); c++) {
    if (all.types[c].Id() != type.Id()) continue;
    if (all.types[c] != type) break;
    return {all.rows[0][c], all.rows[1][c], Value(type)};
  }
  throw NotImplementedError(
      fmt::format("Unimplemented type for test_vector_types {}", type.ToString()));
}

/// Three values of `type`; `sequence`: the integers up to 64 bits are 3, 5, 7.
std::vector<Value> ThreeValues(const AllTypesTable& all, const LogicalType& type, bool sequence) {
  if (sequence && type.IsIntegral() && type.Id() != TypeId::kHugeInt &&
      type.Id() != TypeId::kUHugeInt) {
    return {Value::Integer(3).CastAs(type), Value::Integer(5).CastAs(type),
            Value::Integer(7).CastAs(type)};
  }
  switch (type.Id()) {
    case TypeId::kStruct: {
      const auto& fields = type.StructFields();
      std::vector<std::vector<Value>> rows(3);
      for (const auto& field : fields) {
        std::vector<Value> values = ThreeValues(all, field.second, sequence);
        for (size_t r = 0; r < 3; r++) rows[r].push_back(std::move(values[r]));
      }
      std::vector<Value> out;
      for (auto& row : rows) out.push_back(Value::Struct(type, std::move(row)));
      return out;
    }
    case TypeId::kList: {
      const LogicalType& child = type.ListChild();
      std::vector<Value> values = ThreeValues(all, child, sequence);
      return {Value::List(child, {values[0], values[1]}), Value::List(child, {}),
              Value::List(child, {values[2]})};
    }
    case TypeId::kMap: {
      const LogicalType entry =
          LogicalType::Struct({{"key", type.MapKey()}, {"value", type.MapValue()}});
      std::vector<Value> entries = ThreeValues(all, entry, sequence);
      return {Value::Map(type, {entries[0]}), Value(type), Value::Map(type, {entries[1]})};
    }
    default:
      break;
  }
  return Extremes(all, type);
}

}  // namespace

std::vector<std::vector<Value>> TestVectorRows(const std::vector<LogicalType>& types) {
  const AllTypesTable all = TestAllTypes(/*large_enum=*/false);
  std::vector<std::vector<Value>> flat(3), sequence(3);
  bool has_map = false;
  for (const LogicalType& type : types) {
    std::vector<Value> values = ThreeValues(all, type, /*sequence=*/false);
    for (size_t r = 0; r < 3; r++) flat[r].push_back(std::move(values[r]));
    has_map = has_map || type.Id() == TypeId::kMap;
    if (has_map) continue;
    values = ThreeValues(all, type, /*sequence=*/true);
    for (size_t r = 0; r < 3; r++) sequence[r].push_back(std::move(values[r]));
  }
  std::vector<std::vector<Value>> rows = flat;          // flat
  for (int k = 0; k < 3; k++) rows.push_back(flat[0]);  // constant
  rows.push_back(flat[1]);                              // dictionary
  rows.push_back(flat[2]);
  if (!has_map) {  // sequence
    for (auto& row : sequence) rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::string> TestVectorNames(size_t count) {
  std::vector<std::string> names;
  for (size_t i = 0; i < count; i++) {
    names.push_back(i == 0 ? "test_vector" : fmt::format("test_vector{}", i + 1));
  }
  return names;
}

}  // namespace teal
