// MapKeyProblem: NULL and repeated keys of MAP rows.
#include "vector/map_keys.hpp"

#include <algorithm>

#include "vector/vector_compare.hpp"

namespace teal {

std::string MapKeyProblem(const Vector& map, idx_t count) {
  const auto* entries = map.Values<list_entry_t>();
  const Vector& keys = map.ListChild().StructChild(0);
  std::vector<Value> row_keys;
  for (idx_t i = 0; i < count; i++) {
    if (!map.RowIsValid(i) || entries[i].length == 0) continue;
    row_keys.clear();
    for (uint64_t k = 0; k < entries[i].length; k++) {
      const idx_t row = entries[i].offset + k;
      if (!keys.RowIsValid(row)) return "Map keys can not be NULL";
      row_keys.push_back(keys.GetValue(row));
    }
    std::sort(row_keys.begin(), row_keys.end(),
              [](const Value& a, const Value& b) { return CompareValues(a, b) < 0; });
    for (size_t k = 1; k < row_keys.size(); k++) {
      if (CompareValues(row_keys[k - 1], row_keys[k]) == 0) return "Map keys must be unique";
    }
  }
  return {};
}

}  // namespace teal
