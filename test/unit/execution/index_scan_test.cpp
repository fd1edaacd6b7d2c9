// Index scans (execution/index_scan.hpp): a table scan whose filters an ART index serves
// reads the rows the index finds. Each test holds the answer through the index against
// the whole-table scan of the same snapshot (index_scan_max_count = 0 and
// index_scan_percentage = 0 force that), over the types an index scan takes, across
// updates, deletes and rollbacks of other connections, and in parallel.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"
#include "teal/prepared_statement.hpp"

namespace teal {
namespace {

/// Every row of the result, a line each, values separated by '|'.
std::string Text(Result result) {
  std::string out;
  for (idx_t row = 0; row < result.RowCount(); row++) {
    for (idx_t column = 0; column < result.ColumnCount(); column++) {
      out += (column ? "|" : "") + result.GetValue(column, row).ToString();
    }
    out += "\n";
  }
  return out;
}

std::string Plan(Connection& con, const std::string& query) {
  return Text(con.Query("EXPLAIN ANALYZE " + query));
}

void UseIndexes(Connection& con, bool on) {
  con.Execute(on ? "SET index_scan_max_count = 1000000" : "SET index_scan_max_count = 0");
  con.Execute(on ? "SET index_scan_percentage = 1" : "SET index_scan_percentage = 0");
}

/// The answer through the index, after checking it is one and matches the table scan's.
std::string Checked(Connection& con, const std::string& query) {
  UseIndexes(con, true);
  EXPECT_NE(Plan(con, query).find("Type: Index Scan"), std::string::npos) << query;
  const std::string indexed = Text(con.Query(query));
  UseIndexes(con, false);
  // Limits of 0 still take an index that finds no row at all.
  const std::string plan = Plan(con, query);
  if (plan.find("(0 row ids)") == std::string::npos) {
    EXPECT_NE(plan.find("Type: Sequential Scan"), std::string::npos) << query;
  }
  EXPECT_EQ(indexed, Text(con.Query(query))) << query;
  UseIndexes(con, true);
  return indexed;
}

class IndexScanTest : public ::testing::Test {
 protected:
  Database db_;
  Connection con_{db_};
};

TEST_F(IndexScanTest, AnswersAsTheTableScanForEveryKeyTypeAndPredicate) {
  // 3,000 rows: duplicates, NULLs, -0.0 and 0.0, NaN and infinities, strings that are
  // prefixes of one another and hold bytes 0x01 and 0x00-free escapes.
  con_.Execute(
      "CREATE TABLE t AS SELECT r, "
      "CASE WHEN r % 97 = 0 THEN NULL ELSE CAST(r % 300 AS INTEGER) END AS i, "
      "CAST(r * 7 AS BIGINT) AS b, "
      "CASE r % 11 WHEN 0 THEN -0.0 WHEN 1 THEN 0.0 WHEN 2 THEN 'nan'::DOUBLE "
      "  WHEN 3 THEN 'inf'::DOUBLE WHEN 4 THEN '-inf'::DOUBLE ELSE (r % 50) / 4.0 END AS d, "
      "CASE WHEN r % 89 = 0 THEN NULL ELSE repeat('a', r % 5) || chr(1 + r % 3) || "
      "  CAST(r % 40 AS VARCHAR) END AS s, "
      "CAST((r % 200) * 1.25 AS DECIMAL(10, 2)) AS m, "
      "TIMESTAMP '2020-01-01' + INTERVAL (r % 100) HOUR AS ts, "
      "CAST(r % 60 AS HUGEINT) * 100000000000000000000 AS h, "
      "CAST(CAST(r % 30 AS VARCHAR) AS BLOB) AS bl, r % 3 = 0 AS flag "
      "FROM range(3000) t(r)");
  for (const char* ddl :
       {"CREATE INDEX t_i ON t(i)", "CREATE UNIQUE INDEX t_b ON t(b)", "CREATE INDEX t_d ON t(d)",
        "CREATE INDEX t_s ON t(s)", "CREATE INDEX t_m ON t(m)", "CREATE INDEX t_ts ON t(ts)",
        "CREATE INDEX t_h ON t(h)", "CREATE INDEX t_bl ON t(bl)", "CREATE INDEX t_flag ON t(flag)",
        "CREATE INDEX t_i_s ON t(i, s)", "CREATE INDEX t_m_ts_d ON t(m, ts, d)"}) {
    con_.Execute(ddl);
  }
  const std::vector<std::string> where = {
      "i = 17",
      "i = 17 AND r > 1000",
      "17 = i",
      "i IN (1, 2, 299, 300, NULL)",
      "i IN (5, 6) AND i IN (6, 7)",
      // Eight constants and more: a semi join with the list (in_list_to_semi_join.cpp),
      // which the scan below still finds its rows for through the index.
      "i IN (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 400)",
      "b IN (0, 7, 14, 21, 28, 35, 42, 49, 56, 63, 70, 77, 84) AND i < 5",
      "s IN ('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'aa' || chr(2) || '7')",
      "i = 5 AND i = 6",
      "i IS NOT DISTINCT FROM 9",
      "i < 3",
      "i <= 3",
      "i > 297",
      "i >= 297 AND i < 299",
      "i BETWEEN 10 AND 12",
      "i > 12 AND i < 10",
      "b = 700",
      "b IN (0, 7, 14, 20999, 21000)",
      "b > 20900",
      "d = 0.0",
      "d = -0.0",
      "d = 'nan'::DOUBLE",
      "d > 12.0",
      "d >= 'inf'::DOUBLE",
      "d < -1e300",
      "s = 'aa' || chr(2) || '7'",
      "s IN ('' || chr(1) || '0', 'a' || chr(2) || '1')",
      "s < 'a'",
      "s > 'aaaa' || chr(3)",
      "s >= 'aaa' AND s < 'aab'",
      "m = 12.50",
      "m BETWEEN 10 AND 11.25",
      "ts = TIMESTAMP '2020-01-02 03:00:00'",
      "ts < TIMESTAMP '2020-01-01 02:00:00'",
      "h = 3 * 100000000000000000000::HUGEINT",
      "h > 58 * 100000000000000000000::HUGEINT",
      "bl = '7'::BLOB",
      "bl >= '28'::BLOB",
      "flag = true AND i = 3",
      "i = 3 AND s = 'aaa' || chr(1) || '3'",
      "i = 3 AND s > 'a'",
      "i IN (3, 4) AND s < 'a'",
      "i = 3 AND s IS NULL",
      "m = 12.50 AND ts = TIMESTAMP '2020-01-01 10:00:00' AND d = 10.0",
      "m IN (12.50, 25.00) AND ts >= TIMESTAMP '2020-01-01 10:00:00'",
  };
  for (const std::string& w : where) {
    Checked(con_, "SELECT * FROM t WHERE " + w);
  }
  // A few answers by hand: the index scan is no copy of the table scan's mistakes.
  EXPECT_EQ(Checked(con_, "SELECT r FROM t WHERE b = 700"), "100\n");
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE d = 0.0"), "578\n");  // -0.0 too
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE i = 5 AND i = 6"), "0\n");
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE i IN (1, 2, NULL)"), "20\n");
}

TEST_F(IndexScanTest, AFilterTheIndexCannotServeReadsTheTable) {
  con_.Execute("CREATE TABLE t AS SELECT r AS i, CAST(r AS VARCHAR) AS s FROM range(100) t(r)");
  con_.Execute("CREATE INDEX t_i ON t(i)");
  con_.Execute("CREATE TABLE c(s VARCHAR COLLATE NOCASE)");
  con_.Execute("INSERT INTO c VALUES ('Abc'), ('abc'), ('ABD')");
  con_.Execute("CREATE INDEX c_s ON c(s)");
  UseIndexes(con_, true);
  for (const char* query : {
           "SELECT * FROM t WHERE i + 1 = 5",       // an expression of the column
           "SELECT * FROM t WHERE i = 5 OR i = 6",  // not one condition
           "SELECT * FROM t WHERE s = '5'",         // no index
           "SELECT * FROM c WHERE s = 'ABC'",       // a collation: keys are bytes
       }) {
    EXPECT_EQ(Plan(con_, query).find("Index Scan"), std::string::npos) << query;
  }
  EXPECT_EQ(Text(con_.Query("SELECT * FROM t WHERE i = 5 OR i = 6")), "5|5\n6|6\n");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM c WHERE s = 'ABC'")), "2\n");
  // More rows than the limits allow: the table scan.
  con_.Execute("SET index_scan_max_count = 10");
  con_.Execute("SET index_scan_percentage = 0.05");
  EXPECT_NE(Plan(con_, "SELECT * FROM t WHERE i < 20").find("Type: Sequential Scan"),
            std::string::npos);
  EXPECT_NE(Plan(con_, "SELECT * FROM t WHERE i < 10").find("Type: Index Scan"), std::string::npos);
  con_.Execute("RESET index_scan_max_count");
  EXPECT_EQ(Text(con_.Query("SELECT current_setting('index_scan_max_count')")), "2048\n");
}

TEST_F(IndexScanTest, AnIndexOnExpressionsServesTheSameExpressionThroughOthersChanges) {
  Connection other(db_);
  con_.Execute(
      "CREATE TABLE t AS SELECT r AS k, CASE WHEN r % 3 = 0 THEN 'Name' || r ELSE 'name' || r "
      "END AS s, CASE WHEN r % 50 = 0 THEN NULL ELSE r % 40 END AS g FROM range(4000) t(r)");
  con_.Execute("CREATE INDEX t_lower ON t(lower(s))");
  con_.Execute("CREATE INDEX t_mix ON t((g * 2 + 1), k)");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE lower(s) = 'name3'"), "3\n");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE lower(s) IN ('name1', 'NAME2', 'name3999')"),
            "1\n3999\n");
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE lower(s) >= 'name3990'"), "676\n");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE g * 2 + 1 = 3 AND k < 100"), "1\n41\n81\n");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE 3 = g * 2 + 1 AND k BETWEEN 40 AND 90"),
            "41\n81\n");
  // The same columns in another expression, or the expression over another table's
  // column, are not the index's.
  UseIndexes(con_, true);
  for (const char* query : {
           "SELECT k FROM t WHERE upper(s) = 'NAME3'",
           "SELECT k FROM t WHERE g * 2 + 2 = 4",
           "SELECT t.k FROM t, t AS u WHERE lower(u.s) = 'name3' AND t.k = u.k + 1",
       }) {
    const std::string plan = Plan(con_, query);
    const size_t scan_of_t = plan.find("TABLE_SCAN  t ");
    EXPECT_TRUE(scan_of_t == std::string::npos ||
                plan.find("Index Scan using index t_", scan_of_t) == std::string::npos ||
                std::string(query).find("u.s") != std::string::npos)
        << query << "\n"
        << plan;
  }
  EXPECT_EQ(Text(con_.Query("SELECT t.k FROM t, t AS u WHERE lower(u.s) = 'name3' AND "
                            "t.k = u.k + 1")),
            "4\n");
  // A snapshot keeps the keys it saw while another connection moves them.
  con_.Execute("BEGIN");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE lower(s) = 'name5'"), "5\n");
  other.Execute("UPDATE t SET s = 'Moved' WHERE k = 5");
  other.Execute("UPDATE t SET s = 'NAME5' WHERE k = 6");
  other.Execute("DELETE FROM t WHERE k = 7");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE lower(s) IN ('name5', 'moved', 'name7')"),
            "5\n7\n");
  con_.Execute("COMMIT");
  EXPECT_EQ(Checked(con_, "SELECT k FROM t WHERE lower(s) IN ('name5', 'moved', 'name7')"),
            "5\n6\n");
  EXPECT_EQ(Text(con_.Query("PRAGMA integrity_check")), "ok\n");
}

TEST_F(IndexScanTest, ASnapshotSeesTheRowsAndKeysItSawThroughOthersChanges) {
  Connection other(db_);
  con_.Execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v VARCHAR)");
  con_.Execute("INSERT INTO t SELECT r, 'v' || r FROM range(5000) t(r)");
  con_.Execute("BEGIN");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k IN (5, 6, 7)"), "5|v5\n6|v6\n7|v7\n");
  // Another connection moves key 5 to 10005, deletes 6, and adds 20000.
  other.Execute("UPDATE t SET k = 10005 WHERE k = 5");
  other.Execute("DELETE FROM t WHERE k = 6");
  other.Execute("INSERT INTO t VALUES (20000, 'new')");
  other.Execute("UPDATE t SET v = 'changed' WHERE k = 7");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k IN (5, 6, 7)"), "5|v5\n6|v6\n7|v7\n");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k IN (10005, 20000)"), "");
  // Its own change of a key, seen by it alone.
  con_.Execute("UPDATE t SET k = 30000 WHERE k = 8");
  EXPECT_EQ(Text(con_.Query("SELECT * FROM t WHERE k >= 30000 OR k = 8")), "30000|v8\n");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k = 30000"), "30000|v8\n");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k = 8"), "");
  EXPECT_EQ(Checked(other, "SELECT * FROM t WHERE k IN (8, 30000)"), "8|v8\n");
  con_.Execute("ROLLBACK");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k IN (5, 6, 7, 8, 10005, 20000, 30000)"),
            "10005|v5\n7|changed\n8|v8\n20000|new\n");  // in row order
}

TEST_F(IndexScanTest, AKeyWrittenAgainStaysWhileAVersionHoldsIt) {
  // B writes the key 10 again (a second holder of the pair); before its cleanup, C moves the
  // row to 20 and rolls back (or commits, or deletes): the row holds 10 all along for the
  // snapshots that see it, and the index must keep the pair.
  for (const char* c_does : {"ROLLBACK", "COMMIT", "DELETE"}) {
    Database db;
    Connection a(db), b(db), c(db), reader(db);
    a.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER)");
    a.Execute("CREATE INDEX t_v ON t(v)");
    a.Execute("INSERT INTO t VALUES (1, 10)");
    a.Execute("BEGIN");
    a.Execute("SELECT count(*) FROM t");  // an old snapshot holds back B's cleanup
    b.Execute("UPDATE t SET v = 10 WHERE id = 1");
    b.Execute("UPDATE t SET id = 1 WHERE id = 1");
    reader.Execute("BEGIN");  // sees B's version: v = 10
    c.Execute("BEGIN");
    if (std::string(c_does) == "DELETE") {
      c.Execute("DELETE FROM t WHERE id = 1");
    } else {
      c.Execute("UPDATE t SET v = 20, id = 2 WHERE id = 1");
    }
    if (std::string(c_does) == "DELETE") c.Execute("COMMIT");  // the row is dead at the cleanup
    a.Execute("COMMIT");                                       // B's cleanup runs
    if (std::string(c_does) != "DELETE") c.Execute(c_does);
    EXPECT_EQ(Checked(reader, "SELECT * FROM t WHERE v = 10"), "1|10\n") << c_does;
    EXPECT_EQ(Checked(reader, "SELECT * FROM t WHERE id = 1"), "1|10\n") << c_does;
    reader.Execute("COMMIT");
    const bool gone = std::string(c_does) != "ROLLBACK";
    EXPECT_EQ(Checked(reader, "SELECT * FROM t WHERE v = 10"), gone ? "" : "1|10\n") << c_does;
    // The primary key holds too: 1 is taken unless C moved or deleted the row.
    if (gone) {
      reader.Execute("INSERT INTO t VALUES (1, 30)");
    } else {
      EXPECT_THROW(reader.Execute("INSERT INTO t VALUES (1, 30)"), ConstraintError) << c_does;
    }
  }
}

TEST_F(IndexScanTest, RowsOfARolledBackInsertAreNotFoundAgain) {
  Connection other(db_);
  con_.Execute("CREATE TABLE t(k INTEGER, v INTEGER)");
  con_.Execute("CREATE INDEX t_k ON t(k)");
  con_.Execute("INSERT INTO t SELECT r, r FROM range(100) t(r)");
  other.Execute("BEGIN");
  other.Execute("INSERT INTO t SELECT 1000 + r, r FROM range(3000) t(r)");
  EXPECT_EQ(Checked(other, "SELECT count(*) FROM t WHERE k >= 1000"), "3000\n");
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE k >= 1000"), "0\n");
  other.Execute("ROLLBACK");
  // The row ids go to other rows now.
  con_.Execute("INSERT INTO t SELECT 5000 + r, -r FROM range(3000) t(r)");
  EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE k BETWEEN 1000 AND 4000"), "0\n");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE k = 5007"), "5007|-7\n");
}

TEST_F(IndexScanTest, AnIndexCreatedWhileAnotherConnectionWritesMissesNoRow) {
  Connection other(db_);
  con_.Execute("CREATE TABLE t(k INTEGER)");
  con_.Execute("INSERT INTO t SELECT r FROM range(100) t(r)");
  con_.Execute("BEGIN");
  con_.Execute("CREATE INDEX t_k ON t(k)");
  // Either the insert or the CREATE INDEX's commit must fail: an index that misses the
  // row would hide it from every index scan.
  bool inserted = true, created = true;
  try {
    other.Execute("INSERT INTO t VALUES (500)");
  } catch (const Error&) {
    inserted = false;
  }
  try {
    con_.Execute("COMMIT");
  } catch (const Error&) {
    created = false;
  }
  const std::string expected = inserted ? "1\n" : "0\n";
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM t WHERE k = 500")), expected);
  if (created) {
    EXPECT_EQ(Checked(con_, "SELECT count(*) FROM t WHERE k = 500"), expected);
  }
}

TEST_F(IndexScanTest, AnIndexCreatedInAnOlderSnapshotFindsTheRowsThatSnapshotSees) {
  Connection other(db_);
  con_.Execute("CREATE TABLE t(id INTEGER, v INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1, 10), (2, 20), (3, 30)");
  con_.Execute("BEGIN");
  con_.Execute("SELECT count(*) FROM t");  // the snapshot: v = 10, 20, 30
  other.Execute("UPDATE t SET v = 11 WHERE id = 1");
  other.Execute("DELETE FROM t WHERE id = 2");
  con_.Execute("CREATE INDEX t_v ON t(v)");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE v IN (10, 11, 20, 30)"), "1|10\n2|20\n3|30\n");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE v = 11"), "");
  con_.Execute("COMMIT");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE v IN (10, 11, 20, 30)"), "1|11\n3|30\n");
  // A PRIMARY KEY added in an older snapshot checks and finds the newest rows, and the
  // snapshot's own.
  con_.Execute("BEGIN");
  con_.Execute("SELECT count(*) FROM t");
  other.Execute("UPDATE t SET id = 5 WHERE id = 3");
  con_.Execute("ALTER TABLE t ADD PRIMARY KEY (id)");
  EXPECT_EQ(Checked(con_, "SELECT * FROM t WHERE id IN (3, 5)"), "3|30\n");
  con_.Execute("ROLLBACK");
}

TEST_F(IndexScanTest, ASubqueryOfOnConflictReadsTheIndexItsStatementWrites) {
  con_.Execute("CREATE TABLE t(i INTEGER PRIMARY KEY, v INTEGER)");
  con_.Execute("INSERT INTO t VALUES (1, 1), (2, 2)");
  con_.Execute(
      "INSERT INTO t VALUES (1, 5) ON CONFLICT DO UPDATE SET v = "
      "(SELECT max(v) FROM t WHERE i = 2) + excluded.v");
  EXPECT_EQ(Text(con_.Query("SELECT * FROM t ORDER BY i")), "1|7\n2|2\n");
  con_.Execute("UPDATE t SET v = (SELECT v FROM t WHERE i = 1) WHERE i = 2");
  EXPECT_EQ(Text(con_.Query("SELECT * FROM t ORDER BY i")), "1|7\n2|7\n");
  con_.Execute("DELETE FROM t WHERE i IN (SELECT i FROM t WHERE i = 1)");
  EXPECT_EQ(Text(con_.Query("SELECT * FROM t ORDER BY i")), "2|7\n");
}

TEST_F(IndexScanTest, ManyRowsOnFourThreadsComeInTableOrder) {
  con_.Execute("CREATE TABLE t AS SELECT (r * 7919) % 100000 AS k, r FROM range(100000) t(r)");
  con_.Execute("CREATE INDEX t_k ON t(k)");
  con_.Execute("SET threads = 4");
  con_.Execute("SET verify_parallelism = true");
  const std::string in_order =
      "SELECT count(*), bool_and(ordered) FROM (SELECT r > lag(r, 1, -1) OVER () AS ordered "
      "FROM (SELECT r FROM t WHERE k < 30000))";
  EXPECT_EQ(Checked(con_, "SELECT count(*), sum(r) FROM t WHERE k < 30000"),
            Text(con_.Query("SELECT count(*), sum(r) FROM t WHERE k + 0 < 30000")));
  UseIndexes(con_, true);
  EXPECT_EQ(Text(con_.Query(in_order)), "30000|true\n");
}

TEST_F(IndexScanTest, PreparedStatementsLookUpEachValue) {
  con_.Execute("CREATE TABLE t AS SELECT r AS k, 'v' || r AS v FROM range(10000) t(r)");
  con_.Execute("CREATE UNIQUE INDEX t_k ON t(k)");
  PreparedStatement lookup = con_.Prepare("SELECT v FROM t WHERE k = $1");
  for (int64_t k : {0, 17, 9999, 10000}) {
    EXPECT_EQ(Text(lookup.Execute(k)), k < 10000 ? "v" + std::to_string(k) + "\n" : "") << k;
  }
  // The index goes: the statement is bound again and reads the table.
  con_.Execute("DROP INDEX t_k");
  con_.Execute("INSERT INTO t VALUES (10000, 'new')");
  EXPECT_EQ(Text(lookup.Execute(10000)), "new\n");
}

}  // namespace
}  // namespace teal

namespace teal {

// Index scans on threads of their own while other connections move keys and values
// (run under ThreadSanitizer too): every lookup sees whole transactions — a moved key
// once, never twice or not at all; a transfer between two rows never half done.
TEST(IndexScanThreadsTest, LookupsWhileOthersMoveKeysSeeWholeTransactions) {
  Database db;
  Connection setup(db);
  constexpr int kRows = 200;
  setup.Execute("CREATE TABLE t(k INTEGER PRIMARY KEY, v INTEGER)");
  setup.Execute("INSERT INTO t SELECT r, 100 FROM range(" + std::to_string(kRows) + ") t(r)");
  std::atomic<bool> stop{false};
  std::atomic<int> wrong{0}, lookups{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < 2; w++) {
    threads.emplace_back([&db, &stop, w] {
      Connection con(db);
      for (int n = 0; !stop && n < 400; n++) {
        const int a = (n * 7 + w * 3) % kRows, b = (n * 13 + 1 + w) % kRows;
        try {
          // A key moves out of range and back; 1 unit of v moves from row a to row b.
          con.Execute("BEGIN");
          con.Execute("UPDATE t SET k = k + 1000000 WHERE k = " + std::to_string(a));
          con.Execute("UPDATE t SET v = v - 1 WHERE k = " + std::to_string(a + 1000000));
          con.Execute("UPDATE t SET v = v + 1 WHERE k = " + std::to_string(b));
          con.Execute("UPDATE t SET k = k - 1000000 WHERE k = " + std::to_string(a + 1000000));
          con.Execute("COMMIT");
        } catch (const Error&) {
          // Another writer holds a row: this transaction loses.
          try {
            con.Execute("ROLLBACK");
          } catch (const Error&) {
          }
        }
      }
    });
  }
  for (int r = 0; r < 2; r++) {
    threads.emplace_back([&db, &stop, &wrong, &lookups, r] {
      Connection con(db);
      for (int n = 0; n < 300; n++) {
        const int k = (n * 11 + r) % kRows;
        const std::string point = "SELECT count(*) FROM t WHERE k IN (" + std::to_string(k) + ", " +
                                  std::to_string(k + 1000000) + ")";
        if (con.Query(point).GetValue(0, 0) != Value::BigInt(1)) wrong++;
        Result total = con.Query("SELECT count(*), sum(v) FROM t WHERE k < 1000000");
        if (total.GetValue(0, 0) != Value::BigInt(kRows) ||
            total.GetValue(1, 0) != Value::HugeInt(hugeint_t(kRows * 100))) {
          wrong++;
        }
        lookups++;
      }
      stop = true;
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(lookups.load(), 600);
  EXPECT_NE(Plan(setup, "SELECT count(*) FROM t WHERE k < 1000000").find("Type: Index Scan"),
            std::string::npos);
}

}  // namespace teal
