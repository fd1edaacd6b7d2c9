// DataTable: row groups fill up and scans return every row in insertion order.
#include "storage/data_table.hpp"

#include <gtest/gtest.h>

#include "common/block_allocator.hpp"
#include "teal/error.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {

namespace {
/// Each write below is a transaction of its own that commits (as autocommit would), and
/// each read a snapshot of everything committed.
TransactionManager& Manager() {
  static TransactionManager manager;
  return manager;
}
template <class Fn>
auto Committed(Fn fn) {
  auto transaction = Manager().Begin();
  try {
    auto result = fn(*transaction);
    Manager().Commit(transaction);
    return result;
  } catch (...) {
    Manager().Rollback(transaction);
    throw;
  }
}
/// A snapshot of every commit so far.
Transaction Latest() { return Transaction(Manager().LastCommit(), kNotDeleted - 1); }
}  // namespace

TEST(DataTableTest, AppendsSpanningRowGroupsScanBackInOrder) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
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
    Committed([&](Transaction& t) {
      table.Append(t, chunk);
      return 0;
    });
    appended += n;
  }
  EXPECT_EQ(table.RowCount(), total);

  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  idx_t seen = 0;
  while (table.Scan(Latest(), state, {0, 1}, out)) {
    for (idx_t i = 0; i < out.size(); i++) {
      ASSERT_EQ(out.data[0].Values<int64_t>()[i], static_cast<int64_t>(seen + i));
      ASSERT_EQ(out.data[1].Values<string_t>()[i].View(), "row number " + std::to_string(seen + i));
    }
    seen += out.size();
  }
  EXPECT_EQ(seen, total);
}

}  // namespace teal

namespace teal {
namespace {

/// A full vector's worth of rows: BIGINT i * 10 (every 7th NULL) and "string number i".
std::unique_ptr<DataChunk> FullChunk(idx_t first) {
  auto chunk = std::make_unique<DataChunk>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  for (idx_t i = 0; i < kVectorSize; i++) {
    chunk->data[0].Values<int64_t>()[i] = static_cast<int64_t>((first + i) * 10);
    if ((first + i) % 7 == 0) chunk->data[0].SetNull(i);
    chunk->data[1].Values<string_t>()[i] =
        chunk->data[1].AddString("string number " + std::to_string(first + i));
  }
  chunk->SetCardinality(kVectorSize);
  return chunk;
}

void ExpectRows(const DataTable& table, idx_t total) {
  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  idx_t seen = 0;
  while (table.Scan(Latest(), state, {0, 1}, out)) {
    for (idx_t i = 0; i < out.size(); i++) {
      idx_t row = seen + i;
      ASSERT_EQ(out.data[0].RowIsValid(i), row % 7 != 0) << row;
      if (row % 7) {
        ASSERT_EQ(out.data[0].Values<int64_t>()[i], static_cast<int64_t>(row * 10));
      }
      ASSERT_EQ(out.data[1].Values<string_t>()[i].View(), "string number " + std::to_string(row));
    }
    seen += out.size();
  }
  EXPECT_EQ(seen, total);
}

}  // namespace

TEST(DataTableTest, TakesWholeUnsharedVectorsInsteadOfCopyingThem) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
  auto first = FullChunk(0);
  const_data_ptr_t values = first->data[0].Data();
  DataChunk* give[] = {first.get()};
  Committed([&](Transaction& t) { return table.AppendAll(t, give); });
  // The chunk got fresh vectors; the table scans the very buffer the chunk had.
  EXPECT_NE(first->data[0].Data(), values);
  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  ASSERT_TRUE(table.Scan(Latest(), state, {0, 1}, out));
  EXPECT_EQ(out.data[0].Data(), values);
  // The chunk can be filled again and appended: the earlier rows are unaffected.
  auto second = FullChunk(kVectorSize);
  DataChunk* give2[] = {second.get()};
  Committed([&](Transaction& t) { return table.AppendAll(t, give2); });
  ExpectRows(table, 2 * kVectorSize);
}

TEST(DataTableTest, CopiesSharedPartialAndMisalignedVectors) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
  // A view shares its buffers: copied, and the original keeps its data.
  auto source = FullChunk(0);
  DataChunk view;
  view.Reference(*source);
  DataChunk* give[] = {&view};
  Committed([&](Transaction& t) { return table.AppendAll(t, give); });
  EXPECT_EQ(view.data[0].Data(), source->data[0].Data());
  EXPECT_EQ(source->data[1].Values<string_t>()[5].View(), "string number 5");
  // A partial chunk is copied; the next full chunk no longer starts a table vector.
  auto partial = FullChunk(kVectorSize);
  partial->SetCardinality(100);
  const_data_ptr_t partial_values = partial->data[0].Data();
  DataChunk* give2[] = {partial.get()};
  Committed([&](Transaction& t) { return table.AppendAll(t, give2); });
  EXPECT_EQ(partial->data[0].Data(), partial_values);
  auto misaligned = FullChunk(kVectorSize + 100);
  const_data_ptr_t misaligned_values = misaligned->data[0].Data();
  DataChunk* give3[] = {misaligned.get()};
  Committed([&](Transaction& t) { return table.AppendAll(t, give3); });
  EXPECT_EQ(misaligned->data[0].Data(), misaligned_values);
  ExpectRows(table, 2 * kVectorSize + 100);
}

}  // namespace teal

namespace teal {

TEST(DataTableTest, DeletedRowsLeaveScansAndTheRowCount) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
  for (idx_t first = 0; first < 3 * kVectorSize; first += kVectorSize) {
    auto chunk = FullChunk(first);
    Committed([&](Transaction& t) {
      table.Append(t, *chunk);
      return 0;
    });
  }
  // Every row of the second vector, and every other row of the first.
  std::vector<int64_t> ids;
  for (idx_t i = 0; i < kVectorSize; i += 2) ids.push_back(static_cast<int64_t>(i));
  for (idx_t i = kVectorSize; i < 2 * kVectorSize; i++) ids.push_back(static_cast<int64_t>(i));
  EXPECT_EQ(Committed([&](Transaction& t) { return table.Delete(t, ids); }),
            kVectorSize / 2 + kVectorSize);
  EXPECT_EQ(Committed([&](Transaction& t) {
              return table.Delete(t, {1, 0});
            }),
            1u);  // 0 was deleted already
  EXPECT_EQ(table.RowCount(), 3 * kVectorSize - kVectorSize / 2 - kVectorSize - 1);

  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kBigInt)});
  std::vector<int64_t> seen_ids;
  while (table.Scan(Latest(), state, {0, kRowIdColumn}, out)) {
    for (idx_t i = 0; i < out.size(); i++) {
      int64_t id = out.data[1].Values<int64_t>()[i];
      if (id % 7) {
        ASSERT_EQ(out.data[0].Values<int64_t>()[i], id * 10) << id;
      }
      seen_ids.push_back(id);
    }
  }
  ASSERT_EQ(seen_ids.size(), table.RowCount());
  EXPECT_EQ(seen_ids.front(), 3);
  EXPECT_EQ(seen_ids[kVectorSize / 2 - 2], static_cast<int64_t>(kVectorSize - 1));
  EXPECT_EQ(seen_ids[kVectorSize / 2 - 1], static_cast<int64_t>(2 * kVectorSize));
}

TEST(DataTableTest, UpdateCopiesVectorsThatAScanStillHolds) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
  auto chunk = FullChunk(0);
  Committed([&](Transaction& t) {
    table.Append(t, *chunk);
    return 0;
  });
  // A reader holds the stored vectors (as a streaming result would).
  TableScanState state;
  DataChunk held({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  ASSERT_TRUE(table.Scan(Latest(), state, {0, 1}, held));

  DataChunk values({LogicalType(TypeId::kVarchar)});
  values.data[0].Values<string_t>()[0] = values.data[0].AddString("a new value, longer than 12");
  values.data[0].SetNull(1);
  values.SetCardinality(2);
  Committed([&](Transaction& t) {
    table.Update(t, {5, 9}, {1}, values);
    return 0;
  });

  EXPECT_EQ(held.data[1].Values<string_t>()[5].View(), "string number 5");
  EXPECT_TRUE(held.data[1].RowIsValid(9));
  TableScanState again;
  DataChunk now({LogicalType(TypeId::kVarchar)});
  ASSERT_TRUE(table.Scan(Latest(), again, {1}, now));
  EXPECT_EQ(now.data[0].Values<string_t>()[5].View(), "a new value, longer than 12");
  EXPECT_FALSE(now.data[0].RowIsValid(9));
  EXPECT_EQ(now.data[0].Values<string_t>()[6].View(), "string number 6");
}

}  // namespace teal

namespace teal {
namespace {
std::shared_ptr<DataTable> IntegerTable(idx_t rows) {
  auto table = std::make_shared<DataTable>(std::vector<LogicalType>{LogicalType(TypeId::kBigInt)});
  DataChunk chunk({LogicalType(TypeId::kBigInt)});
  for (idx_t i = 0; i < rows; i++) chunk.data[0].Values<int64_t>()[i] = static_cast<int64_t>(i);
  chunk.SetCardinality(rows);
  Committed([&](Transaction& t) {
    table->Append(t, chunk);
    return 0;
  });
  return table;
}

std::vector<Value> Column(const DataTable& table, idx_t column) {
  std::vector<Value> values;
  TableScanState state;
  DataChunk out(std::vector<LogicalType>{table.Types()[column]}, 0);
  while (table.Scan(Latest(), state, {column}, out)) {
    for (idx_t i = 0; i < out.size(); i++) values.push_back(out.GetValue(0, i));
  }
  return values;
}
}  // namespace

TEST(DataTableAlterTest, AddedColumnIsFilledAndDeletionsCarryOver) {
  auto table = IntegerTable(10);
  Committed([&](Transaction& t) { return table->Delete(t, {3, 4}); });
  auto altered =
      table->WithColumnAdded(Latest(), LogicalType(TypeId::kVarchar), Value::Varchar("fill"));
  EXPECT_EQ(altered->RowCount(), 8u);
  auto filled = Column(*altered, 1);
  ASSERT_EQ(filled.size(), 8u);
  for (const auto& v : filled) EXPECT_EQ(v.GetString(), "fill");
  EXPECT_EQ(Column(*altered, 0)[3].GetStored<int64_t>(), 5);
}

TEST(DataTableAlterTest, TheOldTableRefusesWritesOnceRetiredButKeepsItsRows) {
  auto table = IntegerTable(5);
  const uint64_t writes = table->WriteCount();
  auto altered =
      table->WithColumnAdded(Latest(), LogicalType(TypeId::kInteger), Value(TypeId::kInteger));
  // The ALTER's commit retires the old table, with the check that nobody wrote to it.
  ASSERT_TRUE(table->RetireIfUnchanged(writes));
  DataChunk chunk({LogicalType(TypeId::kBigInt)});
  chunk.SetCardinality(1);
  EXPECT_THROW(Committed([&](Transaction& t) {
                 table->Append(t, chunk);
                 return 0;
               }),
               TransactionError);
  EXPECT_THROW(Committed([&](Transaction& t) { return table->Delete(t, {0}); }), TransactionError);
  EXPECT_EQ(Column(*table, 0).size(), 5u);
  EXPECT_EQ(altered->RowCount(), 5u);
}

TEST(DataTableAlterTest, AWriteSinceTheCopyKeepsTheTableFromRetiring) {
  auto table = IntegerTable(5);
  const uint64_t writes = table->WriteCount();
  DataChunk chunk({LogicalType(TypeId::kBigInt)});
  chunk.SetCardinality(1);
  Committed([&](Transaction& t) {
    table->Append(t, chunk);
    return 0;
  });
  EXPECT_FALSE(table->RetireIfUnchanged(writes));
  EXPECT_TRUE(table->RetireIfUnchanged(table->WriteCount()));
  EXPECT_EQ(Column(*table, 0).size(), 6u);
}

// Transaction rule 6: an ALTER's copy holds every commit and the altering transaction's
// own changes; another transaction's uncommitted insert, delete and update stay out (the
// rows it deleted are in the copy, its inserted rows are not, its updated row has the
// value before), and that transaction can neither write on nor commit.
TEST(DataTableAlterTest, TheCopyLeavesOutAnotherTransactionsPendingChanges) {
  auto table = IntegerTable(5);  // 0 1 2 3 4
  auto other = Manager().Begin();
  DataChunk chunk({LogicalType(TypeId::kBigInt)});
  chunk.data[0].Values<int64_t>()[0] = 50;
  chunk.SetCardinality(1);
  table->Append(*other, chunk);
  table->Delete(*other, {1});
  DataChunk values({LogicalType(TypeId::kBigInt)});
  values.data[0].Values<int64_t>()[0] = 99;
  values.SetCardinality(1);
  table->Update(*other, {3}, {0}, values);
  auto altering = Manager().Begin();
  table->Update(*altering, {0}, {0}, values);  // its own change is in the copy
  ASSERT_TRUE(Manager().ClaimTableRows(*table, *altering, /*copies=*/true));
  EXPECT_NE(table->LostChangesOf(*other, /*values=*/false)
                .find("another transaction has altered this table"),
            std::string::npos);
  EXPECT_EQ(table->LostChangesOf(*altering, /*values=*/true), "");
  auto copy =
      table->WithColumnAdded(altering->Latest(), LogicalType(TypeId::kBigInt), Value::BigInt(7));
  std::vector<int64_t> seen;
  for (const Value& v : Column(*copy, 0)) seen.push_back(v.GetStored<int64_t>());
  EXPECT_EQ(seen, (std::vector<int64_t>{99, 1, 2, 3, 4}));
  EXPECT_EQ(copy->RowCount(), 5u);
  EXPECT_THROW(table->Delete(*other, {2}), TransactionError);
  // The other transaction rolls back: the copy keeps its values.
  Manager().Rollback(other);
  seen.clear();
  for (const Value& v : Column(*copy, 0)) seen.push_back(v.GetStored<int64_t>());
  EXPECT_EQ(seen, (std::vector<int64_t>{99, 1, 2, 3, 4}));
  // Rolled back, the ALTER's mark goes: others may write again.
  table->UnmarkReplacing(altering->Id());
  Manager().Rollback(altering);
  Committed([&](Transaction& t) { return table->Delete(t, {2}); });
  EXPECT_EQ(Column(*table, 0).size(), 4u);
}

TEST(DataTableAlterTest, UpdatesOfTheNewTableDoNotReachTheSharedVectors) {
  auto table = IntegerTable(4);
  auto wide = table->WithColumnAdded(Latest(), LogicalType(TypeId::kBigInt), Value::BigInt(7));
  auto narrow = wide->WithColumnDropped(Latest(), 0);  // keeps the filled column, shares its vector
  DataChunk values({LogicalType(TypeId::kBigInt)});
  values.data[0].Values<int64_t>()[0] = 99;
  values.SetCardinality(1);
  Committed([&](Transaction& t) {
    narrow->Update(t, {2}, {0}, values);
    return 0;
  });
  EXPECT_EQ(Column(*narrow, 0)[2].GetStored<int64_t>(), 99);
  EXPECT_EQ(Column(*wide, 1)[2].GetStored<int64_t>(), 7);
}

}  // namespace teal

namespace teal {

TEST(DataTableTest, SmallChunksAreCompactedIntoFullVectors) {
  auto shared = std::make_shared<DataTable>(
      std::vector<LogicalType>{LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  DataTable& table = *shared;
  const size_t before = BlockAllocator::Instance().GetStats().bytes_in_use;
  // 1,000 chunks of 3 rows, each with whole-vector buffers (as an operator emits them).
  for (idx_t c = 0; c < 1000; c++) {
    auto chunk = FullChunk(3 * c);  // its first 3 rows are rows 3c .. 3c+2
    chunk->SetCardinality(3);
    DataChunk* give[] = {chunk.get()};
    Committed([&](Transaction& t) { return table.AppendAll(t, give); });
  }
  ExpectRows(table, 3000);
  // Two full vectors per column, not one per chunk.
  TableScanState state;
  DataChunk out({LogicalType(TypeId::kBigInt), LogicalType(TypeId::kVarchar)});
  ASSERT_TRUE(table.Scan(Latest(), state, {0}, out));
  EXPECT_EQ(out.size(), kVectorSize);
  ASSERT_TRUE(table.Scan(Latest(), state, {0}, out));
  EXPECT_EQ(out.size(), 3000 - kVectorSize);
  EXPECT_FALSE(table.Scan(Latest(), state, {0}, out));
  const size_t kept = BlockAllocator::Instance().GetStats().bytes_in_use - before;
  EXPECT_LT(kept, size_t{1} << 20) << kept << " bytes kept for 3,000 rows";
}

TEST(DataTableTest, UpdateAllOutOfMemoryPartWayChangesNothing) {
  auto table = IntegerTable(kVectorSize);
  DataChunk more({LogicalType(TypeId::kBigInt)});
  for (idx_t i = 0; i < kVectorSize; i++) {
    more.data[0].Values<int64_t>()[i] = static_cast<int64_t>(kVectorSize + i);
  }
  more.SetCardinality(kVectorSize);
  Committed([&](Transaction& t) {
    table->Append(t, more);
    return 0;
  });
  // A reader holds both stored vectors, so each update must copy its vector first.
  TableScanState state;
  DataChunk first({LogicalType(TypeId::kBigInt)}, 0), second({LogicalType(TypeId::kBigInt)}, 0);
  ASSERT_TRUE(table->Scan(Latest(), state, {0}, first));
  ASSERT_TRUE(table->Scan(Latest(), state, {0}, second));

  std::vector<std::vector<int64_t>> ids{{1}, {static_cast<int64_t>(kVectorSize) + 1}};
  std::vector<std::unique_ptr<DataChunk>> values;
  for (int k = 0; k < 2; k++) {
    values.push_back(std::make_unique<DataChunk>(std::vector<LogicalType>{TypeId::kBigInt}, 1));
    values.back()->data[0].Values<int64_t>()[0] = -1;
    values.back()->SetCardinality(1);
  }
  BlockAllocator& alloc = BlockAllocator::Instance();
  const size_t saved = alloc.Limit();
  // Room for one vector's copy (16 KiB of BIGINTs), not two.
  alloc.SetLimit(alloc.GetStats().bytes_in_use + 24 * 1024);
  EXPECT_THROW(Committed([&](Transaction& t) {
                 table->UpdateAll(t, ids, {0}, values);
                 return 0;
               }),
               OutOfMemoryError);
  alloc.SetLimit(saved);
  std::vector<Value> now = Column(*table, 0);
  EXPECT_EQ(now[1], Value::BigInt(1));
  EXPECT_EQ(now[kVectorSize + 1], Value::BigInt(static_cast<int64_t>(kVectorSize) + 1));

  Committed([&](Transaction& t) {
    table->UpdateAll(t, ids, {0}, values);
    return 0;
  });
  now = Column(*table, 0);
  EXPECT_EQ(now[1], Value::BigInt(-1));
  EXPECT_EQ(now[kVectorSize + 1], Value::BigInt(-1));
}

}  // namespace teal
