// Zone maps (storage/zone_map.hpp, execution/zone_filter.hpp): a scan skips the row groups
// whose zones rule its filter out. Each test holds the answer of a pruned scan against
// the same filter under `CASE WHEN random() >= 0 THEN … END` (the same rows, but zones
// cannot judge it), which reads every row group, over random filters of every kind the
// zones understand and across the changes that make zones stale.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "teal/connection.hpp"
#include "teal/database.hpp"
#include "teal/error.hpp"

namespace teal {
namespace {

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

/// "k / n" of "Row Groups Scanned: k / n" in the plan of `query` (k = n when absent).
std::pair<int, int> GroupsScanned(Connection& con, const std::string& query) {
  const std::string plan = Text(con.Query("EXPLAIN ANALYZE " + query));
  const size_t at = plan.find("Row Groups Scanned: ");
  if (at == std::string::npos) return {-1, -1};
  int k = 0, n = 0;
  std::sscanf(plan.c_str() + at, "Row Groups Scanned: %d / %d", &k, &n);
  return {k, n};
}

/// Checks that `filter` gives the same rows pruned as unpruned; returns whether it
/// pruned some row group. A filter that fails unpruned may succeed pruned (the rows it
/// fails on are in skipped groups), never the other way round.
bool SameAsFullScan(Connection& con, const std::string& table, const std::string& filter) {
  const std::string query = "SELECT count(*), sum(id) FROM " + table + " WHERE ";
  std::string full;
  try {
    // One conjunct: `AND random() >= 0` would leave the filter itself to the scan.
    full = Text(con.Query(query + "CASE WHEN random() >= 0 THEN (" + filter + ") END"));
  } catch (const Error&) {
    return false;
  }
  std::string pruned;
  try {
    pruned = Text(con.Query(query + filter));
  } catch (const Error& e) {
    ADD_FAILURE() << filter << ": " << e.what();
    return false;
  }
  EXPECT_EQ(full, pruned) << filter;
  const auto [k, n] = GroupsScanned(con, query + filter);
  return k >= 0 && k < n;
}

class ZoneFilterTest : public ::testing::Test {
 protected:
  ZoneFilterTest() : db_("", Options()), con_(db_) {
    // 20 row groups of 2,048 rows; columns clustered by group, some groups all NULL, all
    // one value, NaN, infinity or -0.0.
    con_.Execute(R"(
      CREATE TABLE z AS SELECT
        r AS id,
        CASE WHEN r % 7 = 0 THEN NULL ELSE (r / 2048) * 10 + r % 5 END::INTEGER AS i,
        CASE WHEN r / 2048 = 3 THEN NULL ELSE r * 7919 % 1000 END::BIGINT AS b,
        CASE WHEN r / 2048 = 4 AND r % 2 = 0 THEN 'NaN'::DOUBLE
             WHEN r / 2048 = 4 THEN (r % 100) / 50.0 - 1
             WHEN r / 2048 = 5 THEN 'Infinity'::DOUBLE WHEN r / 2048 = 8 THEN 'NaN'::DOUBLE
             WHEN r / 2048 = 6 THEN -0.0::DOUBLE
             ELSE (r / 2048) - 10 + (r % 100) / 100.0 END::DOUBLE AS d,
        CASE WHEN r / 2048 = 7 THEN 'same'
             ELSE chr((97 + (r / 2048) % 26)::INTEGER) || (r % 300)::VARCHAR END AS s,
        DATE '2000-01-01' + ((r / 2048) * 40 + r % 30)::INTEGER AS dt,
        TIMESTAMP '2020-01-01' + INTERVAL (r) MINUTE AS ts,
        (((r / 2048) * 100 + r % 50) / 3.0)::DECIMAL(9,2) AS dec,
        (r / 2048) % 3 = 0 AS flag,
        INTERVAL ((r / 2048)::INTEGER) DAY + INTERVAL ((r % 10)::INTEGER) HOUR AS iv
      FROM range(40960) t(r))");
  }
  static DatabaseOptions Options() {
    DatabaseOptions options;
    options.row_group_size = 2048;
    return options;
  }
  Database db_;
  Connection con_;
};

TEST_F(ZoneFilterTest, PrunedScansGiveTheRowsOfFullScans) {
  std::mt19937 rng(20261206);
  auto pick = [&](std::initializer_list<std::string> items) {
    std::vector<std::string> v(items);
    return v[std::uniform_int_distribution<size_t>(0, v.size() - 1)(rng)];
  };
  auto num = [&](int lo, int hi) {
    return std::to_string(std::uniform_int_distribution<int>(lo, hi)(rng));
  };
  auto op = [&] { return pick({"=", "<>", "<", "<=", ">", ">="}); };
  auto atom = [&]() -> std::string {
    switch (std::uniform_int_distribution<int>(0, 24)(rng)) {
      case 0:
        return "i " + op() + " " + num(-5, 210);
      case 1:
        return "i BETWEEN " + num(-5, 200) + " AND " + num(0, 210);
      case 2:
        return "i IN (" + num(0, 200) + ", " + num(0, 200) + ", NULL)";
      case 3:
        return "NOT (i IN (" + num(0, 4) + ", 1, 2, 3, 4))";
      case 4:
        return pick({"i IS NULL", "b IS NULL", "b IS NOT NULL", "d IS NULL"});
      case 5:
        return "b IS DISTINCT FROM " + pick({"NULL", num(0, 999)});
      case 6:
        return "b IS NOT DISTINCT FROM " + pick({"NULL", num(0, 999)});
      case 7:
        return "d " + op() + " " +
               pick({"'NaN'::DOUBLE", "'Infinity'::DOUBLE", "-0.0", "0.0", num(-12, 12) + ".5"});
      case 8:
        return pick({"floor(d)", "ceil(d)", "round(d, 1)", "sign(d)", "-d", "atan(d)", "d * -2",
                     "d + 1"}) +
               " " + op() + " " + pick({num(-12, 12), num(-2, 2)});
      case 9:
        return pick({"i + 5", "i - 100", "-i", "i * 3", "i * -1", "i * 0", "i / 7",
                     "CAST(i AS DOUBLE)", "i::SMALLINT", "abs(i - 100)"}) +
               " " + op() + " " + num(-50, 250);
      case 10:
        return "s " + op() + " '" + pick({"a", "b1", "c299", "same", "z", "m5"}) + "'";
      case 11:
        return "s LIKE '" + pick({"a1%", "c%", "same", "s%", "%1", "b_2%", "q\\%%"}) + "'";
      case 12:
        return "s GLOB '" + pick({"a1*", "c*", "s?me", "*1", "[ab]*"}) + "'";
      case 13:
        return "starts_with(s, '" + pick({"a", "b2", "sa", ""}) + "')";
      case 14:
        return "s || '' = '" + pick({"a1", "same", "c10"}) + "'";
      case 15:
        return "'x' || s < 'x" + pick({"b", "c", "a5"}) + "'";
      case 16:
        return "dt " + op() + " DATE '2000-01-01' + " + num(0, 820);
      case 17:
        return "year(dt) " + op() + " " + num(1999, 2003);
      case 18:
        return "ts " + op() + " TIMESTAMP '2020-01-01' + INTERVAL " + num(0, 41000) + " MINUTE";
      case 19:
        return "date_trunc('day', ts) " + op() + " TIMESTAMP '2020-01-" + num(10, 28) + "'";
      case 20:
        return "CAST(ts AS DATE) " + op() + " DATE '2020-01-" + num(10, 28) + "'";
      case 21:
        return "dec " + op() + " " + num(0, 700) + ".33";
      case 22:
        return pick({"flag", "NOT flag", "flag = true", "(i > 50) = false",
                     "flag IS NOT DISTINCT FROM false"});
      case 23:
        return "iv " + op() + " INTERVAL '" + num(0, 20) + " days " + num(0, 9) + " hours'";
      default:
        return "CASE WHEN s = 'same' THEN 1 ELSE 0 END = " + num(0, 1);
    }
  };
  int pruned = 0;
  const int queries = 1500;
  for (int q = 0; q < queries; q++) {
    std::string filter = atom();
    switch (std::uniform_int_distribution<int>(0, 4)(rng)) {
      case 0:
        filter = "(" + filter + ") AND (" + atom() + ")";
        break;
      case 1:
        filter = "(" + filter + ") OR (" + atom() + ")";
        break;
      case 2:
        filter = "NOT (" + filter + ")";
        break;
      default:
        break;
    }
    if (SameAsFullScan(con_, "z", filter)) pruned++;
  }
  // The filters are meant to rule groups out: a run that pruned little tested little.
  EXPECT_GT(pruned, queries / 4);
}

TEST_F(ZoneFilterTest, EdgeCasesGiveTheRowsOfFullScans) {
  // Group 4 of d mixes NaN (above every number) with numbers of both signs, group 8 is all
  // NaN, group 5 infinity, group 6 -0.0; b is all NULL in group 3; s is 'same' in group 7.
  for (const char* filter : {"sign(d) = 1",
                             "sign(d) > 0",
                             "sign(d) = 0",
                             "-d < -0.5",
                             "-d > 0.5",
                             "d * 0 = 0",
                             "d = 'NaN'::DOUBLE",
                             "d > 1e300",
                             "d = 0",
                             "d = -0.0",
                             "floor(d) >= 0",
                             "atan(d) > 1.5",
                             "CAST(d AS INTEGER) = 0",
                             "b IS NULL",
                             "b = NULL",
                             "b IS NOT DISTINCT FROM NULL",
                             "b IN (NULL)",
                             "NOT (b IN (1, NULL))",
                             "s LIKE 'same'",
                             "s LIKE 'sam_'",
                             "s LIKE 'sa\\%'",
                             "s NOT LIKE 'a%'",
                             "s GLOB 's[a]me'",
                             "starts_with(s, '')",
                             "s || 'x' > 'samex'",
                             "'a' || s = 'asame'",
                             "i / 0 = 1",
                             "i + 2147483647 > 0",
                             "i::TINYINT = 5",
                             "year(dt) = 2000",
                             "date_trunc('month', ts) = TIMESTAMP '2020-01-01'",
                             "iv > INTERVAL '30 days'",
                             "flag",
                             "NOT flag",
                             "flag IS NULL",
                             "(i > 50) IS NULL",
                             "(b > 500) IS NOT DISTINCT FROM NULL"}) {
    SameAsFullScan(con_, "z", filter);
  }
}

TEST_F(ZoneFilterTest, ChangesAfterAScanAreSeen) {
  const std::string find = "SELECT count(*) FROM z WHERE i = 100000";
  EXPECT_EQ(Text(con_.Query(find)), "0\n");  // computes and keeps the zones
  con_.Execute("UPDATE z SET i = 100000 WHERE id = 5000");
  EXPECT_EQ(Text(con_.Query(find)), "1\n");
  // A rolled-back update puts the old value back.
  con_.Execute("BEGIN");
  con_.Execute("UPDATE z SET i = 200000 WHERE id = 7001");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i = 200000")), "1\n");
  con_.Execute("ROLLBACK");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i = 200000")), "0\n");
  EXPECT_EQ(Text(con_.Query("SELECT i FROM z WHERE id = 7001 AND i = 31")), "31\n");
  // Appends, into the last group and into new ones.
  con_.Execute("INSERT INTO z (id, i) VALUES (50000, 300000)");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i = 300000")), "1\n");
  // A snapshot taken before a change keeps seeing the values it saw.
  Connection other(db_);
  other.Execute("BEGIN");
  EXPECT_EQ(Text(other.Query("SELECT count(*) FROM z WHERE i = 400000")), "0\n");
  con_.Execute("UPDATE z SET i = 400000 WHERE id = 100");
  EXPECT_EQ(Text(other.Query("SELECT count(*) FROM z WHERE i = 0 AND id = 100")), "1\n");
  EXPECT_EQ(Text(other.Query("SELECT count(*) FROM z WHERE i = 400000")), "0\n");
  other.Execute("COMMIT");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i = 400000")), "1\n");
  // ALTER makes a new table: its zones are its own.
  con_.Execute("ALTER TABLE z ALTER i TYPE BIGINT");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i IN (100000, 300000, 400000)")), "3\n");
  con_.Execute("DELETE FROM z WHERE i = 300000");
  EXPECT_EQ(Text(con_.Query("SELECT count(*) FROM z WHERE i = 300000")), "0\n");
}

TEST_F(ZoneFilterTest, ScansReadOnlyTheGroupsTheFilterNeeds) {
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE id BETWEEN 4096 AND 6000"),
            (std::pair<int, int>{1, 20}));
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE rowid >= 38000"),
            (std::pair<int, int>{2, 20}));
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE s = 'same'"),
            (std::pair<int, int>{1, 20}));
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE s <> 'same' AND b IS NULL"),
            (std::pair<int, int>{1, 20}));
  // Days 720 … 789 of 2000-01-01: the last two groups hold 2002's.
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE year(dt) = 2002"),
            (std::pair<int, int>{2, 20}));
  // Nothing to judge: no zone filter.
  EXPECT_EQ(GroupsScanned(con_, "SELECT count(*) FROM z WHERE random() < 2"),
            (std::pair<int, int>{-1, -1}));
}

TEST(ZoneFilterOptionsTest, RowGroupSizeIsAMultipleOfTheVectorSize) {
  for (uint64_t bad : {uint64_t{77}, uint64_t{2049}, (uint64_t{1} << 31)}) {
    DatabaseOptions options;
    options.row_group_size = bad;
    EXPECT_THROW(Database("", options), InvalidInputError) << bad;
  }
  Database db;
  Connection con(db);
  EXPECT_THROW(con.Execute("ATTACH ':memory:' AS m (ROW_GROUP_SIZE 0)"), InvalidInputError);
  EXPECT_THROW(con.Execute("ATTACH ':memory:' AS m (ROW_GROUP_SIZE 1000)"), InvalidInputError);
  EXPECT_THROW(con.Execute("ATTACH ':memory:' AS m (ROW_GROUP_SIZE 'x')"), InvalidInputError);
  con.Execute("ATTACH ':memory:' AS m (ROW_GROUP_SIZE 4096)");
  con.Execute("CREATE TABLE m.t AS SELECT range AS x FROM range(10000)");
  EXPECT_EQ(GroupsScanned(con, "SELECT count(*) FROM m.t WHERE x < 10"),
            (std::pair<int, int>{1, 3}));
}

TEST(ZoneFilterOptionsTest, TheFileKeepsItsRowGroupSize) {
  const std::string path = ::testing::TempDir() + "/teal_zone_row_group_size.db";
  std::remove(path.c_str());
  std::remove((path + ".wal").c_str());
  {
    DatabaseOptions options;
    options.row_group_size = 2048;
    Database db(path, options);
    Connection con(db);
    con.Execute("CREATE TABLE t AS SELECT range AS x FROM range(6144)");
    con.Execute("CHECKPOINT");
  }
  {
    Database db(path);  // names no size: the file's
    Connection con(db);
    EXPECT_EQ(GroupsScanned(con, "SELECT count(*) FROM t WHERE x >= 5000"),
              (std::pair<int, int>{1, 3}));
    con.Execute("CREATE TABLE u AS SELECT range AS x FROM range(6144)");
    EXPECT_EQ(GroupsScanned(con, "SELECT count(*) FROM u WHERE x >= 5000"),
              (std::pair<int, int>{1, 3}));
  }
  {
    DatabaseOptions options;
    options.row_group_size = 4096;  // names one: it wins
    Database db(path, options);
    Connection con(db);
    EXPECT_EQ(GroupsScanned(con, "SELECT count(*) FROM t WHERE x >= 5000"),
              (std::pair<int, int>{1, 2}));
  }
  std::remove(path.c_str());
  std::remove((path + ".wal").c_str());
}

}  // namespace
}  // namespace teal
