// MVCC at the storage level: what each snapshot sees of appends, deletes and updates,
// write-write conflicts, rollbacks (whole and to a savepoint), and the cleanup that
// drops versions once no snapshot needs them.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "storage/data_table.hpp"
#include "teal/error.hpp"
#include "transaction/transaction_manager.hpp"

namespace teal {
namespace {

class TransactionTest : public ::testing::Test {
 protected:
  /// Appends `values` for `transaction`.
  void Append(Transaction& transaction, std::vector<int64_t> values) {
    DataChunk chunk({LogicalType(TypeId::kBigInt)});
    for (size_t i = 0; i < values.size(); i++) chunk.data[0].Values<int64_t>()[i] = values[i];
    chunk.SetCardinality(values.size());
    table_->Append(transaction, chunk);
  }
  /// The values `transaction` sees, in row order.
  std::vector<int64_t> Seen(const Transaction& transaction) const {
    std::vector<int64_t> out;
    TableScanState state;
    DataChunk chunk({LogicalType(TypeId::kBigInt)}, 0);
    while (table_->Scan(transaction, state, {0}, chunk)) {
      for (idx_t i = 0; i < chunk.size(); i++)
        out.push_back(chunk.GetValue(0, i).GetStored<int64_t>());
    }
    return out;
  }
  void Update(Transaction& transaction, int64_t row, int64_t value) {
    DataChunk values({LogicalType(TypeId::kBigInt)});
    values.data[0].Values<int64_t>()[0] = value;
    values.SetCardinality(1);
    table_->Update(transaction, {row}, {0}, values);
  }
  /// A committed table of 0 … 9.
  void Fill() {
    auto writer = manager_.Begin();
    Append(*writer, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    manager_.Commit(writer);
  }

  TransactionManager manager_;
  std::shared_ptr<DataTable> table_ =
      std::make_shared<DataTable>(std::vector<LogicalType>{LogicalType(TypeId::kBigInt)});
};

TEST_F(TransactionTest, UncommittedAppendsAreSeenOnlyByTheirTransaction) {
  auto writer = manager_.Begin();
  auto other = manager_.Begin();
  Append(*writer, {1, 2, 3});
  EXPECT_EQ(Seen(*writer), (std::vector<int64_t>{1, 2, 3}));
  EXPECT_TRUE(Seen(*other).empty());
  manager_.Commit(writer);
  EXPECT_TRUE(Seen(*other).empty());  // began before the commit
  auto later = manager_.Begin();
  EXPECT_EQ(Seen(*later), (std::vector<int64_t>{1, 2, 3}));
  manager_.Commit(other);
  manager_.Commit(later);
}

TEST_F(TransactionTest, ADeleteStaysVisibleToOlderSnapshotsUntilTheyEndThenItIsCleanedUp) {
  Fill();
  auto reader = manager_.Begin();
  auto deleter = manager_.Begin();
  EXPECT_EQ(table_->Delete(*deleter, {1, 3, 5}), 3u);
  manager_.Commit(deleter);
  EXPECT_EQ(Seen(*reader).size(), 10u);
  auto fresh = manager_.Begin();
  EXPECT_EQ(Seen(*fresh), (std::vector<int64_t>{0, 2, 4, 6, 7, 8, 9}));
  manager_.Commit(fresh);
  // The reader still needs the versions: the delete is not cleaned up yet.
  EXPECT_EQ(table_->RowCount(), 10u);
  manager_.Commit(reader);
  EXPECT_EQ(table_->RowCount(), 7u);
  auto after = manager_.Begin();
  EXPECT_EQ(Seen(*after).size(), 7u);
  manager_.Commit(after);
}

TEST_F(TransactionTest, AnOlderSnapshotReadsTheValuesBeforeAnUpdate) {
  Fill();
  auto reader = manager_.Begin();
  auto first = manager_.Begin();
  Update(*first, 4, 40);
  manager_.Commit(first);
  auto second = manager_.Begin();
  Update(*second, 4, 400);
  Update(*second, 5, 500);
  EXPECT_EQ(Seen(*second)[4], 400);
  EXPECT_EQ(Seen(*reader)[4], 4);
  EXPECT_EQ(Seen(*reader)[5], 5);
  auto middle = manager_.Begin();
  EXPECT_EQ(Seen(*middle)[4], 40);
  EXPECT_EQ(Seen(*middle)[5], 5);
  manager_.Rollback(second);
  EXPECT_EQ(Seen(*middle)[4], 40);
  manager_.Commit(middle);
  manager_.Commit(reader);
  auto last = manager_.Begin();
  EXPECT_EQ(Seen(*last)[4], 40);
  EXPECT_EQ(Seen(*last)[5], 5);
  manager_.Commit(last);
}

TEST_F(TransactionTest, TheSecondWriterOfARowFails) {
  Fill();
  auto early = manager_.Begin();
  auto first = manager_.Begin();
  auto second = manager_.Begin();
  EXPECT_EQ(table_->Delete(*first, {2}), 1u);
  EXPECT_THROW(table_->Delete(*second, {2}), TransactionError);
  EXPECT_THROW(Update(*second, 2, 20), TransactionError);
  Update(*second, 3, 30);  // another row: no conflict
  EXPECT_THROW(table_->Delete(*first, {3}), TransactionError);
  manager_.Commit(first);
  // Committed after `early` began: still a conflict for it.
  EXPECT_THROW(Update(*early, 2, 20), TransactionError);
  manager_.Rollback(early);
  manager_.Commit(second);
  auto check = manager_.Begin();
  EXPECT_EQ(Seen(*check), (std::vector<int64_t>{0, 1, 30, 4, 5, 6, 7, 8, 9}));
  manager_.Commit(check);
}

TEST_F(TransactionTest, ARolledBackAppendBeforeOthersIsHiddenAndOneAtTheEndIsCutOff) {
  auto first = manager_.Begin();
  auto second = manager_.Begin();
  Append(*first, {1, 2, 3});
  Append(*second, {4, 5});
  manager_.Rollback(first);  // rows appended after it stay: these are hidden
  manager_.Commit(second);
  auto check = manager_.Begin();
  EXPECT_EQ(Seen(*check), (std::vector<int64_t>{4, 5}));
  EXPECT_EQ(table_->RowCount(), 2u);
  Append(*check, {6});
  manager_.Rollback(check);  // the last rows: the table is cut back
  auto again = manager_.Begin();
  Append(*again, {7});
  manager_.Commit(again);
  auto last = manager_.Begin();
  EXPECT_EQ(Seen(*last), (std::vector<int64_t>{4, 5, 7}));
  manager_.Commit(last);
}

TEST_F(TransactionTest, RollingBackToASavepointTakesBackOnlyTheLaterChanges) {
  Fill();
  auto writer = manager_.Begin();
  Append(*writer, {10});
  const idx_t savepoint = writer->Undo().Size();
  table_->Delete(*writer, {0, 10});
  Update(*writer, 1, 100);
  Append(*writer, {11});
  writer->Undo().RollbackTo(savepoint);
  EXPECT_EQ(Seen(*writer), (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}));
  manager_.Commit(writer);
  auto check = manager_.Begin();
  EXPECT_EQ(Seen(*check).size(), 11u);
  manager_.Commit(check);
}

}  // namespace
}  // namespace teal
