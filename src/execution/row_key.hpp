// Encoding rows as byte keys: equal values (as GROUP BY, DISTINCT and set operations see
// them) give equal bytes, so a hash map of strings can group or match rows.
#pragma once

#include <cmath>
#include <limits>
#include <string>

#include "vector/value_compare.hpp"
#include "vector/vector.hpp"

namespace teal {

/// Appends the encoding of row `row` of `v` to `key`: equal values (as GROUP BY sees
/// them) give equal bytes. NULL is one marker byte; -0.0 and NaN are normalised, and an
/// INTERVAL is encoded by its length (IntervalKey: '1 month' = '30 days', as `=` says).
/// Any row of a constant vector reads its one value.
inline void EncodeKey(const Vector& v, idx_t row, std::string& key) {
  if (v.IsConstant()) row = 0;  // one value stands for every row
  if (!v.RowIsValid(row)) {
    key.push_back('\0');
    return;
  }
  key.push_back('\1');
  switch (v.Type().Physical()) {
    case PhysicalType::kVarchar: {
      auto s = v.Values<string_t>()[row].View();
      uint32_t n = static_cast<uint32_t>(s.size());
      key.append(reinterpret_cast<const char*>(&n), sizeof(n));
      key.append(s);
      return;
    }
    case PhysicalType::kList: {
      // The element count, then each element's own encoding: lists that `=` calls equal
      // (their elements pairwise equal: [INTERVAL '1 month'] and [INTERVAL '30 days'],
      // [-0.0] and [0.0]) encode alike. The count keeps the encoding prefix-free.
      const list_entry_t entry = v.Values<list_entry_t>()[row];
      uint32_t n = static_cast<uint32_t>(entry.length);
      key.append(reinterpret_cast<const char*>(&n), sizeof(n));
      const Vector& child = v.ListChild();
      for (uint64_t i = 0; i < entry.length; i++) EncodeKey(child, entry.offset + i, key);
      return;
    }
    case PhysicalType::kStruct: {
      // Each field's own encoding (each is prefix-free, so their sequence is).
      for (idx_t f = 0; f < v.Type().StructFields().size(); f++) {
        EncodeKey(v.StructChild(f), row, key);
      }
      return;
    }
    case PhysicalType::kFloat: {
      float f = v.Values<float>()[row];
      if (f == 0) f = 0;
      if (std::isnan(f)) f = std::numeric_limits<float>::quiet_NaN();
      key.append(reinterpret_cast<const char*>(&f), sizeof(f));
      return;
    }
    case PhysicalType::kInterval: {
      int128 length = IntervalKey(v.Values<interval_t>()[row]);
      key.append(reinterpret_cast<const char*>(&length), sizeof(length));
      return;
    }
    case PhysicalType::kDouble: {
      double d = v.Values<double>()[row];
      if (d == 0) d = 0;
      if (std::isnan(d)) d = std::numeric_limits<double>::quiet_NaN();
      key.append(reinterpret_cast<const char*>(&d), sizeof(d));
      return;
    }
    default: {
      idx_t width = PhysicalTypeSize(v.Type().Physical());
      key.append(reinterpret_cast<const char*>(v.Data() + row * width), width);
      return;
    }
  }
}

/// Appends the encoding of row `row` of every vector in `vectors`.
inline void EncodeRow(const std::vector<Vector>& vectors, idx_t row, std::string& key) {
  for (const auto& v : vectors) EncodeKey(v, row, key);
}

}  // namespace teal
