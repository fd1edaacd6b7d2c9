// DataTable: row groups fill up and scans return every row in insertion order.
#include "storage/data_table.hpp"

#include <gtest/gtest.h>

namespace teal {

TEST(DataTableTest, AppendsSpanningRowGroupsScanBackInOrder) {
  DataTable table({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  const idx_t total = kRowGroupSize + 3 * kVectorSize + 17;
  DataChunk chunk({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  for (idx_t appended = 0; appended < total;) {
    chunk.Reset();
    idx_t n = std::min<idx_t>(1000, total - appended);  // not a multiple of a vector
    for (idx_t i = 0; i < n; i++) {
      chunk.data[0].Values<int64_t>()[i] = static_cast<int64_t>(appended + i);
      chunk.data[1].Values<string_t>()[i] =
          chunk.data[1].AddString("row number " + std::to_string(appended + i));
    }
    chunk.SetCardinality(n);
    table.Append(chunk);
    appended += n;
  }
  EXPECT_EQ(table.RowCount(), total);

  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  idx_t seen = 0;
  while (table.Scan(state, {0, 1}, out)) {
    for (idx_t i = 0; i < out.size(); i++) {
      ASSERT_EQ(out.data[0].Values<int64_t>()[i], static_cast<int64_t>(seen + i));
      ASSERT_EQ(out.data[1].Values<string_t>()[i].View(), "row number " + std::to_string(seen + i));
    }
    seen += out.size();
  }
  EXPECT_EQ(seen, total);
}

}  // namespace teal
