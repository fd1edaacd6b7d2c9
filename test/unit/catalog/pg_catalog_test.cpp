// PostgreSQL's system catalogs over Teal's: object ids stay the same while an object
// exists (across a restart too), name no other object, and join pg_class to pg_attribute
// and pg_namespace as PostgreSQL's do; format_type names types as PostgreSQL does.
#include "catalog/pg_catalog.hpp"

#include <gtest/gtest.h>

#include <string>

#include "main/file_database_helpers.hpp"
#include "os/memory_file_system.hpp"
#include "teal/connection.hpp"
#include "teal/database.hpp"

namespace teal {
namespace {

TEST(PgCatalogTest, ObjectIdsDependOnWhatAndWhereOnly) {
  const int64_t a = PgObjectOid(PgObjectKind::kRelation, "memory", "main", "v");
  EXPECT_EQ(a, PgObjectOid(PgObjectKind::kRelation, "memory", "", "V"));  // main, any case
  EXPECT_NE(a, PgObjectOid(PgObjectKind::kRelation, "memory", "s", "v"));
  EXPECT_NE(a, PgObjectOid(PgObjectKind::kRelation, "other", "main", "v"));
  EXPECT_NE(a, PgObjectOid(PgObjectKind::kNamespace, "memory", "main", "v"));
  // Above every table's storage number and every built-in type's oid.
  EXPECT_GE(a, int64_t{1} << 48);
  EXPECT_LT(a, int64_t{1} << 49);
}

TEST(PgCatalogTest, FormatTypeIsPostgresqls) {
  EXPECT_EQ(PgFormatBuiltinType(23, -1), "integer");
  EXPECT_EQ(PgFormatBuiltinType(1043, -1), "character varying");
  EXPECT_EQ(PgFormatBuiltinType(1700, PgTypeModifier(LogicalType::Decimal(9, 2))), "numeric(9,2)");
  EXPECT_EQ(PgFormatBuiltinType(PgTypeOid(LogicalType::List(TypeId::kDate), "memory"), -1),
            "date[]");
  EXPECT_EQ(PgFormatBuiltinType(123456789, -1), std::nullopt);
  // A list of lists has no PostgreSQL array type of its own: Teal's list.
  EXPECT_EQ(PgFormatBuiltinType(
                PgTypeOid(LogicalType::List(LogicalType::List(TypeId::kInteger)), "memory"), -1),
            "list");
}

TEST(PgCatalogTest, OidsSurviveARestartAndJoinTheCatalogs) {
  MemoryFileSystem fs;
  const std::string sql =
      "SELECT c.oid, n.oid, a.attname FROM pg_class c JOIN pg_namespace n ON n.oid = "
      "c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid WHERE c.relname = 'v' ORDER "
      "BY a.attnum";
  Value view_oid, namespace_oid;
  {
    auto db = OpenFileDatabase(fs, "pg.teal", /*checkpoint_on_close=*/true, {});
    Connection con(*db);
    con.Execute("CREATE SCHEMA s");
    con.Execute("CREATE VIEW s.v AS SELECT 1 AS x, 'a' AS y");
    auto result = con.Query(sql);
    ASSERT_EQ(result.RowCount(), 2u);
    view_oid = result.GetValue(0, 0);
    namespace_oid = result.GetValue(1, 0);
    EXPECT_EQ(result.GetValue(2, 1), Value::Varchar("y"));
    // Creating more objects changes no oid already given.
    con.Execute("CREATE SCHEMA a");
    con.Execute("CREATE VIEW a.v2 AS SELECT 2");
    EXPECT_EQ(con.Query(sql).GetValue(0, 0), view_oid);
  }
  auto db = OpenFileDatabase(fs, "pg.teal", /*checkpoint_on_close=*/false, {});
  Connection con(*db);
  auto result = con.Query(sql);
  ASSERT_EQ(result.RowCount(), 2u);
  EXPECT_EQ(result.GetValue(0, 0), view_oid);
  EXPECT_EQ(result.GetValue(1, 0), namespace_oid);
}

TEST(PgCatalogTest, NoTwoRelationsShareAnOid) {
  Database db;
  Connection con(db);
  for (int i = 0; i < 50; i++) {
    con.Execute("CREATE TABLE t" + std::to_string(i) + "(a INTEGER PRIMARY KEY)");
    con.Execute("CREATE VIEW v" + std::to_string(i) + " AS SELECT 1");
    con.Execute("CREATE SEQUENCE q" + std::to_string(i));
  }
  auto result = con.Query("SELECT count(*), count(DISTINCT oid) FROM pg_class");
  EXPECT_EQ(result.GetValue(0, 0), Value::BigInt(200));  // tables, their keys, views, sequences
  EXPECT_EQ(result.GetValue(1, 0), Value::BigInt(200));
}

}  // namespace
}  // namespace teal
